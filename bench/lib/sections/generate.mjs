// generate: our whole `generate` process (formatted and --no-format) against the peers users would
// otherwise feed a hand-written OpenAPI document: orval (types + zod + fetch client) and
// openapi-typescript (types only), each on our exported OpenAPI document of the same snapshot.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { outputSize } from '../measure.mjs';

export default {
  name: 'generate',
  title: 'generate: 8.2.0 snapshot → code, whole process',
  async run(ctx) {
    ctx.requireSnapshot();
    const openapi = await ctx.exportedOpenApi();
    const contenders = [];
    const notes = [];
    const fresh = (dir) => () => rm(dir, { recursive: true, force: true });

    if (await ctx.hasCommand('generate')) {
      for (const [id, label, extra] of [
        ['generate.ours-format', 'prestashop-codegen generate (formatted)', []],
        ['generate.ours-noformat', 'prestashop-codegen generate --no-format', ['--no-format']],
      ]) {
        const dir = ctx.workPath('generate', id);
        const threads = [];
        contenders.push({
          id,
          label,
          dir,
          threads,
          prepare: fresh(dir),
          run: () => ctx.runCli(['generate', '--schema', ctx.snapshot, '--out', dir, ...extra]),
          // The summary line says when prettier ran on more than one thread (idle cores only).
          check: (res) => threads.push(Number(/format \d+ ms on (\d+) threads/.exec(res.stdout)?.[1] ?? 1)),
        });
      }
    } else {
      notes.push('ours: skipped, the `generate` command is not in dist/cli yet');
    }

    const orvalDir = ctx.workPath('generate', 'orval');
    contenders.push({
      id: 'peers.orval',
      label: `orval ${ctx.version('orval')} (types + zod + fetch)`,
      dir: orvalDir,
      prepare: fresh(orvalDir),
      run: () =>
        ctx.runNode(ctx.bin('orval'), ['--config', ctx.libPath('orval.config.cjs')], {
          env: { BENCH_ORVAL_INPUT: openapi, BENCH_ORVAL_OUT: orvalDir },
        }),
    });
    // orval with its own prettier step (it runs the `prettier` CLI it finds on PATH: ours, 3.10.1),
    // for a formatted-against-formatted comparison. Its cwd is outside the repository, whose
    // .gitignore (bench/.work/) prettier would otherwise honour and skip every file. Slow: 3 runs.
    const orvalPrettierDir = ctx.workPath('generate', 'orval-prettier');
    contenders.push({
      id: 'peers.orval-prettier',
      label: `orval ${ctx.version('orval')} + prettier ${ctx.version('prettier')} (types + zod + fetch, formatted)`,
      dir: orvalPrettierDir,
      runs: 3,
      prepare: async () => {
        await fresh(orvalPrettierDir)();
        await mkdir(orvalPrettierDir, { recursive: true });
      },
      run: () =>
        ctx.runNode(ctx.bin('orval'), ['--config', ctx.libPath('orval.config.cjs')], {
          cwd: orvalPrettierDir,
          env: {
            BENCH_ORVAL_INPUT: openapi,
            BENCH_ORVAL_OUT: orvalPrettierDir,
            BENCH_ORVAL_PRETTIER: '1',
            PATH: `${join(ctx.root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
          },
        }),
      async check() {
        // prettier's default double quotes: proof that the formatting step did run.
        if (!(await readFile(join(orvalPrettierDir, 'zod.ts'), 'utf8')).includes('from "zod"')) {
          throw new Error("orval's prettier step did not run (zod.ts is not formatted)");
        }
      },
    });
    const otsDir = ctx.workPath('generate', 'openapi-typescript');
    contenders.push({
      id: 'peers.openapi-typescript',
      label: `openapi-typescript ${ctx.version('openapi-typescript')} (types)`,
      dir: otsDir,
      prepare: fresh(otsDir),
      run: () => ctx.runNode(ctx.bin('openapi-typescript'), [openapi, '-o', `${otsDir}/schema.d.ts`]),
    });

    const measurements = await ctx.measureRounds(contenders);
    for (const m of measurements) {
      const c = contenders.find((x) => x.id === m.id);
      m.extra = await outputSize(c.dir);
      const counted = c.threads?.slice(-m.samples.length) ?? [];
      const multi = counted.filter((t) => t > 1).length;
      if (multi > 0) m.extra['prettier on 2+ threads'] = `${multi} of ${counted.length} runs`;
    }
    notes.push(
      'peers read the exported OpenAPI document; orval runs without prettier (its default), and again with its `prettier: true` step',
    );
    return { measurements, notes };
  },
};
