/**
 * The write stage: the only module that writes generated files.
 *
 * `writeFileMap(outDir, files, options)`:
 * - formats each file with prettier (unless `format: false`), skipping files whose source and
 *   formatter settings did not change since the manifest was written;
 * - writes only the files whose bytes changed, each atomically (temp file, then rename);
 * - removes files that the previous run generated and this one does not, and only those (see
 *   manifest.ts), then the directories that removal emptied;
 * - refuses any path that would leave the output directory;
 * - with `check: true` writes nothing and reports the drift (added, changed, stale) with a unified diff.
 */
import { readFile, realpath, rm, rmdir, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { WriteError } from '../errors.js';
import { compareCodeUnits } from '../model/index.js';
import { writeFileAtomic } from './atomic.js';
import { createPrettierFormatter, NO_FORMAT, type Formatter } from './format.js';
import {
  contentHash,
  makeManifest,
  MANIFEST_FILE,
  parseManifest,
  serializeManifest,
  type Manifest,
  type ManifestEntry,
} from './manifest.js';
import { assertSafeRelativePath, isInside, resolveInside } from './paths.js';

export { MANIFEST_FILE } from './manifest.js';
export { assertSafeRelativePath } from './paths.js';
export { writeFileAtomic } from './atomic.js';

export interface WriteOptions {
  /** Format with prettier (default true). */
  readonly format?: boolean;
  /** Compare instead of writing (default false). */
  readonly check?: boolean;
  /** The file whose prettier configuration applies (default `<outDir>/index.ts`). */
  readonly prettierConfigFrom?: string;
  /** A formatter to use instead of prettier (tests). */
  readonly formatter?: Formatter;
}

export interface Drift {
  /** Generated but missing on disk. */
  readonly added: readonly string[];
  /** On disk with other bytes than generated. */
  readonly changed: readonly string[];
  /** Written by an earlier run, no longer generated, still on disk. */
  readonly stale: readonly string[];
  /** A unified diff of every drifting file (empty when up to date). */
  readonly diff: string;
}

export interface WriteResult {
  /** Files written (added or changed). In check mode: none. */
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  /** Stale files removed. In check mode: none. */
  readonly removed: readonly string[];
  /** Stale files kept because they were edited since the tool wrote them (no longer tracked). */
  readonly kept: readonly string[];
  /** Files formatted in this run (the rest came from the manifest's record). */
  readonly formatted: number;
  readonly drift: Drift;
  readonly timings: { readonly formatMs: number; readonly writeMs: number };
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new WriteError(`cannot read (${code ?? (error as Error).message})`, path, { cause: error });
  }
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function assertNoCaseCollisions(paths: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const p of paths) {
    const key = p.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined) {
      throw new WriteError(`refused: collides with ${JSON.stringify(other)} on case-insensitive file systems`, p);
    }
    seen.set(key, p);
  }
}

function unifiedDiff(path: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 });
}

/** Removes now-empty directories from `dir` up to (not including) `root`. */
async function pruneEmptyDirs(root: string, dir: string): Promise<void> {
  let current = dir;
  while (current !== root && isInside(root, current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or gone): stop
    }
    current = dirname(current);
  }
}

