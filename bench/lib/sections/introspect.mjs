// `introspect` of the bundled 8.2.0 fixture store (every resource; its JSON synopses hold no
// metadata, so each resource falls back to the XML synopsis) with 100 ms of latency per request,
// served from its own process. Whole CLI processes at the default concurrency and at concurrency 1.
//
// The latency floor is ⌈requests / concurrency⌉ × latency: the least time any client could take
// to send that many requests through that many connections. The ratio to it says how close the
// introspector comes to the limit the store's latency sets (target ≤ 1.25×).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeStoreProcess } from '../../introspect.mjs';
import { derived } from '../measure.mjs';

export const LATENCY_MS = 100;

/** Requests and in-process time from the CLI's summary line (`... 203 requests, 0 retries, 3.2 s`). */
function summaryOf(stdout) {
  const m = /(\d+) requests, (\d+) retries, ([\d.]+) s/.exec(stdout);
  if (m === null) throw new Error(`no summary line in the introspect output: ${stdout.trim().slice(-200)}`);
  return { requests: Number(m[1]), retries: Number(m[2]), seconds: Number(m[3]) };
}

export default {
  name: 'introspect',
  title: `introspect: 8.2.0 fixture store, ${LATENCY_MS} ms latency per request`,
  async run(ctx) {
    const { resolveIntrospectOptions } = await import(pathToFileURL(join(ctx.root, 'dist', 'introspect', 'options.js')).href);
    const concurrency = resolveIntrospectOptions({ url: 'http://127.0.0.1', key: 'k' }, () => {}).concurrency;
    const store = await startFakeStoreProcess(LATENCY_MS);
    try {
      const args = (out, extra) => ['introspect', '--url', store.url, '--out', ctx.workPath('introspect', out), ...extra];
      const env = { PRESTASHOP_API_KEY: store.key };
      const seen = { default: [], serial: [] };
      const contender = (id, label, file, extra, into) => ({
        id,
        label,
        run: () => ctx.runCli(args(file, extra), { env }),
        check(res) {
          const s = summaryOf(res.stdout);
          if (s.retries !== 0) throw new Error(`${label}: ${s.retries} retries (the numbers would not be comparable)`);
          into.push(s);
        },
      });
      const [atDefault] = await ctx.measureRounds([
        contender('introspect.default', `prestashop-codegen introspect (default concurrency ${concurrency})`, 'default.json', [], seen.default),
      ]);
      // About 20 s a run: three runs, no warm-up (the time is the store's latency, not ours).
      const [serial] = await ctx.measureRounds(
        [contender('introspect.serial', 'prestashop-codegen introspect --concurrency 1', 'serial.json', ['--concurrency', '1'], seen.serial)],
        { runs: Math.min(3, ctx.runs), warmup: 0 },
      );
      const requests = seen.default.at(-1).requests;
      if (seen.serial.some((s) => s.requests !== requests) || seen.default.some((s) => s.requests !== requests)) {
        throw new Error('the runs did not send the same number of requests');
      }
      const floorMs = Math.ceil(requests / concurrency) * LATENCY_MS;
      const inProcess = seen.default.slice(-atDefault.samples.length).map((s) => s.seconds * 1000);
      atDefault.extra = { requests, 'in-process': `${(inProcess.sort((a, b) => a - b)[inProcess.length >> 1] / 1000).toFixed(1)} s` };
      serial.extra = { requests };
      const floor = derived('introspect.floor', `latency floor ⌈${requests} / ${concurrency}⌉ × ${LATENCY_MS} ms`, [floorMs]);
      const floorSerial = derived('introspect.floor-serial', `latency floor at concurrency 1: ${requests} × ${LATENCY_MS} ms`, [requests * LATENCY_MS]);
      return {
        measurements: [atDefault, floor, serial, floorSerial],
        ratios: [
          { label: `introspect (concurrency ${concurrency}) ÷ latency floor`, num: 'introspect.default', den: 'introspect.floor', target: 1.25 },
          { label: 'introspect --concurrency 1 ÷ its latency floor', num: 'introspect.serial', den: 'introspect.floor-serial' },
          { label: `introspect speed-up: concurrency 1 ÷ concurrency ${concurrency}`, num: 'introspect.serial', den: 'introspect.default' },
        ],
        notes: [
          `whole processes (start-up, snapshot written); ${requests} requests per run (the /api listing, each resource's JSON synopsis, its XML synopsis as the fallback and its list, the languages)`,
        ],
      };
    } finally {
      await store.close();
    }
  },
};
