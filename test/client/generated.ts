/**
 * Test helper: generates the full output (types, validators, clients, runtime) for a snapshot with
 * `emitAll`, writes it under `test/client/out/<tag>/` (git-ignored) and imports its `index.ts`.
 *
 * `writeShared` names the directory after the files' content: test files, workers and concurrent
 * runs that generate the same output share one directory (written once, moved into place whole),
 * a worker imports it once, and a run leaves no new directory behind when the output is unchanged.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
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

/** Written last: a directory without it is incomplete. */
const COMPLETE = '.complete';

/**
 * Writes the files under `out/<prefix>-<hash of the files>/` unless that directory is already
 * complete, and returns it. The files go to a directory of this call first and are renamed into
 * place, so a reader never sees half an output, whoever else writes the same one at the same time.
 */
export async function writeShared(prefix: string, files: FileMap): Promise<string> {
  const hash = createHash('sha256');
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`${path}\0${text}\0`);
  const dir = join(OUT, `${prefix}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, COMPLETE))) return dir;
  const staging = await writeOut(`.staging-${prefix}-${process.pid}-${randomUUID().slice(0, 8)}`, files);
  await writeFile(join(staging, COMPLETE), '');
  try {
    await rename(staging, dir);
  } catch (error) {
    // Another writer moved the same output into place first (or left an incomplete one behind).
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, COMPLETE))) throw error;
  }
  return dir;
}
