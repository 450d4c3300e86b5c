/**
 * The CRUD fake store against the reference, with raw HTTP: what a real PrestaShop answers to
 * writes, reads, list parameters and mistakes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import type { RecordedRequest } from '../../src/fakestore/index.js';
import { crudSchema, productXml, raw } from './helpers.js';

/** A product needs a multilingual name: without one, a POST is 500 (Product::modifierWsLinkRewrite). */
const NAME = '<name><language id="1">Mug</language><language id="2">Tasse</language></name>';

let store: CrudStore;
const call = (method: string, path: string, init: Parameters<typeof raw>[4] = {}) =>
  raw(store.url, store.apiKey, method, path, init);

beforeAll(async () => {
  store = await startCrudStore({ schema: crudSchema() });
});
afterAll(() => store.close());

describe('authentication and routing', () => {
  it('401 plain text without key, 18 for a malformed key, 20+21 for an unknown one', async () => {
    const none = await raw(store.url, null, 'GET', 'products');
    expect([none.status, none.text]).toEqual([401, '401 Unauthorized']);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm="Welcome to PrestaShop Webservice/);
    const short = await raw(store.url, 'short', 'GET', 'products', { format: 'JSON' });
    expect([short.status, short.text]).toEqual([
      401,
      '{"errors":[{"code":18,"message":"Invalid authentication key format"}]}',
    ]);
    const unknown = await raw(store.url, 'X'.repeat(32), 'GET', 'products');
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain('<code><![CDATA[20]]></code>');
    expect(unknown.text).toContain('<code><![CDATA[21]]></code>');
    expect(unknown.headers.get('psws-version')).toBe('0');
  });

  it('only the exact upper-case JSON selects JSON; headers beat the query', async () => {
    expect((await call('GET', 'products?output_format=json')).text).toContain('<?xml');
    expect((await call('GET', 'products?output_format=JSON')).text).toBe('[]');
    expect((await call('GET', 'products?output_format=JSON', { format: 'XML' })).text).toContain('<?xml');
  });

  it('unknown resource 400/27, forbidden method 405/101; methods the spec refuses but a real store runs are run', async () => {
    expect((await call('GET', 'productz', { format: 'JSON' })).status).toBe(400);
    const post = await call('POST', 'stock_availables', { format: 'JSON', body: '<prestashop/>' });
    expect([post.status, post.text]).toEqual([
      405,
      '{"errors":[{"code":101,"message":"Method POST is not allowed for the resource stock_availables"}]}',
    ]);
    // The spec's table says no PATCH on order_histories; a real 8.2.0 store runs it (here: 404/92, no such id).
    const patch = await call('PATCH', 'order_histories/77', {
      format: 'JSON',
      body: '<prestashop><order_history><id>77</id></order_history></prestashop>',
    });
    expect([patch.status, patch.text]).toEqual([404, '{"errors":[{"code":92,"message":"Invalid ID"}]}']);
  });
});

