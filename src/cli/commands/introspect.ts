/**
 * `prestashop-codegen introspect`: reads a store's schema and writes the snapshot file.
 */
import { relative } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { introspect } from '../../api/introspect.js';
import { loadUserConfig, resolveSchemaPath } from '../../config/load.js';
import type { IntrospectSummary } from '../../introspect/index.js';
import { introspectJson, renderJsonReport } from '../json-report.js';
import { jsonFlag } from '../option-flags.js';
import type { Reporter } from '../reporter.js';
import { resolveStoreOptions, storeOptions, type StoreArgs } from '../store-flags.js';
import type { CliContext } from './registry.js';

export interface IntrospectArgs extends StoreArgs {
  readonly out?: string;
  readonly json?: boolean;
}

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
  const w = summary.warnings.length;
  if (w > 0) parts.push(`${w} warning${w === 1 ? '' : 's'}`);
  const fallback = summary.listingFallback ? "; the /api listing was unreadable, so the spec's resource list was used" : '';
  return `Introspected ${parts.join(', ')}${fallback}`;
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
        .option('json', jsonFlag('introspect'))
        .example('$0 introspect --url https://shop.example --key "$PRESTASHOP_API_KEY"', 'Write ./prestashop-schema.json')
        .example('PRESTASHOP_URL=https://shop.example PRESTASHOP_API_KEY=... $0 introspect --out schema/store.json', 'URL and key from the environment')
        .example('$0 introspect --exclude supply_orders,stocks --concurrency 4', 'Skip resources, gentler on the store')
        .example('$0 introspect --synopsis-format xml', 'Read only the XML synopsis') as unknown as Argv<IntrospectArgs>,
    handler: async (argv) => {
      const { reporter } = ctx;
      const loaded = await loadUserConfig(ctx.cwd, argv.config);
      if (loaded.path !== null) reporter.debug(`config: ${loaded.path}`);
      const { options, config } = await resolveStoreOptions(ctx, argv, loaded);
      const out = resolveSchemaPath(argv.out, config, ctx.cwd);
      const result = await introspect({
        ...options,
        out,
        onProgress: progressPrinter(reporter),
        onWarning: (m) => reporter.warn(m),
      });
      reporter.clearProgress();
      const shown = relative(ctx.cwd, out) || out;
      const changed = result.snapshot?.changed ?? true;
      if (argv.json === true) {
        reporter.out(renderJsonReport(introspectJson(result.schema.store.psVersion, { path: shown, changed }, result.summary)));
        return;
      }
      reporter.summary(formatSummary(result.summary));
      reporter.summary(changed ? `Snapshot written to ${shown}` : `Snapshot unchanged: ${shown}`);
    },
  };
}
