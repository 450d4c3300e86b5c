/**
 * `prestashop-codegen introspect`: reads a store's schema and writes the snapshot file.
 */
import { relative } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { introspect } from '../../api/introspect.js';
import { loadUserConfig, resolveSchemaPath } from '../../config/load.js';
import { introspectJson, renderJsonReport } from '../json-report.js';
import { jsonFlag } from '../option-flags.js';
import { formatSummary, progressPrinter } from '../progress.js';
import { resolveStoreOptions, storeOptions, type StoreArgs } from '../store-flags.js';
import type { CliContext } from './registry.js';

export interface IntrospectArgs extends StoreArgs {
  readonly out?: string;
  readonly json?: boolean;
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
        .option('out', {
          type: 'string',
          describe: 'Snapshot file to write (default prestashop-schema.json or config "schema")',
        })
        .option('json', jsonFlag('introspect'))
        .example(
          '$0 introspect --url https://shop.example --key "$PRESTASHOP_API_KEY"',
          'Write ./prestashop-schema.json',
        )
        .example(
          'PRESTASHOP_URL=https://shop.example PRESTASHOP_API_KEY=... $0 introspect --out schema/store.json',
          'URL and key from the environment',
        )
        .example('$0 introspect --exclude supply_orders,stocks --concurrency 4', 'Skip resources, gentler on the store')
        .example(
          '$0 introspect --synopsis-format xml',
          'Read only the XML synopsis',
        ) as unknown as Argv<IntrospectArgs>,
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
        reporter.out(
          renderJsonReport(introspectJson(result.schema.store.psVersion, { path: shown, changed }, result.summary)),
        );
        return;
      }
      reporter.summary(formatSummary(result.summary));
      reporter.summary(changed ? `Snapshot written to ${shown}` : `Snapshot unchanged: ${shown}`);
    },
  };
}
