#!/usr/bin/env node
/**
 * Time to introspect the bundled PrestaShop 8.2.0 fixture store with injected latency
 * per request, at the default concurrency (8) and at concurrency 1. Medians of RUNS runs each,
 * interleaved, and their ratio from the same process. Uses the built package (npm run build).
 * The fake store runs in a child process so its own work does not share the introspector's thread.
 *
 *   node bench/introspect.mjs [runs=3] [latencyMs=100]
 *
 * `npm run bench` measures the same through the CLI (section `introspect`, bench/lib/sections).
 */
import { pathToFileURL } from 'node:url';
import { startStoreProcess } from './lib/store-process.mjs';

const DIST = new URL('../dist/', import.meta.url);

/**
 * Starts fake stores in a child process: the bundled 8.x store, or one store per fixture directory
 * of `fixtureDirs`. Resolves to `{ url, urls, key, close() }` (`url` is the first store's).
 */
export async function startFakeStoreProcess(latencyMs, fixtureDirs = [null]) {
  const { info, close } = await startStoreProcess(
    `const { startFakeStore, FAKE_STORE_KEY } = await import(${JSON.stringify(new URL('fakestore/index.js', DIST).href)});
     const stores = [];
     for (const dir of ${JSON.stringify(fixtureDirs)}) {
       stores.push(await startFakeStore({ flavor: '8.x', latencyMs: ${Number(latencyMs)}, ...(dir === null ? {} : { fixtureDir: dir }) }));
     }
     console.log(JSON.stringify({ urls: stores.map((s) => s.url), key: FAKE_STORE_KEY }));
     process.stdin.on('end', () => Promise.all(stores.map((s) => s.close())).then(() => process.exit(0)));
     process.stdin.resume();`,
  );
  return { url: info.urls[0], urls: info.urls, key: info.key, close };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  const latency = Number(process.argv[3] ?? 100);
  const { introspectStore } = await import(new URL('introspect/index.js', DIST).href);
  const store = await startFakeStoreProcess(latency);
  const settings = [
    { label: 'default concurrency (8)', options: {} },
    { label: 'concurrency 1', options: { concurrency: 1 } },
  ];
  const times = settings.map(() => []);
  let requests = 0;
  try {
    for (let run = 0; run < runs; run++) {
      for (const [i, s] of settings.entries()) {
        const started = performance.now();
        const result = await introspectStore({ url: store.url, key: store.key, ...s.options });
        times[i].push(performance.now() - started);
        requests = result.summary.requests;
      }
    }
  } finally {
    await store.close();
  }
  const medians = times.map(median);
  console.log(
    `introspect bench: 8.2.0 fixture store, ${latency} ms latency per request, ${requests} requests per run, median of ${runs} runs`,
  );
  for (const [i, s] of settings.entries()) {
    console.log(
      `  ${s.label.padEnd(26)} ${(medians[i] / 1000).toFixed(2)} s   (runs: ${times[i].map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
  }
  console.log(`  speed-up                   ${(medians[1] / medians[0]).toFixed(1)}x`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
