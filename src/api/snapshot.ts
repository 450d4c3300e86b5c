/**
 * Reading and writing snapshot files: `loadSnapshot(path)` for the API and the commands.
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ERRNO_FIX, InputError, WriteError } from '../errors.js';
import { parseSnapshot, serializeSnapshot, type StoreSchema } from '../model/index.js';
import { writeFileAtomic } from '../write/atomic.js';

/**
 * The one snapshot loader: reads and checks a snapshot file written by `introspect`. A missing,
 * unreadable or invalid file, or one of an unknown `schemaVersion`, is an `InputError` (exit 2)
 * naming the file and what to do. `source` is how messages name the file (default `path`).
 */
export async function loadSnapshot(path: string, source: string = path): Promise<StoreSchema> {
  // A bad snapshot is a SnapshotError: an InputError naming the file and the bad item.
  return parseSnapshot(await readSnapshotText(path, source), source);
}

/** The text of a snapshot file; `InputError` (naming `source`) when it is missing or unreadable. */
export async function readSnapshotText(path: string, source: string = path): Promise<string> {
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
    throw new InputError(why, source, { cause: error });
  }
}

/**
 * Checks that a snapshot can be written at `path` before any request is made: not a directory, the
 * nearest existing folder above it is a folder (not a file), and this process may write there.
 */
export async function assertSnapshotTarget(path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory() === true) {
    throw new InputError(
      `is a directory; --out names the snapshot file, e.g. ${join(path, 'prestashop-schema.json')}`,
      path,
    );
  }
  // The folders that do not exist yet are created by the write: the first one that exists decides.
  let dir = dirname(resolve(path));
  for (;;) {
    const found = await stat(dir).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ENOTDIR' ? null : error,
    );
    if (found instanceof Error) throw writeFailure(found, dir);
    if (found !== null) {
      if (!found.isDirectory()) throw new WriteError(`cannot write: ${ERRNO_FIX.ENOTDIR} (ENOTDIR)`, dir);
      await access(dir, constants.W_OK | constants.X_OK).catch((error: unknown) => {
        throw writeFailure(error, dir);
      });
      return;
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
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
