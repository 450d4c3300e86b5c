/**
 * XML and JSON reads give the same objects on every generation's store (1.7.8, 8.x falsy-filtering,
 * 9.0 native integers), including the values JSON would lose (falsy fields, "0" strings, one
 * rendered language).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import type { CrudGeneration } from '../../src/fakestore/index.js';
import { generate, writeShared } from './generated.js';
import { crudSchema } from './helpers.js';
import type { GeneratedModule } from './module.js';

let mod: GeneratedModule;

beforeAll(async () => {
  const dir = await writeShared('formats', await generate(crudSchema()));
  mod = (await import(`${dir}/index.ts`)) as GeneratedModule;
});

describe.each<CrudGeneration>(['1.7', '8.x', '9.0'])('a %s store', (generation) => {
  let store: CrudStore;
  beforeAll(async () => {
    store = await startCrudStore({ schema: crudSchema(), generation });
  });
  afterAll(() => store.close());

  const clients = () => ({
    xml: mod.createClient({ baseUrl: store.url, apiKey: store.apiKey }),
    json: mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, format: 'json' }),
  });

  it('creates, reads and lists the same objects in both formats', async () => {
    const { xml, json } = clients();
    const input = {
      price: 0,
      reference: '0',
      on_sale: false,
      active: true,
      id_category_default: 2,
      name: [
        { id: 1, value: 'Zero' },
        { id: 2, value: '' },
      ],
      associations: { categories: [{ id: 2 }] },
    };
    const fromJson = await json.products.create(input);
    const fromXml = await xml.products.get(fromJson.id);
    expect(fromJson).toEqual(fromXml);
    expect(fromJson.reference).toBe('0');
    expect(fromJson.price).toBe(0);
    expect(fromJson.on_sale).toBe(false);
    expect(fromJson.associations.product_features).toEqual([]);
    expect(store.requests.at(-1)!.headers['output-format']).toBe('XML');
    expect(await json.products.get(fromJson.id)).toEqual(fromXml);
    expect(await json.products.list({ filter: { id: fromJson.id } })).toEqual([fromXml]);
    expect(await json.products.list({ filter: { id: 999999 } })).toEqual([]);
    expect(await json.products.get(999999)).toBeNull();
  });

  it('one rendered language keeps its language id in both formats', async () => {
    const { xml } = clients();
    const json = mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, format: 'json', language: 2 });
    const created = await xml.products.create({
      price: 1,
      name: [
        { id: 1, value: 'Cup' },
        { id: 2, value: 'Tasse' },
      ],
    });
    const one = await json.products.get(created.id);
    expect(one.name).toEqual([{ id: 2, value: 'Tasse' }]);
    expect(one).toEqual(await xml.products.get(created.id, { language: 2 }));
  });

  it(generation === '1.7' ? 'has no PATCH (405, code 23)' : 'patches', async () => {
    const { json } = clients();
    const created = await json.products.create({
      price: 1,
      name: [
        { id: 1, value: 'Cup' },
        { id: 2, value: 'Tasse' },
      ],
    });
    if (generation === '1.7') {
      const error = await json.products.patch(created.id, { price: 2 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(mod.PrestaShopError);
      expect((error as InstanceType<typeof mod.PrestaShopError>).status).toBe(405);
      expect((error as InstanceType<typeof mod.PrestaShopError>).code).toBe(23);
    } else {
      expect((await json.products.patch(created.id, { price: 2 })).price).toBe(2);
    }
  });
});

describe('a PHP bool in a JSON string field', () => {
  it('reads manufacturer_name false (no manufacturer) as the XML answer does: ""', async () => {
    const store = await startCrudStore({ schema: crudSchema() });
    try {
      const json = mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, format: 'json' });
      // What a real 8.2.0 store answers for a product without a manufacturer (Manufacturer::getNameById → false).
      store.fault({
        path: '/api/products',
        body: '{"products":[{"id":54,"manufacturer_name":false},{"id":55,"manufacturer_name":true}]}',
        headers: { 'content-type': 'application/json' },
      });
      const items = await json.products.list({ display: ['id', 'manufacturer_name'] });
      expect(store.requests.at(-1)!.query['output_format'] ?? store.requests.at(-1)!.headers['output-format']).toBe(
        'JSON',
      );
      expect(items).toEqual([
        { id: 54, manufacturer_name: '' },
        { id: 55, manufacturer_name: '1' },
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('generate options decide decoded types', () => {
  it('decimals: string and dates: Date round-trip through the client', async () => {
    const dir = await writeShared(
      'formats-options',
      await generate(crudSchema(), { decimals: 'string', dates: 'Date' }),
    );
    const typed = (await import(`${dir}/index.ts`)) as GeneratedModule;
    const store = await startCrudStore({ schema: crudSchema() });
    try {
      const client = typed.createClient({ baseUrl: store.url, apiKey: store.apiKey });
      const created = await client.products.create({
        price: '12.5',
        available_date: new Date(Date.UTC(2025, 4, 17)),
        name: [
          { id: 1, value: 'Cup' },
          { id: 2, value: 'Tasse' },
        ],
      });
      expect(created.price).toBe('12.500000');
      expect(created.available_date).toEqual(new Date(Date.UTC(2025, 4, 17)));
      expect(created.date_add).toBeInstanceOf(Date);
      expect(store.requests.at(-1)!.body).toContain('<available_date><![CDATA[2025-05-17]]></available_date>');
      const read = await client.products.get(created.id);
      expect(read).toEqual(created);
      // A zero date decodes to null.
      const bare = await client.products.create({
        price: '1',
        name: [
          { id: 1, value: 'Cup' },
          { id: 2, value: 'Tasse' },
        ],
      });
      expect(bare.available_date).toBeNull();
    } finally {
      await store.close();
    }
  });
});
