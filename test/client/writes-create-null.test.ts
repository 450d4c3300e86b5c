/**
 * Issue 21, over real HTTP against the seeded CRUD fake store of each generation, with the client
 * generated from that generation's model:
 * - `allow_null` fields (`products.low_stock_threshold`, `combinations.low_stock_threshold`): NULL
 *   reads as `null`, and an unchanged write-back leaves the field out, which the store keeps NULL
 *   (an empty value would be stored as 0);
 * - `products.name` is required on create (`modifierWsLinkRewrite` loops over it): the validator
 *   says so, and the store's 500 without it says nothing was saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATIONS, startHarness, type Harness } from './writes-helpers.js';

describe.each(GENERATIONS)('%s-style store', (generation) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(generation);
  });
  afterAll(() => h.close());

  const stored = (resource: string, id: number, field: string): string | undefined =>
    h.store.engine.get(resource, id)!.values.get(field);

  it('a NULL low_stock_threshold reads as null and stays NULL after an unchanged update (product and combination)', async () => {
    const c = h.client();
    const product = await c.products.create({ price: 3, name: [{ id: 1, value: 'Null keeper' }] });
    expect(stored('products', product.id, 'low_stock_threshold')).toBe('');
    expect(product.low_stock_threshold).toBeNull();
    await c.products.update(product.id, await c.products.get(product.id));
    expect(stored('products', product.id, 'low_stock_threshold')).toBe('');
    expect((await c.products.get(product.id)).low_stock_threshold).toBeNull();
    // A value is written as such, and null clears it again on update.
    await c.products.update(product.id, { ...(await c.products.get(product.id)), low_stock_threshold: 0 });
    expect(stored('products', product.id, 'low_stock_threshold')).toBe('0');
    await c.products.update(product.id, { ...(await c.products.get(product.id)), low_stock_threshold: null });
    expect(stored('products', product.id, 'low_stock_threshold')).toBe('');
    const body = h.store.requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').at(-1)!.body;
    expect(body).not.toContain('low_stock_threshold');

    const combination = await c.combinations.create({ id_product: product.id, minimal_quantity: 1 });
    expect(combination.low_stock_threshold).toBeNull();
    await c.combinations.update(combination.id, await c.combinations.get(combination.id));
    expect(stored('combinations', combination.id, 'low_stock_threshold')).toBe('');
  });

  it("products.name is required on create only, and the store's 500 without it says nothing was saved", async () => {
    const count = h.store.engine.stored('products').size;
    // The validator (on by default) refuses the create before any request; an update needs no name.
    const refused = await h
      .client()
      .products.create({ price: 1 })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      name: 'PrestaShopValidationError',
      issues: [{ path: 'name[1]', code: 'required' }],
    });
    await expect(
      h.client().products.update(1, { ...(await h.client().products.get(1)), name: undefined }),
    ).resolves.toMatchObject({ id: 1 });

    const error = await h
      .client({ validate: false })
      .products.create({ price: 1, reference: 'no-name' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PrestaShopError', status: 500, code: 3, mayBeSaved: false });
    expect((error as Error).message).toContain('nothing was saved: the store needs name to create products');
    expect(h.store.engine.stored('products').size).toBe(count);
  });
});
