#!/usr/bin/env node
// The benchmark (`npm run bench`, which builds first). Runs every section of bench/lib/sections in
// one process, prints a table of medians and ratios, and writes bench/results.md and
// bench/results.json. Not part of `npm test`.
//
//   node bench/run.mjs [--only export,generate] [--runs 5] [--warmup 1] [--snapshot path]
//
// Every timing is a whole process (spawn to exit) measured on this machine in this run.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runNode as runNodeRaw, measureRounds as measureRoundsRaw } from './lib/measure.mjs';
import { machine, PERFORMANCE_PAGE, renderMarkdown, renderText, withReadmeResults } from './lib/report.mjs';
import { RATIOS, SECTIONS } from './lib/sections/index.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');
const WORK = join(BENCH, '.work');
const DEFAULT_SNAPSHOT = join(ROOT, 'test', 'golden', 'prestashop-8.2.0', 'prestashop-schema.json');
const BUDGET_MS = 10 * 60 * 1000;

const { values: opts } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '5' },
    warmup: { type: 'string', default: '1' },
    snapshot: { type: 'string', default: process.env.BENCH_SNAPSHOT ?? DEFAULT_SNAPSHOT },
  },
});
const runs = Math.max(1, Number(opts.runs) || 5);
const warmup = Math.max(0, Number(opts.warmup) || 0);
const only = opts.only ? new Set(opts.only.split(',').map((s) => s.trim())) : null;
const snapshot = existsSync(resolve(opts.snapshot)) ? resolve(opts.snapshot) : null;

class Skip extends Error {}

const log = (msg) => process.stderr.write(`${msg}\n`);

/** What every section gets: paths, process runners and a few cached steps. */
function makeContext() {
  const commands = new Map();
  let exported = null;
  const ctx = {
    root: ROOT,
    runs,
    warmup,
    snapshot,
    log,
    skip(reason) {
      throw new Skip(reason);
    },
    requireSnapshot() {
      if (snapshot === null) ctx.skip(`no snapshot at ${opts.snapshot} (pass --snapshot)`);
    },
    workPath: (...parts) => join(WORK, ...parts),
    libPath: (...parts) => join(BENCH, 'lib', ...parts),
    runNode: (script, args, o = {}) => runNodeRaw(script, args, { cwd: ROOT, tmp: WORK, ...o }),
    runCli: (args, o = {}) => ctx.runNode(join(ROOT, 'dist', 'cli', 'bin.js'), args, o),
    /** Interleaved rounds; `o` may lower the runs or warm-ups of slow measurements. */
    measureRounds: (contenders, o = {}) =>
      measureRoundsRaw(contenders, { runs: o.runs ?? runs, warmup: o.warmup ?? warmup, log }),
    /** Installed version of a package (read from node_modules: not every package exports its package.json). */
    version(pkg) {
      return JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    },
    /** The script of a package's (first) bin. */
    bin(pkg) {
      const dir = join(ROOT, 'node_modules', pkg);
      const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return join(dir, typeof bin === 'string' ? bin : Object.values(bin)[0]);
    },
    /** True when the built CLI lists the command in its help (it exists in dist/). */
    async hasCommand(name) {
      if (commands.size === 0) {
        const help = await ctx.runCli(['--help']);
        for (const m of help.stdout.matchAll(/^\s+prestashop-codegen\s+([a-z][\w-]*)/gm)) commands.set(m[1], true);
        commands.set('', false);
      }
      return commands.get(name) === true;
    },
    /** Our OpenAPI export of the snapshot (written once per run), for the peers. */
    async exportedOpenApi() {
      if (exported === null) {
        const out = join(WORK, 'openapi.json');
        const res = await ctx.runCli(['export', '--schema', snapshot, '--format', 'openapi', '--out', out]);
        if (res.code !== 0) throw new Error(`export failed: ${res.stderr.trim()}`);
        exported = out;
      }
      return exported;
    },
  };
  return ctx;
}

