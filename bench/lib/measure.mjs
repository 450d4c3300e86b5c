// Process runner and statistics for the benchmark. Every timing is a whole process, start to exit.
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HOOK = pathToFileURL(fileURLToPath(new URL('./rss-hook.mjs', import.meta.url))).href;

let counter = 0;

/**
 * Runs `node <script> ...args` with the RSS hook. Resolves to the wall time (ms), the peak RSS
 * (MiB, null when unknown), the CPU time (ms, null when unknown), the exit code and the captured output.
 */
export async function runNode(script, args, { cwd, env = {}, tmp, timeoutMs = 300_000 }) {
  const rssFile = join(tmp, `rss-${process.pid}-${++counter}.txt`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', HOOK, script, ...args], {
    cwd,
    env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, signal) => resolve(c ?? (signal ? 128 : 1)));
  });
  clearTimeout(timer);
  const ms = performance.now() - started;
  let rssMb = null;
  let cpuMs = null;
  try {
    const [rss, cpu] = (await readFile(rssFile, 'utf8')).split(' ');
    rssMb = Number(rss) / 1024;
    cpuMs = cpu === undefined ? null : Number(cpu) / 1000;
    await rm(rssFile, { force: true });
  } catch {
    rssMb = null;
  }
  return { ms, rssMb, cpuMs, code, stdout, stderr };
}

export function median(values) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Summary of samples: median, min, max. */
export function summarize(samples) {
  return {
    samples,
    median: median(samples),
    min: samples.length ? Math.min(...samples) : null,
    max: samples.length ? Math.max(...samples) : null,
  };
}

/** Every file under a directory: relative path → { size, mtimeMs }. */
export async function listFiles(dir) {
  const out = new Map();
  async function walk(d, prefix) {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(join(d, e.name), rel);
      else if (e.isFile()) {
        const s = await stat(join(d, e.name));
        out.set(rel, { size: s.size, mtimeMs: s.mtimeMs });
      }
    }
  }
  await walk(dir, '');
  return out;
}

/** Files and bytes under a directory. */
export async function outputSize(dir) {
  const files = await listFiles(dir);
  let bytes = 0;
  for (const f of files.values()) bytes += f.size;
  return { files: files.size, bytes };
}

/**
 * Measures contenders in interleaved rounds (A B C, A B C, ...) so that drift on a shared machine
 * hits each of them alike. The first `warmup` rounds are not counted. A contender is
 * `{ id, label, prepare?(), run() → runNode result, check?(result), runs?, warmup? }`; `check`
 * may throw; `runs`/`warmup` lower the counts of a slow contender (it sits out the last rounds).
 */
export async function measureRounds(contenders, { runs, warmup, log }) {
  if (contenders.length === 0) return [];
  const acc = new Map(contenders.map((c) => [c.id, { ms: [], rss: [], cpu: [] }]));
  const plan = new Map(
    contenders.map((c) => [
      c.id,
      { warmup: Math.min(c.warmup ?? warmup, warmup), runs: Math.min(c.runs ?? runs, runs) },
    ]),
  );
  for (let round = 0; round < warmup + runs; round++) {
    for (const c of contenders) {
      const p = plan.get(c.id);
      // Fewer warm-ups: it starts at the first counted round; fewer runs: it sits out the last ones.
      const own = round - (warmup - p.warmup);
      if (own < 0 || own >= p.warmup + p.runs) continue;
      if (c.prepare) await c.prepare();
      const res = await c.run();
      if (res.code !== 0) {
        throw new Error(
          `${c.label} exited ${res.code}: ${(res.stderr || res.stdout).trim().split('\n').slice(-5).join(' | ')}`,
        );
      }
      if (c.check) await c.check(res);
      if (own >= p.warmup) {
        acc.get(c.id).ms.push(res.ms);
        if (res.rssMb !== null) acc.get(c.id).rss.push(res.rssMb);
        if (res.cpuMs != null) acc.get(c.id).cpu.push(res.cpuMs);
      }
      log(
        `  ${own < p.warmup ? 'warm-up' : `run ${own - p.warmup + 1}/${p.runs}`} ${c.label}: ${Math.round(res.ms)} ms`,
      );
    }
  }
  return contenders.map((c) => {
    const a = acc.get(c.id);
    // `cpuMs`: median CPU time of the process, steadier than wall time on a shared machine.
    return { id: c.id, label: c.label, unit: 'ms', ...summarize(a.ms), rssMb: median(a.rss), cpuMs: median(a.cpu) };
  });
}

/** A measurement made of given samples (derived values such as a per-resource time). */
export function derived(id, label, samples, extra) {
  return { id, label, unit: 'ms', ...summarize(samples), rssMb: null, ...(extra === undefined ? {} : { extra }) };
}
