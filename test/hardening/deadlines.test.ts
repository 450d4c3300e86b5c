/**
 * The generated client's transport under slow and hostile stores: one deadline covers the headers
 * and the body, retries stay within `totalTimeoutMs` (default `timeoutMs × (retries + 1)`),
 * `Retry-After` is bounded by it and never shortens the backoff, answers are capped in size while
 * they stream, writes with side effects are sent once, and every failure is a `PrestaShopError`
 * whose cause holds no credentials. Small timeouts keep the suite fast.
 *
 * No test reads the clock: each checks what a deadline leaves behind (a `timeout` error, the
 * number of attempts the store saw, the waits `onRetry` announces, the delays the transport arms
 * its timers with), so a loaded machine cannot fail them. How long calls take is `npm run bench`'s.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { createContext } from '../../templates/runtime/client.js';
import { PrestaShopError } from '../../templates/runtime/errors.js';
import { Transport, type TransportOptions } from '../../templates/runtime/http.js';
import { DEFAULT_CODEC } from '../../templates/runtime/meta.js';
import { ResourceRuntime } from '../../templates/runtime/resource.js';
import { productMeta } from '../templates/metas.js';
import { KEY, leaksIn } from './helpers.js';
import { armedTimers as armedDelays } from './timers.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A store that answers with whatever the test's handler does (stalls, floods, lies about sizes). */
let hostile: Server;
let handler: Handler = (_req, res) => res.end();
let hostileUrl = '';
let hits = 0;
let store: FakeStore;

beforeAll(async () => {
  hostile = createServer((req, res) => {
    hits++;
    res.on('error', () => undefined);
    handler(req, res);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  store = await startFakeStore();
});
afterEach(() => {
  hits = 0;
  store.clearFaults();
});
afterAll(async () => {
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
  await store.close();
});

const transport = (options: Partial<TransportOptions> = {}, url = hostileUrl): Transport =>
  new Transport({ baseUrl: url, apiKey: KEY, retries: 0, timeoutMs: 2000, ...options });

async function failure(p: Promise<unknown>): Promise<PrestaShopError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrestaShopError);
  return error as PrestaShopError;
}

/** The waits the transport announces before each retry. */
function retryWaits(): { delays: number[]; hooks: TransportOptions['hooks'] } {
  const delays: number[] = [];
  return { delays, hooks: { onRetry: (r) => void delays.push(r.delayMs) } };
}

/** The delays of the attempt deadlines (http-body.ts's timers) armed from now on. */
const armedTimers = (): number[] => armedDelays(/http-body\.[jt]s/);

/** Headers and half a body, then nothing: the connection stays open. */
const stallMidBody: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/xml' });
  res.write('<prestashop><products>');
};

describe('deadlines', () => {
  it('a body that never ends times out (the deadline covers the body, not just the headers)', async () => {
    handler = stallMidBody;
    const e = await failure(transport({ timeoutMs: 150 }).send({ method: 'GET', path: 'products', format: 'XML' }));
    // Without a deadline on the body the call would hang until the test's own timeout.
    expect(e.kind).toBe('timeout');
    expect(hits).toBe(1);
  });

  it("the caller's AbortSignal is honoured while the body is read", async () => {
    handler = stallMidBody;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = await failure(
      transport({ timeoutMs: 5000 }).send({
        method: 'GET',
        path: 'products',
        format: 'XML',
        signal: controller.signal,
      }),
    );
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/aborted by the caller/);
    expect(hits).toBe(1);
  });

  it('retries stay within timeoutMs × (retries + 1): a stalling store costs at most that', async () => {
    handler = stallMidBody;
    const { delays, hooks } = retryWaits();
    const timers = armedTimers();
    const e = await failure(
      transport({ timeoutMs: 250, retries: 2, retryDelayMs: 1, hooks }).send({
        method: 'GET',
        path: 'products',
        format: 'XML',
      }),
    );
    expect(e.kind).toBe('timeout');
    // The default total (250 × 3 = 750 ms) leaves room for every attempt and both waits (with 247 ms
    // to spare for a loaded machine's late timers)...
    expect(hits).toBe(3);
    expect(delays).toEqual([1, 2]);
    // ...and no timer is armed for longer than it: the deadline of an attempt is min(250 ms, what is left).
    expect(timers).toHaveLength(3);
    expect(Math.max(...timers)).toBeLessThanOrEqual(250);
  });

  it('totalTimeoutMs caps the whole call even when each attempt could take longer', async () => {
    handler = stallMidBody;
    const { delays, hooks } = retryWaits();
    const timers = armedTimers();
    const e = await failure(
      transport({ timeoutMs: 1000, retries: 5, totalTimeoutMs: 200, hooks }).send({
        method: 'GET',
        path: 'products',
        format: 'XML',
      }),
    );
    expect(e.kind).toBe('timeout');
    // The one attempt's deadline is the call's (200 ms, not 1000), and no retry fits after it.
    expect(timers).toHaveLength(1);
    expect(timers[0]).toBeLessThanOrEqual(200);
    expect(hits).toBe(1);
    expect(delays).toEqual([]);
  });

  it('a Retry-After longer than the deadline allows ends the retries at once (the 503 is returned)', async () => {
    handler = (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end();
    const { delays, hooks } = retryWaits();
    const res = await transport({ timeoutMs: 200, retries: 2, hooks }).send({
      method: 'GET',
      path: 'products',
      format: 'XML',
    });
    expect(res.status).toBe(503);
    expect(hits).toBe(1);
    expect(delays).toEqual([]); // no wait at all, neither the 120 s nor a backoff
  });

  it('Retry-After: 0 does not remove the backoff', async () => {
    handler = (_req, res) => res.writeHead(503, { 'retry-after': '0' }).end();
    const { delays, hooks } = retryWaits();
    const res = await transport({ timeoutMs: 2000, retries: 2, retryDelayMs: 60, hooks }).send({
      method: 'GET',
      path: 'products',
      format: 'XML',
    });
    expect(res.status).toBe(503);
    expect(hits).toBe(3);
    expect(delays).toEqual([60, 120]);
  });
});

