import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrestaShopError } from '../../templates/runtime/errors.js';
import { apiUrlOf, Transport, type FetchLike } from '../../templates/runtime/http.js';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const AUTH = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

const servers: Server[] = [];

async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      handler(req, res, s);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const ok =
  (body = '<prestashop/>'): Handler =>
  (_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end(body);

describe('Transport', () => {
  it('sends Basic auth with the key as user name and the output format, never the key in the URL', async () => {
    const store = await serve(ok());
    const t = new Transport({ baseUrl: store.url, apiKey: KEY });
    const res = await t.send({ method: 'GET', path: 'products', params: [['display', 'full']], format: 'JSON' });
    expect(res.status).toBe(200);
    expect(store.seen[0]!.url).toBe('/api/products?display=full');
    expect(store.seen[0]!.headers['authorization']).toBe(AUTH);
    expect(store.seen[0]!.headers['output-format']).toBe('JSON');
    expect(store.seen[0]!.url).not.toContain(KEY);
  });

  it('sends XML bodies as text/xml', async () => {
    const store = await serve((_q, res) => res.writeHead(201).end('<prestashop/>'));
    const t = new Transport({ baseUrl: `${store.url}/api/`, apiKey: KEY });
    await t.send({ method: 'POST', path: 'products', format: 'XML', body: '<prestashop/>' });
    expect(store.seen[0]!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(store.seen[0]!.body).toBe('<prestashop/>');
  });

  it('follows a same-origin redirect with the key', async () => {
    const store = await serve((req, res) => {
      if (req.url === '/api/products') res.writeHead(301, { Location: '/shop/api/products' }).end();
      else res.writeHead(200).end('<prestashop/>');
    });
    const t = new Transport({ baseUrl: store.url, apiKey: KEY });
    const res = await t.send({ method: 'GET', path: 'products', format: 'XML' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${store.url}/shop/api/products`);
    expect(store.seen.map((s) => [s.url, s.headers['authorization']])).toEqual([
      ['/api/products', AUTH],
      ['/shop/api/products', AUTH],
    ]);
  });

  it.each([301, 302, 307, 308])('never follows a %i redirect to another origin', async (status) => {
    const other = await serve(ok());
    const store = await serve((_req, res) => res.writeHead(status, { Location: `${other.url}/api/products` }).end());
    const t = new Transport({ baseUrl: store.url, apiKey: KEY, retries: 3 });
    const error = await t
      .send({ method: 'POST', path: 'products', format: 'XML', body: '<x/>' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrestaShopError);
    expect((error as PrestaShopError).kind).toBe('redirect');
    expect((error as PrestaShopError).message).toMatch(/refused to follow a redirect to another origin/);
    expect(other.seen).toHaveLength(0);
    expect(store.seen).toHaveLength(1);
  });

  it('treats another host name or scheme on the same port as another origin', async () => {
    let port = '';
    const store = await serve((req, res) => {
      const target = req.url === '/api/a' ? `http://localhost:${port}/api/b` : `https://127.0.0.1:${port}/api/b`;
      res.writeHead(302, { Location: target }).end();
    });
    port = new URL(store.url).port;
    const t = new Transport({ baseUrl: store.url, apiKey: KEY });
    await expect(t.send({ method: 'GET', path: 'a', format: 'XML' })).rejects.toMatchObject({ kind: 'redirect' });
    await expect(t.send({ method: 'GET', path: 'c', format: 'XML' })).rejects.toMatchObject({ kind: 'redirect' });
    expect(store.seen.map((s) => s.url)).toEqual(['/api/a', '/api/c']);
  });

  it('turns a 303 into a GET without body, and stops after too many redirects', async () => {
    const store = await serve((req, res) => {
      if (req.url === '/api/a') res.writeHead(303, { Location: '/api/b' }).end();
      else if (req.url === '/api/loop') res.writeHead(302, { Location: '/api/loop' }).end();
      else res.writeHead(200).end('<x/>');
    });
    const t = new Transport({ baseUrl: store.url, apiKey: KEY, maxRedirects: 3 });
    await t.send({ method: 'POST', path: 'a', format: 'XML', body: '<x/>' });
    expect(store.seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/a', '<x/>'],
      ['GET', '/api/b', ''],
    ]);
    await expect(t.send({ method: 'GET', path: 'loop', format: 'XML' })).rejects.toThrow(/too many redirects/);
  });

  it('times out, retries GET but never POST', async () => {
    const store = await serve(() => undefined); // never answers
    const t = new Transport({ baseUrl: store.url, apiKey: KEY, timeoutMs: 100, retries: 2, retryDelayMs: 1 });
    await expect(t.send({ method: 'GET', path: 'products', format: 'XML' })).rejects.toMatchObject({
      kind: 'timeout',
      status: 0,
    });
    expect(store.seen).toHaveLength(3);
    await expect(t.send({ method: 'POST', path: 'products', format: 'XML', body: '<x/>' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(store.seen).toHaveLength(4);
    await expect(t.send({ method: 'PATCH', path: 'products/1', format: 'XML', body: '<x/>' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(store.seen).toHaveLength(5);
  });

  it('retries 503 with Retry-After and dropped connections for idempotent methods only', async () => {
    let calls = 0;
    const store = await serve((req, res) => {
      calls++;
      if (req.url === '/api/drop' && calls % 2 === 1) return void req.socket.destroy();
      if (calls % 2 === 1) return void res.writeHead(503, { 'Retry-After': '0' }).end();
      res.writeHead(200).end('<x/>');
    });
    const t = new Transport({ baseUrl: store.url, apiKey: KEY, retryDelayMs: 1 });
    expect((await t.send({ method: 'GET', path: 'products', format: 'XML' })).status).toBe(200);
    expect((await t.send({ method: 'DELETE', path: 'products/1', format: 'XML' })).status).toBe(200);
    expect((await t.send({ method: 'GET', path: 'drop', format: 'XML' })).status).toBe(200);
    expect((await t.send({ method: 'POST', path: 'products', format: 'XML', body: '<x/>' })).status).toBe(503);
    expect(store.seen.map((s) => s.method)).toEqual(['GET', 'GET', 'DELETE', 'DELETE', 'GET', 'GET', 'POST']);
  });

  it('maps error answers to PrestaShopError with the store errors', async () => {
    const store = await serve((_req, res) =>
      res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end(`{"errors":[{"code":20,"message":"key ${KEY} is not active"}]}`),
    );
    const t = new Transport({ baseUrl: store.url, apiKey: KEY });
    const error = (await t
      .expectOk({ method: 'GET', path: 'products', format: 'JSON' })
      .catch((e: unknown) => e)) as PrestaShopError;
    expect(error.status).toBe(401);
    expect(error.errors).toEqual([{ code: 20, message: 'key *** is not active' }]);
    expect(error.message).toBe(`GET ${store.url}/api/products answered 401: [20] key *** is not active`);
  });

  it('uses an injected fetch', async () => {
    const calls: [string, RequestInit][] = [];
    const fetch: FetchLike = async (input, init) => {
      calls.push([input, init]);
      return new Response('<prestashop/>', { status: 200 });
    };
    const t = new Transport({ baseUrl: 'https://shop.example/sub/', apiKey: KEY, fetch, headers: { 'X-Trace': '1' } });
    await t.send({ method: 'HEAD', path: 'products/1', format: 'XML' });
    expect(calls[0]![0]).toBe('https://shop.example/sub/api/products/1');
    expect(calls[0]![1]).toMatchObject({
      method: 'HEAD',
      redirect: 'manual',
      headers: { Authorization: AUTH, 'Output-Format': 'XML', 'X-Trace': '1' },
    });
  });

  it('reports a refused connection as a network error without the key', async () => {
    const store = await serve(ok());
    const port = new URL(store.url).port;
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    const t = new Transport({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, retries: 0 });
    const error = (await t
      .send({ method: 'GET', path: 'products', format: 'XML' })
      .catch((e: unknown) => e)) as PrestaShopError;
    expect(error.kind).toBe('network');
    expect(error.message).not.toContain(KEY);
  });
});

describe('apiUrlOf and options', () => {
  it.each([
    ['https://shop.example', 'https://shop.example/api/'],
    ['https://shop.example/', 'https://shop.example/api/'],
    ['https://shop.example/api', 'https://shop.example/api/'],
    ['https://shop.example/fr/api/', 'https://shop.example/fr/api/'],
    ['http://127.0.0.1:8080/shop', 'http://127.0.0.1:8080/shop/api/'],
  ])('%s → %s', (base, api) => {
    expect(apiUrlOf(base)).toBe(api);
  });

  it.each([
    ['shop.example', /absolute URL/],
    ['ftp://shop.example', /http\(s\)/],
    [`https://${KEY}@shop.example`, /apiKey, not in the URL/],
    ['https://shop.example/?ws_key=1', /no query string/],
  ])('refuses %s', (base, message) => {
    expect(() => apiUrlOf(base)).toThrow(message);
  });

  it('refuses an empty or non-ASCII key', () => {
    expect(() => new Transport({ baseUrl: 'https://s', apiKey: '' })).toThrow(/apiKey/);
    expect(() => new Transport({ baseUrl: 'https://s', apiKey: 'clé' })).toThrow(/apiKey/);
  });
});

describe("auth: 'ws_key' warning", () => {
  it('warns once per process that the key goes in the query, without the key, however many transports', async () => {
    // A module instance of its own, so no earlier test of this worker has warned yet.
    const url = `${new URL('../../templates/runtime/http.ts', import.meta.url).href}?warn-once`;
    const fresh = (await import(/* @vite-ignore */ url)) as typeof import('../../templates/runtime/http.js');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      new fresh.Transport({ baseUrl: 'http://127.0.0.1:9', apiKey: 'SECRETKEY123', auth: 'ws_key' });
      new fresh.Transport({ baseUrl: 'http://127.0.0.1:9', apiKey: 'SECRETKEY123', auth: 'ws_key' });
      new fresh.Transport({ baseUrl: 'http://127.0.0.1:9', apiKey: 'SECRETKEY123' });
      const calls = warn.mock.calls.map(([m]) => String(m));
      expect(calls.filter((m) => m.includes('ws_key'))).toHaveLength(1);
      expect(calls.join('\n')).not.toContain('SECRETKEY123');
    } finally {
      warn.mockRestore();
    }
  });
});
