/**
 * Methods on resources the engine does not serve (a fixture-only store), as
 * `WebserviceRequest::checkHTTPMethod` (8.2.0 964-977) answers them: a method PrestaShop does not
 * know is 405/23 before the key's methods are looked at (25), as the engine answers it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { raw } from '../client/helpers.js';

let plain: FakeStore;
let old: FakeStore;
beforeAll(async () => {
  [plain, old] = await Promise.all([startFakeStore(), startFakeStore({ flavor: '1.7' })]);
});
afterAll(async () => {
  await Promise.all([plain.close(), old.close()]);
});

describe('unknown HTTP methods without the engine', () => {
  it('OPTIONS is 405 with code 23 "is not valid", in XML and JSON', async () => {
    const xml = await raw(plain.url, FAKE_STORE_KEY, 'OPTIONS', 'products');
    expect(xml.status).toBe(405);
    expect(xml.text).toContain('<code><![CDATA[23]]></code>');
    expect(xml.text).toContain('<message><![CDATA[Method OPTIONS is not valid]]></message>');
    const json = await raw(plain.url, FAKE_STORE_KEY, 'OPTIONS', 'products', { format: 'JSON' });
    expect([json.status, JSON.parse(json.text)]).toEqual([
      405,
      { errors: [{ code: 23, message: 'Method OPTIONS is not valid' }] },
    ]);
  });

  it('PATCH is unknown to 1.7.8 (23); a known method the key lacks is 25 naming the resource', async () => {
    expect((await raw(old.url, FAKE_STORE_KEY, 'PATCH', 'products/1', { format: 'JSON' })).text).toBe(
      '{"errors":[{"code":23,"message":"Method PATCH is not valid"}]}',
    );
    const keyed = await startFakeStore({ keys: { [FAKE_STORE_KEY]: { products: ['GET'] } } });
    try {
      const put = await raw(keyed.url, FAKE_STORE_KEY, 'PUT', 'products/1', { format: 'JSON', body: '<prestashop/>' });
      expect([put.status, put.text]).toEqual([
        405,
        '{"errors":[{"code":25,"message":"Method PUT is not allowed for the resource products with this authentication key"}]}',
      ]);
    } finally {
      await keyed.close();
    }
  });
});
