/**
 * The generated client's runtime (templates/runtime, copied verbatim into every output) keeps the
 * key as the introspector does: sent only to the store's origin, never on a redirect elsewhere,
 * never in the URL, never in its errors.
 */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStore, type FakeStore, type FaultRule } from '../../src/fakestore/index.js';
import { PrestaShopError } from '../../templates/runtime/errors.js';
import { Transport } from '../../templates/runtime/http.js';
import { KEY, leaksIn } from './helpers.js';

let store: FakeStore;
let other: FakeStore;
beforeAll(async () => {
  store = await startFakeStore();
  other = await startFakeStore();
});
afterEach(() => store.clearFaults());
afterAll(async () => {
  await Promise.all([store.close(), other.close()]);
});

const transport = (): Transport => new Transport({ baseUrl: store.url, apiKey: KEY, retries: 0, timeoutMs: 5000 });

async function refused(rule: FaultRule, method: 'GET' | 'POST' | 'PUT' = 'GET'): Promise<PrestaShopError> {
  store.fault(rule);
  const before = other.requests.length;
  const body = method === 'GET' ? undefined : '<prestashop><product><price>1</price></product></prestashop>';
  const error = await transport()
    .send({ method, path: 'products', format: 'XML', ...(body === undefined ? {} : { body }) })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(PrestaShopError);
  const e = error as PrestaShopError;
  expect(e.kind).toBe('redirect');
  expect(e.message).toMatch(/refused to follow a redirect to another origin/);
  expect(other.requests.length, 'no request reached the other origin').toBe(before);
  expect(leaksIn(inspect(e, { depth: 10, showHidden: true }) + (e.stack ?? ''), KEY)).toEqual([]);
  return e;
}

describe('the client runtime and redirects', () => {
  for (const status of [301, 302, 303, 307, 308] as const) {
    it(`${status} to another origin is refused, for reads and writes`, async () => {
      await refused({ path: '/api/products', redirectPrefix: other.url, redirectStatus: status });
      store.clearFaults();
      await refused(
        { path: '/api/products', redirectPrefix: other.url, redirectStatus: status },
        status === 303 ? 'POST' : 'PUT',
      );
    });
  }

  it('a protocol-relative Location, a scheme change, and a second hop leaving the origin', async () => {
    await refused({ path: '/api/products', redirectPrefix: `//${new URL(other.url).host}` });
    store.clearFaults();
    await refused({ path: '/api/products', redirectPrefix: store.url.replace('http://', 'https://') });
    store.clearFaults();
    store.fault({ path: '/hop/api/products', redirectPrefix: other.url });
    await refused({ path: '/api/products', redirectPrefix: '/hop' });
  });

  it('follows a same-origin redirect with the key, which never goes into a URL', async () => {
    const shop = await startFakeStore({ basePath: '/shop' });
    try {
      shop.fault({ path: /^\/api(\/|$)/, redirectPrefix: '/shop' });
      const t = new Transport({ baseUrl: shop.url.replace(/\/shop$/, ''), apiKey: KEY, retries: 0 });
      const res = await t.send({ method: 'GET', path: 'products', params: [['limit', '1']], format: 'XML' });
      expect(res.status).toBe(200);
      expect(res.url).toMatch(/\/shop\/api\/products\?limit=1$/);
      const seen = shop.requests.filter((r) => r.path.startsWith('/shop/api'));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((r) => r.key === KEY && r.hadAuthorization && r.query.ws_key === undefined)).toBe(true);
    } finally {
      await shop.close();
    }
  });

  it('errors of a failing store do not hold the key', async () => {
    store.fault({
      path: '/api/products',
      status: 500,
      body: `{"errors":[{"code":3,"message":"echo ${KEY} ${Buffer.from(`${KEY}:`).toString('base64')}"}]}`,
    });
    const e = (await transport()
      .expectOk({ method: 'GET', path: 'products', format: 'JSON' })
      .catch((x: unknown) => x)) as PrestaShopError;
    expect(e).toBeInstanceOf(PrestaShopError);
    expect(e.status).toBe(500);
    expect(leaksIn(inspect(e, { depth: 10 }) + e.message, KEY)).toEqual([]);
  });
});
