/**
 * `prestashop-codegen export --schema prestashop-schema.json --format openapi|jsonschema --out <file>`:
 * the snapshot as an OpenAPI 3.1 document or a JSON Schema 2020-12 bundle.
 */
import { resolve } from 'node:path';
import { loadSnapshot } from '../../api/snapshot.js';
import { EXPORT_FORMATS, renderExport, type ExportFormat } from '../../export/index.js';
import { writeFileAtomic } from '../../write/atomic.js';
import { exportJson, renderJsonReport } from '../json-report.js';
import { jsonFlag } from '../option-flags.js';
import type { CommandFactory } from './registry.js';

interface ExportArgs {
  readonly json?: boolean;
  readonly schema: string;
  readonly format: ExportFormat;
  readonly out: string;
  readonly decimals: 'number' | 'string';
}

export const exportCommand: CommandFactory = (ctx) => ({
  command: 'export',
  describe: 'Write the snapshot as an OpenAPI 3.1 document or JSON Schemas, for other tools',
  builder: (y) =>
    y
      .option('schema', { type: 'string', default: 'prestashop-schema.json', describe: 'Snapshot file to read' })
      .option('format', { choices: EXPORT_FORMATS, default: 'openapi' as ExportFormat, describe: 'What to write' })
      .option('out', { type: 'string', demandOption: true, describe: 'File to write (replaced atomically)' })
      .option('json', jsonFlag('export'))
      .option('decimals', {
        choices: ['number', 'string'] as const,
        default: 'number' as const,
        describe: 'Type of decimal fields, as in the generated types',
      })
      .example('$0 export --format openapi --out openapi.json', 'OpenAPI 3.1 document of ./prestashop-schema.json')
      .example('$0 export --schema shop.json --format jsonschema --out shop.schema.json', 'JSON Schema 2020-12 bundle'),
  handler: async (raw) => {
    const argv = raw as unknown as ExportArgs;
    const started = performance.now();
    const schemaPath = resolve(ctx.cwd, argv.schema);
    const outPath = resolve(ctx.cwd, argv.out);
    const model = await loadSnapshot(schemaPath);
    const text = renderExport(model, argv.format, { decimals: argv.decimals });
    await writeFileAtomic(outPath, text);
    const bytes = Buffer.byteLength(text);
    if (argv.json === true) {
      ctx.reporter.out(renderJsonReport(exportJson({ format: argv.format, out: argv.out, resources: model.resources.length, bytes })));
      return;
    }
    const what = argv.format === 'openapi' ? 'OpenAPI 3.1 document' : 'JSON Schema 2020-12 bundle';
    ctx.reporter.info(
      `Wrote ${what} (${model.resources.length} resources, ${bytes} bytes) to ${argv.out} in ${Math.round(performance.now() - started)} ms`,
    );
  },
});
