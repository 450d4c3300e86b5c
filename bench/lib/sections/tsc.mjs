// tsc: `tsc --noEmit` on our generated output of the snapshot (formatted, as users commit it),
// under strict with NodeNext resolution — the settings the tests type-check it with. Whole process;
// the per-resource figure is the total divided by the snapshot's resources. A type error fails it.
// The baseline, in interleaved rounds: the same tsc on openapi-typescript's types-only output of the
// exported OpenAPI document, written as a `.ts` file (a `.d.ts` would be skipped by skipLibCheck).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { derived } from '../measure.mjs';

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types: [],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    skipLibCheck: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noUnusedLocals: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
  },
  include: ['out/**/*.ts'],
};

export default {
  name: 'tsc',
  title: 'tsc --noEmit on the generated output',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const project = ctx.workPath('tsc');
    await rm(project, { recursive: true, force: true });
    const gen = await ctx.runCli(['generate', '--schema', ctx.snapshot, '--out', join(project, 'out')]);
    if (gen.code !== 0)
      throw new Error(`generate exited ${gen.code}: ${gen.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    await writeFile(join(project, 'package.json'), '{ "name": "bench-consumer", "private": true, "type": "module" }\n');
    await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    const resources = JSON.parse(await readFile(ctx.snapshot, 'utf8')).resources.length;
    const peer = ctx.workPath('tsc-openapi-typescript');
    await rm(peer, { recursive: true, force: true });
    const ots = await ctx.runNode(ctx.bin('openapi-typescript'), [
      await ctx.exportedOpenApi(),
      '-o',
      join(peer, 'out', 'schema.ts'),
    ]);
    if (ots.code !== 0)
      throw new Error(`openapi-typescript exited ${ots.code}: ${ots.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    await writeFile(join(peer, 'package.json'), '{ "name": "bench-peer", "private": true, "type": "module" }\n');
    await writeFile(join(peer, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    const checkTimes = [];
    let files = null;
    const [m, baseline] = await ctx.measureRounds(
      [
        {
          id: 'tsc.total',
          label: `tsc ${ctx.version('typescript')} --noEmit (strict, NodeNext)`,
          run: () =>
            ctx.runNode(ctx.bin('typescript'), ['-p', join(project, 'tsconfig.json'), '--extendedDiagnostics'], {
              cwd: project,
            }),
          check(res) {
            const check = /^Check time:\s+([\d.]+)s/m.exec(res.stdout);
            const count = /^Files:\s+(\d+)/m.exec(res.stdout);
            if (check !== null) checkTimes.push(Number(check[1]) * 1000);
            if (count !== null) files = Number(count[1]);
          },
        },
        {
          id: 'tsc.openapi-typescript',
          label: `tsc ${ctx.version('typescript')} --noEmit on openapi-typescript ${ctx.version('openapi-typescript')}'s output (types only)`,
          run: () => ctx.runNode(ctx.bin('typescript'), ['-p', join(peer, 'tsconfig.json')], { cwd: peer }),
        },
      ],
      { runs: Math.min(3, ctx.runs) },
    );
    const sorted = checkTimes.slice(-m.samples.length).sort((a, b) => a - b);
    m.extra = { 'files read': files, 'check phase': `${Math.round(sorted[sorted.length >> 1])} ms` };
    const perResource = derived(
      'tsc.per-resource',
      `tsc --noEmit per resource (total ÷ ${resources} resources)`,
      m.samples.map((t) => t / resources),
    );
    const ratios = [
      {
        label: "tsc --noEmit on our whole output ÷ on openapi-typescript's types-only output",
        num: 'tsc.total',
        den: 'tsc.openapi-typescript',
        target: 1.5,
      },
    ];
    return { measurements: [m, baseline, perResource], ratios };
  },
};
