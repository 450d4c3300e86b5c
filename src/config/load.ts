/**
 * Finding, loading and validating the user's config file, and resolving settings with the
 * documented precedence: flags > environment (`PRESTASHOP_URL`, `PRESTASHOP_API_KEY`) > config
 * file > defaults.
 *
 * Config files: `prestashop-codegen.config.ts`, `.mjs` or `.json` in the working directory (not
 * its parents), or the file `--config` names. TypeScript and ESM files are loaded with jiti and
 * must `export default` the config (usually `defineConfig({...})`).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJiti } from 'jiti';
import { ConfigError } from '../errors.js';
import type { IntrospectConfig, UserConfig } from './types.js';

export const CONFIG_FILE_NAMES = [
  'prestashop-codegen.config.ts',
  'prestashop-codegen.config.mjs',
  'prestashop-codegen.config.json',
] as const;

export const ENV_URL = 'PRESTASHOP_URL';
export const ENV_KEY = 'PRESTASHOP_API_KEY';
export const DEFAULT_SCHEMA_PATH = 'prestashop-schema.json';

export interface LoadedConfig {
  readonly config: UserConfig;
  /** Absolute path of the file read, or null when there was none. */
  readonly path: string | null;
}

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkKeys(o: Json, allowed: readonly string[], where: string, file: string): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) {
      throw new ConfigError(`${file}: unknown option "${where}${k}" (known: ${allowed.join(', ')})`);
    }
  }
}

function optString(o: Json, k: string, where: string, file: string): void {
  if (o[k] !== undefined && (typeof o[k] !== 'string' || o[k] === '')) {
    throw new ConfigError(`${file}: expected a non-empty string`, `${where}${k}`);
  }
}

function optInt(o: Json, k: string, min: number, where: string, file: string): void {
  const v = o[k];
  if (v !== undefined && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)) {
    throw new ConfigError(`${file}: expected an integer ≥ ${min}`, `${where}${k}`);
  }
}

function optStringList(o: Json, k: string, where: string, file: string): void {
  const v = o[k];
  if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === ''))) {
    throw new ConfigError(`${file}: expected a list of resource names`, `${where}${k}`);
  }
}

/**
 * Validates a loaded config value. The top level and `introspect` are checked in full;
 * `generate` and `diff` must be objects (their commands check their own options).
 */
export function validateUserConfig(raw: unknown, file: string): UserConfig {
  if (!isRecord(raw)) throw new ConfigError(`${file}: the config must be an object (export default defineConfig({...}))`);
  checkKeys(raw, ['url', 'key', 'schema', 'out', 'introspect', 'generate', 'diff'], '', file);
  for (const k of ['url', 'key', 'schema', 'out']) optString(raw, k, '', file);
  for (const k of ['introspect', 'generate', 'diff']) {
    if (raw[k] !== undefined && !isRecord(raw[k])) throw new ConfigError(`${file}: expected an object`, k);
  }
  const i = raw.introspect;
  if (isRecord(i)) {
    checkKeys(i, ['concurrency', 'include', 'exclude', 'synopsisFormat', 'timeout', 'retries'], 'introspect.', file);
    optInt(i, 'concurrency', 1, 'introspect.', file);
    optInt(i, 'timeout', 1, 'introspect.', file);
    optInt(i, 'retries', 0, 'introspect.', file);
    optStringList(i, 'include', 'introspect.', file);
    optStringList(i, 'exclude', 'introspect.', file);
    if (i.synopsisFormat !== undefined && !['auto', 'json', 'xml'].includes(i.synopsisFormat as string)) {
      throw new ConfigError(`${file}: expected auto, json or xml`, 'introspect.synopsisFormat');
    }
  }
  return raw as UserConfig;
}

async function readConfigFile(path: string): Promise<unknown> {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ConfigError(`${path}: not valid JSON (${(error as Error).message})`);
    }
  }
  if (!['.ts', '.mts', '.cts', '.mjs', '.js', '.cjs'].includes(ext)) {
    throw new ConfigError(`${path}: unsupported config file type "${ext}" (use .ts, .mjs or .json)`);
  }
  const jiti = createJiti(pathToFileURL(path).href, { moduleCache: false, fsCache: false, interopDefault: true });
  try {
    return await jiti.import(path, { default: true });
  } catch (error) {
    throw new ConfigError(`${path}: cannot be loaded (${(error as Error).message.split('\n')[0]})`);
  }
}

