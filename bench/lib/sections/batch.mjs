// batch: 500 products written through the generated client to the CRUD fake store (its own
// process, 10 ms of latency per request, like a fast real store): `createMany` (25 per request,
// 2 requests at a time, its defaults) against 500 `create` calls one after the other and 500
// `create` calls 2 at a time (createMany's default concurrency). Whole processes: each run bundles
// nothing, it runs the program esbuild bundled once from the generated output.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStoreProcess } from '../store-process.mjs';

const LATENCY_MS = 10;
const COUNT = 500;
const CONCURRENCY = 2;

const PROGRAM = `import { createClient } from './out/index.js';
const client = createClient({ baseUrl: process.env.URL, apiKey: process.env.KEY, retries: 0 });
const inputs = Array.from({ length: ${COUNT} }, (_, i) => ({ name: [{ id: 1, value: 'Bench ' + i }, { id: 2, value: 'Banc ' + i }], price: 1 + i }));
let saved = 0;
if (process.env.MODE === 'many') {
  saved = (await client.products.createMany(inputs)).filter((r) => r.status === 'saved').length;
} else {
  const width = process.env.MODE === 'sequential' ? 1 : ${CONCURRENCY};
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < inputs.length) { await client.products.create(inputs[next++]); saved++; }
  }));
}
console.log(JSON.stringify({ saved }));
`;

/** A CRUD fake store (products) in its own process, with latency. */
async function startStore(ctx) {
  const dist = pathToFileURL(join(ctx.root, 'dist') + '/').href;
  const { info, close } = await startStoreProcess(
    `import { readFileSync } from 'node:fs';
     const { startFakeStore, FAKE_STORE_KEY } = await import(${JSON.stringify(new URL('fakestore/index.js', dist).href)});
     const { parseSnapshot } = await import(${JSON.stringify(new URL('model/index.js', dist).href)});
     const schema = parseSnapshot(readFileSync(${JSON.stringify(ctx.snapshot)}, 'utf8'), 'snapshot');
     const store = await startFakeStore({ flavor: '8.x', latencyMs: ${LATENCY_MS}, crud: { schema, resources: ['products', 'categories', 'stock_availables'] } });
     console.log(JSON.stringify({ url: store.url, key: FAKE_STORE_KEY }));
     process.stdin.on('end', () => store.close().then(() => process.exit(0)));
     process.stdin.resume();`,
  );
  return { url: info.url, key: info.key, close };
}

export default {
  name: 'batch',
  title: `batch writes: ${COUNT} products to the CRUD fake store, ${LATENCY_MS} ms latency per request`,
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('generate'))) ctx.skip('the `generate` command is not in dist/cli yet');
    const project = ctx.workPath('batch');
    await rm(project, { recursive: true, force: true });
    await mkdir(project, { recursive: true });
    const gen = await ctx.runCli(['generate', '--schema', ctx.snapshot, '--out', join(project, 'out'), '--no-format']);
    if (gen.code !== 0)
      throw new Error(`generate exited ${gen.code}: ${gen.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    await writeFile(join(project, 'program.ts'), PROGRAM);
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(project, 'program.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      outfile: join(project, 'program.mjs'),
      logLevel: 'silent',
    });
    const store = await startStore(ctx);
    try {
      const requests = { many: Math.ceil(COUNT / 25), sequential: COUNT, parallel: COUNT };
      const contender = (id, label, mode) => ({
        id,
        label,
        run: () =>
          ctx.runNode(join(project, 'program.mjs'), [], { env: { URL: store.url, KEY: store.key, MODE: mode } }),
        check(res) {
          const { saved } = JSON.parse(res.stdout.trim().split('\n').at(-1));
          if (saved !== COUNT) throw new Error(`${label}: ${saved} of ${COUNT} saved`);
        },
      });
      const measured = await ctx.measureRounds(
        [
          contender('batch.createMany', `createMany (${requests.many} POSTs of 25, ${CONCURRENCY} at a time)`, 'many'),
          contender('batch.sequential', `${COUNT} create calls, one at a time`, 'sequential'),
          contender('batch.parallel', `${COUNT} create calls, ${CONCURRENCY} at a time`, 'parallel'),
        ],
        { runs: Math.min(2, ctx.runs), warmup: 0 },
      );
      measured[0].extra = { requests: requests.many };
      measured[1].extra = { requests: requests.sequential };
      measured[2].extra = { requests: requests.parallel };
      return {
        measurements: measured,
        ratios: [
          { label: `${COUNT} sequential creates ÷ createMany`, num: 'batch.sequential', den: 'batch.createMany' },
          {
            label: `${COUNT} creates ${CONCURRENCY} at a time ÷ createMany`,
            num: 'batch.parallel',
            den: 'batch.createMany',
          },
        ],
        notes: [
          `whole processes (start-up included); the store process keeps running between runs and holds every product created`,
        ],
      };
    } finally {
      await store.close();
    }
  },
};
