// no-op regenerate: `generate` again into an up-to-date output directory. Reports its time and the
// number of files it wrote (must be 0); the ratio to a full generate is computed by run.mjs.
import { rm } from 'node:fs/promises';
import { listFiles } from '../measure.mjs';

export default {
  name: 'noop',
  title: 'no-op regenerate (output already up to date)',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const dir = ctx.workPath('noop', 'out');
    await rm(dir, { recursive: true, force: true });
    const args = ['generate', '--schema', ctx.snapshot, '--out', dir];
    const first = await ctx.runCli(args);
    if (first.code !== 0) throw new Error(`generate exited ${first.code}: ${first.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    let before = await listFiles(dir);
    const written = [];
    const [m] = await ctx.measureRounds([
      {
        id: 'noop.generate',
        label: 'prestashop-codegen generate (no-op)',
        run: () => ctx.runCli(args),
        async check() {
          const after = await listFiles(dir);
          let changed = 0;
          for (const [path, f] of after) {
            const b = before.get(path);
            if (b === undefined || b.mtimeMs !== f.mtimeMs || b.size !== f.size) changed++;
          }
          written.push(changed);
          before = after;
        },
      },
    ]);
    const maxWritten = Math.max(...written);
    return {
      measurements: [{ ...m, extra: { filesWritten: maxWritten } }],
      notes: maxWritten === 0 ? [] : [`no-op runs wrote up to ${maxWritten} files (must be 0)`],
    };
  },
};
