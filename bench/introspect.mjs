#!/usr/bin/env node
/**
 * Time to introspect the bundled PrestaShop 8.2.0 fixture store with 50 ms of injected latency
 * per request, at the default concurrency (8) and at concurrency 1. Medians of RUNS runs each,
 * interleaved, and their ratio from the same process. Uses the built package (npm run build).
 * The fake store runs in a child process so its own work does not share the introspector's thread.
 *
 *   node bench/introspect.mjs [runs=3] [latencyMs=50]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FAKE_STORE_KEY } from '../dist/fakestore/index.js';
import { introspectStore } from '../dist/introspect/index.js';

const RUNS = Number(process.argv[2] ?? 3);
const LATENCY = Number(process.argv[3] ?? 50);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const child = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const { startFakeStore } = await import(${JSON.stringify(new URL('../dist/fakestore/index.js', import.meta.url).href)});
     const s = await startFakeStore({ flavor: '8.x', latencyMs: ${LATENCY} });
     console.log(s.url);
     process.stdin.on('end', () => s.close().then(() => process.exit(0)));
     process.stdin.resume();`,
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const [line] = await once(child.stdout, 'data');
const store = { url: String(line).trim(), close: async () => { child.stdin.end(); await once(child, 'exit'); } };
const settings = [
  { label: 'default concurrency (8)', options: {} },
  { label: 'concurrency 1', options: { concurrency: 1 } },
];
const times = settings.map(() => []);
let requests = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [i, s] of settings.entries()) {
      const started = performance.now();
      const result = await introspectStore({ url: store.url, key: FAKE_STORE_KEY, ...s.options });
      times[i].push(performance.now() - started);
      requests = result.summary.requests;
    }
  }
} finally {
  await store.close();
}
const medians = times.map(median);
console.log(`introspect bench: 8.2.0 fixture store, ${LATENCY} ms latency per request, ${requests} requests per run, median of ${RUNS} runs`);
for (const [i, s] of settings.entries()) {
  console.log(`  ${s.label.padEnd(26)} ${(medians[i] / 1000).toFixed(2)} s   (runs: ${times[i].map((t) => (t / 1000).toFixed(2)).join(', ')})`);
}
console.log(`  speed-up                   ${(medians[1] / medians[0]).toFixed(1)}x`);
