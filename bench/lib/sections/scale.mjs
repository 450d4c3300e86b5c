// Scale: a CI-style job over synthetic stores of 90 resources each (made from the 8.2.0 fixtures
// with renamed copies and extra fields, bench/lib/scale-fixtures.mjs), served by fake stores with
// some network latency. For each store in turn the job runs `introspect` then `generate` (formatted),
// each a whole process, the way a CI script would. It runs once with 1 store and once with 10;
// linear growth means the 10-store job takes 10× the 1-store job and peaks at the same memory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeStoreProcess } from '../../introspect.mjs';
import { derived, outputSize } from '../measure.mjs';
import { writeSyntheticStore } from '../scale-fixtures.mjs';

const STORES = 10;
const RESOURCES = 90;
const LATENCY_MS = 20;

export default {
  name: 'scale',
  title: `scale: ${STORES} stores × ${RESOURCES} resources, introspect + generate per store (CI-style job)`,
  async run(ctx) {
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const tmp = await mkdtemp(join(tmpdir(), 'prestashop-codegen-bench-scale-'));
    try {
      const source = join(ctx.root, 'fixtures', 'prestashop-8.2.0');
      const made = [];
      for (let i = 0; i < STORES; i++)
        made.push(await writeSyntheticStore(source, join(tmp, `store-${i}`), { store: i, resources: RESOURCES }));
      const store = await startFakeStoreProcess(
        LATENCY_MS,
        made.map((m) => m.dir),
      );
      try {
        const env = { PRESTASHOP_API_KEY: store.key };
        /**
         * One job over the first `n` stores: its wall time, output size and every step
         * (`{ step, ms, rssMb, threads }`; `threads`: what prettier ran on, from generate's summary).
         */
        const job = async (n, tag) => {
          const dir = join(tmp, `job-${tag}`);
          await rm(dir, { recursive: true, force: true });
          const started = performance.now();
          const steps = [];
          for (let i = 0; i < n; i++) {
            const schema = join(dir, `store-${i}`, 'prestashop-schema.json');
            for (const [step, args] of [
              ['introspect', ['introspect', '--url', store.urls[i], '--out', schema]],
              ['generate', ['generate', '--schema', schema, '--out', join(dir, `store-${i}`, 'generated')]],
            ]) {
              const res = await ctx.runCli(args, { env });
              if (res.code !== 0)
                throw new Error(
                  `store ${i}: ${step} exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`,
                );
              const threads = Number(/format \d+ ms on (\d+) threads/.exec(res.stdout)?.[1] ?? 1);
              steps.push({ step, ms: res.ms, rssMb: res.rssMb ?? 0, threads });
            }
          }
          const ms = performance.now() - started;
          const size = await outputSize(dir);
          await rm(dir, { recursive: true, force: true });
          return { ms, steps, size };
        };
        // 1-store jobs before and after the 10-store job, so that drift in the machine's load
        // during the long job weighs on both sides of the comparison.
        const one = [];
        const oneJob = async () => {
          one.push(await job(1, `one-${one.length}`));
          ctx.log(`  1-store job: ${Math.round(one.at(-1).ms)} ms`);
        };
        await oneJob();
        await oneJob();
        const ten = await job(STORES, 'ten');
        ctx.log(`  ${STORES}-store job: ${Math.round(ten.ms)} ms`);
        await oneJob();

        const median = (xs) => (xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[xs.length >> 1]);
        const sum = (xs) => xs.reduce((a, b) => a + b, 0);
        const oneSteps = one.flatMap((j) => j.steps);
        const of = (steps, step, threads) =>
          steps.filter((s) => s.step === step && (threads === undefined || s.threads === threads));
        const rss = (steps) => median(steps.map((s) => s.rssMb));
        // Memory per process, like for like: introspect, and generate at the same prettier thread
        // count (a generate whose prettier used a worker thread, on idle cores only, peaks higher).
        const introspectRss = { one: rss(of(oneSteps, 'introspect')), ten: rss(of(ten.steps, 'introspect')) };
        const threads =
          [1, 2].find((t) => of(oneSteps, 'generate', t).length > 0 && of(ten.steps, 'generate', t).length > 0) ?? null;
        const generateRss =
          threads === null
            ? { one: rss(of(oneSteps, 'generate')), ten: rss(of(ten.steps, 'generate')) }
            : { one: rss(of(oneSteps, 'generate', threads)), ten: rss(of(ten.steps, 'generate', threads)) };
        const peakOf = (steps) => Math.max(...steps.map((s) => s.rssMb));
        const mid = [...one].sort((a, b) => a.ms - b.ms)[one.length >> 1];
        const oneM = derived(
          'scale.one',
          `1 store: introspect + generate (${made[0].resources} resources)`,
          one.map((j) => j.ms),
          {
            files: mid.size.files,
            bytes: mid.size.bytes,
          },
        );
        oneM.rssMb = peakOf(oneSteps);
        const generateTen = of(ten.steps, 'generate');
        const tenM = derived(
          'scale.ten',
          `${STORES} stores: introspect + generate each, one after the other`,
          [ten.ms],
          {
            files: ten.size.files,
            bytes: ten.size.bytes,
            'introspect total': `${(sum(of(ten.steps, 'introspect').map((s) => s.ms)) / 1000).toFixed(1)} s`,
            'generate total': `${(sum(generateTen.map((s) => s.ms)) / 1000).toFixed(1)} s`,
          },
        );
        tenM.rssMb = peakOf(ten.steps);
        const perStore = derived('scale.ten-per-store', `${STORES} stores, per store`, [ten.ms / STORES]);
        const ratio = (r) => (r.one && r.ten ? r.ten / r.one : null);
        const ms = (xs) => xs.map((s) => Math.round(s.ms)).join('/');
        return {
          measurements: [oneM, tenM, perStore],
          ratios: [
            {
              label: `scale: ${STORES}-store job ÷ 1-store job (time; linear = ${STORES})`,
              num: 'scale.ten',
              den: 'scale.one',
            },
            {
              label: `scale: per-store time, ${STORES} stores ÷ 1 store (linear = 1)`,
              num: 'scale.ten-per-store',
              den: 'scale.one',
              target: 1.1,
            },
            {
              label: `scale: introspect peak RSS, ${STORES} stores ÷ 1 store (flat = 1)`,
              value: ratio(introspectRss),
              target: 1.1,
            },
            {
              label: `scale: generate peak RSS${threads === null ? '' : ` (prettier on ${threads} thread${threads > 1 ? 's' : ''})`}, ${STORES} stores ÷ 1 store (flat = 1)`,
              value: ratio(generateRss),
              target: 1.1,
            },
          ],
          notes: [
            `synthetic stores of ${RESOURCES} resources (${made[0].copies} renamed copies, ${made.map((m) => m.extraFields).join('/')} extra fields per resource), ${LATENCY_MS} ms latency; generate per store, first 3 stores ${ms(generateTen.slice(0, 3))} ms, last 3 ${ms(generateTen.slice(-3))} ms; prettier on 2 threads in ${generateTen.filter((s) => s.threads > 1).length} of ${STORES} generates`,
            `peak RSS per process (medians): introspect ${Math.round(introspectRss.one)} MiB with 1 store, ${Math.round(introspectRss.ten)} MiB with ${STORES}; generate ${Math.round(generateRss.one)} / ${Math.round(generateRss.ten)} MiB; the table's peak RSS is the largest of any process (each step is its own process, so memory does not accumulate over the stores)`,
          ],
        };
      } finally {
        await store.close();
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  },
};