/**
 * Loads the config: `explicitPath` (relative to `cwd`) when given, else the one
 * `prestashop-codegen.config.{ts,mjs,json}` in `cwd`, else an empty config.
 */
export async function loadUserConfig(cwd: string, explicitPath?: string | null): Promise<LoadedConfig> {
  if (explicitPath !== undefined && explicitPath !== null && explicitPath !== '') {
    const path = isAbsolute(explicitPath) ? explicitPath : resolve(cwd, explicitPath);
    if (!existsSync(path)) throw new ConfigError(`config file not found: ${path}`, 'config');
    return { config: validateUserConfig(await readConfigFile(path), path), path };
  }
  const found = CONFIG_FILE_NAMES.map((n) => join(cwd, n)).filter((p) => existsSync(p));
  if (found.length > 1) {
    throw new ConfigError(`several config files in ${cwd}: ${found.map((p) => p.slice(cwd.length + 1)).join(', ')}; keep one or pass --config`);
  }
  const [path] = found;
  if (path === undefined) return { config: {}, path: null };
  return { config: validateUserConfig(await readConfigFile(path), path), path };
}

export type SettingSource = 'flag' | 'env' | 'config';

export interface StoreTarget {
  readonly url: string;
  readonly key: string;
  readonly urlSource: SettingSource;
  readonly keySource: SettingSource;
}

export interface StoreFlags {
  readonly url?: string | undefined;
  readonly key?: string | undefined;
}

function pick(flag: string | undefined, env: string | undefined, config: string | undefined): { value: string; source: SettingSource } | null {
  if (flag !== undefined && flag !== '') return { value: flag, source: 'flag' };
  if (env !== undefined && env !== '') return { value: env, source: 'env' };
  if (config !== undefined && config !== '') return { value: config, source: 'config' };
  return null;
}

/** The store URL and key: flags > `PRESTASHOP_URL`/`PRESTASHOP_API_KEY` > config file. */
export function resolveStore(flags: StoreFlags, env: NodeJS.ProcessEnv, config: UserConfig): StoreTarget {
  const url = pick(flags.url, env[ENV_URL], config.url);
  if (url === null) throw new ConfigError(`no store URL: pass --url, set ${ENV_URL}, or set "url" in the config file`, 'url');
  const key = pick(flags.key, env[ENV_KEY], config.key);
  if (key === null) throw new ConfigError(`no API key: pass --key, set ${ENV_KEY}, or set "key" in the config file`, 'key');
  return { url: url.value, key: key.value, urlSource: url.source, keySource: key.source };
}

export interface IntrospectFlags {
  readonly concurrency?: number | undefined;
  readonly include?: readonly string[] | undefined;
  readonly exclude?: readonly string[] | undefined;
  readonly synopsisFormat?: 'auto' | 'json' | 'xml' | undefined;
  readonly timeout?: number | undefined;
  readonly retries?: number | undefined;
}

/** Introspection settings: flags > config file (`introspect` section); unset values stay unset (library defaults). */
export function resolveIntrospectSettings(flags: IntrospectFlags, config: UserConfig): IntrospectConfig {
  const c = config.introspect ?? {};
  const out: Record<string, unknown> = {};
  for (const k of ['concurrency', 'include', 'exclude', 'synopsisFormat', 'timeout', 'retries'] as const) {
    const v = flags[k] ?? c[k];
    if (v !== undefined) out[k] = v;
  }
  return out as IntrospectConfig;
}

/** The snapshot path: flag > config `schema` > `prestashop-schema.json`, resolved against `cwd`. */
export function resolveSchemaPath(flag: string | undefined, config: UserConfig, cwd: string): string {
  const p = flag ?? config.schema ?? DEFAULT_SCHEMA_PATH;
  return isAbsolute(p) ? p : resolve(cwd, p);
}
