/**
 * `createMany` / `updateMany` and `count` over the CRUD fake store on real HTTP. The store saves
 * the entities of one request in order and stops at the first it refuses, answering with that
 * error alone (WebserviceRequest::saveEntityFromXml; checked on a real 8.2.0 store): the results
 * say exactly what is known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maker, startFeedHarness, type FeedHarness } from './feed-helpers.js';
import { raw } from './helpers.js';

let h: FeedHarness;
beforeAll(async () => {
  h = await startFeedHarness({ timeZone: 'Europe/Paris', dates: 'string', start: '2026-05-01 08:00:00' });
}, 60_000);
afterAll(() => h.close());

const posts = (path: string): number => h.store.requests.filter((r) => r.method === 'POST' && r.path === path).length;
const product = (i: number) => ({
  name: [
    { id: 1, value: `Mug ${i}` },
    { id: 2, value: `Tasse ${i}` },
  ],
  price: i + 0.5,
});
const names = async (): Promise<string[]> =>
  ((await h.client().manufacturers.list({ display: ['name'], sort: 'id_ASC' })) as { name: string }[]).map(
    (m) => m.name,
  );

describe('the fake store takes several entities per request as PrestaShop 8.2.0 does', () => {
  const body = (...names: string[]) =>
    `<prestashop>${names.map((n) => `<manufacturer><name>${n}</name><active>1</active></manufacturer>`).join('')}</prestashop>`;

  it('renders every saved entity in XML, only the last in JSON, and stops at the first refused one with its error alone', async () => {
    const xml = await raw(h.store.url, h.store.apiKey, 'POST', 'manufacturers', { body: body('raw1', 'raw2') });
    expect(xml.status).toBe(201);
    expect(xml.text.match(/<manufacturer>/g)).toHaveLength(2);
    const json = await raw(h.store.url, h.store.apiKey, 'POST', 'manufacturers', {
      body: body('raw3', 'raw4'),
      format: 'JSON',
    });
    expect(JSON.parse(json.text).manufacturer.name).toBe('raw4');
    const refused = await raw(h.store.url, h.store.apiKey, 'POST', 'manufacturers', {
      body: body('raw5', 'raw&lt;6&gt;', 'raw7'),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<code><![CDATA[85]]></code>');
    expect(refused.text).not.toContain('raw5');
    expect((await names()).filter((n) => n.startsWith('raw'))).toEqual(['raw1', 'raw2', 'raw3', 'raw4', 'raw5']);
    const m = h.client().manufacturers;
    await m.delete((await m.list({ display: ['id'] })).map((x: { id: number }) => x.id));
  });
});

describe('createMany', () => {
  it('creates 500 products in 20 requests (not 500), one saved result per input, in input order', async () => {
    h.store.clearRequests();
    const results = await h.client().products.createMany(Array.from({ length: 500 }, (_, i) => product(i)));
    expect(posts('/api/products')).toBe(20);
    expect(results).toHaveLength(500);
    expect(
      results.every(
        (r: { status: string }, i: number) => r.status === 'saved' && (r as unknown as { index: number }).index === i,
      ),
    ).toBe(true);
    expect(results.map((r: { item: { name: { value: string }[] } }) => r.item.name[0]!.value)).toEqual(
      Array.from({ length: 500 }, (_, i) => `Mug ${i}`),
    );
    expect(new Set(results.map((r: { item: { id: number } }) => r.item.id)).size).toBe(500);
    expect(await h.client().products.count()).toBe(500);
  });

  it('an invalid item is refused before sending; the others are saved', async () => {
    const results = await h
      .client()
      .manufacturers.createMany([maker('a1'), maker('a2'), maker('bad <name>'), maker('a4')], { chunkSize: 2 });
    expect(results.map((r: { status: string }) => r.status)).toEqual(['saved', 'saved', 'failed', 'saved']);
    expect(results[2].error.name).toBe('PrestaShopValidationError');
    expect(await names()).toEqual(['a1', 'a2', 'a4']);
  });

  it('unchecked, a refused item leaves its chunk unknown (the store saved the ones before it), other chunks saved', async () => {
    h.store.clearRequests();
    const inputs = [
      maker('b1'),
      maker('b2'),
      maker('b3'),
      maker('b4'),
      maker('bad <b5>'),
      maker('b6'),
      maker('bad <b7>'),
    ];
    const results = await h
      .client()
      .manufacturers.createMany(inputs, { chunkSize: 3, concurrency: 1, validate: false });
    // Chunks [b1 b2 b3] [b4 b5 b6] [b7]: the second fails on its second entity; b7, alone, surely failed.
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'saved',
      'saved',
      'saved',
      'unknown',
      'unknown',
      'unknown',
      'failed',
    ]);
    expect(results[4].error.code).toBe(85);
    expect(results[6].error.code).toBe(85);
    // What the store did: b4 saved, b5 refused, b6 after it never looked at.
    expect((await names()).filter((n) => n.startsWith('b'))).toEqual(['b1', 'b2', 'b3', 'b4']);
    // Three requests: no chunk was sent twice.
    expect(posts('/api/manufacturers')).toBe(3);
  });

  it('bounds chunkSize and concurrency', async () => {
    await expect(h.client().manufacturers.createMany([maker('c')], { chunkSize: 101 })).rejects.toThrow(
      /chunkSize: expected an integer from 1 to 100/,
    );
    await expect(h.client().manufacturers.createMany([maker('c')], { concurrency: 0 })).rejects.toThrow(/concurrency/);
  });
});

describe('updateMany', () => {
  it('updates in one PUT; an unknown id alone in its chunk is failed (404/92), nothing else is touched', async () => {
    const m = h.client().manufacturers;
    const made = await m.createMany([maker('u1'), maker('u2'), maker('u3')]);
    const [a, b, c] = made.map((r: { item: { id: number } }) => r.item.id);
    h.store.clearRequests();
    const ok = await m.updateMany([
      { id: a, input: maker('u1-new') },
      { id: b, input: maker('u2-new') },
    ]);
    expect(ok.map((r: { status: string }) => r.status)).toEqual(['saved', 'saved']);
    expect(h.store.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    const mixed = await m.updateMany(
      [
        { id: c, input: maker('u3-new') },
        { id: 99_999, input: maker('ghost') },
      ],
      { chunkSize: 1 },
    );
    expect(mixed.map((r: { status: string }) => r.status)).toEqual(['saved', 'failed']);
    expect(mixed[1].error.code).toBe(92);
    expect((await names()).filter((n) => n.startsWith('u'))).toEqual(['u1-new', 'u2-new', 'u3-new']);
    await expect(
      m.updateMany([
        { id: a, input: maker('x') },
        { id: a, input: maker('y') },
      ]),
    ).rejects.toThrow(/id \d+ is given twice/);
  });
});

describe('count', () => {
  it('equals the length of listAll on several filters, listing ids only', async () => {
    const { mod } = h;
    const p = h.client().products;
    const filters = [
      undefined,
      { price: mod.gt(100) },
      { price: mod.between(10, 20) },
      { id: mod.anyOf(1, 2, 3, 999) },
      { price: mod.lt(0) },
    ];
    for (const filter of filters) {
      let all = 0;
      for await (const item of p.listAll({ filter, pageSize: 200 })) if (item !== undefined) all++;
      h.store.clearRequests();
      expect(await p.count({ filter, pageSize: 150 })).toBe(all);
      expect(h.store.requests.every((r) => decodeURIComponent(r.rawQuery).includes('display=[id]'))).toBe(true);
    }
    expect(await p.count({ filter: { price: mod.lt(0) } })).toBe(0);
  });
});
