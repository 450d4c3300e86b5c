#!/usr/bin/env node
// Fake store benchmark: `createFakeStore` (prestashop-codegen/testing, from dist/) started from the
// 8.2.0 snapshot with its seed records, and its throughput for a `get` and a `list` (the requests
// the generated client sends: XML, `display=full` for a list) against a bare `node:http` server on
// 127.0.0.1 that answers the same bytes, measured in the same run, interleaved.
//
//   node bench/fakestore.mjs [--snapshot path] [--rounds 5] [--requests 2000] [--concurrency 16] [--json]
//
// Start-up is timed in fresh processes (import excluded, first call, as a test's beforeAll pays it).
// The servers run in one child process and the load comes from this one over undici keep-alive
// connections, so both sides have a core. Loopback only; every loop is bounded by a request count.
// Needs `npm run build` first. `npm run bench` runs it as the `fakestore` section.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { median } from './lib/measure.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');
const SELF = fileURLToPath(import.meta.url);
const TESTING = pathToFileURL(join(ROOT, 'dist', 'testing', 'index.js')).href;
const KINDS = { get: '/api/products/1', list: '/api/products?display=full' };

const IS_MAIN = process.argv[1] !== undefined && resolve(process.argv[1]) === SELF;
// Only when run as a script: `npm run bench` imports this module for its section.
const { values: opts } = parseArgs({
  args: IS_MAIN ? process.argv.slice(2) : [],
  options: {
    snapshot: { type: 'string', default: join(ROOT, 'test', 'golden', 'prestashop-8.2.0', 'prestashop-schema.json') },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '16' },
    json: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'main' },
  },
});

/** One fresh process: import, then the first createFakeStore (timed), then a second one. */
async function startupMode() {
  const t0 = performance.now();
  const { createFakeStore } = await import(TESTING);
  const t1 = performance.now();
  const store = await createFakeStore(opts.snapshot);
  const t2 = performance.now();
  const products = store.records('products').length;
  await store.close();
  const t3 = performance.now();
  const again = await createFakeStore(opts.snapshot);
  const t4 = performance.now();
  await again.close();
  if (products === 0) throw new Error('the store started without its seed records');
  process.stdout.write(`${JSON.stringify({ importMs: t1 - t0, startMs: t2 - t1, warmStartMs: t4 - t3, products })}\n`);
}

/** The servers: the fake store and, per kind, a bare node:http server answering the fake's bytes. */
async function serveMode() {
  const { createFakeStore } = await import(TESTING);
  const store = await createFakeStore(opts.snapshot);
  const auth = `Basic ${Buffer.from(`${store.key}:`).toString('base64')}`;
  const bare = {};
  for (const [kind, path] of Object.entries(KINDS)) {
    const res = await fetch(`${store.url}${path}`, { headers: { authorization: auth, 'output-format': 'XML' } });
    if (res.status !== 200) throw new Error(`${kind}: the fake store answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const headers = { 'content-type': 'text/xml', 'content-length': String(body.length) };
    const server = createServer((req, out) => {
      req.resume();
      req.on('end', () => {
        out.writeHead(200, headers);
        out.end(body);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    bare[kind] = { url: `http://127.0.0.1:${server.address().port}`, bytes: body.length };
  }
  process.stdout.write(`${JSON.stringify({ fake: store.url, auth, bare })}\n`);
  // Each `cpu` line asks for this process's CPU time so far; until the parent closes our stdin
  // (it also kills us in its finally).
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.stdout.write(`${JSON.stringify({ cpuUs: user + system })}\n`);
    }
  }
  await store.close();
  process.exit(0);
}

/** Requests per second for `total` GETs of `path`, `concurrency` at a time over keep-alive connections. */
async function throughput(origin, path, headers, total, concurrency) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  try {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
        await body.arrayBuffer();
        if (statusCode !== 200) throw new Error(`${origin}${path} answered ${statusCode}`);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return total / ((performance.now() - t0) / 1000);
  } finally {
    await pool.close();
  }
}

