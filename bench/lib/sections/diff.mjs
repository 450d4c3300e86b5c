// diff: our `diff` of the 8.2.0 snapshot against its edited upgrade copy as a whole process (both
// snapshots read and validated, the 8.2.0 core baseline loaded, json rendered), and the in-process
// timings of bench/diff.mjs (diff() itself, parse + diff, the renderers), run in its own process.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { derived } from '../measure.mjs';

const UPGRADED = fileURLToPath(new URL('../../../test/diff/fixtures/prestashop-9.0.0-like.json', import.meta.url));
const IGNORE = fileURLToPath(new URL('../../../test/diff/fixtures/empty.ignore', import.meta.url));
const IN_PROCESS = fileURLToPath(new URL('../../diff.mjs', import.meta.url));

export default {
  name: 'diff',
  title: 'diff: 8.2.0 snapshot → an upgraded copy (json), and diff() in process',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!existsSync(UPGRADED)) ctx.skip('the upgrade fixture is missing');
    if (!(await ctx.hasCommand('diff'))) ctx.skip('the diff command is not built');
    const [m] = await ctx.measureRounds([
      {
        id: 'diff.json',
        label: 'prestashop-codegen diff --format json',
        run: () => ctx.runCli(['diff', ctx.snapshot, UPGRADED, '--format', 'json', '--ignore-file', IGNORE]),
      },
    ]);
    const measurements = [m];
    const res = await ctx.runNode(IN_PROCESS, ['--json']);
    if (res.code !== 0)
      throw new Error(`bench/diff.mjs exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    const timings = JSON.parse(res.stdout.trim().split('\n').pop());
    // The 8.2.0 pair only: the synthetic pairs are in bench/diff.mjs's own output.
    for (const [i, t] of timings.filter((x) => x.label.startsWith('8.2.0')).entries()) {
      const d = derived(`diff.in-process.${i}`, `in process, 8.2.0 pair: ${t.label.replace(/^[^:]*: /, '')}`, [
        t.median,
      ]);
      Object.assign(d, { min: t.min, max: t.max, runs: t.runs });
      measurements.push(d);
    }
    return { measurements };
  },
};
