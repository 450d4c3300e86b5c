/**
 * Faults during introspection, over real HTTP to the fake 8.2.0 store: flaky stores give the same
 * snapshot byte for byte; a resource that keeps failing stops the run (exit 1) without touching
 * the previous snapshot; a store that never answers is stopped by the timeout in the documented time.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStore, type FakeStore, type FaultRule } from '../../src/fakestore/index.js';
import { BACKOFF_BASE_MS, introspectStore } from '../../src/introspect/index.js';
import { serializeSnapshot } from '../../src/model/index.js';
import { GOLDEN_8_2_0, KEY, runCli, tempDir } from './helpers.js';
import { armedTimers } from './timers.js';

/** The waits the introspector's transport sleeps between attempts (its own timers, not undici's). */
const introspectorWaits = (): number[] => armedTimers(/src[\\/]introspect[\\/]http\.[jt]s/);

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterAll(() => store.close());

/** 20 % 500s, 5 % dropped connections, 5 % truncated bodies (half cut mid-transfer, half cut but complete). */
const FLAKY: readonly FaultRule[] = [
  {
    probability: 0.2,
    status: 500,
    body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
    headers: { 'content-type': 'text/html' },
  },
  { probability: 0.05, drop: 'before-response' },
  { probability: 0.025, drop: 'mid-body' },
  { probability: 0.025, truncateFraction: 0.5 },
];

/** Fast retries: the faults are the point here, not the waits (the CLI default is 250 ms, doubling). */
const FAST = { retries: 10, backoffBaseMs: 1 } as const;

describe('a flaky store gives the same snapshot', () => {
  it('20 runs with 20% 500s, 5% dropped connections and 5% truncated bodies are byte-identical to the fault-free run', async () => {
    const clean = await introspectStore({ url: store.url, key: KEY });
    expect(serializeSnapshot(clean.schema)).toBe(GOLDEN_8_2_0);
    let matched = 0;
    let faults = 0;
    let retries = 0;
    for (let seed = 1; seed <= 20; seed++) {
      store.clearFaults();
      store.reseed(seed);
      const handles = FLAKY.map((rule) => store.fault(rule));
      const result = await introspectStore({ url: store.url, key: KEY, ...FAST });
      const hits = handles.map((h) => h.hits);
      // Every kind of fault happened in every run, and the run still produced the same bytes.
      expect(
        hits.every((h) => h > 0),
        `seed ${seed}: ${hits.join(',')}`,
      ).toBe(true);
      expect(serializeSnapshot(result.schema), `seed ${seed}`).toBe(GOLDEN_8_2_0);
      expect(result.summary.warnings, `seed ${seed}`).toEqual(clean.summary.warnings);
      expect(result.summary.retries).toBeGreaterThanOrEqual(hits.reduce((a, b) => a + b, 0));
      matched++;
      faults += hits.reduce((a, b) => a + b, 0);
      retries += result.summary.retries;
    }
    store.clearFaults();
    expect(matched).toBe(20);
    console.info(
      `faults: ${matched}/20 faulty runs matched the fault-free snapshot (${faults} faults injected, ${retries} retries)`,
    );
  });

  it('the dice are reproducible: the same seed injects the same faults', async () => {
    const runOnce = async (): Promise<string[]> => {
      store.clearFaults();
      store.reseed(7);
      const before = store.requests.length;
      const h = store.fault({ probability: 0.3, status: 500, body: '' });
      await introspectStore({ url: store.url, key: KEY, ...FAST });
      expect(h.hits).toBeGreaterThan(0);
      // Which request lines saw how many attempts: independent of arrival order.
      const counts = new Map<string, number>();
      for (const r of store.requests.slice(before)) {
        const line = `${r.path}?${new URLSearchParams(r.query).toString()}`;
        counts.set(line, (counts.get(line) ?? 0) + 1);
      }
      return [...counts].map(([l, n]) => `${l} ${n}`).sort();
    };
    expect(await runOnce()).toEqual(await runOnce());
    store.clearFaults();
  });

  it('503 with Retry-After, a slow trickled body, and a concurrency cap that turns requests away', async () => {
    const capped = await startFakeStore({ concurrencyCap: { max: 2, mode: 'reject' }, latencyMs: 3 });
    try {
      capped.fault({
        path: '/api/products',
        query: { schema: 'synopsis', output_format: null },
        trickle: { bytes: 2048, intervalMs: 5 },
      });
      const busy = capped.fault({
        path: '/api/orders',
        status: 503,
        body: '',
        headers: { 'retry-after': '1' },
        times: 1,
      });
      const waits = introspectorWaits();
      // Three requests at a time against two slots: some are turned away, and the backoff (20 ms,
      // doubling) spreads their retries so that none is turned away eleven times in a row.
      const r = await introspectStore({ url: capped.url, key: KEY, concurrency: 3, retries: 10, backoffBaseMs: 20 });
      expect(serializeSnapshot(r.schema)).toBe(GOLDEN_8_2_0);
      expect(busy.hits).toBe(1);
      expect(waits).toContain(1000); // Retry-After: 1 was honoured, not replaced by the 20 ms backoff
      expect(r.summary.retries).toBeGreaterThan(1); // the cap turned requests away
    } finally {
      await capped.close();
    }
  });

  it('a concurrency cap that queues keeps at most that many requests in the store', async () => {
    const queued = await startFakeStore({ concurrencyCap: { max: 2, mode: 'queue' }, latencyMs: 2 });
    try {
      const r = await introspectStore({ url: queued.url, key: KEY, concurrency: 8 });
      expect(serializeSnapshot(r.schema)).toBe(GOLDEN_8_2_0);
      expect(queued.maxInFlight).toBeGreaterThan(2); // they arrived together...
      expect(queued.maxServing).toBe(2); // ...and waited for a slot
    } finally {
      await queued.close();
    }
  });
});

