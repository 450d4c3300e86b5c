/**
 * The no-op fast path of `generate` and `generate --check`: when the manifest's run key (run-key.ts)
 * matches this run's and every file it lists still holds the bytes it records, the output
 * directory is up to date, and nothing needs planning, emitting or formatting. A hand edit, a
 * missing file, another key or any doubt gives null, and the run goes the full way, which finds
 * and reports (or repairs) the difference as before.
 */
import { readFile, realpath } from 'node:fs/promises';
import { contentHash, MANIFEST_FILE, parseManifest } from './manifest.js';
import { resolveInside } from './paths.js';
import { formatSources, runKey, type RunKeyInputs } from './run-key.js';

export interface UpToDateInputs extends Omit<RunKeyInputs, 'formatterKey'> {
  /** Format with prettier (its key then comes from the manifest while its config files are unchanged). */
  readonly format: boolean;
  /** The file whose prettier configuration applies (`<outDir>/index.ts`). */
  readonly configFrom: string;
}

export interface UpToDate {
  /** Every generated file as it is on disk, by its path relative to the output directory. */
  readonly files: ReadonlyMap<string, string>;
  /** What the emitters reported in the run that wrote the files (see ManifestRun). */
  readonly report: unknown;
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** The files of `outDir` when they are what this run would write, else null. */
export async function findUpToDate(outDir: string, inputs: UpToDateInputs): Promise<UpToDate | null> {
  let realOut: string;
  try {
    realOut = await realpath(outDir);
  } catch {
    return null;
  }
  const realDirs = new Map<string, boolean>();
  const inside = (rel: string): Promise<string | null> => resolveInside(realOut, rel, realDirs).catch(() => null);
  const manifestPath = await inside(MANIFEST_FILE);
  const manifest = manifestPath === null ? null : parseManifest((await readText(manifestPath)) ?? '');
  const run = manifest?.run;
  if (manifest === null || run === undefined) return null;
  let formatterKey = 'none';
  if (inputs.format) {
    if (run.formatSources === null || run.formatSources !== (await formatSources(inputs.configFrom))) return null;
    formatterKey = manifest.format;
  }
  if (runKey({ ...inputs, formatterKey }) !== run.key) return null;
  const paths = [...manifest.files.keys()];
  const texts = await Promise.all(
    paths.map(async (p) => {
      const target = await inside(p);
      return target === null ? null : readText(target);
    }),
  );
  const files = new Map<string, string>();
  for (let i = 0; i < paths.length; i++) {
    const text = texts[i];
    if (text === null || text === undefined || contentHash(text) !== manifest.files.get(paths[i]!)!.output) return null;
    files.set(paths[i]!, text);
  }
  return { files, report: run.report };
}
