/**
 * Writes whose store-side effects the client completes or reads back, over real HTTP against the
 * seeded 8.x-style CRUD fake store: a combination's images kept when its option values change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../../templates/runtime/xml.js';
import { startHarness, type Harness } from './writes-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('8.x');
});
afterAll(() => h.close());

const ids = (list: unknown): unknown => (Array.isArray(list) ? list.map((x: { id: unknown }) => x.id) : list);

describe('combinations: product_option_values without images', () => {
  // Combination::setWsProductOptionValues → deleteAssociations() deletes the image links too.
  const create = async (): Promise<number> => {
    const c = h.client().combinations;
    const created = await c.create({
      id_product: 1,
      minimal_quantity: 1,
      associations: { product_option_values: [{ id: 1 }], images: [{ id: 7 }, { id: 8 }] },
    });
    return created.id as number;
  };
  const stored = (id: number): unknown => ids(h.store.engine.get('combinations', id)!.associations.get('images'));

  it.each(['patch', 'update'] as const)('%s keeps the images (one read completes them)', async (method) => {
    const id = await create();
    const c = h.client().combinations;
    const body =
      method === 'patch'
        ? { associations: { product_option_values: [{ id: 2 }] } }
        : { ...(await c.get(id)), associations: { product_option_values: [{ id: 2 }] } };
    h.store.clearRequests();
    const answer = await c[method](id, body);
    expect(stored(id)).toEqual(['7', '8']);
    expect(ids(answer.associations.images)).toEqual([7, 8]);
    expect(ids(answer.associations.product_option_values)).toEqual([2]);
    const sent = h.store.requests.map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual([
      `GET /api/combinations/${id}`,
      `${method === 'patch' ? 'PATCH' : 'PUT'} /api/combinations/${id}`,
    ]);
    expect(h.store.requests[1]!.body).toMatch(
      /<product_option_values>.*<\/product_option_values>\s*<images>.*<id><!\[CDATA\[7\]\]><\/id>.*<\/images>/s,
    );
  });

  it('sends the images the caller gives, and reads nothing when option values are not written', async () => {
    const id = await create();
    const c = h.client().combinations;
    h.store.clearRequests();
    await c.patch(id, { associations: { product_option_values: [{ id: 2 }], images: [{ id: 9 }] } });
    await c.patch(id, { reference: 'fix21a' });
    expect(h.store.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
    expect(stored(id)).toEqual(['9']);
  });
});

describe('orders.create reads the order back', () => {
  // Order::addWs builds the order from the cart (PaymentModule::validateOrder) and answers the
  // posted object with the new id: reference, totals and current_state of the answer are not the stored ones.
  it('returns the stored order, not the POST answer', async () => {
    const c = h.client().orders;
    const seed = (await c.get(1))!;
    const { id: _id, ...input } = seed;
    // A cart without an order: the store builds the order from it (PaymentModule::validateOrder),
    // generates the reference and answers with the posted object, not the stored one.
    const cartInput = {
      id_currency: seed.id_currency,
      id_lang: seed.id_lang,
      id_customer: seed.id_customer,
      id_address_delivery: seed.id_address_delivery,
      id_address_invoice: seed.id_address_invoice,
    };
    // The seed file's orders name carts it does not hold: take a new cart no order names yet.
    const ordered = new Set((await c.list({ display: ['id_cart'] })).map((o: { id_cart: number }) => o.id_cart));
    let cart = 0;
    for (let i = 0; i < 20 && (cart === 0 || ordered.has(cart)); i++)
      cart = (await h.client().carts.create(cartInput, { validate: false })).id;
    h.store.clearRequests();
    const created = await c.create({ ...input, id_cart: cart, reference: 'FIX21A' }, { validate: false });
    expect(h.store.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/orders',
      `GET /api/orders/${created.id}`,
    ]);
    expect(created).toEqual(await c.get(created.id));
    expect(created.reference).not.toBe('FIX21A');
    expect(created.reference).toMatch(/^[A-Z]{9}$/);
  });
});

describe('carriage returns', () => {
  // SimpleXML (libxml, XML 1.0 §2.11) reads a literal \r\n, CDATA included, as \n: on a real 8.2.0
  // store a CDATA "a\r\nb" is stored as "a\nb", and "a]]>&#13;<![CDATA[\nb" as "a\r\nb".
  it('are sent as &#13; between CDATA sections, never as a literal \\r', async () => {
    const value = [
      { id: 1, value: 'line 1\r\nline 2' },
      { id: 2, value: 'ligne 1\r\nligne 2' },
    ];
    h.store.clearRequests();
    await h.client().products.patch(1, { meta_description: value });
    const body = h.store.requests.find((r) => r.method === 'PATCH')!.body;
    expect(body).not.toContain('\r');
    expect(body).toContain('<language id="1"><![CDATA[line 1]]>&#13;<![CDATA[\nline 2]]></language>');
    const sent = parseXml(body).children[0]!.children.find((c) => c.name === 'meta_description')!;
    expect(sent.children.map((l) => l.text)).toEqual(['line 1\r\nline 2', 'ligne 1\r\nligne 2']);
  });
});

describe('a 500 without an error message', () => {
  // A real 8.2.0 store answers POST /api/categories with id_parent 99999 with a 500 and an empty body:
  // Category::add throws "Parent category 99999 does not exist" (a PHP fatal error, in its log only).
  const category = (idParent: number) => ({
    id_parent: idParent,
    active: true,
    name: [
      { id: 1, value: 'fix21a' },
      { id: 2, value: 'fix21a' },
    ],
    link_rewrite: [
      { id: 1, value: 'fix21a' },
      { id: 2, value: 'fix21a' },
    ],
  });

  it('names the reference the store does not have', async () => {
    const fault = h.store.fault({ path: '/api/categories', times: 1, status: 500, body: '' });
    h.store.clearRequests();
    const error = (await h
      .client()
      .categories.create(category(99999))
      .catch((e: unknown) => e)) as Error & { status: number; errors: unknown[] };
    fault.remove();
    expect(h.store.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/categories',
      'HEAD /api/categories/99999',
    ]);
    expect(error.status).toBe(500);
    expect(error.message).toContain('unknown reference: id_parent 99999 (the store has no categories 99999)');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('says where the cause is when every reference exists', async () => {
    const fault = h.store.fault({ path: '/api/categories', times: 1, status: 500, body: '' });
    const error = (await h
      .client()
      .categories.create(category(2))
      .catch((e: unknown) => e)) as Error;
    fault.remove();
    expect(error.message).toContain(
      'the store failed without an error message (a PHP fatal error: its error log has the cause)',
    );
  });
});
