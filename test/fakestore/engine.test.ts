/**
 * The engine serves every resource of a snapshot over HTTP: the methods the key's flags allow less
 * those the release forbids, the store's own answers for the others, the seed (default, none, a
 * callback), `insert`/`records`/`reset`, and a snapshot with a module resource and a module field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeField, makeResource, type StoreSchema } from '../../src/model/index.js';
import { loadSchema, SNAPSHOTS, startEngine, type EngineStore } from './helpers.js';

const schema82 = loadSchema(SNAPSHOTS[0]!.path);

describe('every resource of the 8.2.0 snapshot, with its seed', () => {
  let s: EngineStore;
  beforeAll(async () => {
    s = await startEngine(schema82, '8.x');
  });
  afterAll(() => s.close());

  it('serves and seeds every resource that has a node name; every reference of the seed resolves', async () => {
    const named = schema82.resources.filter((r) => r.nodeName !== null).map((r) => r.name);
    expect(s.engine.names()).toEqual(named);
    const problems: string[] = [];
    for (const name of named) {
      const list = await s.call('GET', name, { format: 'JSON' });
      if (list.status !== 200) problems.push(`${name}: ${list.status}`);
      const records = s.engine.records(name);
      if (records.length === 0) problems.push(`${name}: no records`);
      for (const field of s.engine.resource(name)!.fields) {
        if (field.references === null || s.engine.resource(field.references) === undefined) continue;
        for (const r of records) {
          const ref = Number(r[field.name] ?? 0);
          if (ref !== 0 && s.engine.get(field.references, ref) === undefined)
            problems.push(`${name}/${r.id}.${field.name} → ${field.references}/${ref}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The 8.2.0 demo records where the seed file has them.
    expect(s.engine.records('order_states')).toHaveLength(13);
    expect(s.engine.records('products').map((p) => p.id)).toEqual([1, 2, 3]);
    // One stock row per product and per combination of the shop.
    const stock = s.engine
      .records('stock_availables')
      .map((r) => `${String(r['id_product'])}/${String(r['id_product_attribute'])}`);
    expect(stock).toEqual(expect.arrayContaining(['1/0', '2/0', '3/0', '1/1', '1/2']));
  });

  it('list parameters work on any resource: filter, sort, limit, display, date=1', async () => {
    const zones = await s.call('GET', 'zones?display=[id,name]&sort=[id_DESC]&limit=1', { format: 'JSON' });
    expect(JSON.parse(zones.text)).toEqual({ zones: [{ id: 2, name: 'Sample B' }] });
    const byName = await s.call('GET', 'carriers?filter[name]=[Sample A]', { format: 'JSON' });
    expect(JSON.parse(byName.text)).toEqual({ carriers: [{ id: 1 }] });
    expect((await s.call('GET', 'customers?filter[date_add]=>[2000-01-01]', { format: 'JSON' })).status).toBe(400);
    const dated = await s.call('GET', 'customers?date=1&filter[date_add]=>[2000-01-01]', { format: 'JSON' });
    expect([dated.status, JSON.parse(dated.text)]).toEqual([200, { customers: [{ id: 1 }, { id: 2 }] }]);
    expect((await s.call('HEAD', 'zones/1')).status).toBe(200);
    expect((await s.call('GET', 'zones/99')).status).toBe(404);
  });

  it('methods: the key flags less forbidden_method (405/101), unknown methods 405/23, DELETE on orders is run', async () => {
    const answer = async (method: string, path: string, body?: string): Promise<[number, string]> => {
      const r = await s.call(method, path, { format: 'JSON', ...(body === undefined ? {} : { body }) });
      return [r.status, r.text];
    };
    expect(await answer('PUT', 'supply_order_states/1', '<prestashop/>')).toEqual([
      405,
      '{"errors":[{"code":101,"message":"Method PUT is not allowed for the resource supply_order_states"}]}',
    ]);
    expect(await answer('DELETE', 'warehouses/1')).toEqual([
      405,
      '{"errors":[{"code":101,"message":"Method DELETE is not allowed for the resource warehouses"}]}',
    ]);
    expect(await answer('POST', 'zones?ps_method=FOO', '<prestashop/>')).toEqual([
      405,
      '{"errors":[{"code":23,"message":"Method FOO is not valid"}]}',
    ]);
    // The spec says no DELETE on orders; a real store deletes (and answers 87 for an unknown id).
    expect(await answer('DELETE', 'orders/77')).toEqual([
      404,
      '{"errors":[{"code":87,"message":"Id(s) not exists: 77"}]}',
    ]);
    expect((await answer('DELETE', 'orders/1'))[0]).toBe(200);
    expect(s.engine.get('orders', 1)).toBeUndefined();
    expect(await answer('DELETE', 'zones?id=[1,2]')).toEqual([200, '']);
    expect(s.engine.records('zones')).toEqual([]);
  });

  it('shop parameters: a number or all; 404/999 otherwise; 403/132 for a shop the key is not linked to; 500/999 for an empty group', async () => {
    const status = async (q: string): Promise<[number, string]> => {
      const r = await s.call('GET', `zones?${q}`, { format: 'JSON' });
      return [r.status, r.status === 200 ? '' : r.text];
    };
    expect(await status('id_shop=1')).toEqual([200, '']);
    expect(await status('id_shop=all')).toEqual([200, '']);
    expect(await status('id_shop=abc')).toEqual([
      404,
      '{"errors":[{"code":999,"message":"This shop id does not exist"}]}',
    ]);
    expect(await status('id_shop=7')).toEqual([
      403,
      '{"errors":[{"code":132,"message":"No permission for this key on this shop"}]}',
    ]);
    expect(await status('id_group_shop=5')).toEqual([
      500,
      '{"errors":[{"code":999,"message":"This shop group doesn\'t have shops"}]}',
    ]);
    expect(await status('id_shop_group=1')).toEqual([200, '']);
  });

  it('schema=blank and schema=synopsis stay the recorded answers for core resources', async () => {
    const synopsis = await s.call('GET', 'carts?schema=synopsis');
    expect(synopsis.text).toContain('<id_currency required="true" format="isUnsignedId">');
  });
});

describe('methods per release and per key', () => {
  it('1.7.8.10: PATCH is unknown (405/23); the read-only views forbid PUT, POST and DELETE (405/101)', async () => {
    const s = await startEngine(loadSchema(SNAPSHOTS[1]!.path), '1.7', { seed: false });
    try {
      const patch = await s.call('PATCH', 'zones/1', { format: 'JSON', body: '<prestashop/>' });
      expect([patch.status, patch.text]).toEqual([
        405,
        '{"errors":[{"code":23,"message":"Method PATCH is not valid"}]}',
      ]);
      const put = await s.call('PUT', 'stocks/1', { format: 'JSON', body: '<prestashop/>' });
      expect([put.status, put.text]).toEqual([
        405,
        '{"errors":[{"code":101,"message":"Method PUT is not allowed for the resource stocks"}]}',
      ]);
      expect(s.engine.resource('stocks')!.forbidden).toEqual(['PUT', 'POST', 'DELETE']);
    } finally {
      await s.close();
    }
  });

  it("a method the snapshot's key does not hold is 405/25", async () => {
    const resources = schema82.resources.map((r) =>
      r.name === 'zones' ? { ...r, keyMethods: r.keyMethods.filter((m) => m !== 'DELETE') } : r,
    );
    const s = await startEngine({ ...schema82, resources }, '8.x', { seed: false });
    try {
      const del = await s.call('DELETE', 'zones/1', { format: 'JSON' });
      expect([del.status, del.text]).toEqual([
        405,
        '{"errors":[{"code":25,"message":"Method DELETE is not allowed for the resource zones with this authentication key"}]}',
      ]);
    } finally {
      await s.close();
    }
  });
});

describe('seed options and the record API', () => {
  it('seed false: every resource served and empty; insert, records and reset', async () => {
    const s = await startEngine(schema82, '8.x', { seed: false });
    try {
      expect(JSON.parse((await s.call('GET', 'products', { format: 'JSON' })).text)).toEqual([]);
      const id = s.engine.insert('zones', { name: 'Europe', active: 1 });
      expect(id).toBe(1);
      expect(JSON.parse((await s.call('GET', 'zones/1', { format: 'JSON' })).text)).toEqual({
        zone: { id: 1, name: 'Europe', active: '1' },
      });
      expect(s.engine.records('zones')).toEqual([{ id: 1, name: 'Europe', active: '1' }]);
      expect(() => s.engine.insert('nothing_here', {})).toThrow(/no resource "nothing_here"/);
      s.engine.reset();
      expect(s.engine.records('zones')).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("seed callback: the default records, then the caller's; reset runs it again", async () => {
    const s = await startEngine(schema82, '8.x', {
      seed: (store) => void store.insert('zones', { id: 40, name: 'Mine', active: '1' }),
    });
    try {
      expect(s.engine.records('zones').map((z) => z.id)).toEqual([1, 2, 40]);
      await s.call('DELETE', 'zones/40');
      s.engine.reset();
      expect(s.engine.get('zones', 40)?.values.get('name')).toBe('Mine');
    } finally {
      await s.close();
    }
  });
});

/** The 8.2.0 snapshot with a module resource (`pickup_points`) and a module field on products. */
function withModule(base: StoreSchema): StoreSchema {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
  const pickup = makeResource('pickup_points', {
    nodeName: 'pickup_point',
    nodesName: 'pickup_points',
    methods: [...methods],
    keyMethods: [...methods],
    fields: [
      makeField('id', { format: 'isUnsignedId' }),
      makeField('id_carrier', { references: 'carriers', format: 'isUnsignedId', type: 'int' }),
      makeField('label', { required: true, maxSize: 64, format: 'isGenericName', type: 'string' }),
      makeField('opening', { multilingual: true, format: 'isCleanHtml', type: 'html' }),
    ],
  });
  const resources = base.resources.map((r) =>
    r.name === 'products'
      ? { ...r, fields: [...r.fields, makeField('x_warranty_months', { format: 'isUnsignedInt', type: 'int' })] }
      : r,
  );
  return { ...base, resources: [...resources, pickup] };
}

