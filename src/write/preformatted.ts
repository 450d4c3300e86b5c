/**
 * Pre-formatted runtime templates. The files under `runtime/` are copied verbatim into every
 * output, so formatting them gives the same bytes in every run that has the same formatter
 * settings. `npm run build` formats them once with the default settings (no prettier config) and
 * stores the result (`dist/runtime-formatted.json`, see scripts/preformat-templates.mjs); the write
 * stage then takes a template's formatted text from there when the formatter key and the hash of
 * the template's text both match, and formats it as usual otherwise. This saves formatting about
 * 140 KB of TypeScript per run (about a tenth of the 8.2.0 output).
 */
import { compareCodeUnits } from '../model/index.js';
import type { Formatter } from './format.js';
import { contentHash, parseFileRecord } from './manifest.js';

const PREFORMATTED_VERSION = 1;

export interface PreformattedEntry {
  /** `contentHash` of the unformatted text. */
  readonly source: string;
  /** The formatted text. */
  readonly output: string;
}

export interface Preformatted {
  /** The formatter key (prettier version and options) the outputs were made with. */
  readonly key: string;
  readonly files: ReadonlyMap<string, PreformattedEntry>;
}

/** Formats `files` with `formatter`, keeping what is needed to reuse the result. */
export async function preformat(files: ReadonlyMap<string, string>, formatter: Formatter): Promise<Preformatted> {
  const paths = [...files.keys()].sort(compareCodeUnits);
  const outputs = await formatter.formatAll(paths.map((path) => ({ path, text: files.get(path)! })));
  return {
    key: formatter.key,
    files: new Map(paths.map((p, i) => [p, { source: contentHash(files.get(p)!), output: outputs[i]! }])),
  };
}

export function serializePreformatted(p: Preformatted): string {
  const files: Record<string, PreformattedEntry> = {};
  for (const [path, e] of [...p.files].sort(([a], [b]) => compareCodeUnits(a, b))) files[path] = e;
  return `${JSON.stringify({ version: PREFORMATTED_VERSION, key: p.key, files })}\n`;
}

/** Reads a serialized record; anything unexpected gives `null` (then every file is formatted). */
export function parsePreformatted(text: string): Preformatted | null {
  const record = parseFileRecord(text, (o) => o.version === PREFORMATTED_VERSION && typeof o.key === 'string');
  return record === null ? null : { key: record.o.key as string, files: record.files };
}

/** The formatted text of `path` when `known` holds it for this formatter and this exact text. */
export function knownOutput(
  known: Preformatted | null | undefined,
  formatterKey: string,
  path: string,
  text: string,
): string | null {
  if (known === null || known === undefined || known.key !== formatterKey) return null;
  const entry = known.files.get(path);
  return entry !== undefined && entry.source === contentHash(text) ? entry.output : null;
}
