/**
 * Test helper: generates the full output (types, validators, clients, runtime) for a snapshot with
 * `emitAll`, writes it under `test/client/out/<tag>/` (git-ignored) and imports its `index.ts`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { emitAll } from '../../src/emit/index.js';
import { resolveEmitOptions, type EmitOptions, type FileMap } from '../../src/emit/context.js';
import type { StoreSchema } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';

const OUT = join(import.meta.dirname, 'out');

export async function generate(schema: StoreSchema, options: Partial<EmitOptions> = {}): Promise<FileMap> {
  return emitAll(schema, resolveEmitOptions(options), { templates: await readRuntimeTemplates() }).files;
}

/** Writes the files under `out/<tag>/` and returns the directory. */
export async function writeOut(tag: string, files: FileMap): Promise<string> {
  const dir = join(OUT, tag);
  await rm(dir, { recursive: true, force: true });
  for (const [path, text] of files) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return dir;
}
