/**
 * Finding, loading and validating the user's config file, and resolving settings with the
 * documented precedence: flags > environment (`PRESTASHOP_URL`, `PRESTASHOP_API_KEY`) > config
 * file > defaults.
 *
 * Config files: `prestashop-codegen.config.{ts,mts,cts,js,mjs,cjs,json}` in the working directory
 * (not its parents), or the file `--config` names. Code files are loaded with jiti and must
 * `export default` the config (usually `defineConfig({...})`; `module.exports =` in CommonJS).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../errors.js';
import { validateUserConfig } from './check.js';
import { sectionOptions } from './options.js';
import type { IntrospectConfig, StoreConfig, UserConfig } from './types.js';

export { validateUserConfig } from './check.js';

/** The config files looked for in the working directory, in this order (two present is an error). */
const CONFIG_FILE_NAMES = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json'].map(
  (ext) => `prestashop-codegen.config.${ext}`,
);

const ENV_URL = 'PRESTASHOP_URL';
const ENV_KEY = 'PRESTASHOP_API_KEY';
export const DEFAULT_SCHEMA_PATH = 'prestashop-schema.json';

export interface LoadedConfig {
  readonly config: UserConfig;
  /** Absolute path of the file read, or null when there was none. */
  readonly path: string | null;
}

/** The config with its paths (`schema`, `out`, each store's `schema`) made absolute against `dir`. */
function resolveConfigPaths(config: UserConfig, dir: string): UserConfig {
  const abs = (p: string | undefined): string | undefined => (p === undefined ? undefined : resolve(dir, p));
  const stores =
    config.stores === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(config.stores).map(([name, s]): [string, StoreConfig] => [
            name,
            s.schema === undefined ? s : { ...s, schema: abs(s.schema)! },
          ]),
        );
  return {
    ...config,
    ...(config.schema === undefined ? {} : { schema: abs(config.schema)! }),
    ...(config.out === undefined ? {} : { out: abs(config.out)! }),
    ...(stores === undefined ? {} : { stores }),
  };
}

/** `line L, column C` of an offset in a text (both from 1). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

async function readConfigFile(path: string): Promise<unknown> {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      const message = (error as Error).message;
      const at = /at position (\d+)/.exec(message);
      const where = at === null ? '' : ` at ${lineColumn(text, Number(at[1]))}`;
      throw new ConfigError(`${path}: not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/s, '')}`);
    }
  }
  if (!['.ts', '.mts', '.cts', '.mjs', '.js', '.cjs'].includes(ext)) {
    throw new ConfigError(
      `${path}: unsupported config file type "${ext}" (use .ts, .mts, .cts, .js, .mjs, .cjs or .json)`,
    );
  }
  // jiti is loaded only for code config files (it takes about 60 ms to load).
  const { createJiti } = await import('jiti');
  const jiti = createJiti(pathToFileURL(path).href, { moduleCache: false, fsCache: false, interopDefault: false });
  let ns: unknown;
  try {
    ns = await jiti.import(path);
  } catch (error) {
    const message = (error as Error).message;
    // jiti reports syntax errors as "ParseError: <what>\n <file>:<line>:<column>".
    const at = /:(\d+):(\d+)\s*$/.exec(message);
    const first = (message.split('\n')[0] ?? '').replace(/^ParseError:\s*/, '').trim() || 'syntax error';
    if (at !== null)
      throw new ConfigError(`${path}: syntax error at line ${at[1]}, column ${Number(at[2]) + 1}: ${first}`);
    throw new ConfigError(`${path}: cannot be loaded (${first})`);
  }
  if (typeof ns !== 'object' || ns === null || !('default' in ns)) {
    const names = typeof ns === 'object' && ns !== null ? Object.keys(ns) : [];
    throw new ConfigError(
      `${path}: has no default export${names.length > 0 ? ` (it exports ${names.join(', ')})` : ''}; ` +
        'write `export default defineConfig({ ... })`',
    );
  }
  return (ns as { default: unknown }).default;
}

/**
 * Loads the config: `explicitPath` (relative to `cwd`) when given, else the one
 * `prestashop-codegen.config.{ts,mts,cts,js,mjs,cjs,json}` in `cwd`, else an empty config. `false` (`--no-config`)
 * loads none: a `.ts`/`.mjs` config is code that runs, which CI on a pull request from a fork must
 * be able to refuse.
 */
export async function loadUserConfig(cwd: string, explicitPath?: string | false | null): Promise<LoadedConfig> {
  if (explicitPath === false) return { config: {}, path: null };
  if (explicitPath !== undefined && explicitPath !== null && explicitPath !== '') {
    const path = isAbsolute(explicitPath) ? explicitPath : resolve(cwd, explicitPath);
    if (!existsSync(path)) throw new ConfigError(`config file not found: ${path}; check the --config path`);
    return { config: resolveConfigPaths(validateUserConfig(await readConfigFile(path), path), dirname(path)), path };
  }
  const found = CONFIG_FILE_NAMES.map((n) => join(cwd, n)).filter((p) => existsSync(p));
  if (found.length > 1) {
    throw new ConfigError(
      `several config files in ${cwd}: ${found.map((p) => p.slice(cwd.length + 1)).join(', ')}; keep one or pass --config`,
    );
  }
  const [path] = found;
  if (path === undefined) return { config: {}, path: null };
  return { config: resolveConfigPaths(validateUserConfig(await readConfigFile(path), path), dirname(path)), path };
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

function pick(
  flag: string | undefined,
  env: string | undefined,
  config: string | undefined,
): { value: string; source: SettingSource } | null {
  if (flag !== undefined && flag !== '') return { value: flag, source: 'flag' };
  if (env !== undefined && env !== '') return { value: env, source: 'env' };
  if (config !== undefined && config !== '') return { value: config, source: 'config' };
  return null;
}

/** The store URL and key: flags > `PRESTASHOP_URL`/`PRESTASHOP_API_KEY` > config file. */
export function resolveStore(flags: StoreFlags, env: NodeJS.ProcessEnv, config: UserConfig): StoreTarget {
  const url = pick(flags.url, env[ENV_URL], config.url);
  if (url === null) throw new ConfigError(`no store URL: pass --url, set ${ENV_URL}, or set "url" in the config file`);
  const key = pick(flags.key, env[ENV_KEY], config.key);
  if (key === null) throw new ConfigError(`no API key: pass --key, set ${ENV_KEY}, or set "key" in the config file`);
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
  for (const k of sectionOptions('introspect').map((o) => o.key as keyof IntrospectFlags)) {
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
