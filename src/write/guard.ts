/**
 * What the write stage checks before it touches an output directory:
 *
 * - `assertOutputDirAllowed`: never a file system root or the home directory, and never a
 *   non-empty directory without a manifest (someone else's directory, `--out src` by mistake),
 *   unless `--force`. Hidden entries do not count, nor entries the run writes itself (an earlier
 *   output whose manifest was lost; the foreign-file check still guards each file);
 * - `lockOutputDir`: one run at a time per output directory. The lock is a file created with
 *   `O_EXCL` (`.prestashop-codegen.lock`, holding the pid); a lock left by a process that no
 *   longer runs (killed) is taken over, one held by a live process stops this run.
 */
import { constants } from 'node:fs';
import { open, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, parse } from 'node:path';
import { ERRNO_FIX, WriteError } from '../errors.js';
import { isRunning } from './atomic.js';
import { GENERATOR_NAME } from '../version.js';

export const LOCK_FILE = '.prestashop-codegen.lock';

/** Entries that do not make a directory "non-empty": hidden ones (`.gitkeep`, `.git`, a lock). */
const counts = (name: string): boolean => !name.startsWith('.');

async function realHome(): Promise<string | null> {
  try {
    return await realpath(homedir());
  } catch {
    return null;
  }
}

/**
 * Refuses to write into `realOut` (its real path) when it is a root or the home directory, or a
 * non-empty directory that holds no manifest of an earlier run (entries named in `generatedTop`,
 * the first segments of the generated paths, aside); `force` allows each.
 */
export async function assertOutputDirAllowed(
  realOut: string,
  hasManifest: boolean,
  force: boolean,
  generatedTop: ReadonlySet<string> = new Set(),
): Promise<void> {
  if (force) return;
  const fix =
    'choose a directory of its own for the generated code (for example --out src/prestashop), or pass --force';
  if (parse(realOut).root === realOut)
    throw new WriteError(`refused: the output directory is the root of a file system; ${fix}`, realOut);
  if (realOut === (await realHome()))
    throw new WriteError(`refused: the output directory is your home directory; ${fix}`, realOut);
  if (hasManifest) return;
  const names = (await readdir(realOut).catch(() => [] as string[])).filter((n) => counts(n) && !generatedTop.has(n));
  if (names.length > 0) {
    const shown = names
      .sort()
      .slice(0, 3)
      .map((n) => JSON.stringify(n))
      .join(', ');
    throw new WriteError(
      `refused: the directory is not empty (${shown}${names.length > 3 ? ', ...' : ''}) and holds no ${GENERATOR_NAME} manifest, so it is not an earlier output; ${fix}`,
      realOut,
    );
  }
}

const CREATE_EXCL = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Takes the output directory's lock; the returned function releases it. */
export async function lockOutputDir(realOut: string): Promise<() => Promise<void>> {
  const path = join(realOut, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, CREATE_EXCL, 0o644);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      return () => rm(path, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        const fix = code === undefined ? undefined : ERRNO_FIX[code];
        const why =
          fix === undefined
            ? `cannot lock the output directory (${code ?? (error as Error).message})`
            : `cannot write: ${fix} (${code})`;
        throw new WriteError(why, realOut, { cause: error });
      }
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    // A lock being written (no pid yet) or held by a live process: another run is at work.
    if (!Number.isSafeInteger(holder) || holder <= 0 || isRunning(holder)) {
      const who = Number.isSafeInteger(holder) && holder > 0 ? ` (pid ${holder})` : '';
      throw new WriteError(
        `refused: another ${GENERATOR_NAME} run${who} is writing this output directory; wait for it to finish and run again (if none is running, remove ${LOCK_FILE})`,
        realOut,
      );
    }
    await rm(path, { force: true }); // left by a killed run
  }
  throw new WriteError(`refused: cannot take the lock ${LOCK_FILE}; remove it if no run is going on`, realOut);
}
