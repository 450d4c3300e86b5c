/**
 * Atomic file writes: write a temp file beside the target, flush it, then rename over the target.
 * A crash or a failed run leaves either the old file or the new one, never half of either.
 *
 * The temp file is hidden and named `.<name>.<pid>.<random>.tmp`, so a process killed mid-write
 * leaves nothing that looks like output; the next write of the same file removes such leftovers of
 * processes that are gone.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WriteError } from '../errors.js';

/**
 * Test hook, never set in normal use: when it names a file (its base name), the write of that file
 * stops for good half-way through, after printing a line to stderr, so a test can kill the process
 * in the middle of a write.
 */
export const PAUSE_WRITE_ENV = 'PRESTASHOP_CODEGEN_TEST_PAUSE_WRITE';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The temp files a write of `path` may leave behind: `.<name>.<pid>.<12 hex>.tmp`. */
export function tempFilePattern(path: string): RegExp {
  return new RegExp(`^\\.${escapeRegExp(basename(path))}\\.(\\d+)\\.[0-9a-f]{12}\\.tmp$`);
}

function isRunning(pid: number): boolean {
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
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid)) await rm(join(dirname(path), name), { force: true });
  }
}

export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  await removeLeftovers(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'w', 0o644);
    try {
      if (process.env[PAUSE_WRITE_ENV] === basename(path)) await pauseHalfWay(handle, tmp, content);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw new WriteError(`could not write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, path, {
      cause: error,
    });
  }
}

async function pauseHalfWay(handle: Awaited<ReturnType<typeof open>>, tmp: string, content: string | Uint8Array): Promise<never> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  await handle.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
  await handle.sync();
  process.stderr.write(`${PAUSE_WRITE_ENV}: paused half-way through ${tmp}\n`);
  return new Promise<never>(() => {
    setInterval(() => undefined, 60_000);
  });
}
