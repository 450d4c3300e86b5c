// `introspect` of the bundled 8.2.0 fixture store (run in its own process) with 50 ms of latency
// per request, as a whole CLI process: default concurrency (8) and concurrency 1.
import { startFakeStoreProcess } from '../../introspect.mjs';

const LATENCY_MS = 50;

export default {
  name: 'introspect',
  title: `introspect: 8.2.0 fixture store, ${LATENCY_MS} ms latency per request`,
  async run(ctx) {
    const store = await startFakeStoreProcess(LATENCY_MS);
    try {
      const args = (out, extra) => ['introspect', '--url', store.url, '--out', ctx.workPath('introspect', out), ...extra];
      const env = { PRESTASHOP_API_KEY: store.key };
      const measurements = await ctx.measureRounds([
        {
          id: 'introspect.default',
          label: 'prestashop-codegen introspect (concurrency 8)',
          run: () => ctx.runCli(args('default.json', []), { env }),
        },
        {
          id: 'introspect.serial',
          label: 'prestashop-codegen introspect --concurrency 1',
          run: () => ctx.runCli(args('serial.json', ['--concurrency', '1']), { env }),
        },
      ]);
      return {
        measurements,
        ratios: [{ label: 'introspect concurrency 1 ÷ concurrency 8', num: 'introspect.serial', den: 'introspect.default' }],
      };
    } finally {
      await store.close();
    }
  },
};