describe('a snapshot with a module resource and a module field', () => {
  let s: EngineStore;
  beforeAll(async () => {
    s = await startEngine(withModule(schema82), '8.x');
  });
  afterAll(() => s.close());

  it('lists, reads, writes and describes the module resource; /api lists it', async () => {
    const index = await s.call('GET', '');
    expect(index.text).toMatch(
      /<pickup_points xlink:href="[^"]+\/api\/pickup_points" get="true" put="true" post="true" patch="true" delete="true" head="true">/,
    );
    // In name order, as the store ksort()s its resources.
    expect(index.text.indexOf('<pickup_points ')).toBeGreaterThan(index.text.indexOf('<orders '));
    expect(index.text.indexOf('<pickup_points ')).toBeLessThan(index.text.indexOf('<price_ranges '));
    expect(JSON.parse((await s.call('GET', 'pickup_points', { format: 'JSON' })).text)).toEqual({
      pickup_points: [{ id: 1 }, { id: 2 }],
    });
    const created = await s.call('POST', 'pickup_points', {
      format: 'JSON',
      body: '<prestashop><pickup_point><id_carrier>1</id_carrier><label>Depot</label><opening><language id="1">9-5</language><language id="2">9h-17h</language></opening></pickup_point></prestashop>',
    });
    expect([created.status, JSON.parse(created.text)]).toEqual([
      201,
      {
        pickup_point: {
          id: 3,
          id_carrier: '1',
          label: 'Depot',
          opening: [
            { id: '1', value: '9-5' },
            { id: '2', value: '9h-17h' },
          ],
        },
      },
    ]);
    const missing = await s.call('POST', 'pickup_points', {
      format: 'JSON',
      body: '<prestashop><pickup_point><id_carrier>1</id_carrier></pickup_point></prestashop>',
    });
    expect([missing.status, missing.text]).toEqual([
      400,
      '{"errors":[{"code":41,"message":"parameter \\"label\\" required"}]}',
    ]);
    const synopsis = await s.call('GET', 'pickup_points?schema=synopsis');
    expect(synopsis.text).toContain(
      '\t<label required="true" maxSize="64" format="isGenericName"><![CDATA[]]></label>\n',
    );
    const blank = await s.call('GET', 'pickup_points?schema=blank');
    expect(blank.text).toContain('<pickup_point>\n\t<id><![CDATA[]]></id>\n\t<id_carrier><![CDATA[]]></id_carrier>');
  });

  it('stores the module field of products and filters on it', async () => {
    const put = await s.call('PATCH', 'products/1', {
      body: '<prestashop><product><id>1</id><x_warranty_months>24</x_warranty_months></product></prestashop>',
    });
    expect(put.status).toBe(200);
    expect(s.engine.get('products', 1)!.values.get('x_warranty_months')).toBe('24');
    const found = await s.call('GET', 'products?filter[x_warranty_months]=24', { format: 'JSON' });
    expect(JSON.parse(found.text)).toEqual({ products: [{ id: 1 }] });
  });
});

