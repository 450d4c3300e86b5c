/**
 * Atomic file writes: write a temp file beside the target, flush it, then rename over the target.
 * A crash or a failed run leaves either the old file or the new one, never half of either.
 *
 * The temp file is hidden and named `.<name>.<pid>.<random>.tmp`, so a process killed mid-write
 * leaves nothing that looks like output; the next write of the same file removes such leftovers of
 * processes that are gone.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ERRNO_FIX, WriteError } from '../errors.js';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The temp files a write of `path` may leave behind: `.<name>.<pid>.<12 hex>.tmp`. */
export function tempFilePattern(path: string): RegExp {
  return new RegExp(`^\\.${escapeRegExp(basename(path))}\\.(\\d+)\\.[0-9a-f]{12}\\.tmp$`);
}

/** True when a process with this pid runs (EPERM: it runs, as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temp files of `path` left by processes that no longer run (killed mid-write). */
async function removeLeftovers(path: string): Promise<void> {
  const pattern = tempFilePattern(path);
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid))
      await rm(join(dirname(path), name), { force: true });
  }
}

/**
 * Makes sure every directory from `root` down to `dir` is a real directory, not a symbolic link,
 * creating the missing ones one level at a time (never `mkdir -p` through a link). `root` itself
 * is the real path of the output directory.
 */
export async function ensureRealDirs(root: string, dir: string): Promise<void> {
  if (!isInsideRoot(root, dir)) throw new WriteError('refused: the path leaves the output directory', dir);
  const rel = relative(root, dir);
  let current = root;
  for (const part of rel === '' ? [] : rel.split(sep)) {
    current = join(current, part);
    let st = await lstat(current).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? null : Promise.reject(error),
    );
    if (st === null) {
      await mkdir(current).catch((error: NodeJS.ErrnoException) =>
        error.code === 'EEXIST' ? undefined : Promise.reject(error),
      );
      st = await lstat(current);
    }
    // A link that stays inside the output is allowed (as the path checks allow it); one that leads out is not.
    if (st.isSymbolicLink() && !isInsideRoot(root, await realpath(current))) {
      throw new WriteError(
        'refused: a symbolic link planted during the run leads outside the output directory',
        current,
      );
    }
    if (!st.isSymbolicLink() && !st.isDirectory())
      throw new WriteError('refused: a file took the place of a directory of the output during the run', current);
  }
}

function isInsideRoot(root: string, real: string): boolean {
  const rel = relative(root, real);
  return !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/** Opens a new file for writing without following a link planted at its name. */
const CREATE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes `content` to `path` atomically. With `root` (the real output directory), the write is
 * confined to it even if links are planted while the run goes on: the directories on the way are
 * checked with `lstat` (no link followed), the temp file is opened with `O_NOFOLLOW | O_EXCL`, and
 * after the rename the file's directory must still resolve inside `root`, else the file is removed
 * and the write fails.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array, root?: string): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    if (root === undefined) await mkdir(dir, { recursive: true });
    else await ensureRealDirs(root, dir);
    await removeLeftovers(path);
    // A file replaced keeps its permissions (a user's `chmod 600` survives a regeneration).
    const mode = await lstat(path).then(
      (st) => (st.isFile() ? st.mode & 0o7777 : null),
      () => null,
    );
    const handle = await open(tmp, CREATE_NO_FOLLOW, 0o644);
    try {
      if (mode !== null) await handle.chmod(mode);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (root !== undefined) await ensureRealDirs(root, dir);
    await rename(tmp, path);
    if (root !== undefined) await verifyInside(root, path);
  } catch (error) {
    await rm(tmp, { force: true });
    if (error instanceof WriteError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const fix = code === undefined ? undefined : ERRNO_FIX[code];
    throw new WriteError(
      fix === undefined ? `could not write (${code ?? (error as Error).message})` : `cannot write: ${fix} (${code})`,
      path,
      {
        cause: error,
      },
    );
  }
}

/** After the rename: the file is a regular file whose directory still resolves inside `root`; else it is removed. */
async function verifyInside(root: string, path: string): Promise<void> {
  const realDir = await realpath(dirname(path));
  const st = await lstat(path);
  if (!isInsideRoot(root, realDir) || !st.isFile()) {
    await rm(join(realDir, basename(path)), { force: true });
    throw new WriteError(
      'refused: a symbolic link planted during the run redirected this file outside the output directory; it was removed',
      path,
    );
  }
}