function runChild(mode) {
  const child = spawn(process.execPath, [SELF, '--mode', mode, '--snapshot', opts.snapshot], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return child;
}

/** Reads a child's stdout one JSON line at a time. */
function lineReader(child) {
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the child process ended without a result');
    return JSON.parse(value);
  };
}

async function main() {
  const rounds = Math.max(1, Number(opts.rounds) || 5);
  const total = Math.max(100, Number(opts.requests) || 2000);
  const concurrency = Math.max(1, Number(opts.concurrency) || 16);

  const startup = [];
  for (let i = 0; i < rounds + 1; i++) {
    const child = runChild('startup');
    try {
      const r = await lineReader(child)();
      if (i > 0) startup.push(r); // the first process warms the disk cache
    } finally {
      child.kill();
    }
  }

  const server = runChild('serve');
  const samples = { 'fake.get': [], 'bare.get': [], 'fake.list': [], 'bare.list': [] };
  // The servers' CPU time per request (µs): what a round costs the server process, whatever
  // else the machine is doing.
  const cpu = { 'fake.get': [], 'bare.get': [], 'fake.list': [], 'bare.list': [] };
  let bytes;
  try {
    const next = lineReader(server);
    const cpuNow = async () => {
      server.stdin.write('cpu\n');
      return (await next()).cpuUs;
    };
    const info = await next();
    bytes = { get: info.bare.get.bytes, list: info.bare.list.bytes };
    const contenders = Object.keys(KINDS).flatMap((kind) => [
      {
        id: `fake.${kind}`,
        origin: info.fake,
        path: KINDS[kind],
        headers: { authorization: info.auth, 'output-format': 'XML' },
      },
      {
        id: `bare.${kind}`,
        origin: info.bare[kind].url,
        path: KINDS[kind],
        headers: { authorization: info.auth, 'output-format': 'XML' },
      },
    ]);
    // One warm-up round, then interleaved rounds (drift on a shared machine hits all alike).
    for (let round = 0; round <= rounds; round++) {
      for (const c of contenders) {
        const before = await cpuNow();
        const rps = await throughput(c.origin, c.path, c.headers, total, concurrency);
        const used = (await cpuNow()) - before;
        if (round > 0) {
          samples[c.id].push(rps);
          cpu[c.id].push(used / total);
        }
      }
    }
  } finally {
    server.stdin.end();
    server.kill();
  }
  const out = {
    node: process.version,
    rounds,
    requests: total,
    concurrency,
    bytes,
    startup: {
      startMs: startup.map((s) => s.startMs),
      warmStartMs: startup.map((s) => s.warmStartMs),
      importMs: startup.map((s) => s.importMs),
    },
    rps: samples,
    cpuUsPerRequest: cpu,
  };
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const f = (xs) => Math.round(median(xs)).toLocaleString('en-US');
  process.stdout.write(
    [
      `start-up (first call, import excluded): ${median(out.startup.startMs).toFixed(0)} ms; second call ${median(out.startup.warmStartMs).toFixed(0)} ms; import ${median(out.startup.importMs).toFixed(0)} ms`,
      ...Object.keys(KINDS).map(
        (k) =>
          `${k}: fake ${f(samples[`fake.${k}`])} req/s, bare node:http ${f(samples[`bare.${k}`])} req/s, ratio ${(median(samples[`fake.${k}`]) / median(samples[`bare.${k}`])).toFixed(2)}×; ` +
          `server CPU per request ${median(cpu[`fake.${k}`]).toFixed(0)} µs vs ${median(cpu[`bare.${k}`]).toFixed(0)} µs`,
      ),
      `Node ${process.version}; ${rounds} interleaved rounds of ${total} requests, ${concurrency} at a time.`,
    ].join('\n') + '\n',
  );
}

