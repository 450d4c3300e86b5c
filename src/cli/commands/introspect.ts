/**
 * `prestashop-codegen introspect`: reads a store's schema and writes the snapshot file.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { loadUserConfig, resolveIntrospectSettings, resolveSchemaPath, resolveStore } from '../../config/load.js';
import type { IntrospectConfig } from '../../config/types.js';
import { ConfigError } from '../../errors.js';
import type { IntrospectOptions, IntrospectSummary } from '../../introspect/index.js';
import { serializeSnapshot } from '../../model/index.js';
import { writeFileAtomic } from '../../write/atomic.js';
import type { Reporter } from '../reporter.js';
import type { CliContext } from './registry.js';

export interface IntrospectArgs {
  readonly url?: string;
  readonly key?: string;
  readonly out?: string;
  readonly concurrency?: number;
  readonly include?: string[];
  readonly exclude?: string[];
  readonly 'synopsis-format'?: 'auto' | 'json' | 'xml';
  readonly timeout?: number;
  readonly retries?: number;
  readonly 'ws-key'?: boolean;
  readonly ca?: string;
  readonly insecure?: boolean;
  readonly config?: string;
}

/** `--ca <file>` and `--insecure`, for every command that may talk to a store. */
export function tlsOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('ca', { type: 'string', describe: 'PEM file with the CA certificate(s) to trust for an https:// store (private CA, self-signed)' })
    .option('insecure', {
      type: 'boolean',
      describe: 'Do not verify the TLS certificate (DANGEROUS: the key can be read by anyone in between; prefer --ca)',
    }) as unknown as Argv<T>;
}

