// no-op regenerate and `generate --check` of an up-to-date output directory, against a full
// (formatted) generate into an empty directory measured in the same rounds. The ratios are of CPU
// time, steadier than wall time on a shared machine. Also reports the number of files a no-op
// wrote (must be 0).
import { rm } from 'node:fs/promises';
import { listFiles } from '../measure.mjs';

export default {
  name: 'noop',
  title: 'no-op regenerate and --check (output already up to date) against a full generate',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const dir = ctx.workPath('noop', 'out');
    const fresh = ctx.workPath('noop', 'full');
    await rm(dir, { recursive: true, force: true });
    const args = ['generate', '--schema', ctx.snapshot, '--out', dir];
    const first = await ctx.runCli(args);
    if (first.code !== 0)
      throw new Error(`generate exited ${first.code}: ${first.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    let before = await listFiles(dir);
    const written = [];
    const measurements = await ctx.measureRounds([
      {
        id: 'noop.full',
        label: 'prestashop-codegen generate (full, into an empty directory)',
        prepare: () => rm(fresh, { recursive: true, force: true }),
        run: () => ctx.runCli(['generate', '--schema', ctx.snapshot, '--out', fresh]),
      },
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
      {
        id: 'noop.check',
        label: 'prestashop-codegen generate --check (up to date)',
        run: () => ctx.runCli([...args, '--check']),
      },
    ]);
    await rm(fresh, { recursive: true, force: true });
    const maxWritten = Math.max(...written);
    const noop = measurements.find((m) => m.id === 'noop.generate');
    noop.extra = { filesWritten: maxWritten };
    return {
      measurements,
      ratios: [
        {
          label: 'no-op regenerate ÷ full generate (CPU time)',
          num: 'noop.generate',
          den: 'noop.full',
          of: 'cpuMs',
          target: 0.35,
        },
        {
          label: 'generate --check ÷ full generate (CPU time)',
          num: 'noop.check',
          den: 'noop.full',
          of: 'cpuMs',
          target: 0.4,
        },
        { label: 'no-op regenerate: files written (most of any run)', value: maxWritten, unit: 'files', target: 0 },
      ],
      notes: [
        "the no-op and --check answer from the manifest's run key (docs/generate.md) and hash every file on disk; the full generate emits, formats and writes 232 files",
      ],
    };
  },
};
