/**
 * The manifest (`.prestashop-codegen-manifest.json` in the output directory) lists every file the
 * generator wrote, with two hashes: of the emitter's text (`source`) and of the bytes written
 * (`output`, after formatting). It serves two purposes:
 * - stale files: a file listed by the previous run and no longer generated is removed, but only if
 *   its bytes still match what the tool wrote; files the tool did not write are never touched;
 * - skipping work: when the source hash and the formatter settings are unchanged and the file on
 *   disk still has the recorded bytes, the file is not formatted again.
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
    { manifestVersion: m.manifestVersion, generator: m.generator, version: m.version, format: m.format, files },
    null,
    2,
  )}\n`;
}

export function makeManifest(format: string, files: ReadonlyMap<string, ManifestEntry>): Manifest {
  return { manifestVersion: MANIFEST_VERSION, generator: GENERATOR_NAME, version: GENERATOR_VERSION, format, files };
}

/**
 * Reads a manifest's text. Anything unexpected (not JSON, another tool's file, an unsafe path)
 * gives `null`, so a damaged manifest can only make the tool remove less, never more.
 */
export function parseManifest(text: string): Manifest | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (o.manifestVersion !== MANIFEST_VERSION || o.generator !== GENERATOR_NAME) return null;
  if (typeof o.files !== 'object' || o.files === null || Array.isArray(o.files)) return null;
  const files = new Map<string, ManifestEntry>();
  for (const [path, entry] of Object.entries(o.files as Record<string, unknown>)) {
    try {
      assertSafeRelativePath(path);
    } catch {
      return null;
    }
    if (path === MANIFEST_FILE) return null;
    const e = entry as Record<string, unknown> | null;
    if (typeof e !== 'object' || e === null || typeof e.source !== 'string' || typeof e.output !== 'string') return null;
    files.set(path, { source: e.source, output: e.output });
  }
  return {
    manifestVersion: MANIFEST_VERSION,
    generator: GENERATOR_NAME,
    version: typeof o.version === 'string' ? o.version : '',
    format: typeof o.format === 'string' ? o.format : '',
    files,
  };
}
