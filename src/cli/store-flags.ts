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
import { tableFlags } from './option-flags.js';

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
  return tableFlags(
    y,
    'introspect',
    ['include', 'exclude', 'concurrency', 'synopsis-format', 'timeout', 'retries', 'ws-key', 'ca', 'insecure'],
    {
      include: `Extra resources to read from ${what} (a,b)`,
      exclude: `Resources of ${what} to leave out (a,b)`,
    },
  );
}

/** `--url`, `--key`, `--store` and the read options. */
export function storeOptions<T>(y: Argv<T>, urlHelp?: string): Argv<T> {
  return readOptions(tableFlags(y, 'top', ['url', 'key', 'store'], urlHelp === undefined ? {} : { url: urlHelp }));
}

/** Reads the `--ca` file (a usage error when it cannot be read) and passes `--insecure` on. */
export async function readTlsFlags(
  cwd: string,
  argv: { readonly ca?: string; readonly insecure?: boolean },
): Promise<{ ca?: string; insecure?: boolean }> {
  const out: { ca?: string; insecure?: boolean } = {};
  if (argv.insecure === true) out.insecure = true;
  if (argv.ca !== undefined) {
    const path = resolve(cwd, argv.ca);
    try {
      out.ca = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        'ca',
      );
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
