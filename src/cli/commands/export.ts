/**
 * `prestashop-codegen export --schema prestashop-schema.json --format openapi|jsonschema --out <file>`:
 * the snapshot as an OpenAPI 3.1 document or a JSON Schema 2020-12 bundle.
 */
import { resolve } from 'node:path';
import { exportSnapshot } from '../../api/export.js';
import { ConfigError } from '../../errors.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../export/index.js';
import { exportJson, renderJsonReport } from '../json-report.js';
import { jsonFlag } from '../option-flags.js';
import type { CommandFactory } from './registry.js';

interface ExportArgs {
  readonly schema: string;
  readonly format: ExportFormat;
  readonly out: string;
  readonly decimals: 'number' | 'string';
  readonly json?: boolean;
}

export const exportCommand: CommandFactory = (ctx) => ({
  command: 'export',
  describe: 'Write the snapshot as an OpenAPI 3.1 document or JSON Schemas, for other tools',
  builder: (y) =>
    y
      .option('schema', { type: 'string', default: 'prestashop-schema.json', describe: 'Snapshot file to read' })
      .option('format', { choices: EXPORT_FORMATS, default: 'openapi' as ExportFormat, describe: 'What to write' })
      .option('out', {
        type: 'string',
        demandOption: true,
        describe: 'File to write (replaced atomically), or - for stdout',
      })
      .option('json', jsonFlag('export'))
      .option('decimals', {
        choices: ['number', 'string'] as const,
        default: 'number' as const,
        describe: 'Type of decimal fields, as in the generated types',
      })
      .example('$0 export --format openapi --out openapi.json', 'OpenAPI 3.1 document of ./prestashop-schema.json')
      .example('$0 export --schema shop.json --format jsonschema --out shop.schema.json', 'JSON Schema 2020-12 bundle')
      .example('$0 export --out - | jq .info', 'The OpenAPI document on stdout'),
  handler: async (raw) => {
    const argv = raw as unknown as ExportArgs;
    const started = performance.now();
    const toStdout = argv.out === '-';
    if (toStdout && argv.json === true)
      throw new ConfigError('cannot be combined with --out -: the document is the output on stdout', '--json');
    const { text, resources } = await exportSnapshot(resolve(ctx.cwd, argv.schema), {
      format: argv.format,
      decimals: argv.decimals,
      ...(toStdout ? {} : { out: resolve(ctx.cwd, argv.out) }),
    });
    // On stdout the document is the whole output (for a pipe); the summary would only get in the way.
    if (toStdout) return ctx.reporter.out(text.replace(/\n$/, ''));
    if (argv.json === true) {
      ctx.reporter.out(
        renderJsonReport(exportJson({ format: argv.format, out: argv.out, resources, bytes: Buffer.byteLength(text) })),
      );
      return;
    }
    const what = argv.format === 'openapi' ? 'OpenAPI 3.1 document' : 'JSON Schema 2020-12 bundle';
    ctx.reporter.info(
      `Wrote ${what} (${resources} resources, ${Buffer.byteLength(text)} bytes) to ${argv.out} in ${Math.round(performance.now() - started)} ms`,
    );
  },
});
