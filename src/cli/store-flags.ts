/**
 * The flags that say how to reach and read a store, shared by every command that can talk to
 * one (`introspect`, `generate --url`, `diff --old-url/--new-url/store:<name>`, `doctor`), and
 * their resolution into introspector options (flags > store of `--store` > environment > config).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { resolveIntrospectSettings, resolveStore, type LoadedConfig } from '../config/load.js';
import { selectStore } from '../config/stores.js';
import type { IntrospectConfig, UserConfig } from '../config/types.js';
import { ConfigError } from '../errors.js';
import type { IntrospectOptions } from '../introspect/options.js';
import type { CliContext } from './context.js';

/** `a,b` and repeated flags both give a list. */
export const commaList = (values: unknown): string[] =>
  (Array.isArray(values) ? values : [values])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');

export interface ReadFlags {
  readonly include?: string[];
  readonly exclude?: string[];
  readonly timeout?: number;
  readonly retries?: number;
  readonly concurrency?: number;
  readonly 'synopsis-format'?: 'auto' | 'json' | 'xml';
  readonly 'ws-key'?: boolean;
  readonly ca?: string;
  readonly insecure?: boolean;
}

export interface StoreArgs extends ReadFlags {
  readonly url?: string;
  readonly key?: string;
  readonly store?: string;
  readonly config?: string;
}

/** How to read a store once reached: resources, timing, key transport and TLS. */
export function readOptions<T>(y: Argv<T>, what = 'the store'): Argv<T> {
  return y
    .option('include', { type: 'string', array: true, coerce: commaList, describe: `Extra resources to read from ${what} (a,b)` })
    .option('exclude', { type: 'string', array: true, coerce: commaList, describe: `Resources of ${what} to leave out (a,b)` })
    .option('concurrency', { type: 'number', describe: 'Parallel requests (default 8)' })
    .option('synopsis-format', {
      choices: ['auto', 'json', 'xml'] as const,
      describe: 'Synopsis to read: auto = JSON, then XML when the JSON has no metadata',
    })
    .option('timeout', { type: 'number', describe: 'Per-request timeout in ms (default 30000)' })
    .option('retries', { type: 'number', describe: 'Retries on network errors, 5xx, 429 and 503 (default 4)' })
    .option('ws-key', {
      type: 'boolean',
      describe: 'Send the key as the ws_key query parameter instead of HTTP Basic (it then appears in server logs)',
    })
    .option('ca', { type: 'string', describe: 'PEM file with the CA certificate(s) to trust for an https:// store (private CA, self-signed)' })
    .option('insecure', {
      type: 'boolean',
      describe: 'Do not verify the TLS certificate (DANGEROUS: the key can be read by anyone in between; prefer --ca)',
    }) as unknown as Argv<T>;
}

/** `--url`, `--key`, `--store` and the read options. */
export function storeOptions<T>(y: Argv<T>, urlHelp = 'Store base URL, without /api (env PRESTASHOP_URL)'): Argv<T> {
  return readOptions(
    y
      .option('url', { type: 'string', describe: urlHelp })
      .option('key', { type: 'string', describe: 'Webservice key (env PRESTASHOP_API_KEY; never printed)' })
      .option('store', { type: 'string', describe: 'A store named in the config file\'s "stores" (its url, key and settings)' }) as unknown as Argv<T>,
  );
}

/** Reads the `--ca` file (a usage error when it cannot be read) and passes `--insecure` on. */
export async function readTlsFlags(cwd: string, argv: { readonly ca?: string; readonly insecure?: boolean }): Promise<{ ca?: string; insecure?: boolean }> {
  const out: { ca?: string; insecure?: boolean } = {};
  if (argv.insecure === true) out.insecure = true;
  if (argv.ca !== undefined) {
    const path = resolve(cwd, argv.ca);
    try {
      out.ca = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'ca');
    }
  }
  return out;
}

/** Resolved introspection settings as `introspectStore` options (unset ones left to its defaults). */
function introspectRunOptions(settings: IntrospectConfig): Partial<IntrospectOptions> {
  return {
    ...(settings.concurrency === undefined ? {} : { concurrency: settings.concurrency }),
    ...(settings.include === undefined ? {} : { include: [...settings.include] }),
    ...(settings.exclude === undefined ? {} : { exclude: [...settings.exclude] }),
    ...(settings.synopsisFormat === undefined ? {} : { synopsisFormat: settings.synopsisFormat }),
    ...(settings.timeout === undefined ? {} : { timeoutMs: settings.timeout }),
    ...(settings.retries === undefined ? {} : { retries: settings.retries }),
  };
}

/** Options to read a store at `url` with `key`: the read flags over the config's `introspect`. */
export async function readStoreOptions(
  ctx: CliContext,
  argv: ReadFlags,
  config: UserConfig,
  target: { readonly url: string; readonly key: string },
): Promise<IntrospectOptions> {
  ctx.reporter.addSecret(target.key);
  const settings = resolveIntrospectSettings(
    {
      concurrency: argv.concurrency,
      include: argv.include,
      exclude: argv.exclude,
      synopsisFormat: argv['synopsis-format'],
      timeout: argv.timeout,
      retries: argv.retries,
    },
    config,
  );
  return {
    url: target.url,
    key: target.key,
    ...introspectRunOptions(settings),
    ...(argv['ws-key'] === true ? { wsKey: true } : {}),
    ...(await readTlsFlags(ctx.cwd, argv)),
  };
}

/** The store the flags, `--store`, the environment and the config name, as introspector options. */
export async function resolveStoreOptions(
  ctx: CliContext,
  argv: StoreArgs,
  loaded: LoadedConfig,
): Promise<{ readonly options: IntrospectOptions; readonly config: UserConfig }> {
  const selected = argv.store === undefined ? null : selectStore(loaded.config, argv.store, ctx.env);
  const config = selected?.config ?? loaded.config;
  const store = resolveStore({ url: argv.url ?? selected?.url, key: argv.key ?? selected?.key }, ctx.env, config);
  return { options: await readStoreOptions(ctx, argv, config, store), config };
}
