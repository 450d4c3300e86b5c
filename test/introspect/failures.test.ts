/**
 * Every failure the issue lists, over real HTTP to the fake store: each gives a typed error with
 * the right exit code, a message naming the URL and resource, and never the key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IntrospectError, EXIT_FAILURE, EXIT_USAGE } from '../../src/errors.js';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore, MAX_BODY_BYTES, type IntrospectOptions } from '../../src/introspect/index.js';
import { armedTimers } from '../hardening/timers.js';
import { FIXTURE_DIR } from './helpers.js';

const KEY = FAKE_STORE_KEY;
const KEY_B64 = Buffer.from(`${KEY}:`).toString('base64');
const SHORT = { retries: 1 } as const;

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterEach(() => store.clearFaults());
afterAll(() => store.close());

async function failure(options: Partial<IntrospectOptions> & { url?: string }): Promise<IntrospectError> {
  const error = await introspectStore({ url: store.url, key: KEY, ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IntrospectError);
  const e = error as IntrospectError;
  for (const secret of [KEY, KEY_B64, options.key ?? KEY]) {
    expect(e.message).not.toContain(secret);
    expect(JSON.stringify(e.details)).not.toContain(secret);
  }
  return e;
}

describe('authentication and availability', () => {
  it('wrong key (401, codes 20/21)', async () => {
    const e = await failure({ key: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(e.exitCode).toBe(EXIT_FAILURE);
    expect(e.details.status).toBe(401);
    expect(e.message).toBe(
      `${store.url}/api: the store does not know this API key, or the key is disabled (code 20: Authentification key is not active; code 21: No permission for this authentication key). Check --key or PRESTASHOP_API_KEY, and the key's status in Advanced Parameters > Webservice.`,
    );
  });

  it('badly formed key (401, code 18)', async () => {
    const e = await failure({ key: 'short-key' });
    expect(e.message).toMatch(
      /rejected the API key \(code 18: Invalid authentication key format\): a key is 32 characters/,
    );
    expect(e.exitCode).toBe(EXIT_FAILURE);
  });

  it('401 without a PrestaShop error: the key never reached the store', async () => {
    store.fault({ path: '/api', status: 401, body: '401 Unauthorized', headers: { 'content-type': 'text/html' } });
    const e = await failure({});
    expect(e.message).toMatch(/received no API key.*Authorization header/);
  });

  it('webservice disabled (503, code 22), not retried', async () => {
    store.setWebserviceEnabled(false);
    const before = store.requests.length;
    try {
      const e = await failure({});
      expect(e.exitCode).toBe(EXIT_FAILURE);
      expect(e.message).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/api: the webservice is disabled on this store \(code 22: .*\)\. Enable it/,
      );
      expect(store.requests.length - before).toBe(1);
    } finally {
      store.setWebserviceEnabled(true);
    }
  });

  it('a key without permission on a resource (401, code 26)', async () => {
    const limited = await startFakeStore({ keys: { [KEY]: { products: ['GET'], languages: ['GET'] } } });
    try {
      const ok = await introspectStore({ url: limited.url, key: KEY });
      expect(ok.schema.resources.map((r) => r.name)).toEqual(['languages', 'products']);
      expect(ok.schema.resources.find((r) => r.name === 'products')!.methods).toEqual(['GET']);
      const e = (await introspectStore({ url: limited.url, key: KEY, include: ['orders'] }).catch(
        (x: unknown) => x,
      )) as IntrospectError;
      expect(e).toBeInstanceOf(IntrospectError);
      expect(e.exitCode).toBe(EXIT_FAILURE);
      expect(e.message).toBe(
        // A PrestaShop 8.x store: its JSON synopses hold no metadata, so the XML one is asked.
        `${limited.url}/api/orders?schema=synopsis (resource "orders"): this API key has no permission on the resource (code 26: Resource of type "orders" is not allowed with this authentication key). Grant it GET in Advanced Parameters > Webservice, or leave it out with --exclude orders.`,
      );
    } finally {
      await limited.close();
    }
  });

  it('a key that may not GET a resource keeps it without fields', async () => {
    const limited = await startFakeStore({ keys: { [KEY]: { products: ['POST'] } } });
    try {
      const r = await introspectStore({ url: limited.url, key: KEY });
      expect(r.schema.resources).toEqual([
        expect.objectContaining({
          name: 'products',
          methods: ['POST'],
          fields: [],
          synopsis: { source: 'none', reason: expect.stringMatching(/may not GET/) },
        }),
      ]);
      expect(r.summary.warnings).toEqual([expect.stringMatching(/products: this key may not GET/)]);
      expect(limited.requests.filter((q) => q.path === '/api/products')).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('not a store', () => {
  it('404 on /api', async () => {
    const e = await failure({ url: `${store.url}/shop` });
    expect(e.exitCode).toBe(EXIT_USAGE);
    expect(e.message).toMatch(
      new RegExp(
        `^${store.url}/shop/api: answered 404 with an HTML page, not the PrestaShop webservice; is --url the shop's base address`,
      ),
    );
  });

  it('404 with no body', async () => {
    store.fault({ path: '/api', status: 404, body: '', headers: { 'content-type': '' } });
    const e = await failure({});
    expect(e.exitCode).toBe(EXIT_USAGE);
    expect(e.message).toMatch(/not found \(404\): this is not a PrestaShop webservice/);
  });

  it('an HTML page with status 200', async () => {
    store.fault({
      path: '/api',
      status: 200,
      body: '<!DOCTYPE html><html><body>Welcome to my blog</body></html>',
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    const e = await failure({});
    expect(e.exitCode).toBe(EXIT_USAGE);
    expect(e.message).toMatch(/\/api: answered an HTML page, not the PrestaShop webservice/);
  });

  it('an HTML page for one resource names it (exit 1)', async () => {
    store.fault({
      path: '/api/carts',
      status: 200,
      body: '<html><head></head><body>maintenance</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const e = await failure(SHORT);
    expect(e.exitCode).toBe(EXIT_FAILURE);
    expect(e.message).toMatch(/\/api\/carts\?schema=synopsis \(resource "carts"\): answered an HTML page/);
  });

  it('a trailing /api in the URL is removed with a warning', async () => {
    const r = await introspectStore({ url: `${store.url}/api/`, key: KEY, exclude: ['products'] });
    expect(r.summary.warnings[0]).toMatch(/trailing "\/api" was removed/);
    expect(r.schema.resources).toHaveLength(68);
  });
});

describe('unreadable answers', () => {
  it('truncated XML synopsis: it fails its Content-Sha1 check on every attempt, so it is never used', async () => {
    store.fault({ path: '/api/products', query: { schema: 'synopsis' }, truncateTo: 2000 });
    const e = await failure({ synopsisFormat: 'xml' });
    expect(e.exitCode).toBe(EXIT_FAILURE);
    expect(e.message).toMatch(
      /\/api\/products\?schema=synopsis \(resource "products"\): no answer after \d attempts; last error: the body does not match its Content-Sha1 header/,
    );
  });

  it('cut XML synopsis with a matching Content-Sha1: unreadable, with the line and column', async () => {
    store.fault({
      path: '/api/products',
      query: { schema: 'synopsis' },
      body: '<?xml version="1.0"?>\n<prestashop><product><id',
    });
    const e = await failure({ synopsisFormat: 'xml' });
    expect(e.message).toMatch(
      /\/api\/products\?schema=synopsis \(resource "products"\): unreadable answer: malformed or truncated XML at line \d+, column \d+/,
    );
  });

  it('truncated JSON: fatal when JSON is forced, XML fallback in auto mode', async () => {
    store.fault({ path: '/api/orders', query: { output_format: 'JSON' }, body: '{"orders":{"id":{"req' });
    const e = await failure({ synopsisFormat: 'json' });
    expect(e.message).toMatch(/\(resource "orders"\): unreadable answer: malformed or truncated JSON/);
    // Auto mode asks JSON first only of a store that does not say it is PrestaShop 1.7 or later.
    const unversioned = await startFakeStore({ flavor: '8.x', version: null });
    try {
      unversioned.fault({ path: '/api/orders', query: { output_format: 'JSON' }, body: '{"orders":{"id":{"req' });
      const r = await introspectStore({ url: unversioned.url, key: KEY });
      expect(r.schema.resources.find((x) => x.name === 'orders')!.synopsis.source).toBe('xml');
      expect(r.summary.warnings).toEqual([
        expect.stringMatching(/^orders: the JSON synopsis is unusable \(malformed or truncated JSON/),
      ]);
    } finally {
      await unversioned.close();
    }
  });

  it('a bare [] where an object is expected', async () => {
    store.fault({ path: '/api/tags', query: { output_format: 'JSON' }, body: '[]' });
    const e = await failure({ synopsisFormat: 'json' });
    expect(e.message).toMatch(
      /\(resource "tags"\): unreadable answer: a bare JSON array where an object keyed by the node name was expected/,
    );
  });

  it('a PrestaShop error document with status 200', async () => {
    const errors = readFileSync(join(FIXTURE_DIR, 'errors/bad-schema.xml'), 'utf8');
    store.fault({ path: '/api/zones', query: { schema: 'synopsis' }, status: 200, body: errors });
    const e = await failure({ synopsisFormat: 'xml' });
    expect(e.message).toMatch(
      /\(resource "zones"\): answered 200 with a PrestaShop error document: code 28: Please select a schema/,
    );
  });

  it('the wrong content type', async () => {
    store.fault({
      path: '/api/zones',
      query: { schema: 'synopsis' },
      body: '{"zone":{}}',
      headers: { 'content-type': 'application/json' },
    });
    const e = await failure({ synopsisFormat: 'xml' });
    expect(e.message).toMatch(/\(resource "zones"\): answered application\/json where XML was expected/);
  });

  it('a DTD with entities is refused', async () => {
    store.fault({
      path: '/api/zones',
      query: { schema: 'synopsis' },
      body: '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x "y">]><prestashop><zone/></prestashop>',
    });
    const e = await failure({ synopsisFormat: 'xml' });
    expect(e.message).toMatch(/declares a DTD or entities, which are refused/);
  });

  it(`a body over ${MAX_BODY_BYTES / 1024 / 1024} MiB`, async () => {
    store.fault({ path: '/api', body: `<prestashop>${'x'.repeat(MAX_BODY_BYTES)}</prestashop>` });
    const e = await failure({});
    expect(e.message).toContain(`/api: the answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  });
});

describe('retries', () => {
  it('a resource failing after all retries names the resource and the last error', async () => {
    store.fault({ path: '/api/customers', query: { schema: 'synopsis' }, status: 500, body: '' });
    const e = await failure({ retries: 2 });
    expect(e.exitCode).toBe(EXIT_FAILURE);
    expect(e.message).toMatch(
      /\/api\/customers\?schema=synopsis \(resource "customers"\): the store answered HTTP 500 after 3 attempts\./,
    );
  });

  it('dropped connections are retried, then reported', async () => {
    const drop = store.fault({ path: '/api/carriers', query: { schema: 'synopsis' }, drop: 'before-response' });
    const e = await failure({ retries: 1 });
    expect(drop.hits).toBe(2);
    expect(e.message).toMatch(/\(resource "carriers"\): no answer after 2 attempts; last error: /);
  });

  it('a connection dropped mid-body is retried and recovers', async () => {
    store.fault({ path: '/api/carriers', query: { schema: 'synopsis' }, drop: 'mid-body', times: 1 });
    const r = await introspectStore({ url: store.url, key: KEY });
    expect(r.summary.retries).toBe(1);
  });

  it('429 and 503 honour Retry-After, then succeed', async () => {
    const tooMany = store.fault({
      path: '/api/products',
      query: { schema: 'synopsis' },
      status: 429,
      body: '',
      headers: { 'retry-after': '0' },
      times: 2,
    });
    const busy = store.fault({
      path: '/api/orders',
      query: { schema: 'synopsis' },
      status: 503,
      body: '',
      headers: { 'retry-after': '1' },
      times: 1,
    });
    const waits = armedTimers(/src[\\/]introspect[\\/]http\.[jt]s/);
    const r = await introspectStore({ url: store.url, key: KEY });
    // The waits are the ones asked for (0 twice, then 1 s), not the backoff's.
    expect([...waits].sort((a, b) => a - b)).toEqual([0, 0, 1000]);
    expect([tooMany.hits, busy.hits]).toEqual([2, 1]);
    expect(r.summary.retries).toBe(3);
    expect(r.schema.resources).toHaveLength(69);
  });

  it('times out a request that takes too long', async () => {
    // A key that sees one resource, so a loaded machine cannot time out another request first.
    const one = await startFakeStore({ keys: { [KEY]: { zones: ['GET'] } } });
    try {
      one.fault({ path: '/api/zones', latencyMs: 3000 });
      const e = (await introspectStore({ url: one.url, key: KEY, timeoutMs: 1000, retries: 0 }).catch(
        (x: unknown) => x,
      )) as IntrospectError;
      expect(e).toBeInstanceOf(IntrospectError);
      expect(e.message).toMatch(
        /\(resource "zones"\): no answer after 1 attempts; last error: timed out after 1000 ms/,
      );
    } finally {
      await one.close();
    }
  });
});

describe('redirects', () => {
  it('follows a same-origin redirect with credentials', async () => {
    const shop = await startFakeStore({ basePath: '/shop' });
    try {
      const origin = shop.url.replace(/\/shop$/, '');
      shop.fault({ path: /^\/api(\/|$)/, redirectPrefix: '/shop' });
      const r = await introspectStore({ url: origin, key: KEY });
      expect(r.schema.resources).toHaveLength(69);
      const redirected = shop.requests.filter((q) => q.path.startsWith('/shop/api'));
      expect(redirected.length).toBeGreaterThan(69);
      expect(redirected.every((q) => q.key === KEY)).toBe(true);
    } finally {
      await shop.close();
    }
  });

  it('never forwards credentials to another origin', async () => {
    const other = await startFakeStore();
    try {
      store.fault({ path: '/api', redirectPrefix: other.url });
      const e = await failure({});
      expect(e.exitCode).toBe(EXIT_USAGE);
      const from = new URL(store.url).origin;
      const to = new URL(other.url).origin;
      expect(e.message).toBe(
        `${store.url}/api: the store redirects to another origin (${from} → ${to}). Credentials are never sent to another origin. If that is the store's real address, run again with --url ${other.url}`,
      );
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('listing fallback, ws_key, concurrency', () => {
  it("falls back to the spec's resources when the listing is unreadable, and says so", async () => {
    store.fault({ path: '/api', status: 500, body: '' });
    const r = await introspectStore({ url: store.url, key: KEY, retries: 0, include: ['zones', 'warehouses'] });
    expect(r.summary.listingFallback).toBe(true);
    expect(r.summary.warnings[0]).toMatch(
      /the \/api listing could not be read \(.*HTTP 500.*\); using the spec's resource list plus --include/,
    );
    expect(r.summary.warnings).toContainEqual('order_slips: unknown to the store (400, code 27); trying "order_slip"');
    const names = r.schema.resources.map((x) => x.name);
    expect(names).toHaveLength(40);
    expect(names).toContain('order_slip');
    expect(names).not.toContain('order_slips');
    expect(names).toContain('warehouses');
    const slip = r.schema.resources.find((x) => x.name === 'order_slip')!;
    expect(slip).toMatchObject({
      nodeName: 'order_slip',
      nodesName: 'order_slips',
      methods: ['GET', 'POST'],
      description: null,
    });
    expect(r.schema.resources.find((x) => x.name === 'stock_availables')!.methods).toEqual(['GET', 'PUT']);
    expect(r.schema.resources.find((x) => x.name === 'warehouses')!.methods).toEqual(['GET']);
    expect(r.schema.store.psVersion).toBe('8.2.0');
  });

  it('a crash page (500 HTML) on the listing also falls back', async () => {
    store.fault({
      path: '/api',
      status: 500,
      body: '<html><body>Fatal error</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const r = await introspectStore({ url: store.url, key: KEY, retries: 0 });
    expect(r.summary.listingFallback).toBe(true);
    expect(r.schema.resources).toHaveLength(39);
  });

  it('fallback leaves out resources the key may not use', async () => {
    const limited = await startFakeStore({ keys: { [KEY]: { products: ['GET'], order_slip: ['GET'] } } });
    try {
      limited.fault({ path: '/api', status: 503, body: '' });
      const r = await introspectStore({ url: limited.url, key: KEY, retries: 0 });
      // images has no synopsis, so nothing was asked about it: it stays, as the spec lists it.
      expect(r.schema.resources.map((x) => x.name)).toEqual(['images', 'order_slip', 'products']);
      expect(r.summary.warnings).toContainEqual('orders: this key has no permission on it (401, code 26); left out');
    } finally {
      await limited.close();
    }
  });

  it('an included resource the store does not have is bad input (exit 2)', async () => {
    const e = await failure({ include: ['unheard_of'] });
    expect(e.exitCode).toBe(EXIT_USAGE);
    expect(e.message).toMatch(
      /\/api\/unheard_of \(resource "unheard_of"\): the store has no such resource \(400, code 27\)/,
    );
    // A name close to a listed one is a typo: refused before any synopsis request.
    await expect(introspectStore({ url: store.url, key: KEY, include: ['productz'] })).rejects.toThrow(
      /--include: "productz" is not in the store's listing; did you mean "products"\?/,
    );
  });

  it('sends the key as ws_key only when asked, warns, and keeps it out of messages', async () => {
    const before = store.requests.length;
    const r = await introspectStore({ url: store.url, key: KEY, wsKey: true, include: [], exclude: [] });
    const sent = store.requests.slice(before);
    expect(sent.every((q) => q.query.ws_key === KEY && !q.hadAuthorization)).toBe(true);
    expect(r.summary.warnings).toContainEqual(
      expect.stringMatching(/ws_key query parameter: it will appear in the store's access logs/),
    );
    store.fault({ path: '/api/zones', status: 500, body: '' });
    const e = await failure({ wsKey: true, retries: 0 });
    expect(e.message).toContain('ws_key=***');
  });

  it('uses HTTP Basic with the key as user name by default', async () => {
    const before = store.requests.length;
    await introspectStore({ url: store.url, key: KEY, exclude: [] });
    const sent = store.requests.slice(before);
    expect(sent.every((q) => q.hadAuthorization && q.key === KEY && q.query.ws_key === undefined)).toBe(true);
  });

  it('bounds concurrency', async () => {
    const slow = await startFakeStore({ latencyMs: 15 });
    try {
      await introspectStore({ url: slow.url, key: KEY, concurrency: 3 });
      expect(slow.maxInFlight).toBeLessThanOrEqual(3);
      expect(slow.maxInFlight).toBeGreaterThan(1);
    } finally {
      await slow.close();
    }
  });

  it('rejects bad options as ConfigError (exit 2)', async () => {
    for (const bad of [
      { concurrency: 0 },
      { retries: -1 },
      { timeoutMs: 1.5 },
      { url: 'ftp://x' },
      { url: 'https://u:p@x.example' },
      { key: '' },
      { include: ['a/b'] },
    ]) {
      const e = (await introspectStore({ url: store.url, key: KEY, ...bad }).catch((x: unknown) => x)) as Error & {
        exitCode: number;
      };
      expect(e.name, JSON.stringify(bad)).toBe('ConfigError');
      expect(e.exitCode).toBe(EXIT_USAGE);
    }
  });
});
