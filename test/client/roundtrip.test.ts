/**
 * The generated client (from the 8.2.0 snapshot) against the CRUD fake store: full round trips,
 * and the exact requests a real store receives (XML bodies, query strings, headers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import type { RecordedRequest } from '../../src/fakestore/index.js';
import { EMITTERS } from '../../src/emit/index.js';
import { generate, writeShared } from './generated.js';
import { crudSchema } from './helpers.js';
import type { GeneratedModule } from './module.js';

let store: CrudStore;
let mod: GeneratedModule;

beforeAll(async () => {
  const dir = await writeShared('roundtrip', await generate(crudSchema()));
  mod = (await import(`${dir}/index.ts`)) as GeneratedModule;
  store = await startCrudStore({ schema: crudSchema() });
});
afterAll(() => store.close());

const client = () => mod.createClient({ baseUrl: store.url, apiKey: store.apiKey });
const last = (): RecordedRequest => store.requests[store.requests.length - 1]!;
const AUTH = () => `Basic ${Buffer.from(`${store.apiKey}:`).toString('base64')}`;
const ENVELOPE = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';

describe('a product, from create to delete', () => {
  let id = 0;
  let category = 0;
  const description = '<p>Holds 33cl]]> of tea</p>';

  it('creates a category and a product with two languages and categories', async () => {
    const c = client();
    const cat = await c.categories.create({
      active: true,
      id_parent: 2,
      name: [
        { id: 1, value: 'Mugs' },
        { id: 2, value: 'Tasses' },
      ],
      link_rewrite: [
        { id: 1, value: 'mugs' },
        { id: 2, value: 'tasses' },
      ],
    });
    category = cat.id;
    store.clearRequests();
    const created = await c.products.create({
      price: 12.5,
      id_category_default: 2,
      reference: 'MUG-1',
      active: true,
      name: [
        { id: 1, value: 'Blue mug' },
        { id: 2, value: 'Tasse bleue' },
      ],
      description: [
        { id: 1, value: description },
        { id: 2, value: '' },
      ],
      associations: { categories: [{ id: 2 }, { id: category }] },
    });
    id = created.id;
    expect(id).toBeGreaterThan(0);
    expect(created.price).toBe(12.5);
    expect(created.active).toBe(true);
    expect(created.on_sale).toBe(false);
    expect(created.manufacturer_name).toBe('');
    expect(created.name).toEqual([
      { id: 1, value: 'Blue mug' },
      { id: 2, value: 'Tasse bleue' },
    ]);
    expect(created.description[0]).toEqual({ id: 1, value: description });
    expect(created.link_rewrite).toEqual([
      { id: 1, value: 'blue-mug' },
      { id: 2, value: 'tasse-bleue' },
    ]);
    expect(created.associations.categories).toEqual([{ id: 2 }, { id: category }]);

    // The request: exactly what a real store reads.
    const req = last();
    expect([req.method, req.path, req.rawQuery]).toEqual(['POST', '/api/products', '']);
    expect(req.headers['authorization']).toBe(AUTH());
    expect(req.headers['output-format']).toBe('XML');
    expect(req.headers['content-type']).toBe('text/xml; charset=utf-8');
    // Fields in the store's order (the order PrestaShop applies them in), not by name.
    expect(req.body).toBe(
      `${ENVELOPE}<product>\n` +
        '<id_category_default><![CDATA[2]]></id_category_default>\n' +
        '<reference><![CDATA[MUG-1]]></reference>\n' +
        '<price><![CDATA[12.5]]></price>\n' +
        '<active><![CDATA[1]]></active>\n' +
        '<name><language id="1"><![CDATA[Blue mug]]></language><language id="2"><![CDATA[Tasse bleue]]></language></name>\n' +
        `<description><language id="1"><![CDATA[<p>Holds 33cl]]]]><![CDATA[> of tea</p>]]></language><language id="2"><![CDATA[]]></language></description>\n` +
        `<associations>\n<categories>\n<category><id><![CDATA[2]]></id></category>\n<category><id><![CDATA[${category}]]></id></category>\n</categories>\n</associations>\n` +
        '</product>\n</prestashop>\n',
    );
  });

  it('reads it back equal', async () => {
    const c = client();
    const read = await c.products.get(id);
    const again = (await c.products.list({ filter: { id } }))[0];
    expect(read).not.toBeNull();
    expect(again).toEqual(read);
    expect(read!.reference).toBe('MUG-1');
    expect(read!.description[0]!.value).toBe(description);
    expect(last().rawQuery).toBe(`display=full&filter%5Bid%5D=%5B${id}%5D`);
  });

  it('patches one field and leaves the others', async () => {
    const patched = await client().products.patch(id, { price: 9.9 });
    expect(patched.price).toBe(9.9);
    expect(patched.reference).toBe('MUG-1');
    expect(patched.associations.categories).toEqual([{ id: 2 }, { id: category }]);
    expect([last().method, last().path]).toEqual(['PATCH', `/api/products/${id}`]);
    expect(last().body).toBe(
      `${ENVELOPE}<product>\n<id><![CDATA[${id}]]></id>\n<price><![CDATA[9.9]]></price>\n</product>\n</prestashop>\n`,
    );
  });

  it('puts a full replacement: omitted fields are reset, omitted associations kept', async () => {
    const put = await client().products.update(id, { price: 5, name: [{ id: 1, value: 'Mug' }] });
    expect(put.price).toBe(5);
    expect(put.reference).toBe('');
    expect(put.active).toBe(false);
    expect(put.name).toEqual([
      { id: 1, value: 'Mug' },
      { id: 2, value: 'Tasse bleue' },
    ]);
    expect(put.associations.categories).toEqual([{ id: 2 }, { id: category }]);
    expect(last().method).toBe('PUT');
  });

  it('writes back an item it read, read-only fields and all', async () => {
    const c = client();
    const read = (await c.products.get(id))!;
    const written = await c.products.update(id, { ...read, reference: 'MUG-2' });
    expect(written.reference).toBe('MUG-2');
    expect(last().body).not.toContain('manufacturer_name');
    expect(last().body).not.toContain('<quantity>');
  });

  it('lists with every filter operator', async () => {
    const c = client();
    await c.products.create({
      price: 30,
      reference: 'TEE-1',
      name: [
        { id: 1, value: 'Green tee' },
        { id: 2, value: 'T-shirt vert' },
      ],
    });
    const ids = async (query: Parameters<ReturnType<typeof client>['products']['list']>[0]): Promise<number[]> =>
      (await c.products.list(query)).map((p: { id: number }) => p.id);
    const all = await ids({});
    expect(all.length).toBeGreaterThanOrEqual(2);
    const tee = all[all.length - 1]!;
    expect(await ids({ filter: { reference: 'MUG-2' } })).toEqual([id]);
    expect(await ids({ filter: { id: mod.anyOf(id, tee) } })).toEqual([id, tee]);
    expect(await ids({ filter: { id: mod.not(id) } })).not.toContain(id);
    expect(await ids({ filter: { price: mod.between(1, 10) } })).toEqual([id]);
    expect(await ids({ filter: { price: mod.gt(20) } })).toEqual([tee]);
    expect(await ids({ filter: { price: mod.lt(20) } })).toEqual([id]);
    expect(await ids({ filter: { name: mod.beginsWith('green') } })).toEqual([tee]);
    expect(await ids({ filter: { name: mod.endsWith('tee') } })).toEqual([tee]);
    expect(await ids({ filter: { name: mod.contains('ug') } })).toEqual([id]);
    expect(await ids({ filter: { name: mod.contains('vert') }, language: 2 })).toEqual([tee]);
    expect(await ids({ filter: { date_add: mod.gt('2000-01-01') }, sort: 'price_DESC', limit: 1 })).toEqual([tee]);
    expect(last().rawQuery).toBe(
      'display=full&filter%5Bdate_add%5D=%3E%5B2000-01-01%5D&sort=%5Bprice_DESC%5D&limit=1&date=1',
    );
  });

  it('narrows the result to the fields a display lists', async () => {
    const rows = await client().products.list({ display: ['id', 'price'], filter: { id } });
    expect(rows).toEqual([{ id, price: 5 }]);
    expect(last().rawQuery).toBe(`display=%5Bid%2Cprice%5D&filter%5Bid%5D=%5B${id}%5D`);
  });

  it('deletes it, and a get is then null', async () => {
    const c = client();
    expect(await c.products.head(id)).toBe(true);
    await c.products.delete(id);
    expect([last().method, last().path, last().body]).toEqual(['DELETE', `/api/products/${id}`, '']);
    expect(await c.products.get(id)).toBeNull();
    expect(await c.products.head(id)).toBe(false);
    const again = await c.products.delete(id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(mod.PrestaShopError);
    expect((again as InstanceType<typeof mod.PrestaShopError>).status).toBe(404);
    expect((again as InstanceType<typeof mod.PrestaShopError>).code).toBe(87);
  });
});

describe('validation before sending', () => {
  const validators = EMITTERS.some((e) => e.name === 'validators');

  it.skipIf(!validators)('throws every issue and sends nothing; validate: false lets the store answer', async () => {
    const c = client();
    store.clearRequests();
    const error = await c.products
      .create({ reference: 'x'.repeat(65), name: [{ id: 1, value: 'bad <name>' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(mod.PrestaShopValidationError);
    const paths = (error as InstanceType<typeof mod.PrestaShopValidationError>).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['name[1]', 'price', 'reference']);
    expect(store.requests).toEqual([]);
    const stored = await c.products.create({ reference: 'x' }, { validate: false }).catch((e: unknown) => e);
    expect(stored).toBeInstanceOf(mod.PrestaShopError);
    expect((stored as InstanceType<typeof mod.PrestaShopError>).errors).toEqual([
      { code: 41, message: 'parameter "price" required' },
    ]);
    expect(store.requests).toHaveLength(1);
  });
});

describe('paging', () => {
  it('pages through 250 records with listAll, limit=offset,count and a stable sort', async () => {
    for (let i = 0; i < 250; i++)
      store.engine.insertRaw(
        'categories',
        { active: '1', id_parent: '2' },
        { name: `Paged ${String(i).padStart(3, '0')}`, link_rewrite: `paged-${i}` },
      );
    store.clearRequests();
    const seen: number[] = [];
    for await (const category of client().categories.listAll({
      filter: { name: mod.beginsWith('Paged ') },
      pageSize: 100,
      display: ['id', 'name'],
    })) {
      seen.push(category.id);
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(store.requests.map((r) => new URLSearchParams(r.rawQuery).get('limit'))).toEqual([
      '0,100',
      '100,100',
      '200,100',
    ]);
    expect(store.requests.every((r) => new URLSearchParams(r.rawQuery).get('sort') === '[id_ASC]')).toBe(true);
  });
});

describe('other resources', () => {
  it('changes a stock quantity (stock_availables: update/patch only)', async () => {
    const c = client();
    const product = await c.products.create({
      price: 1,
      name: [
        { id: 1, value: 'Cup' },
        { id: 2, value: 'Tasse' },
      ],
    });
    const stockId = product.associations.stock_availables[0]!.id;
    const stock = await c.stock_availables.patch(stockId, { quantity: 42 });
    expect(stock.quantity).toBe(42);
    expect(stock.id_product).toBe(product.id);
  });

  it('sends sendemail=1 with an order state change when asked', async () => {
    const history = await client().order_histories.create({ id_order: 5, id_order_state: 4 }, { sendemail: true });
    expect(history.id_order_state).toBe(4);
    expect([last().method, last().path, last().rawQuery]).toEqual(['POST', '/api/order_histories', 'sendemail=1']);
  });

  it('uploads, lists, downloads and deletes a product image', async () => {
    const c = client();
    const product = await c.products.create({
      price: 2,
      name: [
        { id: 1, value: 'Cup' },
        { id: 2, value: 'Tasse' },
      ],
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { id: imageId } = await c.images.products.upload(product.id, png, {
      contentType: 'image/png',
      filename: 'mug.png',
    });
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('Content-Disposition: form-data; name="image"; filename="mug.png"');
    expect(await c.images.products.list(product.id)).toEqual([imageId]);
    expect(await c.images.products.products()).toContain(product.id);
    const blob = await c.images.products.download(product.id, imageId);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    expect(blob.type).toBe('image/png');
    await c.images.products.delete(product.id, imageId);
    expect(await c.images.products.list(product.id)).toEqual([]);
  });

  it('searches products by name', async () => {
    const c = client();
    const p = await c.products.create({
      price: 3,
      name: [
        { id: 1, value: 'Searchable teapot' },
        { id: 2, value: 'Théière' },
      ],
      associations: { categories: [{ id: 2 }] },
    });
    expect(await c.search({ query: 'teapot', language: 1 })).toEqual({ products: [p.id], categories: [2] });
    const full = await c.search({ query: 'teapot', language: 1, display: 'full' });
    expect(full.products[0]!.name).toEqual([{ id: 1, value: 'Searchable teapot' }]);
    expect(last().rawQuery).toBe('query=teapot&language=1&display=full');
  });
});
