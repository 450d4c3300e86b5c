/**
 * Path safety for everything the write stage touches: a generated path must be a plain relative
 * POSIX path that stays inside the output directory, also after following symbolic links.
 */
import { lstat, realpath } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { WriteError } from '../errors.js';

/**
 * Throws a `WriteError` unless `rel` is a plain relative path: not empty, no NUL or control
 * character, no backslash, no colon (drive letters, Windows streams), not absolute, and no empty,
 * `.` or `..` segment.
 */
export function assertSafeRelativePath(rel: string): void {
  const shown = JSON.stringify(rel);
  const fail = (why: string): never => {
    throw new WriteError(`refused: ${why}; a generated path must stay inside the output directory`, shown);
  };
  if (rel.length === 0) fail('empty path');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(rel)) fail('NUL or control character in path');
  if (rel.includes('\\')) fail('backslash in path');
  if (rel.includes(':')) fail('colon in path (drive letter or stream name)');
  if (rel.startsWith('/')) fail('absolute path');
  for (const segment of rel.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') fail(`path segment ${JSON.stringify(segment)}`);
  }
}

/** True when `inner` is `outer` or lies below it (both absolute and normalised). */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

async function lstatOrNull(path: string): Promise<Awaited<ReturnType<typeof lstat>> | null> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return null;
    }
    throw error;
  }
}

/**
 * Resolves a checked relative path under the (real) output directory and makes sure nothing on
 * the way is a symbolic link that leads outside it, and that the file itself is not a link.
 * `realDirs` caches directories already proven safe during one run.
 */
export async function resolveInside(realOut: string, rel: string, realDirs: Map<string, boolean>): Promise<string> {
  assertSafeRelativePath(rel);
  const target = join(realOut, ...rel.split('/'));
  if (!isInside(realOut, target)) {
    throw new WriteError('refused: the path leaves the output directory', JSON.stringify(rel));
  }
  const parent = dirname(target);
  let safe = realDirs.get(parent);
  if (safe === undefined) {
    // The deepest existing ancestor, resolved through links, must still be inside the output.
    let probe = parent;
    for (;;) {
      const st = await lstatOrNull(probe);
      if (st !== null) break;
      probe = dirname(probe);
    }
    const real = await realpath(probe);
    safe = isInside(realOut, real);
    realDirs.set(parent, safe);
  }
  if (!safe) {
    throw new WriteError('refused: a symbolic link leads outside the output directory', JSON.stringify(rel));
  }
  const st = await lstatOrNull(target);
  if (st !== null && st.isSymbolicLink()) {
    throw new WriteError('refused: the file is a symbolic link', JSON.stringify(rel));
  }
  if (st !== null && st.isDirectory()) {
    throw new WriteError('refused: a directory is in the way of a generated file', JSON.stringify(rel));
  }
  return target;
}
