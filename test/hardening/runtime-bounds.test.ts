/**
 * The runtime's bounds, over real HTTP to the seeded CRUD fake store: error messages have one
 * length bound, `client.request()` reads JSON with the same depth cap as every other answer, and
 * a `ws_key` that URL-encoding changes (`+`, `/`) never leaks through a custom `fetch`'s error.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_MESSAGE } from '../../templates/runtime/errors.js';
import type { FetchLike } from '../../templates/runtime/http.js';
import { MAX_JSON_DEPTH } from '../../templates/runtime/http-body.js';
import { startHarness, type Harness } from '../client/writes-helpers.js';
import { leaksIn } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('8.x');
});
afterAll(() => h.close());

describe('error messages', () => {
  it('a store error document of 400 long errors gives a message of at most MAX_ERROR_MESSAGE characters; the list stays whole', async () => {
    const errors = Array.from({ length: 400 }, (_, i) => ({ code: 3, message: `warning ${i} ${'x'.repeat(1500)}` }));
    const rule = h.store.store.fault({
      path: '/api/products/1',
      status: 500,
      body: JSON.stringify({ errors }),
      headers: { 'content-type': 'application/json' },
    });
    try {
      const error = (await h
        .client()
        .products.get(1)
        .catch((e: unknown) => e)) as Error & { errors: unknown[] };
      expect(error.name).toBe('PrestaShopError');
      expect(error.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE + 40);
      expect(error.message).toMatch(/… \(\d+ more characters\)$/);
      expect(error.errors).toHaveLength(400);
    } finally {
      rule.remove();
    }
  });
});

describe('client.request()', () => {
  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is not parsed (data null, text kept)`, async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const rule = h.store.store.fault({
      path: '/api/products',
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    try {
      const res = await h.request()({ method: 'GET', path: 'products', format: 'json' });
      expect(res.text).toBe(deep);
      expect(res.data).toBeNull();
      const shallow = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
      rule.remove();
      h.store.store.fault({
        path: '/api/products',
        body: shallow,
        headers: { 'content-type': 'application/json' },
        times: 1,
      });
      expect((await h.request()({ method: 'GET', path: 'products', format: 'json' })).data).not.toBeNull();
    } finally {
      rule.remove();
    }
  });
});

describe("auth: 'ws_key' with a key that URL-encoding changes", () => {
  it('a custom fetch that puts the URL in its error leaks no form of the key', async () => {
    const apiKey = 'AB+CD/EF+GH/IJ+KL/MN+OP/QR+ST/UV';
    // Talks to the store for real, then fails the way some fetch wrappers do: the URL in the message.
    const leaky = (async (input: string, init: RequestInit) => {
      await fetch(input, init);
      throw new TypeError(`request to ${input} failed (${encodeURI(input)}) [${input.toLowerCase()}]`);
    }) as FetchLike;
    const error = await h
      .client({ apiKey, auth: 'ws_key', fetch: leaky })
      .products.get(1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PrestaShopError', kind: 'network' });
    const shown = `${inspect(error, { depth: 10, showHidden: true })}\n${(error as Error).stack ?? ''}`;
    expect(h.store.requests.at(-1)!.query['ws_key']).toBe(apiKey);
    expect(leaksIn(shown, apiKey)).toEqual([]);
    expect(shown).not.toContain('AB%2BCD%2FEF');
    expect(shown).not.toContain('ab%2bcd%2fef');
  });
});
