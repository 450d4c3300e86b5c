/**
 * Reading and writing snapshot files: `loadSnapshot(path)` for the API and the commands.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ERRNO_FIX, InputError, WriteError } from '../errors.js';
import { parseSnapshot, serializeSnapshot, SnapshotError, type StoreSchema } from '../model/index.js';
import { writeFileAtomic } from '../write/atomic.js';

/** Parses snapshot text; a bad snapshot is an `InputError` (exit 2) naming the file and the bad item. */
export function parseSnapshotText(text: string, source: string): StoreSchema {
  try {
    return parseSnapshot(text, source);
  } catch (error) {
    if (error instanceof SnapshotError) throw new InputError(error.message, null, { cause: error });
    throw error;
  }
}

/**
 * Reads and checks a snapshot file written by `introspect`. Throws `InputError` when the file is
 * missing, unreadable or not a valid snapshot.
 */
export async function loadSnapshot(path: string): Promise<StoreSchema> {
  return parseSnapshotText(await readSnapshotText(path), path);
}

/** The text of a snapshot file; `InputError` when it is missing or unreadable. */
export async function readSnapshotText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no snapshot here: run `prestashop-codegen introspect` first, or pass --schema <file> or --url/--key'
        : code === 'EISDIR'
          ? 'is a directory; name the snapshot file (e.g. prestashop-schema.json)'
          : `cannot read the snapshot (${code ?? (error as Error).message})`;
    throw new InputError(why, path, { cause: error });
  }
}

/**
 * Checks that a snapshot can be written at `path` before any request is made: not a directory,
 * and its folder is not a file.
 */
export async function assertSnapshotTarget(path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory() === true) {
    throw new InputError(`is a directory; --out names the snapshot file, e.g. ${join(path, 'prestashop-schema.json')}`, path);
  }
}

/** Writes a snapshot atomically; returns false when the file already held exactly this model. */
export async function writeSnapshot(path: string, schema: StoreSchema): Promise<boolean> {
  const text = serializeSnapshot(schema);
  const previous = await readFile(path, 'utf8').catch(() => null);
  if (previous === text) return false;
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw writeFailure(error, path);
  }
  return true;
}


/** A file-system failure while writing `path`, as a `WriteError` that says what to do (typed errors pass through). */
export function writeFailure(error: unknown, path: string): Error {
  if (!(error instanceof Error) || error instanceof WriteError || error instanceof InputError) return error as Error;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== 'string') return error;
  return new WriteError(`cannot write: ${ERRNO_FIX[code] ?? code} (${code})`, path, { cause: error });
}
