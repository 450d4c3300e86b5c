/**
 * `createFakeStore` (`prestashop-codegen/testing`) as a user's test suite drives it: the client
 * generated from the same snapshot, given only `baseUrl` and `apiKey`, over real HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { createClock, createFakeStore, type TestingFakeStore } from '../../src/testing/index.js';
import { generate, writeShared } from '../client/generated.js';
import { crudSchema } from '../client/helpers.js';
import type { GeneratedModule } from '../client/module.js';

const SNAPSHOT = new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url).pathname;

let mod: GeneratedModule;
let store: TestingFakeStore;
const client = () => mod.createClient({ baseUrl: store.url, apiKey: store.key });
const name = (en: string, fr: string) => [
  { id: 1, value: en },
  { id: 2, value: fr },
];

beforeAll(async () => {
  const dir = await writeShared('testing', await generate(crudSchema()));
  mod = (await import(`${dir}/index.ts`)) as GeneratedModule;
  store = await createFakeStore(SNAPSHOT);
});
afterAll(() => store.close());
afterEach(() => store.reset());

describe('a store from a snapshot file, with the bundled seed', () => {
  it('serves the seeded records to the generated client with nothing but baseUrl and apiKey', async () => {
    expect(store.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(store.generation).toBe('8.x');
    const c = client();
    expect((await c.products.list()).map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
    const product = await c.products.get(1);
    expect(product.reference).toBe('demo_1');
    expect((await c.orders.get(1)).module).toBe('ps_wirepayment');
  });

  it('serves every resource of the snapshot with fields, not a fixed few', async () => {
    const c = client();
    // Resources the bundled demo records lack are seeded too (the engine's derived records).
    expect(store.records('addresses').map((r) => r.id)).toEqual([1, 2]);
    expect((await c.combinations.list()).map((x: { id: number }) => x.id)).toEqual([1, 2]);
    const combination = await c.combinations.get(1);
    expect(Number(combination.id_product)).toBe(1);
    const address = await c.addresses.create({
      id_country: 8,
      alias: 'Home',
      lastname: 'Doe',
      firstname: 'Jane',
      address1: '1 rue X',
      city: 'Paris',
    });
    expect(address.id).toBe(3);
    expect((await c.addresses.get(address.id)).city).toBe('Paris');
    expect(store.records('addresses').map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('reset() brings the records back to the seed and forgets the requests', async () => {
    const c = client();
    const created = await c.products.create({ price: 3, name: name('Mug', 'Tasse') });
    await c.products.delete(1);
    expect(store.records('products').map((r) => r.id)).toEqual([2, 3, created.id]);
    expect(store.requests().length).toBeGreaterThan(0);
    store.reset();
    expect(store.records('products').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(store.requests()).toEqual([]);
    expect((await c.products.get(1)).reference).toBe('demo_1');
    // The ids start again from the seed's.
    expect((await c.products.create({ price: 3, name: name('Mug', 'Tasse') })).id).toBe(created.id);
  });

  it('a read after a write or a reset() shows the new state (read answers are kept only until then)', async () => {
    const c = client();
    const before = (await c.products.get(2)).reference;
    expect((await c.products.get(2)).reference).toBe(before);
    await c.products.patch(2, { reference: 'CHANGED' });
    expect((await c.products.get(2)).reference).toBe('CHANGED');
    store.reset();
    expect((await c.products.get(2)).reference).toBe(before);
  });

  it('records() are deep copies in the stored shape', async () => {
    const [first] = store.records('products');
    expect(first!['reference']).toBe('demo_1');
    expect(first!['name']).toEqual({ '1': expect.any(String), '2': expect.any(String) });
    (first!['name'] as Record<string, string>)['1'] = 'changed';
    (first!.associations!['categories'] as Record<string, string>[]).length = 0;
    expect(store.records('products')[0]!['name']).not.toEqual(first!['name']);
    expect(store.records('products')[0]!.associations!['categories']!.length).toBeGreaterThan(0);
    expect(() => store.records('productz')).toThrow(InputError);
  });

  it('requests() are recorded without the key, whichever way it was sent', async () => {
    await client().products.get(2);
    await fetch(`${store.url}/api/products/3?ws_key=${store.key}&display=full`);
    const seen = store.requests();
    expect(seen.map((r) => [r.method, r.path, r.rawQuery])).toEqual([
      ['GET', '/api/products/2', expect.any(String)],
      ['GET', '/api/products/3', 'display=full'],
    ]);
    expect(seen[0]!.hadAuthorization).toBe(true);
    expect(seen[1]!.query).toEqual({ display: 'full' });
    expect(JSON.stringify(seen)).not.toContain(store.key);
    expect(JSON.stringify(seen)).not.toContain(Buffer.from(`${store.key}:`).toString('base64'));
  });

  it('a fault added in a test is gone after reset()', async () => {
    const handle = store.fault({ path: '/api/products/2', status: 503, body: '' });
    expect((await fetch(`${store.url}/api/products/2?ws_key=${store.key}`)).status).toBe(503);
    expect(handle.hits).toBe(1);
    store.reset();
    expect((await fetch(`${store.url}/api/products/2?ws_key=${store.key}`)).status).toBe(200);
  });
});

describe('options', () => {
  const stores: TestingFakeStore[] = [];
  const start = async (...args: Parameters<typeof createFakeStore>) => {
    const s = await createFakeStore(...args);
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
  const get = (s: TestingFakeStore, path: string, init: RequestInit = {}) =>
    fetch(`${s.url}/api/${path}`, {
      ...init,
      headers: {
        Authorization: `Basic ${Buffer.from(`${s.key}:`).toString('base64')}`,
        'Output-Format': 'JSON',
        ...init.headers,
      },
    });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers as the store sends them
  const json = async (s: TestingFakeStore, path: string, init: RequestInit = {}): Promise<any> =>
    (await get(s, path, init)).json();

  it('seed: false is an empty store; a seed function adds to the bundled records', async () => {
    const empty = await start(crudSchema(), { seed: false });
    expect(empty.records('products')).toEqual([]);
    expect(await (await get(empty, 'products')).text()).toBe('[]');
    const seeded = await start(crudSchema(), {
      seed: (s) => {
        s.remove('customers');
        s.add('customers', {
          id: 40,
          email: 'jane@example.com',
          lastname: 'Doe',
          firstname: 'Jane',
          active: true,
          passwd: 'x',
        });
        s.add('products', {
          reference: 'MINE',
          price: 9,
          name: { '1': 'Mine', '2': 'À moi' },
          associations: { categories: [{ id: '2' }] },
        });
      },
    });
    expect(seeded.records('customers').map((r) => [r.id, r['email'], r['active']])).toEqual([
      [40, 'jane@example.com', '1'],
    ]);
    const mine = await json(seeded, 'products/4');
    expect(mine.product).toMatchObject({
      reference: 'MINE',
      name: [
        { id: '1', value: 'Mine' },
        { id: '2', value: 'À moi' },
      ],
    });
  });

  it('a seed naming a field or resource the snapshot lacks is an InputError that says so', async () => {
    await expect(
      createFakeStore(crudSchema(), { seed: (s) => void s.add('products', { colour: 'red' }) }),
    ).rejects.toThrow('seed: products has no field "colour" in the snapshot');
    await expect(createFakeStore(crudSchema(), { seed: (s) => void s.add('widgets', {}) })).rejects.toThrow(InputError);
    await expect(
      createFakeStore(crudSchema(), { seed: (s) => void s.add('products', { price: { '1': '2' } }) }),
    ).rejects.toThrow('seed: products.price is not multilingual');
    await expect(
      createFakeStore(crudSchema(), {
        seed: (s) => void s.add('products', { associations: { tags: [], colours: [] } }),
      }),
    ).rejects.toThrow('seed: products has no association "colours"');
  });

  it('a controlled clock stamps date_add and date_upd', async () => {
    const clock = createClock('2030-05-01T10:00:00Z');
    const s = await start(crudSchema(), { clock });
    const body =
      '<prestashop><customer><lastname>Doe</lastname><firstname>J</firstname><email>j@example.com</email><passwd>secret123</passwd></customer></prestashop>';
    const created = await json(s, 'customers', { method: 'POST', body });
    expect(created.customer.date_add).toBe('2030-05-01 10:00:00');
    clock.advance(90_000);
    const put = body.replace('<customer>', `<customer><id>${created.customer.id}</id>`);
    expect((await json(s, `customers/${created.customer.id}`, { method: 'PUT', body: put })).customer.date_upd).toBe(
      '2030-05-01 10:01:30',
    );
    clock.set(new Date('2030-07-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-07-01T00:00:00.000Z');
    expect(() => createClock('not a date')).toThrow('clock: not a date is not a date; give a Date or an ISO string');
    const fixed = await start(crudSchema(), { clock: () => new Date('2031-01-02T03:04:05Z') });
    expect((await json(fixed, 'customers', { method: 'POST', body })).customer.date_add).toBe('2031-01-02 03:04:05');
  });

  it('faults given at the start apply, and again after reset()', async () => {
    const s = await start(crudSchema(), { faults: [{ path: '/api/products', status: 500, body: 'boom', times: 1 }] });
    expect([(await get(s, 'products')).status, (await get(s, 'products')).status]).toEqual([500, 200]);
    s.reset();
    expect((await get(s, 'products')).status).toBe(500);
  });

  it('the generation follows the snapshot, or the option', async () => {
    const old = await start({ ...crudSchema(), store: { ...crudSchema().store, psVersion: '1.7.8.10' } });
    expect(old.generation).toBe('1.7.8');
    const patch = await get(old, 'products/1', {
      method: 'PATCH',
      body: '<prestashop><product><id>1</id></product></prestashop>',
    });
    expect([patch.status, patch.headers.get('psws-version')]).toEqual([405, '1.7.8.10']);
    const nine = await start(crudSchema(), { generation: '9.0' });
    const product = await json(nine, 'products/1');
    // 9.0 renders integers natively, 8.x as strings.
    expect([
      typeof product.product.id_category_default,
      (await get(nine, 'products/1')).headers.get('psws-version'),
    ]).toEqual(['number', '9.0.0']);
    expect(typeof (await json(store, 'products/1')).product.id_category_default).toBe('string');
  });

  it('languages: the store and its seed records hold exactly those', async () => {
    const s = await start(crudSchema(), { languages: [{ id: 1, isoCode: 'en' }] });
    expect(s.records('products')[0]!['name']).toEqual({ '1': expect.any(String) });
    expect(s.records('languages').map((r) => r.id)).toEqual([1]);
    const product = await (await get(s, 'products/1', { headers: { 'Output-Format': 'XML' } })).text();
    expect(product.match(/<name>[\s\S]*?<\/name>/)?.[0].match(/<language id="\d+"/g)).toEqual(['<language id="1"']);
  });

  it('a module resource and a module field of the snapshot are served', async () => {
    const base = crudSchema();
    const tags = base.resources.find((r) => r.name === 'tags')!;
    const products = base.resources.find((r) => r.name === 'products')!;
    const note = { ...products.fields.find((f) => f.name === 'reference')!, name: 'mymodule_note' };
    const schema = {
      ...base,
      resources: [
        ...base.resources.map((r) => (r === products ? { ...r, fields: [...r.fields, note] } : r)),
        {
          ...tags,
          name: 'mymodule_labels',
          nodeName: 'mymodule_label',
          nodesName: 'mymodule_labels',
          description: 'Labels of my module',
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    };
    const s = await start(schema);
    const label = await get(s, 'mymodule_labels', {
      method: 'POST',
      body: '<prestashop><mymodule_label><id_lang>1</id_lang><name>red</name></mymodule_label></prestashop>',
    });
    expect(label.status).toBe(201);
    // The module resource is seeded like the others (ids 1 and 2), so the new label is 3.
    expect(s.records('mymodule_labels').map((r) => r.id)).toEqual([1, 2, 3]);
    expect((await json(s, 'mymodule_labels/3')).mymodule_label.name).toBe('red');
    expect(await (await get(s, '', { headers: { 'Output-Format': 'XML' } })).text()).toContain(
      '<description xlink:href',
    );
    const put = `<prestashop><product><id>1</id><mymodule_note>hello</mymodule_note><price>1</price>${'<name><language id="1">a</language><language id="2">b</language></name>'}</product></prestashop>`;
    expect((await get(s, 'products/1', { method: 'PATCH', body: put })).status).toBe(200);
    expect(s.records('products')[0]!['mymodule_note']).toBe('hello');
  });

  it('two stores side by side get their own ports', async () => {
    const [a, b] = await Promise.all([start(crudSchema(), { seed: false }), start(crudSchema(), { seed: false })]);
    expect(a!.url).not.toBe(b!.url);
  });

  it('a bad snapshot is the loader InputError naming it', async () => {
    await expect(createFakeStore('/nonexistent/prestashop-schema.json')).rejects.toThrow(
      /^\/nonexistent\/prestashop-schema\.json: no snapshot here/,
    );
    await expect(createFakeStore({ ...crudSchema(), resources: 'x' } as never)).rejects.toThrow(InputError);
    await expect(createFakeStore(crudSchema(), { generation: '7.0' as never })).rejects.toThrow(
      'expected one of 1.7.8, 8.x, 9.0',
    );
  });
});
