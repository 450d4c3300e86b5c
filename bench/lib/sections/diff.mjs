// Our `diff` of the 8.2.0 snapshot against its edited upgrade copy, as a whole process (both
// snapshots read and validated, the 8.2.0 core baseline loaded, json rendered). The in-process
// timing of `diff()` itself is bench/diff.mjs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const UPGRADED = fileURLToPath(new URL('../../../test/diff/fixtures/prestashop-9.0.0-like.json', import.meta.url));

export default {
  name: 'diff',
  title: 'diff: 8.2.0 snapshot → an upgraded copy (json)',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!existsSync(UPGRADED)) ctx.skip('the upgrade fixture is missing');
    if (!(await ctx.hasCommand('diff'))) ctx.skip('the diff command is not built');
    const [m] = await ctx.measureRounds([
      {
        id: 'diff.json',
        label: 'prestashop-codegen diff --format json',
        run: () => ctx.runCli(['diff', ctx.snapshot, UPGRADED, '--format', 'json', '--ignore-file', fileURLToPath(new URL('../../../test/diff/fixtures/empty.ignore', import.meta.url))]),
      },
    ]);
    return { measurements: [m] };
  },
};
