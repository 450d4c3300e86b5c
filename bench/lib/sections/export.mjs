// Our `export` of the 8.2.0 snapshot to OpenAPI 3.1, as a whole process. Its output feeds the peers.
import { outputSize } from '../measure.mjs';

export default {
  name: 'export',
  title: 'export: snapshot → OpenAPI 3.1 document',
  async run(ctx) {
    ctx.requireSnapshot();
    const out = ctx.workPath('export', 'openapi.json');
    const [m] = await ctx.measureRounds([
      {
        id: 'export.openapi',
        label: 'prestashop-codegen export --format openapi',
        run: () => ctx.runCli(['export', '--schema', ctx.snapshot, '--format', 'openapi', '--out', out]),
      },
    ]);
    const size = await outputSize(ctx.workPath('export'));
    return { measurements: [{ ...m, extra: { bytes: size.bytes } }] };
  },
};