describe('writes', () => {
  it('POST creates (201) with the saved item: decimals, generated link_rewrite, stock row, dates', async () => {
    const res = await call('POST', 'products', {
      body: productXml(
        '<price><![CDATA[19.9]]></price><name><language id="1">Blue Mug</language><language id="2">Tasse bleue</language></name><associations><categories><category><id>2</id></category></categories></associations>',
      ),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('text/xml');
    expect(res.text).toContain('<id><![CDATA[1]]></id>');
    expect(res.text).toContain('<price><![CDATA[19.900000]]></price>');
    expect(res.text).toContain('<link_rewrite><language id="1" xlink:href="');
    expect(res.text).toContain('<![CDATA[blue-mug]]></language><language id="2"');
    expect(res.text).toContain('<manufacturer_name notFilterable="true"><![CDATA[]]></manufacturer_name>');
    expect(res.text).toMatch(
      /<categories nodeType="category" api="categories">\n\t<category xlink:href="[^"]+\/api\/categories\/2">\n\t<id><!\[CDATA\[2\]\]><\/id>/,
    );
    expect(res.text).toMatch(/<date_add><!\[CDATA\[2026-01-01 00:00:\d\d\]\]><\/date_add>/);
    const stock = store.engine.get('stock_availables', 1)!;
    expect(stock.values.get('id_product')).toBe('1');
  });

  it.each([
    ['id on POST', 'POST', productXml('<price>1</price>', 4), 400, 91],
    ['missing required', 'POST', productXml('<reference>x</reference>'), 400, 41],
    ['read-only field', 'POST', productXml('<price>1</price><manufacturer_name>x</manufacturer_name>'), 400, 93],
    ['bad price', 'POST', productXml(`<price>1.2.3</price>${NAME}`), 400, 85],
    ['no name: the link_rewrite modifier walks a string', 'POST', productXml('<price>1</price>'), 500, 3],
    [
      'too long in language 2',
      'POST',
      productXml(
        `<price>1</price><name><language id="1">a</language><language id="2">${'b'.repeat(129)}</language></name>`,
      ),
      400,
      84,
    ],
    ['not XML', 'POST', '{"product":{"price":1}}', 500, 127],
    ['PUT without id', 'PUT', productXml('<price>1</price>'), 400, 90],
    ['PUT unknown id', 'PUT', productXml('<price>1</price>', 999), 404, 92],
  ])('%s → %i/%i', async (_what, method, body, status, code) => {
    const res = await call(method, 'products', { body, format: 'JSON' });
    expect(res.status).toBe(status);
    expect((JSON.parse(res.text) as { errors: { code: number }[] }).errors[0]!.code).toBe(code);
  });

  it('PUT resets omitted fields; PATCH changes only what it sends; the URL id is ignored', async () => {
    const created = await call('POST', 'products', {
      body: productXml(
        '<price>5</price><reference>REF-1</reference><on_sale>1</on_sale><name><language id="1">A</language><language id="2">B</language></name>',
      ),
      format: 'JSON',
    });
    const id = (JSON.parse(created.text) as { product: { id: number } }).product.id;
    const patched = await call('PATCH', `products/${id}`, { body: productXml('<price>6</price>', id), format: 'JSON' });
    const p = (JSON.parse(patched.text) as { product: Record<string, unknown> }).product;
    expect([p['price'], p['reference'], p['on_sale']]).toEqual(['6.000000', 'REF-1', '1']);
    const put = await call('PUT', 'products/999999', {
      body: productXml('<price>7</price><name><language id="1">A</language><language id="2">B2</language></name>', id),
      format: 'JSON',
    });
    const q = (JSON.parse(put.text) as { product: Record<string, unknown> }).product;
    expect(put.status).toBe(200);
    expect(q['price']).toBe('7.000000');
    expect(q['reference']).toBeUndefined(); // reset to "" then falsy-filtered by the 8.x JSON renderer
    expect(q['on_sale']).toBeUndefined();
    expect(q['name']).toEqual([
      { id: '1', value: 'A' },
      { id: '2', value: 'B2' },
    ]);
  });
});

describe('reads', () => {
  it('404 with an empty body and an empty Content-Type for a missing id', async () => {
    const res = await call('GET', 'products/424242', { format: 'JSON' });
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([404, '', '']);
  });

  it('JSON item form is falsy-filtered on 8.x; a display parameter switches to the unfiltered list form', async () => {
    const item = JSON.parse((await call('GET', 'products/1', { format: 'JSON' })).text) as {
      product: Record<string, unknown>;
    };
    expect(item.product['id']).toBe(1);
    expect(item.product).not.toHaveProperty('on_sale');
    const listForm = JSON.parse((await call('GET', 'products/1?display=full', { format: 'JSON' })).text) as {
      products: Record<string, unknown>[];
    };
    expect(listForm.products[0]!['on_sale']).toBe('0');
    expect(listForm.products[0]!['reference']).toBe('');
    expect(listForm.products[0]!['associations']).toEqual({
      categories: [{ id: '2' }],
      stock_availables: [{ id: '1', id_product_attribute: '0' }],
    });
  });

  it('one language rendered collapses multilingual values to a bare string', async () => {
    const res = JSON.parse((await call('GET', 'products/1?display=[id,name]&language=2', { format: 'JSON' })).text) as {
      products: unknown[];
    };
    expect(res.products).toEqual([{ id: 1, name: 'Tasse bleue' }]);
  });

  it('lists: ids only without display, [] when empty, XML empty element', async () => {
    expect((await call('GET', 'products', { format: 'JSON' })).text).toMatch(
      /^\{"products":\[\{"id":1\},\{"id":\d+\}\]\}$/,
    );
    expect((await call('GET', 'products?filter[id]=[999]', { format: 'JSON' })).text).toBe('[]');
    const xml = await call('GET', 'products?filter[id]=[999]');
    expect(xml.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<products>\n</products>\n</prestashop>\n',
    );
  });

  it.each([
    ['filter[name]=[Blue Mug]', [1]],
    ['filter[name]=%[mug]%', [1]],
    ['filter[name]=[blue]%', [1]],
    ['filter[name]=%[bleue]', [1]],
    ['filter[id]=[1|2]', [1, 2]],
    ['filter[id]=[1,2]', [1, 2]],
    ['filter[price]=>[10]', [1]],
    ['filter[price]=<[10]', [2]],
    ['filter[price]=[7]', [2]],
    ['filter[id]=![1]', [2]],
    ['filter[reference]=[]', [1, 2]],
    ['sort=[id_DESC]', [2, 1]],
    ['sort=[price_ASC]&limit=1', [2]],
    ['limit=1,1', [2]],
    ['filter[date_add]=>[2000-01-01]&date=1', [1, 2]],
  ])('%s', async (query, ids) => {
    const res = JSON.parse((await call('GET', `products?${query}`, { format: 'JSON' })).text) as {
      products?: { id: number }[];
    };
    expect((res.products ?? []).map((p) => p.id)).toEqual(ids);
  });

  it.each([
    ['filter[nope]=1', 32],
    ['filter[date_add]=[2024-01-01]', 32],
    ['filter[name]=', 33],
    ['filter[quantity]=[0]', 34],
    ['sort=price', 37],
    ['sort=[nope_ASC]', 38],
    ['limit=1,2,3', 39],
    ['display=nope', 36],
    ['display=[nope]', 35],
    ['language=abc', 79],
    ['language=[9]', 81],
  ])('%s → code %i', async (query, code) => {
    const res = await call('GET', `products?${query}`, { format: 'JSON' });
    expect(res.status).toBe(400);
    expect((JSON.parse(res.text) as { errors: { code: number }[] }).errors[0]!.code).toBe(code);
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await call('HEAD', 'products/1');
    expect([res.status, res.text]).toEqual([200, '']);
    expect((await call('HEAD', 'products/31337')).status).toBe(404);
  });
});

describe('deletes', () => {
  it('DELETE one and several (?id=[…]); unknown ids 404/87; 200 with an empty body', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', 'categories', {
        body: `<prestashop><category><active>1</active><id_parent>2</id_parent><name><language id="1">C${i}</language><language id="2">C${i}</language></name><link_rewrite><language id="1">c${i}</language><language id="2">c${i}</language></link_rewrite></category></prestashop>`,
        format: 'JSON',
      });
      expect(res.status).toBe(201);
      ids.push((JSON.parse(res.text) as { category: { id: number } }).category.id);
    }
    const one = await call('DELETE', `categories/${ids[0]}`);
    expect([one.status, one.text, one.headers.get('content-type')]).toEqual([200, '', '']);
    expect((await call('DELETE', `categories?id=[${ids[1]},${ids[2]}]`)).status).toBe(200);
    const missing = await call('DELETE', `categories/${ids[0]}`, { format: 'JSON' });
    expect([missing.status, missing.text]).toEqual([
      404,
      `{"errors":[{"code":87,"message":"Id(s) not exists: ${ids[0]}"}]}`,
    ]);
  });
});