export async function writeFileMap(
  outDir: string,
  files: ReadonlyMap<string, string>,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const check = options.check ?? false;
  const paths = [...files.keys()].sort(compareCodeUnits);
  for (const p of paths) {
    assertSafeRelativePath(p);
    if (p === MANIFEST_FILE) throw new WriteError('refused: this name is reserved for the manifest', p);
  }
  assertNoCaseCollisions(paths);

  const absOut = resolve(outDir);
  let outExists = true;
  if (!check) {
    try {
      await mkdir(absOut, { recursive: true });
    } catch (error) {
      throw new WriteError(`cannot create the output directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, absOut, { cause: error });
    }
  }
  let realOut: string;
  try {
    realOut = await realpath(absOut);
  } catch (error) {
    if (!check || (error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new WriteError(`cannot open the output directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, absOut, { cause: error });
    }
    realOut = absOut;
    outExists = false;
  }

  const formatStart = performance.now();
  const formatter =
    options.formatter ??
    (options.format === false ? NO_FORMAT : await createPrettierFormatter(options.prettierConfigFrom ?? join(absOut, 'index.ts')));

  const realDirs = new Map<string, boolean>();
  const locate = (rel: string): Promise<string> =>
    outExists ? resolveInside(realOut, rel, realDirs) : Promise.resolve(join(realOut, ...rel.split('/')));

  const oldManifest: Manifest | null = outExists
    ? parseManifest((await readOrNull(await resolveInside(realOut, MANIFEST_FILE, realDirs))) ?? '')
    : null;

  // Current bytes on disk, then the final text of each file (formatted, or reused when provably the same).
  const targets = await mapLimit(paths, 16, locate);
  const onDisk = await mapLimit(targets, 16, (t) => (outExists ? readOrNull(t) : Promise.resolve(null)));
  // Reuse the bytes on disk when the manifest proves formatting would give them again.
  const finals: (string | null)[] = paths.map((p, i) => {
    const disk = onDisk[i] ?? null;
    const recorded = oldManifest?.files.get(p);
    const reusable =
      recorded !== undefined &&
      oldManifest!.format === formatter.key &&
      disk !== null &&
      recorded.source === contentHash(files.get(p)!) &&
      recorded.output === contentHash(disk);
    return reusable ? disk : null;
  });
  const pending = paths.flatMap((p, i) => (finals[i] === null ? [i] : []));
  const formattedTexts = await formatter.formatAll(pending.map((i) => ({ path: paths[i]!, text: files.get(paths[i]!)! })));
  pending.forEach((i, k) => (finals[i] = formattedTexts[k]!));
  const formatted = pending.length;
  const formatMs = performance.now() - formatStart;

  const added: string[] = [];
  const changed: string[] = [];
  const unchanged: string[] = [];
  const entries = new Map<string, ManifestEntry>();
  paths.forEach((p, i) => {
    const disk = onDisk[i] ?? null;
    const text = finals[i]!;
    entries.set(p, { source: contentHash(files.get(p)!), output: contentHash(text) });
    if (disk === null) added.push(p);
    else if (disk !== text) changed.push(p);
    else unchanged.push(p);
  });

  // Stale: listed by the previous manifest, not generated now, still on disk.
  const stale: string[] = [];
  const kept: string[] = [];
  const staleTexts = new Map<string, string>();
  const staleTargets = new Map<string, string>();
  if (oldManifest !== null) {
    for (const [p, entry] of [...oldManifest.files].sort(([a], [b]) => compareCodeUnits(a, b))) {
      if (files.has(p)) continue;
      let target: string;
      try {
        target = await resolveInside(realOut, p, realDirs);
      } catch {
        continue; // never follow a manifest entry out of the output directory
      }
      const disk = await readOrNull(target);
      if (disk === null) continue;
      if (contentHash(disk) === entry.output) {
        stale.push(p);
        staleTexts.set(p, disk);
        staleTargets.set(p, target);
      } else {
        kept.push(p);
      }
    }
  }

  const indexOf = new Map(paths.map((p, i) => [p, i]));
  let diff = '';
  for (const p of [...added, ...changed, ...stale].sort(compareCodeUnits)) {
    const i = indexOf.get(p);
    diff += i === undefined ? unifiedDiff(p, staleTexts.get(p)!, '') : unifiedDiff(p, onDisk[i] ?? '', finals[i]!);
  }
  const drift: Drift = { added, changed, stale, diff };

  const writeStart = performance.now();
  const written: string[] = [];
  const removed: string[] = [];
  if (!check) {
    const toWrite = [...added, ...changed].sort(compareCodeUnits);
    await mapLimit(toWrite, 16, async (p) => {
      const i = indexOf.get(p)!;
      await writeFileAtomic(targets[i]!, finals[i]!);
    });
    written.push(...toWrite);
    for (const p of stale) {
      const target = staleTargets.get(p)!;
      try {
        await rm(target);
      } catch (error) {
        throw new WriteError(`cannot remove a stale file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, p, { cause: error });
      }
      removed.push(p);
      await pruneEmptyDirs(realOut, dirname(target));
    }
    const manifestText = serializeManifest(makeManifest(formatter.key, entries));
    const manifestPath = await resolveInside(realOut, MANIFEST_FILE, realDirs);
    if ((await readOrNull(manifestPath)) !== manifestText) await writeFileAtomic(manifestPath, manifestText);
  }
  const writeMs = performance.now() - writeStart;

  return {
    written,
    unchanged,
    removed,
    kept,
    formatted,
    drift,
    timings: { formatMs, writeMs },
  };
}
