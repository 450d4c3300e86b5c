// The benchmark's sections, run in this order. Each is `{ name, title, run(ctx) }`; `run` returns
// `{ measurements, notes?, ratios? }` or calls `ctx.skip(reason)`. Add a section by appending it.
// The validators and fakestore sections live with their benchmarks (bench/validators.mjs, bench/fakestore.mjs).
import batch from './batch.mjs';
import diffSection from './diff.mjs';
import exportSection from './export.mjs';
import introspect from './introspect.mjs';
import generate from './generate.mjs';
import impact from './impact.mjs';
import mcp from './mcp.mjs';
import noop from './noop.mjs';
import output from './output.mjs';
import scale from './scale.mjs';
import startup from './startup.mjs';
import tsc from './tsc.mjs';
import validators from '../../validators.mjs';
import fakestore from '../../fakestore.mjs';
import runtime from '../../runtime.mjs';

export const SECTIONS = [
  startup,
  introspect,
  exportSection,
  generate,
  noop,
  output,
  tsc,
  validators,
  diffSection,
  impact,
  mcp,
  scale,
  fakestore,
  batch,
  runtime,
];

/** Ratios of two measurements' medians (numerator ÷ denominator), shown when both were measured. */
export const RATIOS = [
  { label: 'generate formatted ÷ orval', num: 'generate.ours-format', den: 'peers.orval', target: 0.5 },
  { label: 'generate --no-format ÷ orval (both unformatted)', num: 'generate.ours-noformat', den: 'peers.orval' },
  {
    label: 'generate formatted ÷ orval + prettier (both formatted)',
    num: 'generate.ours-format',
    den: 'peers.orval-prettier',
  },
  { label: 'generate formatted ÷ openapi-typescript', num: 'generate.ours-format', den: 'peers.openapi-typescript' },
  {
    label: 'generate --no-format ÷ openapi-typescript',
    num: 'generate.ours-noformat',
    den: 'peers.openapi-typescript',
  },
];
