/**
 * Reads the runtime templates (`templates/runtime/*.ts`, without the `*.test.ts` files) into a file
 * map keyed `runtime/<name>.ts`. Called at the CLI edge; emitters never read files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { InputError } from './errors.js';
import type { FileMap } from './emit/context.js';
import { compareCodeUnits } from './model/index.js';

/** `templates/runtime/` of this package (from `src/` in development and `dist/` once built). */
export const RUNTIME_TEMPLATES_DIR = fileURLToPath(new URL('../templates/runtime/', import.meta.url));

/** True for a template file that is copied into the output. */
export function isRuntimeTemplate(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('.');
}

export async function readRuntimeTemplates(dir: string = RUNTIME_TEMPLATES_DIR): Promise<FileMap> {
  let names: string[];
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    names = entries.filter((e) => e.isFile() && isRuntimeTemplate(e.name)).map((e) => e.name);
  } catch (error) {
    // No runtime templates in this build: the output simply has no runtime/ directory.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new InputError(`cannot read the runtime templates (${(error as Error).message})`, dir, { cause: error });
  }
  names.sort(compareCodeUnits);
  const files: FileMap = new Map();
  const contents = await Promise.all(names.map((n) => readFile(`${dir}/${n}`, 'utf8')));
  names.forEach((n, i) => files.set(`runtime/${n}`, contents[i]!));
  return files;
}
