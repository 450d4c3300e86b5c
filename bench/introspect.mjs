#!/usr/bin/env node
/**
 * Time to introspect the bundled PrestaShop 8.2.0 fixture store with 50 ms of injected latency
 * per request, at the default concurrency (8) and at concurrency 1. Medians of RUNS runs each,
 * interleaved, and their ratio from the same process. Uses the built package (npm run build).
 * The fake store runs in a child process so its own work does not share the introspector's thread.
 *
 *   node bench/introspect.mjs [runs=3] [latencyMs=50]
 *
 * `npm run bench` measures the same through the CLI (section `introspect`, bench/lib/sections).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

const DIST = new URL('../dist/', import.meta.url);

/** Starts the bundled 8.x fake store in a child process; resolves to `{ url, key, close() }`. */
export async function startFakeStoreProcess(latencyMs) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startFakeStore, FAKE_STORE_KEY } = await import(${JSON.stringify(new URL('fakestore/index.js', DIST).href)});
       const s = await startFakeStore({ flavor: '8.x', latencyMs: ${Number(latencyMs)} });
       console.log(JSON.stringify({ url: s.url, key: FAKE_STORE_KEY }));
       process.stdin.on('end', () => s.close().then(() => process.exit(0)));
       process.stdin.resume();`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = await once(child.stdout, 'data');
  const { url, key } = JSON.parse(String(line));
  return {
    url,
    key,
    async close() {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  const latency = Number(process.argv[3] ?? 50);
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
  console.log(`introspect bench: 8.2.0 fixture store, ${latency} ms latency per request, ${requests} requests per run, median of ${runs} runs`);
  for (const [i, s] of settings.entries()) {
    console.log(`  ${s.label.padEnd(26)} ${(medians[i] / 1000).toFixed(2)} s   (runs: ${times[i].map((t) => (t / 1000).toFixed(2)).join(', ')})`);
  }
  console.log(`  speed-up                   ${(medians[1] / medians[0]).toFixed(1)}x`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
