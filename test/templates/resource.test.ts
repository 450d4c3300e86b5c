import { describe, expect, it } from 'vitest';
import { createContext } from '../../templates/runtime/client.js';
import { PrestaShopError, PrestaShopValidationError } from '../../templates/runtime/errors.js';
import type { FetchLike } from '../../templates/runtime/http.js';
import { DEFAULT_CODEC } from '../../templates/runtime/meta.js';
import { ResourceRuntime, type Validator } from '../../templates/runtime/resource.js';
import { productMeta } from './metas.js';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** A fetch that answers from a list of canned responses and records the URLs. */
function canned(answers: (() => Response)[]): { fetch: FetchLike; urls: string[]; inits: RequestInit[] } {
  const urls: string[] = [];
  const inits: RequestInit[] = [];
  return {
    urls,
    inits,
    fetch: async (url, init) => {
      urls.push(url);
      inits.push(init);
      const next = answers.shift();
      if (next === undefined) throw new Error('no more answers');
      return next();
    },
  };
}

const xmlList = (ids: number[]) =>
  `<prestashop><products>${ids.map((id) => `<product><id><![CDATA[${id}]]></id><price><![CDATA[1.5]]></price></product>`).join('')}</products></prestashop>`;

function runtime(fetch: FetchLike, extra: Partial<Parameters<typeof createContext>[0]> = {}): ResourceRuntime {
  return new ResourceRuntime(
    createContext({ baseUrl: 'https://shop.example', apiKey: KEY, fetch, retries: 0, ...extra }, DEFAULT_CODEC, [1, 2]),
    productMeta,
  );
}

describe('ResourceRuntime', () => {
  it('get: null for a 404 with an empty body or code 131, an error for other 404s', async () => {
    const f = canned([
      () => new Response('', { status: 404 }),
      () => new Response('{"errors":[{"code":131,"message":"not in this shop"}]}', { status: 404 }),
      () => new Response('{"errors":[{"code":999,"message":"This shop id does not exist"}]}', { status: 404 }),
    ]);
    const r = runtime(f.fetch);
    expect(await r.get(5)).toBeNull();
    expect(await r.get(5)).toBeNull();
    await expect(r.get(5)).rejects.toMatchObject({ status: 404, code: 999 });
    expect(f.urls[0]).toBe('https://shop.example/api/products/5');
    await expect(r.get(0)).rejects.toThrow(RangeError);
  });

  it('listAll stops on a short page and keeps the caller sort before the id tie-breaker', async () => {
    const f = canned([() => new Response(xmlList([1, 2])), () => new Response(xmlList([3]))]);
    const seen: unknown[] = [];
    for await (const item of runtime(f.fetch).listAll({ pageSize: 2, sort: 'price_DESC' })) seen.push(item['id']);
    expect(seen).toEqual([1, 2, 3]);
    expect(f.urls.map((u) => new URL(u).searchParams.get('limit'))).toEqual(['0,2', '2,2']);
    expect(f.urls.map((u) => new URL(u).searchParams.get('sort'))).toEqual([
      '[price_DESC,id_ASC]',
      '[price_DESC,id_ASC]',
    ]);
  });

  it('validates before sending and throws every issue; validate: false sends anyway', async () => {
    const validator: Validator = () => ({
      ok: false,
      issues: [{ path: 'price', code: 'required', message: 'is required' }],
    });
    const f = canned([() => new Response('<prestashop><product><id>9</id></product></prestashop>', { status: 201 })]);
    const r = runtime(f.fetch);
    const error = await r.create({}, validator).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrestaShopValidationError);
    expect((error as PrestaShopValidationError).issues).toEqual([
      { path: 'price', code: 'required', message: 'is required' },
    ]);
    expect(f.urls).toEqual([]);
    expect((await r.create({}, validator, { validate: false }))['id']).toBe(9);
    const off = runtime(
      canned([() => new Response('<prestashop><product><id>10</id></product></prestashop>', { status: 201 })]).fetch,
      { validate: false },
    );
    expect((await off.create({}, validator))['id']).toBe(10);
  });

  it('sends what the validator returns (e.g. stripped keys), and never the id or read-only fields', async () => {
    const f = canned([() => new Response('<prestashop><product><id>3</id></product></prestashop>')]);
    const seen: unknown[] = [];
    const validator: Validator = (v) => {
      seen.push(v);
      return { ok: true, value: { ...(v as object), reference: 'from validator' } };
    };
    await runtime(f.fetch).update(3, { id: 77, price: 2, manufacturer_name: 'x' }, validator);
    // The validator sees the body as it will be sent: no id, no read-only field.
    expect(seen).toEqual([{ price: 2 }]);
    const body = String(f.inits[0]!.body);
    expect(body).toContain('<id><![CDATA[3]]></id>');
    expect(body).not.toContain('77');
    expect(body).not.toContain('manufacturer_name');
    expect(body).toContain('<reference><![CDATA[from validator]]></reference>');
  });

  it('an unreadable answer is a decode error naming the request', async () => {
    const f = canned([() => new Response('<html>maintenance</htm')]);
    const error = (await runtime(f.fetch)
      .list()
      .catch((e: unknown) => e)) as PrestaShopError;
    expect(error).toBeInstanceOf(PrestaShopError);
    expect(error.kind).toBe('decode');
    expect(error.message).toMatch(/^GET https:\/\/shop.example\/api\/products\?display=full: unreadable answer/);
  });

  it('deletes several ids in one request, and nothing for an empty list', async () => {
    const f = canned([() => new Response('', { status: 200 })]);
    const r = runtime(f.fetch, { shop: { id_shop: 2 } });
    await r.delete([]);
    await r.delete([4, 5]);
    expect(f.urls).toEqual(['https://shop.example/api/products?id=%5B4%2C5%5D&id_shop=2']);
    expect(f.inits[0]!.method).toBe('DELETE');
  });

  it('language and shop defaults apply to reads and can be overridden per call', async () => {
    const f = canned([() => new Response(xmlList([])), () => new Response(xmlList([]))]);
    const r = runtime(f.fetch, { language: 2, shop: { id_shop_group: 1 } });
    await r.list();
    await r.list({ language: [1, 2], shop: { id_shop: 'all' } });
    expect(f.urls.map((u) => new URL(u).search)).toEqual([
      '?display=full&language=2&id_shop_group=1',
      '?display=full&language=%5B1%7C2%5D&id_shop=all',
    ]);
  });
});
