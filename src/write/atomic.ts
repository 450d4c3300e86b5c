/**
 * Atomic file writes: write a temp file beside the target, flush it, then rename over the target.
 * A crash or a failed run leaves either the old file or the new one, never half of either.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WriteError } from '../errors.js';

export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'w', 0o644);
    try {
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
