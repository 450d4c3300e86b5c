// CLI start-up: `prestashop-codegen --version` against bare Node (`node -e 0`), in the same rounds,
// as CPU time. Both run with the bench's RSS hook preloaded, so the hook's cost is on both sides.
import { writeFile } from 'node:fs/promises';

export default {
  name: 'startup',
  title: 'CLI start-up: --version against bare Node',
  async run(ctx) {
    const empty = ctx.workPath('startup-empty.mjs');
    await writeFile(empty, '');
    const [version, bare] = await ctx.measureRounds([
      { id: 'startup.version', label: 'prestashop-codegen --version', run: () => ctx.runCli(['--version']) },
      { id: 'startup.node', label: 'node (an empty module: bare start-up)', run: () => ctx.runNode(empty, []) },
    ]);
    return {
      measurements: [version, bare],
      ratios: [
        {
          label: '--version ÷ bare node (CPU time)',
          num: 'startup.version',
          den: 'startup.node',
          of: 'cpuMs',
          target: 2,
        },
        { label: '--version CPU time', value: Math.round(version.cpuMs), unit: 'ms', target: 200 },
      ],
    };
  },
};