describe('size caps', () => {
  it('an endless answer is cut at maxResponseBytes (16 MiB by default) while it streams', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      const pump = (): void => {
        while (!res.destroyed && sent < 64 * chunk.length && res.write(chunk)) sent += chunk.length;
        if (!res.destroyed && sent < 64 * chunk.length) res.once('drain', pump);
      };
      pump();
    };
    const e = await failure(transport({ timeoutMs: 10_000 }).send({ method: 'GET', path: 'products', format: 'XML' }));
    expect(e.kind).toBe('decode');
    expect(e.message).toMatch(/larger than maxResponseBytes \(16777216 bytes\)/);
    expect(sent).toBeLessThan(40 * chunk.length);
    sent = 0;
    const small = await failure(
      transport({ maxResponseBytes: 1000 }).send({ method: 'GET', path: 'products', format: 'XML' }),
    );
    expect(small.message).toMatch(/maxResponseBytes \(1000 bytes\)/);
  });

  it('a Content-Length of 1e12 is refused before reading', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': '1000000000000' });
      res.write('<prestashop>');
    };
    const e = await failure(transport({ timeoutMs: 5000 }).send({ method: 'GET', path: 'products', format: 'XML' }));
    // Read instead of refused, the stalled body would end in a timeout, not a decode error.
    expect(e.kind).toBe('decode');
    expect(e.message).toMatch(/maxResponseBytes/);
  });

  it('JSON nested deeper than 512 levels is a decode error, not a stack overflow', async () => {
    handler = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"products":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const runtime = new ResourceRuntime(
      createContext({ baseUrl: hostileUrl, apiKey: KEY, retries: 0, format: 'json' }, DEFAULT_CODEC, [1]),
      productMeta,
    );
    const e = await failure(runtime.list());
    expect(e.kind).toBe('decode');
    expect(e.message).toMatch(/deeper than 512/);
  });

  it('a decode error does not quote the body', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"products": SENSITIVE-CUSTOMER-DATA');
    const runtime = new ResourceRuntime(
      createContext({ baseUrl: hostileUrl, apiKey: KEY, retries: 0, format: 'json' }, DEFAULT_CODEC, [1]),
      productMeta,
    );
    const e = await failure(runtime.list());
    expect(e.kind).toBe('decode');
    expect(inspect(e, { depth: 10 })).not.toMatch(/SENSITIVE/);
  });
});

