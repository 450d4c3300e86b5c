// Tables of the benchmark results: aligned text for the console, Markdown for bench/results.md.
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';

export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model?.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
    // Other work on the machine makes timings noisy; the 1-minute load at the start says how much.
    load: Number(loadavg()[0].toFixed(2)),
  };
}

const fmtMs = (v) =>
  v === null || v === undefined
    ? '–'
    : v >= 10_000
      ? `${(v / 1000).toFixed(1)} s`
      : v < 10
        ? `${v.toFixed(2)} ms`
        : `${Math.round(v)} ms`;
const fmtMb = (v) => (v === null || v === undefined ? '–' : `${Math.round(v)} MiB`);
const fmtRatio = (v) => (v === null ? '–' : `${v.toFixed(2)}×`);

function extraText(extra) {
  if (!extra) return '';
  const parts = [];
  if (extra.files !== undefined) parts.push(`${extra.files} files`);
  if (extra.bytes !== undefined) parts.push(`${(extra.bytes / 1024).toFixed(0)} KiB`);
  if (extra.filesWritten !== undefined) parts.push(`${extra.filesWritten} files written`);
  for (const [k, v] of Object.entries(extra))
    if (!['files', 'bytes', 'filesWritten'].includes(k)) parts.push(`${k} ${v}`);
  return parts.join(', ');
}

/** Rows of the main table: one per measurement, plus one per skipped or failed section. */
function rows(results) {
  const out = [];
  for (const s of results.sections) {
    if (s.status !== 'ok') {
      out.push([s.name, `(${s.status}: ${s.reason})`, '', '', '', '', '', '']);
      continue;
    }
    for (const m of s.measurements) {
      out.push([
        s.name,
        m.label,
        fmtMs(m.median),
        m.cpuMs == null ? '' : fmtMs(m.cpuMs),
        `${fmtMs(m.min)} – ${fmtMs(m.max)}`,
        String(m.runs ?? m.samples.length),
        fmtMb(m.rssMb),
        extraText(m.extra),
      ]);
    }
  }
  return out;
}

const HEAD = ['section', 'measurement', 'median', 'CPU (median)', 'range', 'runs', 'peak RSS', 'output'];
const RATIO_HEAD = ['ratio or check (numerator ÷ denominator)', 'value', 'target', 'met'];

/** Ratio rows; a row with `unit` is a plain value (e.g. files written) instead of a ratio. */
function ratioRows(results) {
  return results.ratios.map((r) => [
    r.label,
    r.unit === undefined ? fmtRatio(r.value) : r.value === null ? '–' : `${r.value} ${r.unit}`,
    r.target === undefined ? '' : r.unit === undefined ? `≤ ${r.target}` : `≤ ${r.target} ${r.unit}`,
    r.value === null ? 'not measured' : r.target === undefined ? '' : r.value <= r.target ? 'yes' : 'no',
  ]);
}

function textTable(head, body) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function mdTable(head, body) {
  const esc = (c) => c.replace(/\|/g, '\\|');
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

function header(results) {
  const m = results.machine;
  return `${results.date}, ${m.cpu} (${m.cores} cores), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, load ${m.load} at start; ${results.runs} runs per measurement after ${results.warmup} warm-up, medians; snapshot ${results.snapshot ?? 'none'}; total ${(results.totalMs / 1000).toFixed(0)} s`;
}

function allNotes(results) {
  const notes = results.sections.flatMap((s) => (s.notes ?? []).map((n) => `- ${s.name}: ${n}`));
  return results.memory ? [`- memory: ${results.memory}`, ...notes] : notes;
}

export function renderText(results) {
  const notes = allNotes(results);
  return [
    header(results),
    '',
    textTable(HEAD, rows(results)),
    '',
    textTable(RATIO_HEAD, ratioRows(results)),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

export function renderMarkdown(results) {
  const notes = allNotes(results);
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.mjs). ${header(results)}.`,
    '',
    mdTable(HEAD, rows(results)),
    '',
    mdTable(RATIO_HEAD, ratioRows(results)),
    ...(notes.length ? ['', '## Notes', '', ...notes] : []),
    '',
  ].join('\n');
}

/** The docs page whose "Latest results" block a full run rewrites. */
export const PERFORMANCE_PAGE = 'docs/performance.md';

/** Markers of the block of the Performance page that a full run rewrites with its tables. */
export const README_START = '<!-- bench:results:start (written by npm run bench) -->';
export const README_END = '<!-- bench:results:end -->';

/** The Performance page (`docs/performance.md`) with the block between the markers replaced by this run's tables; null without markers. */
export function withReadmeResults(readme, results) {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return null;
  const notes = allNotes(results);
  const block = [
    README_START,
    `Latest run: ${header(results)}.`,
    '',
    mdTable(HEAD, rows(results)),
    '',
    mdTable(RATIO_HEAD, ratioRows(results)),
    ...(notes.length ? ['', ...notes] : []),
    '',
  ].join('\n');
  return `${readme.slice(0, start)}${block}${readme.slice(end)}`;
}
