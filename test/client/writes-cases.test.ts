/**
 * The write cases of a real store (issue 12), per generation, over real HTTP against the seeded
 * CRUD fake store: languages, combination images, customer keys and passwords, JSON-mode writes,
 * methods a real store allows, and what a failed write says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from './helpers.js';
import { GENERATIONS, startHarness, type Harness } from './writes-helpers.js';

const langs = (h: Harness, resource: string, id: number, field: string): string[] => [
  ...h.store.engine.get(resource, id)!.langs.get(field)!.values(),
];

describe.each(GENERATIONS)('%s-style store', (generation) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(generation);
  });
  afterAll(() => h.close());

  it('a write in one language keeps the other languages (update and patch, one extra GET each)', async () => {
    const c = h.client();
    expect(langs(h, 'products', 1, 'name')).toEqual(['Hummingbird printed t-shirt', 'T-shirt imprimé colibri']);
    h.store.clearRequests();
    const write =
      generation === '1.7'
        ? c.products.update(1, { ...(await c.products.get(1)), name: [{ id: 1, value: 'Printed T-shirt' }] })
        : c.products.patch(1, { name: [{ id: 1, value: 'Printed T-shirt' }] });
    const answer = await write;
    expect(langs(h, 'products', 1, 'name')).toEqual(['Printed T-shirt', 'T-shirt imprimé colibri']);
    expect(answer.name).toEqual([
      { id: 1, value: 'Printed T-shirt' },
      { id: 2, value: 'T-shirt imprimé colibri' },
    ]);
    const fill = h.store.requests.filter((r) => r.method === 'GET' && r.query['display'] === '[name]');
    expect(fill).toHaveLength(1);
  });

  it('without the fill, a PUT in one language empties the others, as the store does', async () => {
    const c = h.client({ fillLanguages: false, updateMode: 'put' });
    const read = await c.categories.get(2);
    await c.categories.update(2, { ...read, description: [{ id: 1, value: 'Home page' }] });
    expect(langs(h, 'categories', 2, 'description')).toEqual(['Home page', '']);
  });

  it('a combination keeps its images: associations go in store order', async () => {
    const c = h.client();
    const created = await c.combinations.create({
      id_product: 1,
      minimal_quantity: 1,
      associations: { images: [{ id: 7 }, { id: 8 }], product_option_values: [{ id: 3 }] },
    });
    expect(created.associations.images).toEqual([{ id: 7 }, { id: 8 }]);
    const read = await c.combinations.get(created.id);
    await c.combinations.update(created.id, read);
    expect((await c.combinations.get(created.id)).associations.images).toEqual([{ id: 7 }, { id: 8 }]);
    const body = h.store.requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').at(-1)!.body;
    expect(body.indexOf('<product_option_values>')).toBeLessThan(body.indexOf('<images>'));
  });

  it('a customer keeps secure_key and last_passwd_gen on update, and is created with a plain password the store hashes', async () => {
    const c = h.client();
    const before = { ...Object.fromEntries(h.store.engine.get('customers', 1)!.values) };
    const read = await c.customers.get(1);
    await c.customers.update(1, read);
    const after = h.store.engine.get('customers', 1)!.values;
    expect([after.get('secure_key'), after.get('last_passwd_gen'), after.get('passwd')]).toEqual([
      before['secure_key'],
      before['last_passwd_gen'],
      before['passwd'],
    ]);
    const created = await c.customers.create(
      { lastname: 'Doe', firstname: 'Jane', email: 'jane@example.com', passwd: 'correct horse 1' },
      { validate: false },
    );
    expect(created.passwd).toMatch(/^\$2y\$10\$[./A-Za-z0-9]{53}$/);
    expect(created.passwd).not.toContain('horse');
  });

  it('a JSON-mode write in one language creates no duplicate (the answer is read in XML)', async () => {
    const c = h.client({ format: 'json' });
    const count = h.store.engine.stored('products').size;
    const created = await c.products.create({ price: 3, name: [{ id: 1, value: 'Mug' }] });
    expect(created.name).toEqual([
      { id: 1, value: 'Mug' },
      { id: 2, value: '' },
    ]);
    expect(h.store.engine.stored('products').size).toBe(count + 1);
    // What a JSON answer would have been: 500 after the save (8.x/9.0: a PHP warning; 1.7: a notice).
    const json = await raw(h.store.url, h.store.apiKey, 'POST', 'products', {
      format: 'JSON',
      body: '<prestashop><product><price>3</price><name><language id="1">Mug</language></name></product></prestashop>',
    });
    expect(json.status).toBe(500);
    expect(json.text).toContain(generation === '1.7' ? 'Undefined offset: 2' : 'Undefined array key 2');
    expect(h.store.engine.stored('products').size).toBe(count + 2);
  });

  it('a failed write says whether the object may have been saved', async () => {
    const c = h.client();
    const refused = await c.products
      .create(
        {
          price: 1,
          condition: 'broken',
          name: [
            { id: 1, value: 'x' },
            { id: 2, value: 'x' },
          ],
        },
        { validate: false },
      )
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'PrestaShopError', status: 400, code: 85, mayBeSaved: false });
    expect((refused as Error).message).toContain(
      'Property Product-&gt;condition has a bad value (allowed values are: new, used, refurbished).',
    );
    expect((refused as Error).message).toContain('nothing was saved');
    const count = h.store.engine.stored('products').size;
    const association = await h
      .request()({
        method: 'POST',
        path: 'products',
        body: '<prestashop><product><price>1</price><name><language id="1">x</language><language id="2">x</language></name><associations><nope/></associations></product></prestashop>',
      })
      .catch((e: unknown) => e);
    // The generated client's own copy of the runtime threw it (so not this module's class).
    expect(association).toMatchObject({ name: 'PrestaShopError', status: 400, code: 86, mayBeSaved: true });
    expect(h.store.engine.stored('products').size).toBe(count + 1);
  });

  it('methods the spec refuses but a real store runs: DELETE carts, orders, shops (404/87 for unknown ids), PATCH order_histories', async () => {
    for (const resource of ['carts', 'orders', 'shops']) {
      const res = await h
        .request()({ method: 'DELETE', path: `${resource}/999`, format: 'json' })
        .catch((e: unknown) => e);
      expect(res, resource).toMatchObject({ status: 404, code: 87 });
    }
    const patch = await h
      .request()({
        method: 'PATCH',
        path: 'order_histories/999',
        body: '<prestashop><order_history><id>999</id></order_history></prestashop>',
      })
      .catch((e: unknown) => e);
    expect(patch).toMatchObject({ status: generation === '1.7' ? 405 : 404, code: generation === '1.7' ? 23 : 92 });
  });

  it('translated_configurations: an XML item read answers 500; the client reads it in JSON', async () => {
    const xml = await raw(h.store.url, h.store.apiKey, 'GET', 'translated_configurations/39');
    expect(xml.status).toBe(500);
    expect(xml.text).toContain(
      'Array to string conversion (/var/www/html/classes/webservice/WebserviceOutputXML.php, line 141)',
    );
    const item = await h.client().translated_configurations.get(39);
    expect(item.name).toBe('PS_INVOICE_PREFIX');
    expect(item.value).toEqual([
      { id: 1, value: '#IN' },
      { id: 2, value: '#FA' },
    ]);
  });
});