describe('retries of writes', () => {
  it('a PUT with sendemail=1 is sent once, even on 504', async () => {
    handler = (_req, res) => res.writeHead(504).end();
    const res = await transport({ retries: 2, retryDelayMs: 1 }).send({
      method: 'PUT',
      path: 'order_carriers/1',
      params: [['sendemail', '1']],
      format: 'XML',
      body: '<prestashop/>',
    });
    expect(res.status).toBe(504);
    expect(hits).toBe(1);
    // Without sendemail, a PUT is idempotent and retried.
    hits = 0;
    await transport({ retries: 2, retryDelayMs: 1 }).send({
      method: 'PUT',
      path: 'order_carriers/1',
      format: 'XML',
      body: '<prestashop/>',
    });
    expect(hits).toBe(3);
  });

  it('POST is never retried', async () => {
    handler = (_req, res) => res.writeHead(503).end();
    await transport({ retries: 3, retryDelayMs: 1 }).send({
      method: 'POST',
      path: 'products',
      format: 'XML',
      body: '<prestashop/>',
    });
    expect(hits).toBe(1);
  });

  it('a DELETE retried after a gateway timeout and then answered 404 says it may have succeeded', async () => {
    store.fault({ path: '/api/products/1', status: 504, times: 1 });
    store.fault({
      path: '/api/products/1',
      status: 404,
      body: '<?xml version="1.0"?><prestashop><errors><error><code><![CDATA[87]]></code><message><![CDATA[Id(s) not exists: 1]]></message></error></errors></prestashop>',
    });
    const e = await failure(
      transport({ retries: 2, retryDelayMs: 1 }, store.url).expectOk({
        method: 'DELETE',
        path: 'products/1',
        format: 'XML',
      }),
    );
    expect(e.status).toBe(404);
    expect(e.mayHaveSucceeded).toBe(true);
    expect(e.message).toMatch(/may have been applied/);
    // A first-time 404 is a plain 404.
    store.clearFaults();
    store.fault({ path: '/api/products/1', status: 404, body: '' });
    const plain = await failure(
      transport({ retries: 2 }, store.url).expectOk({ method: 'DELETE', path: 'products/1', format: 'XML' }),
    );
    expect(plain.mayHaveSucceeded).toBe(false);
  });
});

describe('typed errors', () => {
  it('a connection reset mid-body is a network PrestaShopError, and a GET is retried', async () => {
    store.fault({ path: '/api/products', drop: 'mid-body', times: 1 });
    const res = await transport({ retries: 1, retryDelayMs: 1 }, store.url).send({
      method: 'GET',
      path: 'products',
      format: 'XML',
    });
    expect(res.status).toBe(200);
    store.fault({ path: '/api/products', drop: 'mid-body-chunked', times: 1 });
    const e = await failure(
      transport({ retries: 0 }, store.url).send({ method: 'GET', path: 'products', format: 'XML' }),
    );
    expect(e.kind).toBe('network');
  });

  it('a Location header that is not a URL is a redirect PrestaShopError', async () => {
    handler = (_req, res) => res.writeHead(302, { location: 'http://[::1' }).end();
    const e = await failure(transport().send({ method: 'GET', path: 'products', format: 'XML' }));
    expect(e.kind).toBe('redirect');
  });

  it("a custom fetch's error that holds the headers does not leak the key through err.cause", async () => {
    const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
      const headers = init.headers as Record<string, string>;
      const error = new Error(`connect failed for ${headers['Authorization']} (key ${KEY})`, {
        cause: new Error(`inner ${headers['Authorization']}`),
      });
      Object.assign(error, { request: { headers } });
      throw error;
    };
    const e = await failure(
      new Transport({ baseUrl: hostileUrl, apiKey: KEY, retries: 0, fetch }).send({
        method: 'GET',
        path: 'products',
        format: 'XML',
      }),
    );
    const shown = inspect(e, { depth: 10, showHidden: true }) + String(e.stack);
    expect(leaksIn(shown, KEY)).toEqual([]);
    expect(shown).toMatch(/connect failed/);
  });

  it('path segments are encoded and dot segments refused, so a resource name cannot leave /api/', async () => {
    const t = transport();
    expect(t.url('products/5')).toBe(`${hostileUrl}/api/products/5`);
    expect(t.url('a b/x?y')).toBe(`${hostileUrl}/api/a%20b/x%3Fy`);
    expect(() => t.url('../../../x/1')).toThrow(RangeError);
    const meta = { ...productMeta, name: '../../../x' };
    const runtime = new ResourceRuntime(
      createContext({ baseUrl: hostileUrl, apiKey: KEY, retries: 0 }, DEFAULT_CODEC, [1]),
      meta,
    );
    await expect(runtime.get(1)).rejects.toThrow(/"\.\."/);
    expect(hits).toBe(0);
  });
});
