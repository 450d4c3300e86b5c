// impact: `prestashop-codegen impact` as a whole process (json), on the sample consumer project
// (fixtures/impact-consumer: 3 files, its 8.2.0 store upgraded to 9.0) and on a 200-file consumer
// project generated here against the full 8.2.0 baseline (old: 8.2.0, new: 9.0.0). `tsc --noEmit`
// of that 200-file project is the baseline in the same run: impact type-checks it twice (before and
// after swapping the generated code) and runs find-references for every affected declaration.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const FILES = 200;
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
  },
  include: ['src', 'gen'],
};

/** One consumer file: reads three fields of a resource's type (one removed in 9.0 where it has one), lists it with the client. */
function consumerFile(i, resource, names) {
  const n = names.of(resource.name);
  const fields = resource.fields.map((f) => f.name).filter((f) => /^[a-z_][a-z0-9_]*$/.test(f));
  const picked = [
    ...new Set([...(fields.includes('meta_keywords') ? ['meta_keywords'] : []), ...fields.slice(0, 3)]),
  ].slice(0, 3);
  const reads = picked.map((f) => `String(item.${f})`).join(' + ');
  return [
    `import type { PrestaShopClient, ${n.type} } from '../gen/index.js';`,
    '',
    `export function describe${i}(item: ${n.type}): string {`,
    `  return ${reads.length > 0 ? reads : "''"};`,
    '}',
    '',
    `export async function load${i}(client: PrestaShopClient): Promise<string[]> {`,
    `  const items = await client.${resource.name}.list();`,
    `  return items.map(describe${i});`,
    '}',
    '',
  ].join('\n');
}

export default {
  name: 'impact',
  title: `impact: sample consumer project (8.2.0 + module → 9.0) and a generated ${FILES}-file project (core 8.2.0 → 9.0.0)`,
  async run(ctx) {
    if (!(await ctx.hasCommand('impact'))) ctx.skip('the impact command is not built');
    const { NameTable } = await import(join(ctx.root, 'dist', 'naming', 'index.js'));

    // The sample project, with its generated folder written by `generate`.
    const sample = ctx.workPath('impact-sample');
    await rm(sample, { recursive: true, force: true });
    await cp(join(ctx.root, 'fixtures', 'impact-consumer'), sample, { recursive: true });
    const genSample = await ctx.runCli([
      'generate',
      '--schema',
      join(sample, 'prestashop-schema.json'),
      '--out',
      join(sample, 'generated'),
      '--no-format',
    ]);
    if (genSample.code !== 0) throw new Error(`generate exited ${genSample.code}: ${genSample.stderr.trim()}`);

    // The 200-file project against the full 8.2.0 baseline.
    const big = ctx.workPath('impact-200');
    await rm(big, { recursive: true, force: true });
    const old = join(ctx.root, 'baselines', 'prestashop-8.2.0.json');
    const schema = JSON.parse(await readFile(old, 'utf8'));
    const genBig = await ctx.runCli(['generate', '--schema', old, '--out', join(big, 'gen'), '--no-format']);
    if (genBig.code !== 0) throw new Error(`generate exited ${genBig.code}: ${genBig.stderr.trim()}`);
    const names = new NameTable(schema.resources);
    const usable = schema.resources.filter((r) => r.fields.length > 0 && r.methods.includes('GET'));
    await mkdir(join(big, 'src'), { recursive: true });
    for (let i = 0; i < FILES; i++) {
      await writeFile(
        join(big, 'src', `use${String(i).padStart(3, '0')}.ts`),
        consumerFile(i, usable[i % usable.length], names),
      );
    }
    await writeFile(join(big, 'package.json'), '{ "name": "bench-impact", "private": true, "type": "module" }\n');
    await writeFile(join(big, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);

    const counts = {};
    const count = (id) => (res) => {
      if (res.code !== 0)
        throw new Error(`${id} exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      if (id !== 'tsc') counts[id] = JSON.parse(res.stdout).summary;
    };
    const measurements = await ctx.measureRounds(
      [
        {
          id: 'impact.sample',
          label: 'impact, sample project (3 files, 7 changes)',
          run: () =>
            ctx.runCli(
              [
                'impact',
                'prestashop-schema.json',
                'prestashop-schema-9.0.json',
                '--project',
                'tsconfig.json',
                '--generated',
                'generated',
                '--format',
                'json',
              ],
              { cwd: sample },
            ),
          check: count('impact.sample'),
        },
        {
          id: 'impact.200',
          label: `impact, ${FILES}-file project (core 8.2.0 → 9.0.0)`,
          run: () =>
            ctx.runCli(
              ['impact', old, 'core@9.0', '--project', 'tsconfig.json', '--generated', 'gen', '--format', 'json'],
              { cwd: big },
            ),
          check: count('impact.200'),
        },
        {
          id: 'impact.tsc-200',
          label: `tsc ${ctx.version('typescript')} --noEmit of the ${FILES}-file project (baseline)`,
          run: () => ctx.runNode(ctx.bin('typescript'), ['-p', join(big, 'tsconfig.json')], { cwd: big }),
          check: count('tsc'),
        },
      ],
      { runs: Math.min(3, ctx.runs) },
    );
    const s = counts['impact.200'];
    return {
      measurements,
      notes: [
        `sample: ${counts['impact.sample']?.lines ?? '?'} affected lines; ${FILES}-file project: ${s?.lines ?? '?'} affected lines in ${s?.files ?? '?'} files, ${s?.changes ?? '?'} breaking or dangerous changes`,
      ],
      ratios: [{ label: `impact ÷ tsc --noEmit (${FILES}-file project)`, num: 'impact.200', den: 'impact.tsc-200' }],
    };
  },
};
