/**
 * Reads the runtime templates (`templates/runtime/*.ts`, without the `*.test.ts` files) into a file
 * map keyed `runtime/<name>.ts`, and each validator flavour's template folder beside it
 * (`templates/zod/*.ts` as `zod/<name>.ts`; see emit/validators/flavours.ts). Called at the CLI
 * edge; emitters never read files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { InputError } from './errors.js';
import type { FileMap } from './emit/context.js';
import { flavourTemplateFolders } from './emit/validators/flavours.js';
import { compareCodeUnits } from './model/index.js';
import { parsePreformatted, type Preformatted } from './write/preformatted.js';

/** `templates/runtime/` of this package (from `src/` in development and `dist/` once built). */
export const RUNTIME_TEMPLATES_DIR = fileURLToPath(new URL('../templates/runtime/', import.meta.url));

/** True for a template file that is copied into the output. */
export function isRuntimeTemplate(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('.');
}

export async function readRuntimeTemplates(dir: string = RUNTIME_TEMPLATES_DIR): Promise<FileMap> {
  const folders = await Promise.all([
    readFolder(dir, 'runtime'),
    ...flavourTemplateFolders().map((f) => readFolder(`${dir}/../${f}`, f)),
  ]);
  return new Map(folders.flatMap((m) => [...m]));
}

/** The templates of one folder, keyed `<key>/<name>.ts`; none when the folder does not exist. */
async function readFolder(dir: string, key: string): Promise<FileMap> {
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
  names.forEach((n, i) => files.set(`${key}/${n}`, contents[i]!));
  return files;
}

/** Where `npm run build` stores the runtime templates formatted with the default settings. */
export const PREFORMATTED_TEMPLATES_FILE = fileURLToPath(new URL('./runtime-formatted.json', import.meta.url));

/**
 * The runtime templates as `npm run build` formatted them (scripts/preformat-templates.mjs), or
 * null when there is no such record (running from src/, or a damaged file): then they are
 * formatted like every other file.
 */
export async function readPreformattedTemplates(
  file: string = PREFORMATTED_TEMPLATES_FILE,
): Promise<Preformatted | null> {
  try {
    return parsePreformatted(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}
