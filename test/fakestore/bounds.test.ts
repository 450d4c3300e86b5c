/**
 * The fake store's bounds, over HTTP: the request body cap (answered as Apache's LimitRequestBody
 * does), the request log kept as a ring of the last N requests, and the fault dice, which counts
 * nothing while no fault rule exists.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { raw } from '../client/helpers.js';

const stores: FakeStore[] = [];
const start = async (...args: Parameters<typeof startFakeStore>): Promise<FakeStore> => {
  const s = await startFakeStore(...args);
  stores.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** A chunked POST (no Content-Length) of `size` bytes, in 1 KiB pieces. */
function chunkedPost(url: string, size: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/products`,
      { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${FAKE_STORE_KEY}:`).toString('base64')}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    for (let sent = 0; sent < size; sent += 1024) req.write('x'.repeat(Math.min(1024, size - sent)));
    req.end();
  });
}

describe('request body cap (maxBodyBytes, Apache LimitRequestBody)', () => {
  it('a body over the cap is 413 with the Apache page naming the path, with or without Content-Length; the store goes on serving', async () => {
    const s = await start({ maxBodyBytes: 2048 });
    const big = await raw(s.url, FAKE_STORE_KEY, 'POST', 'products', {
      body: `<prestashop>${'x'.repeat(4096)}</prestashop>`,
    });
    expect(big.status).toBe(413);
    expect(big.text).toContain('<title>413 Request Entity Too Large</title>');
    expect(big.text).toContain(
      'The requested resource<br />/api/products<br />\ndoes not allow request data with POST requests',
    );
    expect(await chunkedPost(s.url, 8192)).toMatchObject({ status: 413 });
    // At the cap it is read as usual (here: the fixtures answer a POST on products as the key allows).
    expect((await raw(s.url, FAKE_STORE_KEY, 'POST', 'products', { body: 'x'.repeat(2048) })).status).not.toBe(413);
    expect((await raw(s.url, FAKE_STORE_KEY, 'GET', 'products')).status).toBe(200);
    // The log keeps the request, without the body it refused.
    expect(s.requests[0]).toMatchObject({ method: 'POST', path: '/api/products', body: '' });
  });
});

describe('request log (requestLogLimit)', () => {
  it('keeps the last N requests, oldest first, and clearRequests() empties it', async () => {
    const s = await start({ requestLogLimit: 3 });
    for (const id of [1, 2, 3, 4, 5]) await raw(s.url, FAKE_STORE_KEY, 'GET', `languages/${id}`);
    expect(s.requests.map((r) => r.path)).toEqual(['/api/languages/3', '/api/languages/4', '/api/languages/5']);
    expect(s.requests[2]!.key).toBe(FAKE_STORE_KEY);
    s.clearRequests();
    expect(s.requests).toEqual([]);
    const none = await start({ requestLogLimit: 0 });
    await raw(none.url, FAKE_STORE_KEY, 'GET', 'languages');
    expect(none.requests).toEqual([]);
  });
});

describe('fault dice', () => {
  it('counts nothing while no rule exists: a rule added after requests rolls as on a fresh store', async () => {
    const pattern = async (s: FakeStore): Promise<number[]> => {
      const rule = s.fault({ path: '/api/languages', probability: 0.5, status: 503, body: '' });
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await raw(s.url, FAKE_STORE_KEY, 'GET', 'languages')).status);
      rule.remove();
      return statuses;
    };
    const fresh = await start();
    const used = await start();
    for (let i = 0; i < 5; i++) await raw(used.url, FAKE_STORE_KEY, 'GET', 'languages');
    const expected = await pattern(fresh);
    expect(expected).toContain(503);
    expect(expected).toContain(200);
    expect(await pattern(used)).toEqual(expected);
  });
});

describe('Content-Sha1 of answers read again (encoded bodies are kept by their text)', () => {
  it('is the SHA-1 of the bytes sent, for a repeated read and after a write changes the record', async () => {
    const { readFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const { parseSnapshot } = await import('../../src/model/index.js');
    const url = new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url);
    const s = await start({
      crud: {
        schema: parseSnapshot(readFileSync(url, 'utf8'), url.pathname),
        resources: ['products', 'categories', 'stock_availables'],
      },
    });
    const read = async (): Promise<{ sha: string | null; bytes: Buffer }> => {
      const res = await fetch(`${s.url}/api/products/1`, {
        headers: { authorization: `Basic ${Buffer.from(`${FAKE_STORE_KEY}:`).toString('base64')}` },
      });
      return { sha: res.headers.get('content-sha1'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const sha1 = (b: Buffer): string => createHash('sha1').update(b).digest('hex');
    const first = await read();
    const again = await read();
    expect(again.sha).toBe(sha1(again.bytes));
    expect(again.sha).toBe(first.sha);
    // Same length, other bytes: the reference changes by one letter.
    const ref = /<reference><!\[CDATA\[(.*?)\]\]>/.exec(first.bytes.toString('utf8'))![1]!;
    const patched = await raw(s.url, FAKE_STORE_KEY, 'PATCH', 'products/1', {
      body: `<prestashop><product><id>1</id><reference>${ref.slice(0, -1)}Z</reference></product></prestashop>`,
    });
    expect(patched.status).toBe(200);
    const after = await read();
    expect(after.bytes.length).toBe(first.bytes.length);
    expect(after.sha).toBe(sha1(after.bytes));
    expect(after.sha).not.toBe(first.sha);
  });
});