describe('generations', () => {
  it('1.7.8 keeps falsy fields and has no PATCH; 9.0 sends integer columns as numbers', async () => {
    const old = await startCrudStore({ schema: crudSchema(), generation: '1.7' });
    const neu = await startCrudStore({ schema: crudSchema(), generation: '9.0' });
    try {
      for (const s of [old, neu]) {
        expect(
          (
            await raw(s.url, s.apiKey, 'POST', 'products', {
              body: productXml(`<price>2</price><id_category_default>2</id_category_default>${NAME}`),
            })
          ).status,
        ).toBe(201);
      }
      const a = JSON.parse((await raw(old.url, old.apiKey, 'GET', 'products/1', { format: 'JSON' })).text) as {
        product: Record<string, unknown>;
      };
      expect(a.product['on_sale']).toBe('0');
      expect(a.product['id_category_default']).toBe('2');
      expect(a.product['name']).toEqual([
        { id: '1', value: 'Mug' },
        { id: '2', value: 'Tasse' },
      ]);
      expect(
        (
          await raw(old.url, old.apiKey, 'PATCH', 'products/1', {
            body: productXml('<price>1</price>', 1),
            format: 'JSON',
          })
        ).text,
      ).toBe('{"errors":[{"code":23,"message":"Method PATCH is not valid"}]}');
      const b = JSON.parse(
        (await raw(neu.url, neu.apiKey, 'GET', 'products/1?display=full', { format: 'JSON' })).text,
      ) as { products: Record<string, unknown>[] };
      expect(b.products[0]!['id_category_default']).toBe(2);
      expect(b.products[0]!['active']).toBe('0');
      expect(b.products[0]!['price']).toBe('2.000000');
    } finally {
      await old.close();
      await neu.close();
    }
  });
});

describe('request log', () => {
  it('records method, path, raw query, headers and body', async () => {
    store.clearRequests();
    await call('GET', 'products?display=[id]&filter[id]=[1]', { format: 'JSON' });
    await call('POST', 'products', { body: productXml(`<price>3</price>${NAME}`) });
    expect(store.requests).toHaveLength(2);
    const [r, w] = store.requests as [RecordedRequest, RecordedRequest];
    expect([r.method, r.path, r.rawQuery]).toEqual(['GET', '/api/products', 'display=[id]&filter[id]=[1]']);
    expect(r.query).toEqual({ display: '[id]', 'filter[id]': '[1]' });
    expect(r.headers['output-format']).toBe('JSON');
    expect(r.key).toBe(store.apiKey);
    expect([w.method, w.body]).toEqual(['POST', productXml(`<price>3</price>${NAME}`)]);
  });
});