async function main() {
  const started = performance.now();
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  // Generated output here would take the project's own prettier settings (.prettierrc.json at the
  // root, printWidth 120, single quotes), which the layout step does not lay out, so every file
  // would go through prettier: the bench measures the default settings, as a user's project
  // without a prettier config gets them.
  await writeFile(join(WORK, '.prettierrc.json'), '{}\n');
  const ctx = makeContext();
  const sections = [];
  for (const section of SECTIONS) {
    if (only !== null && !only.has(section.name)) continue;
    log(`== ${section.title}`);
    const t0 = performance.now();
    try {
      const result = await section.run(ctx);
      sections.push({ name: section.name, title: section.title, status: 'ok', ...result });
    } catch (error) {
      const skipped = error instanceof Skip;
      log(`  ${skipped ? 'skipped' : 'FAILED'}: ${error.message}`);
      sections.push({
        name: section.name,
        title: section.title,
        status: skipped ? 'skipped' : 'failed',
        reason: error.message,
      });
    }
    log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }

  const byId = new Map(sections.flatMap((s) => (s.measurements ?? []).map((m) => [m.id, m])));
  const ratioSpecs = [...RATIOS, ...sections.flatMap((s) => s.ratios ?? [])];
  const ratios = ratioSpecs
    .filter((r) => only === null || r.num === undefined || byId.has(r.num) || byId.has(r.den))
    .map((r) => {
      if (r.num === undefined) return r; // a value given by its section (e.g. files written by a no-op)
      // `of`: which number of the two measurements (default their medians; `rssMb` for memory).
      const num = byId.get(r.num)?.[r.of ?? 'median'] ?? null;
      const den = byId.get(r.den)?.[r.of ?? 'median'] ?? null;
      return { ...r, value: num !== null && den !== null && den > 0 ? num / den : null };
    });

  // Peak memory of the processes users run most (the table has every measurement's).
  const rss = [
    ['generate (formatted)', 'generate.ours-format'],
    ['generate --no-format', 'generate.ours-noformat'],
    ['no-op generate', 'noop.generate'],
    ['introspect', 'introspect.default'],
    ['1-store scale job (largest process)', 'scale.one'],
  ]
    .filter(([, id]) => byId.get(id)?.rssMb != null)
    .map(([label, id]) => `${label} ${Math.round(byId.get(id).rssMb)} MiB`);
  const memory = rss.length === 0 ? null : `peak RSS (median of the runs): ${rss.join(', ')}`;

  const totalMs = performance.now() - started;
  const results = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    runs,
    warmup,
    snapshot: snapshot === null ? null : snapshot.startsWith(ROOT) ? snapshot.slice(ROOT.length + 1) : snapshot,
    totalMs,
    sections,
    ratios,
    memory,
  };
  process.stdout.write(`\n${renderText(results)}\n`);
  await writeFile(join(BENCH, 'results.md'), renderMarkdown(results));
  await writeFile(join(BENCH, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  // A full run on the default snapshot also refreshes the tables of the Performance page.
  let readme = '';
  if (only === null && snapshot === resolve(DEFAULT_SNAPSHOT)) {
    const path = join(ROOT, PERFORMANCE_PAGE);
    const updated = withReadmeResults(await readFile(path, 'utf8'), results);
    if (updated !== null) {
      await writeFile(path, updated);
      readme = `, ${PERFORMANCE_PAGE}`;
    }
  }
  log(`\nwrote bench/results.md, bench/results.json${readme} (${(totalMs / 1000).toFixed(0)} s)`);
  if (totalMs > BUDGET_MS) log(`warning: the benchmark took longer than ${BUDGET_MS / 60000} minutes`);
  if (sections.some((s) => s.status === 'failed')) process.exitCode = 1;
}

main().catch((error) => {
  log(`bench: ${error.stack ?? error}`);
  process.exitCode = 1;
});
