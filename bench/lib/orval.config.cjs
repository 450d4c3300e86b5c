// orval configuration for the benchmark: types + fetch client, and zod schemas, from the exported
// OpenAPI document. Paths come from the environment so the harness decides where things go.
// BENCH_ORVAL_PRETTIER=1 turns on orval's own prettier step (it runs the `prettier` CLI on PATH).
const input = process.env.BENCH_ORVAL_INPUT;
const out = process.env.BENCH_ORVAL_OUT;
if (!input || !out) throw new Error('BENCH_ORVAL_INPUT and BENCH_ORVAL_OUT must be set');
const prettier = process.env.BENCH_ORVAL_PRETTIER === '1';

module.exports = {
  api: {
    input: { target: input },
    output: { target: `${out}/api.ts`, schemas: `${out}/model`, client: 'fetch', mode: 'split', prettier },
  },
  zod: {
    input: { target: input },
    output: { target: `${out}/zod.ts`, client: 'zod', mode: 'single', prettier },
  },
};
