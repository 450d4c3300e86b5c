/**
 * The manifest (`.prestashop-codegen-manifest.json` in the output directory) lists every file the
 * generator wrote, with two hashes: of the emitter's text (`source`) and of the bytes written
 * (`output`, after formatting). It serves two purposes:
 * - stale files: a file listed by the previous run and no longer generated is removed, but only if
 *   its bytes still match what the tool wrote; files the tool did not write are never touched;
 * - skipping work: when the source hash and the formatter settings are unchanged and the file on
 *   disk still has the recorded bytes, the file is not formatted again;
 * - skipping the whole run: `run` records the run key (run-key.ts) and what the emitters reported,
 *   so a run with the same key, over files that still hold their recorded bytes, is up to date
 *   without emitting (up-to-date.ts).
 * It is deterministic (sorted, no timestamps), so it can be committed with the output.
 */
import { createHash } from 'node:crypto';
import { compareCodeUnits } from '../model/index.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from '../version.js';
import { assertSafeRelativePath } from './paths.js';

export const MANIFEST_FILE = '.prestashop-codegen-manifest.json';
export const MANIFEST_VERSION = 1;

export interface ManifestEntry {
  /** Hash of the unformatted generated text. */
  readonly source: string;
  /** Hash of the bytes written to disk. */
  readonly output: string;
}

export interface Manifest {
  readonly manifestVersion: typeof MANIFEST_VERSION;
  readonly generator: string;
  readonly version: string;
  /** Identifies the formatter settings (`none`, or a hash of the prettier version and config). */
  readonly format: string;
  readonly files: ReadonlyMap<string, ManifestEntry>;
  /** The run that wrote the files (absent in manifests of earlier versions). */
  readonly run?: ManifestRun;
}

export interface ManifestRun {
  /** The run key (run-key.ts). */
  readonly key: string;
  /** The fingerprint of the prettier configuration files (null: cannot be known without prettier). */
  readonly formatSources: string | null;
  /** What the emitters reported (diagnostics, ...), replayed by an up-to-date run. Plain JSON. */
  readonly report: unknown;
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export function serializeManifest(m: Manifest): string {
  const files: Record<string, ManifestEntry> = {};
  for (const path of [...m.files.keys()].sort(compareCodeUnits)) {
    const e = m.files.get(path)!;
    files[path] = { source: e.source, output: e.output };
  }
  return `${JSON.stringify(
    {
      manifestVersion: m.manifestVersion,
      generator: m.generator,
      version: m.version,
      format: m.format,
      ...(m.run === undefined
        ? {}
        : { run: { key: m.run.key, formatSources: m.run.formatSources, report: m.run.report } }),
      files,
    },
    null,
    2,
  )}\n`;
}

export function makeManifest(format: string, files: ReadonlyMap<string, ManifestEntry>, run?: ManifestRun): Manifest {
  return {
    manifestVersion: MANIFEST_VERSION,
    generator: GENERATOR_NAME,
    version: GENERATOR_VERSION,
    format,
    files,
    ...(run === undefined ? {} : { run }),
  };
}

function parseRun(raw: unknown): ManifestRun | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.key !== 'string' || !(typeof r.formatSources === 'string' || r.formatSources === null)) return undefined;
  return { key: r.key, formatSources: r.formatSources, report: r.report ?? null };
}

/**
 * Reads a JSON object whose `files` maps paths to `{ source, output }` strings (the manifest, the
 * pre-formatted templates). Null for anything else, or when `accept` refuses the object or
 * `acceptPath` one of the paths.
 */
export function parseFileRecord(
  text: string,
  accept: (o: Readonly<Record<string, unknown>>) => boolean,
  acceptPath: (path: string) => boolean = () => true,
): {
  readonly o: Readonly<Record<string, unknown>>;
  readonly files: Map<string, { source: string; output: string }>;
} | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (!accept(o)) return null;
  if (typeof o.files !== 'object' || o.files === null || Array.isArray(o.files)) return null;
  const files = new Map<string, { source: string; output: string }>();
  for (const [path, entry] of Object.entries(o.files as Record<string, unknown>)) {
    if (!acceptPath(path)) return null;
    const e = entry as Record<string, unknown> | null;
    if (typeof e !== 'object' || e === null || typeof e.source !== 'string' || typeof e.output !== 'string')
      return null;
    files.set(path, { source: e.source, output: e.output });
  }
  return { o, files };
}

/**
 * Reads a manifest's text. Anything unexpected (not JSON, another tool's file, an unsafe path)
 * gives `null`, so a damaged manifest can only make the tool remove less, never more.
 */
export function parseManifest(text: string): Manifest | null {
  const safePath = (path: string): boolean => {
    try {
      assertSafeRelativePath(path);
    } catch {
      return false;
    }
    return path !== MANIFEST_FILE;
  };
  const record = parseFileRecord(
    text,
    (o) => o.manifestVersion === MANIFEST_VERSION && o.generator === GENERATOR_NAME,
    safePath,
  );
  if (record === null) return null;
  const { o, files } = record;
  const run = parseRun(o.run);
  return {
    ...(run === undefined ? {} : { run }),
    manifestVersion: MANIFEST_VERSION,
    generator: GENERATOR_NAME,
    version: typeof o.version === 'string' ? o.version : '',
    format: typeof o.format === 'string' ? o.format : '',
    files,
  };
}
