/**
 * Catalog scenarios through the generated client: a category tree, and a product in two
 * languages with combinations, an image, stock and a specific price.
 */
import { describe, expect } from 'vitest';
import { both, HOME, makeCategory, makeCombination, makeOptions, makeProduct, PNG } from './records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
useTarget((target, client) => {
  t = target;
  c = client;
});

describe('catalog', () => {
  scenario('a category tree', async () => {
    const home = await c.categories.get(HOME);
    const parent = await makeCategory(t, c, 'Kitchen');
    const child = await makeCategory(t, c, 'Mugs', parent.id);
    expect(child.id_parent).toBe(parent.id);
    expect((await c.categories.get(parent.id)).level_depth).toBe(home.level_depth + 1);
    expect((await c.categories.get(child.id)).level_depth).toBe(home.level_depth + 2);
    expect(child.link_rewrite).toEqual(both(`mugs-${t.stamp}`, `mugs-fr-${t.stamp}`));
    const children = await c.categories.list({ filter: { id_parent: parent.id }, display: ['id', 'name'] });
    expect(children.map((x: { id: number }) => x.id)).toEqual([child.id]);
    await c.categories.delete(child.id);
    t.cleanup.forget('categories', child.id);
    expect(await c.categories.get(child.id)).toBeNull();
  });

  scenario("a category's children in its associations", async () => {
    const parent = await makeCategory(t, c, 'Parent');
    const child = await makeCategory(t, c, 'Child', parent.id);
    expect((await c.categories.get(parent.id)).associations.categories).toEqual([{ id: child.id }]);
  });

  scenario('products in two languages, with combinations and an image', async () => {
    const product = await makeProduct(t, c, (await makeCategory(t, c, 'Shop')).id);
    expect(product.name).toEqual(both(`Mug ${t.stamp}`, `Tasse ${t.stamp}`));
    expect(product.link_rewrite).toEqual(both(`mug-${t.stamp}`, `tasse-${t.stamp}`));
    const fr = await c.products.list({ filter: { reference: `REF-${t.stamp}` }, display: ['id', 'name'], language: 2 });
    expect(fr).toEqual([{ id: product.id, name: [{ id: 2, value: `Tasse ${t.stamp}` }] }]);

    const { values } = await makeOptions(t, c);
    const small = await makeCombination(t, c, product.id, values[0]!);
    const medium = await makeCombination(t, c, product.id, values[1]!);
    expect(small.associations.product_option_values).toEqual([{ id: values[0] }]);
    const combinations = await c.combinations.list({
      filter: { id_product: product.id },
      sort: 'id_ASC',
      display: ['id'],
    });
    expect(combinations.map((x: { id: number }) => x.id)).toEqual([small.id, medium.id]);

    const { id: image } = await c.images.products.upload(product.id, PNG, {
      contentType: 'image/png',
      filename: 'mug.png',
    });
    expect(await c.images.products.list(product.id)).toEqual([image]);
    const linked = await c.combinations.patch(small.id, { associations: { images: [{ id: image }] } });
    expect(linked.associations.images).toEqual([{ id: image }]);
    expect((await c.products.get(product.id)).associations.images).toEqual([{ id: image }]);
    expect((await c.images.products.download(product.id, image)).size).toBeGreaterThan(0);
  });

  scenario('stock: one row per product and combination', async () => {
    const product = await makeProduct(t, c, (await makeCategory(t, c, 'Stock')).id);
    const { values } = await makeOptions(t, c);
    const small = await makeCombination(t, c, product.id, values[0]!);
    const medium = await makeCombination(t, c, product.id, values[1]!);
    // One stock row per product and combination (shop 1): set the combination's quantity.
    const stock = await c.stock_availables.list({
      filter: { id_product: product.id },
      sort: 'id_product_attribute_ASC',
    });
    expect(stock.map((s: { id_product_attribute: number }) => s.id_product_attribute)).toEqual([
      0,
      small.id,
      medium.id,
    ]);
    const row = stock.find((s: { id_product_attribute: number }) => s.id_product_attribute === small.id);
    await c.stock_availables.patch(row.id, { quantity: 7 });
    expect((await c.stock_availables.get(row.id)).quantity).toBe(7);
  });

  scenario('a specific price', async () => {
    const product = await makeProduct(t, c, (await makeCategory(t, c, 'Prices')).id);
    const price = await c.specific_prices.create({
      id_product: product.id,
      id_product_attribute: 0,
      id_shop: 0,
      id_cart: 0,
      id_currency: 0,
      id_country: 0,
      id_group: 0,
      id_customer: 0,
      price: -1,
      from_quantity: 1,
      reduction: 0.1,
      reduction_tax: true,
      reduction_type: 'percentage',
      from: '0000-00-00 00:00:00',
      to: '0000-00-00 00:00:00',
    });
    t.cleanup.add('specific_prices', price.id);
    const prices = await c.specific_prices.list({ filter: { id_product: product.id } });
    expect(
      prices.map((p: { id: number; reduction: number; reduction_type: string }) => [
        p.id,
        p.reduction,
        p.reduction_type,
      ]),
    ).toEqual([[price.id, 0.1, 'percentage']]);
  });
});
