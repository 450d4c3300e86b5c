// `introspect` of the bundled 8.2.0 fixture store (every resource; it says PrestaShop 8.2.0, whose
// JSON synopses hold no metadata, so each resource is asked its XML synopsis and its list, side by
// side) with 100 ms and with 20 ms of latency per request, each store served from its own process.
// Whole CLI processes at the default concurrency, and at concurrency 1 with 100 ms.
//
// The latency floor is ⌈requests / concurrency⌉ × latency for the minimal request count (the
// listing, each resource's synopsis and list, the languages and the time zone: 137 here): the
// least time any client could take to send them through that many connections. The ratio to it
// says how close the introspector comes to the limit the store's latency sets.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeStoreProcess } from '../../introspect.mjs';
import { derived } from '../measure.mjs';

export const LATENCY_MS = 100;
/** The low latency of a store close by: the run is then bound by the CPU. */
export const LOW_LATENCY_MS = 20;

/** Requests and in-process time from the CLI's summary line (`... 137 requests, 0 retries, 3.2 s`). */
function summaryOf(stdout) {
  const m = /(\d+) requests, (\d+) retries, ([\d.]+) s/.exec(stdout);
  if (m === null) throw new Error(`no summary line in the introspect output: ${stdout.trim().slice(-200)}`);
  return { requests: Number(m[1]), retries: Number(m[2]), seconds: Number(m[3]) };
}

/** The runs against one store process at `latencyMs`: `variants` are `{ id, label, extra, runs?, warmup? }`. */
async function measureAt(ctx, latencyMs, variants) {
  const store = await startFakeStoreProcess(latencyMs);
  try {
    const env = { PRESTASHOP_API_KEY: store.key };
    const out = [];
    for (const v of variants) {
      const seen = [];
      const [m] = await ctx.measureRounds(
        [
          {
            id: v.id,
            label: v.label,
            run: () =>
              ctx.runCli(
                ['introspect', '--url', store.url, '--out', ctx.workPath('introspect', `${v.id}.json`), ...v.extra],
                { env },
              ),
            check(res) {
              const s = summaryOf(res.stdout);
              if (s.retries !== 0)
                throw new Error(`${v.label}: ${s.retries} retries (the numbers would not be comparable)`);
              seen.push(s);
            },
          },
        ],
        { runs: v.runs ?? ctx.runs, warmup: v.warmup ?? ctx.warmup },
      );
      const requests = seen.at(-1).requests;
      if (seen.some((s) => s.requests !== requests))
        throw new Error(`${v.label}: the runs did not send the same number of requests`);
      const inProcess = seen.slice(-m.samples.length).map((s) => s.seconds * 1000);
      m.extra = {
        requests,
        'in-process': `${(inProcess.sort((a, b) => a - b)[inProcess.length >> 1] / 1000).toFixed(2)} s`,
      };
      out.push({ m, requests });
    }
    return out;
  } finally {
    await store.close();
  }
}

export default {
  name: 'introspect',
  title: `introspect: 8.2.0 fixture store, ${LATENCY_MS} ms and ${LOW_LATENCY_MS} ms latency per request`,
  async run(ctx) {
    const { resolveIntrospectOptions } = await import(
      pathToFileURL(join(ctx.root, 'dist', 'introspect', 'options.js')).href
    );
    const concurrency = resolveIntrospectOptions({ url: 'http://127.0.0.1', key: 'k' }, () => {}).concurrency;
    const [high, serial] = await measureAt(ctx, LATENCY_MS, [
      {
        id: 'introspect.default',
        label: `prestashop-codegen introspect (concurrency ${concurrency}, ${LATENCY_MS} ms)`,
        extra: [],
      },
      // About 14 s a run: at most three runs, no warm-up (the time is the store's latency, not ours).
      {
        id: 'introspect.serial',
        label: `prestashop-codegen introspect --concurrency 1 (${LATENCY_MS} ms)`,
        extra: ['--concurrency', '1'],
        runs: Math.min(3, ctx.runs),
        warmup: 0,
      },
    ]);
    const [low] = await measureAt(ctx, LOW_LATENCY_MS, [
      {
        id: 'introspect.low',
        label: `prestashop-codegen introspect (concurrency ${concurrency}, ${LOW_LATENCY_MS} ms)`,
        extra: [],
      },
    ]);
    const requests = high.requests;
    if (serial.requests !== requests || low.requests !== requests)
      throw new Error('the runs did not send the same number of requests');
    const floor = (latency) => Math.ceil(requests / concurrency) * latency;
    return {
      measurements: [
        high.m,
        derived('introspect.floor', `latency floor ⌈${requests} / ${concurrency}⌉ × ${LATENCY_MS} ms`, [
          floor(LATENCY_MS),
        ]),
        low.m,
        derived('introspect.floor-low', `latency floor ⌈${requests} / ${concurrency}⌉ × ${LOW_LATENCY_MS} ms`, [
          floor(LOW_LATENCY_MS),
        ]),
        serial.m,
        derived('introspect.floor-serial', `latency floor at concurrency 1: ${requests} × ${LATENCY_MS} ms`, [
          requests * LATENCY_MS,
        ]),
      ],
      ratios: [
        {
          label: `introspect (concurrency ${concurrency}, ${LATENCY_MS} ms) ÷ latency floor`,
          num: 'introspect.default',
          den: 'introspect.floor',
          target: 1.15,
        },
        {
          label: `introspect (concurrency ${concurrency}, ${LOW_LATENCY_MS} ms) ÷ latency floor`,
          num: 'introspect.low',
          den: 'introspect.floor-low',
          target: 1.5,
        },
        {
          label: 'introspect --concurrency 1 ÷ its latency floor',
          num: 'introspect.serial',
          den: 'introspect.floor-serial',
        },
        {
          label: `introspect speed-up: concurrency 1 ÷ concurrency ${concurrency}`,
          num: 'introspect.serial',
          den: 'introspect.default',
        },
      ],
      notes: [
        `whole processes (start-up, snapshot written); ${requests} requests per run (the /api listing, each resource's XML synopsis and its list sent together, the languages, the time zone)`,
      ],
    };
  },
};