/** The `fakestore` section of `npm run bench` (bench/run.mjs): runs this script in its own process. */
export default {
  name: 'fakestore',
  title: 'fakestore: createFakeStore start-up (8.2.0 snapshot, seeded), get/list throughput vs a bare node:http server',
  async run(ctx) {
    ctx.requireSnapshot();
    const res = await ctx.runNode(SELF, [
      '--json',
      '--snapshot',
      ctx.snapshot,
      '--rounds',
      String(Math.max(3, ctx.runs)),
    ]);
    if (res.code !== 0)
      throw new Error(`bench/fakestore.mjs exited ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    const data = JSON.parse(res.stdout.trim().split('\n').pop());
    const timing = (id, label, samples, extra) => {
      const s = [...samples].sort((a, b) => a - b);
      return {
        id,
        label,
        samples: s,
        median: median(s),
        min: s[0],
        max: s[s.length - 1],
        rssMb: null,
        ...(extra ? { extra } : {}),
      };
    };
    const PER = 1000;
    const measurements = [
      timing(
        'fakestore.startup',
        'createFakeStore(8.2.0 snapshot), seeded: first call in a fresh process',
        data.startup.startMs,
        {
          import: `${median(data.startup.importMs).toFixed(0)} ms`,
        },
      ),
      timing('fakestore.startup-warm', 'createFakeStore, second call in the same process', data.startup.warmStartMs),
    ];
    for (const kind of ['get', 'list']) {
      for (const who of ['fake', 'bare']) {
        const rps = data.rps[`${who}.${kind}`];
        const label = `${who === 'fake' ? 'fake store' : 'bare node:http, same bytes'}: ${PER} × ${kind} (${data.bytes[kind]} B), ${data.concurrency} at a time`;
        const extra = {
          'req/s': Math.round(median(rps)).toLocaleString('en-US'),
          'server CPU per request': `${median(data.cpuUsPerRequest[`${who}.${kind}`]).toFixed(0)} µs`,
        };
        measurements.push(
          timing(
            `fakestore.${who}.${kind}`,
            label,
            rps.map((r) => (PER / r) * 1000),
            extra,
          ),
        );
      }
    }
    // Paired by round: the fake and the bare server ran one after the other, under the same load.
    const cpuRatio = (kind) =>
      Number((median(data.cpuUsPerRequest[`fake.${kind}`]) / median(data.cpuUsPerRequest[`bare.${kind}`])).toFixed(2));
    const paired = (kind) =>
      Number(median(data.rps[`fake.${kind}`].map((r, i) => r / data.rps[`bare.${kind}`][i])).toFixed(2));
    return {
      measurements,
      ratios: [
        // Issue 20: start-up ≤ 300 ms; get throughput ≥ 0.5× the bare server's, i.e. time ≤ 2×.
        {
          label: 'fakestore start-up (8.2.0 snapshot, seeded, first call)',
          value: Math.round(median(data.startup.startMs)),
          unit: 'ms',
          target: 300,
        },
        {
          label: 'fakestore get: time per request ÷ bare node:http, medians (≤ 2 is throughput ≥ 0.5×)',
          num: 'fakestore.fake.get',
          den: 'fakestore.bare.get',
          target: 2,
        },
        {
          label: 'fakestore list: time per request ÷ bare node:http, medians',
          num: 'fakestore.fake.list',
          den: 'fakestore.bare.list',
        },
        {
          label: 'fakestore get: req/s ÷ bare node:http req/s, median of the rounds (target ≥ 0.5)',
          value: paired('get'),
          unit: '×',
        },
        {
          label: 'fakestore list: req/s ÷ bare node:http req/s, median of the rounds',
          value: paired('list'),
          unit: '×',
        },
        {
          label: 'fakestore get: server CPU per request ÷ bare node:http (the throughput bound on an idle core)',
          value: cpuRatio('get'),
          unit: '×',
        },
        { label: 'fakestore list: server CPU per request ÷ bare node:http', value: cpuRatio('list'), unit: '×' },
      ],
      notes: [
        `throughput: ${data.rounds} interleaved rounds of ${data.requests} requests, ${data.concurrency} at a time over keep-alive connections (undici), servers in one child process; get is /api/products/1, list /api/products?display=full (3 seeded products), XML as the generated client asks`,
      ],
    };
  },
};

if (IS_MAIN) {
  const run = opts.mode === 'startup' ? startupMode : opts.mode === 'serve' ? serveMode : main;
  run().catch((error) => {
    process.stderr.write(`bench/fakestore: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