/** How to reach a store: `--url`, `--key`, `--ws-key`, `--ca`, `--insecure` (introspect and doctor). */
export function storeOptions<T>(y: Argv<T>): Argv<T> {
  return tlsOptions(
    y
      .option('url', { type: 'string', describe: 'Store base URL, without /api (env PRESTASHOP_URL)' })
      .option('key', { type: 'string', describe: 'Webservice key (env PRESTASHOP_API_KEY; never printed)' })
      .option('ws-key', {
        type: 'boolean',
        describe: 'Send the key as the ws_key query parameter instead of HTTP Basic (it then appears in server logs)',
      }) as unknown as Argv<T>,
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
export function introspectRunOptions(settings: IntrospectConfig): Partial<IntrospectOptions> {
  return {
    ...(settings.concurrency === undefined ? {} : { concurrency: settings.concurrency }),
    ...(settings.include === undefined ? {} : { include: [...settings.include] }),
    ...(settings.exclude === undefined ? {} : { exclude: [...settings.exclude] }),
    ...(settings.synopsisFormat === undefined ? {} : { synopsisFormat: settings.synopsisFormat }),
    ...(settings.timeout === undefined ? {} : { timeoutMs: settings.timeout }),
    ...(settings.retries === undefined ? {} : { retries: settings.retries }),
  };
}

/** `a,b` and repeated flags both give a list. */
export const commaList = (values: unknown): string[] =>
  (Array.isArray(values) ? values : [values])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Progress: the reporter's bar on a TTY; otherwise a plain line at each tenth of the way (and
 * every line with --verbose), so CI logs show progress without one line per resource.
 */
export function progressPrinter(reporter: Reporter): (done: number, total: number, resource: string) => void {
  let lastTenth = 0;
  return (done, total, resource) => {
    if (reporter.isTTY || reporter.verbose) {
      reporter.progress(done, total, resource);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth > lastTenth || done === total) {
      lastTenth = tenth;
      reporter.info(`introspect: ${done}/${total} resources (${resource})`);
    }
  };
}

/** The one-line summary printed after a run. */
export function formatSummary(summary: IntrospectSummary): string {
  const sources = (['xml', 'json', 'none'] as const)
    .filter((s) => summary.sources[s] > 0)
    .map((s) => `${s} ${summary.sources[s]}`)
    .join(', ');
  const parts = [
    `${summary.resources} resources`,
    `${summary.fields} fields`,
    `synopsis: ${sources || 'none'}`,
    `${summary.requests} requests`,
    `${summary.retries} retries`,
    `${(summary.ms / 1000).toFixed(1)} s`,
  ];
  if (summary.warnings.length > 0) parts.push(`${summary.warnings.length} warnings`);
  const fallback = summary.listingFallback ? "; the /api listing was unreadable, so the spec's resource list was used" : '';
  return `Introspected ${parts.join(', ')}${fallback}`;
}

/** Writes the snapshot atomically; returns false when the file already held exactly this text. */
export async function writeSnapshot(path: string, text: string): Promise<boolean> {
  const previous = await readFile(path, 'utf8').catch(() => null);
  if (previous === text) return false;
  await writeFileAtomic(path, text);
  return true;
}

export function introspectCommand(ctx: CliContext): CommandModule<object, IntrospectArgs> {
  return {
    command: 'introspect',
    describe: "Read a store's Webservice schema into a snapshot file",
    builder: (y: Argv) =>
      storeOptions(y)
        .usage(
          '$0 introspect --url <base_url> --key <key> [options]\n\n' +
            "Reads the store's /api listing and every resource's synopsis, and writes a deterministic snapshot\n" +
            '(default prestashop-schema.json) to commit. URL and key may also come from PRESTASHOP_URL and\n' +
            'PRESTASHOP_API_KEY or the config file; flags win over the environment, which wins over the file.',
        )
        .option('out', { type: 'string', describe: 'Snapshot file to write (default prestashop-schema.json or config "schema")' })
        .option('concurrency', { type: 'number', describe: 'Parallel requests (default 8)' })
        .option('include', { type: 'string', array: true, coerce: commaList, describe: 'Extra resources to read (a,b)' })
        .option('exclude', { type: 'string', array: true, coerce: commaList, describe: 'Resources to leave out (a,b)' })
        .option('synopsis-format', {
          choices: ['auto', 'json', 'xml'] as const,
          describe: 'Synopsis to read: auto = JSON, then XML when the JSON has no metadata',
        })
        .option('timeout', { type: 'number', describe: 'Per-request timeout in ms (default 30000)' })
        .option('retries', { type: 'number', describe: 'Retries on network errors, 5xx, 429 and 503 (default 4)' })
        .example('$0 introspect --url https://shop.example --key "$PRESTASHOP_API_KEY"', 'Write ./prestashop-schema.json')
        .example('PRESTASHOP_URL=https://shop.example PRESTASHOP_API_KEY=... $0 introspect --out schema/store.json', 'URL and key from the environment')
        .example('$0 introspect --exclude supply_orders,stocks --concurrency 4', 'Skip resources, gentler on the store')
        .example('$0 introspect --synopsis-format xml', 'Read only the XML synopsis') as unknown as Argv<IntrospectArgs>,
    handler: async (argv) => {
      const { reporter } = ctx;
      const loaded = await loadUserConfig(ctx.cwd, argv.config);
      const store = resolveStore({ url: argv.url, key: argv.key }, ctx.env, loaded.config);
      reporter.addSecret(store.key);
      if (loaded.path !== null) reporter.debug(`config: ${loaded.path}`);
      const settings = resolveIntrospectSettings(
        {
          concurrency: argv.concurrency,
          include: argv.include,
          exclude: argv.exclude,
          synopsisFormat: argv['synopsis-format'],
          timeout: argv.timeout,
          retries: argv.retries,
        },
        loaded.config,
      );
      const out = resolveSchemaPath(argv.out, loaded.config, ctx.cwd);
      // Loaded here, not at the top: every CLI run imports this module (the command registry),
      // and the HTTP stack (undici, the XML parser) costs about 0.1 s to load.
      const { introspectStore } = await import('../../introspect/index.js');
      const result = await introspectStore({
        url: store.url,
        key: store.key,
        ...introspectRunOptions(settings),
        wsKey: argv['ws-key'] === true,
        ...(await readTlsFlags(ctx.cwd, argv)),
        onProgress: progressPrinter(reporter),
        onWarning: (m) => reporter.warn(m),
      });
      reporter.clearProgress();
      const changed = await writeSnapshot(out, serializeSnapshot(result.schema));
      reporter.out(formatSummary(result.summary));
      const shown = relative(ctx.cwd, out) || out;
      reporter.out(changed ? `Snapshot written to ${shown}` : `Snapshot unchanged: ${shown}`);
    },
  };
}