describe('a resource that keeps failing', () => {
  for (const [kind, rule, lastError] of [
    ['500', { status: 500, body: '' }, /the store answered HTTP 500 after 3 attempts/],
    [
      'a dropped connection',
      { drop: 'before-response' },
      /no answer after 3 attempts; last error: UND_ERR_SOCKET: other side closed/,
    ],
    ['a body cut every time', { drop: 'mid-body' }, /no answer after 3 attempts; last error: UND_ERR_SOCKET/],
  ] as const) {
    it(`${kind}: exit 1, names the resource and the last error, previous snapshot untouched`, async () => {
      const cwd = tempDir();
      const previous = '{"previous": "snapshot"}\n';
      writeFileSync(join(cwd, 'prestashop-schema.json'), previous);
      const h = store.fault({ path: '/api/customers', query: { schema: 'synopsis' }, ...rule });
      try {
        const run = await runCli(['introspect', '--url', store.url, '--key', KEY, '--retries', '2'], { cwd });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/\/api\/customers\?schema=synopsis \(resource "customers"\)/);
        expect(run.stderr).toMatch(lastError);
        expect(h.hits).toBe(3);
        expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(previous);
        expect(readdirSync(cwd)).toEqual(['prestashop-schema.json']);
      } finally {
        store.clearFaults();
      }
    });
  }
});

/** A TCP server that accepts connections and never answers (or answers the head, then stalls). */
async function silentServer(mode: 'nothing' | 'headers-only'): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      if (mode === 'headers-only')
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/xml\r\ncontent-length: 1000\r\n\r\n<prest');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a store that never answers', () => {
  // docs/security.md: a request is given up after (retries + 1) × timeout plus the backoff waits, each at
  // most 250 ms × 2^attempt; with --timeout 400 --retries 1 that is 2 × 400 + 250 = 1050 ms. Each part
  // is checked apart, without the clock: two attempts that each timed out, and one wait within 250 ms.
  const TIMEOUT = 400;
  const RETRIES = 1;

  for (const mode of ['nothing', 'headers-only'] as const) {
    it(`is stopped by the timeout within the documented time (${mode === 'nothing' ? 'no answer at all' : 'a body that stalls'})`, async () => {
      const silent = await silentServer(mode);
      const cwd = tempDir();
      try {
        const waits = introspectorWaits();
        const run = await runCli(
          ['introspect', '--url', silent.url, '--key', KEY, '--timeout', String(TIMEOUT), '--retries', String(RETRIES)],
          { cwd },
        );
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(
          new RegExp(`/api: no answer after 2 attempts; last error: timed out after ${TIMEOUT} ms`),
        );
        expect(waits).toHaveLength(RETRIES);
        waits.forEach((ms, attempt) => expect(ms).toBeLessThanOrEqual(BACKOFF_BASE_MS * 2 ** attempt));
        expect(existsSync(join(cwd, 'prestashop-schema.json'))).toBe(false);
      } finally {
        await silent.close();
      }
    });
  }

  it('a body trickled slower than the timeout allows is cut off, not waited for forever', async () => {
    const one = await startFakeStore({ keys: { [KEY]: { zones: ['GET'] } } });
    try {
      one.fault({ path: '/api/zones', trickle: { bytes: 1, intervalMs: 50 } });
      const e = await introspectStore({ url: one.url, key: KEY, timeoutMs: TIMEOUT, retries: 0 }).catch(
        (x: unknown) => x as Error,
      );
      // Read to the end, the trickle (a byte every 50 ms, without end) would hang until the test's timeout.
      expect((e as Error).message).toMatch(
        /\(resource "zones"\): no answer after 1 attempts; last error: timed out after 400 ms/,
      );
    } finally {
      await one.close();
    }
  });
});