describe('introspecting the engine-backed store', () => {
  it('the module resource and the module field come back in the snapshot (schemas rendered from the model)', async () => {
    const s = await startEngine(withModule(schema82), '8.x', { seed: false });
    try {
      const { introspectStore } = await import('../../src/introspect/index.js');
      const result = await introspectStore({ url: s.store.url, key: 'FAKESTORE0DEMO0KEY00000000000001' });
      const pickup = result.schema.resources.find((r) => r.name === 'pickup_points');
      expect(pickup?.fields.map((f) => [f.name, f.required, f.maxSize, f.format])).toEqual([
        ['id_carrier', false, null, 'isUnsignedId'],
        ['label', true, 64, 'isGenericName'],
        ['opening', false, null, 'isCleanHtml'],
      ]);
      expect(pickup?.fields.find((f) => f.name === 'opening')?.multilingual).toBe(true);
      const products = result.schema.resources.find((r) => r.name === 'products')!;
      expect(products.fields.find((f) => f.name === 'x_warranty_months')).toMatchObject({ format: 'isUnsignedInt' });
      // Core resources keep the recorded synopsis (its attributes are the store's own).
      expect(
        result.schema.resources.find((r) => r.name === 'carts')!.fields.find((f) => f.name === 'id_currency'),
      ).toMatchObject({ required: true });
    } finally {
      await s.close();
    }
  });
});
