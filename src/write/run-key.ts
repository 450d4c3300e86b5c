/**
 * The run key: one hash of everything a generate run's output depends on (the snapshot bytes, the
 * resolved options, the generator version, the runtime templates and the formatter key). The
 * manifest records it, and a run whose key matches, with every file still holding the bytes the
 * manifest records, is up to date without planning, emitting or loading prettier (see
 * up-to-date.ts).
 *
 * The formatter key is prettier's resolved configuration, which costs loading prettier. The
 * manifest therefore also records `formatSources`: a fingerprint of the files prettier reads its
 * configuration from (every prettier config file name and `.editorconfig` in the output directory
 * and each directory above it). While the fingerprint is the same, the recorded formatter key
 * still holds. A configuration that is code (`prettier.config.js`, ...), names a shared config
 * package, or loads plugins can change without its file changing: then there is no fingerprint
 * (null) and every run formats as before.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { GENERATOR_NAME, GENERATOR_VERSION } from '../version.js';
import { resolvePrettier } from './prettier.js';

/** What a run's output depends on, besides the code of this package. */
export interface RunKeyInputs {
  /** The snapshot's bytes (the file's text, or the canonical serialization of a model). */
  readonly snapshot: string;
  /** The resolved emit options. */
  readonly options: object;
  /** The runtime templates, by path. */
  readonly templates: ReadonlyMap<string, string>;
  /** The formatter's key (`none` without formatting). */
  readonly formatterKey: string;
}

/** Stable JSON (sorted keys). */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Each part is length-prefixed, so no two different inputs hash the same stream. */
function hashParts(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex').slice(0, 32);
}

export function runKey(inputs: RunKeyInputs): string {
  const templates = [...inputs.templates.keys()].sort().flatMap((p) => [p, inputs.templates.get(p)!]);
  return hashParts([
    `${GENERATOR_NAME} ${GENERATOR_VERSION}`,
    stableJson(inputs.options),
    inputs.formatterKey,
    String(inputs.templates.size),
    ...templates,
    inputs.snapshot,
  ]);
}

/** Where prettier 3 looks for its configuration, in each directory from the file's up to the root. */
const CONFIG_NAMES = [
  'package.json',
  'package.yaml',
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yml',
  '.prettierrc.yaml',
  '.prettierrc.json5',
  '.prettierrc.toml',
  '.editorconfig',
] as const;

/** Config files that are code: what they resolve to cannot be known without running them. */
const CODE_CONFIG = /^(?:\.prettierrc|prettier\.config)\.[cm]?[jt]s$/;
const CODE_CONFIG_NAMES = ['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].flatMap((e) => [
  `.prettierrc.${e}`,
  `prettier.config.${e}`,
]);

async function readIfFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** The part of a config file that decides the settings, or `undefined` when it is volatile (see above). */
function settingsOf(name: string, text: string): string | null | undefined {
  if (name === 'package.json') {
    let pkg: unknown;
    try {
      pkg = JSON.parse(text);
    } catch {
      return undefined;
    }
    const settings = typeof pkg === 'object' && pkg !== null ? (pkg as Record<string, unknown>).prettier : undefined;
    if (settings === undefined) return null;
    if (typeof settings !== 'object' || settings === null || 'plugins' in settings) return undefined;
    return stableJson(settings);
  }
  if (name === 'package.yaml') return /\bprettier\b/.test(text) ? undefined : null;
  if (name === '.editorconfig') return text;
  // .prettierrc (JSON or YAML), .json5, .yaml, .toml: a bare string names a shared config package.
  if (text.includes('plugins')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // YAML, JSON5 or TOML: settings written as keys and values (a bare word names a shared config).
    return text.includes(':') || text.includes('=') || text.trim() === '' ? text : undefined;
  }
  // A JSON object (`{}` too) is settings; a JSON string names a shared config package.
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? text : undefined;
}

/**
 * The fingerprint of the prettier configuration that applies to `configFrom` (a file path in the
 * output directory), or null when it cannot be known without prettier. Paths are relative to the
 * output directory, so a checkout elsewhere (CI) gives the same fingerprint.
 */
export async function formatSources(configFrom: string): Promise<string | null> {
  const start = dirname(configFrom);
  const dirs: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) break;
  }
  const candidates = dirs.flatMap((dir) => [...CONFIG_NAMES, ...CODE_CONFIG_NAMES].map((name) => ({ dir, name })));
  const texts = await Promise.all(candidates.map((c) => readIfFile(join(c.dir, c.name))));
  const parts: string[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const text = texts[i];
    if (text === null || text === undefined) continue;
    const { dir, name } = candidates[i]!;
    if (CODE_CONFIG.test(name)) return null;
    const settings = settingsOf(name, text);
    if (settings === undefined) return null;
    if (settings !== null) parts.push(relative(start, join(dir, name)).split('\\').join('/'), settings);
  }
  // Which prettier formats (the project's own or the bundled one, see prettier.ts): upgrading it
  // changes no config file, but may change the output.
  const prettier = resolvePrettier(configFrom);
  parts.push('prettier', `${prettier.source} ${prettier.version}`);
  return hashParts(parts);
}
