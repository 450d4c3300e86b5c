/**
 * The five problems a real 8.2.0 store showed (issue 20, "So the real store found what no test
 * could"). Each scenario asserts what a correct client and store give; one still waiting for its
 * client fix of issue 21 is a `knownBug` (`it.fails`), flipped to `scenario` when the fix lands.
 */
import { describe, expect } from 'vitest';
import { makeCart, orderOf } from './order-records.js';
import { makeCategory, makeCombination, makeOptions, makeProduct, PNG } from './records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
useTarget((target, client) => {
  t = target;
  c = client;
});

describe('issue 21: what a real store showed', () => {
  // Issue 21 item 1: runtime/timezone.ts shiftFilter rebuilds the operator as a plain object,
  // which query.ts refuses ("a plain object is not a filter") before any request.
  scenario('date filter operators in --dates Date mode', async () => {
    const category = await makeCategory(t, c, 'Dated');
    const product = await makeProduct(t, c, category.id);
    const dated = await t.client('Date');
    const op = await t.module('Date');
    const since = new Date(Date.UTC(2000, 0, 1));
    const found = await dated.products.list({
      filter: { id_category_default: category.id, date_upd: op.gt(since) },
      display: ['id'],
    });
    expect(found).toEqual([{ id: product.id }]);
    const range = await dated.products.list({
      filter: { id_category_default: category.id, date_add: op.between(since, new Date(Date.UTC(2100, 0, 1))) },
      display: ['id'],
    });
    expect(range).toEqual([{ id: product.id }]);
  });

  // Issue 21 item 2: the store's setWsProductOptionValues() deletes the combination's image links;
  // the client should complete `images` (one read) when a write carries product_option_values.
  scenario('combinations.patch with product_option_values keeps the images', async () => {
    const category = await makeCategory(t, c, 'Combos');
    const product = await makeProduct(t, c, category.id);
    const { values } = await makeOptions(t, c);
    const combination = await makeCombination(t, c, product.id, values[0]!);
    const { id: image } = await c.images.products.upload(product.id, PNG, {
      contentType: 'image/png',
      filename: 'combo.png',
    });
    await c.combinations.patch(combination.id, { associations: { images: [{ id: image }] } });
    const patched = await c.combinations.patch(combination.id, {
      associations: { product_option_values: [{ id: values[1] }] },
    });
    expect(patched.associations.product_option_values).toEqual([{ id: values[1] }]);
    expect((await c.combinations.get(combination.id)).associations.images).toEqual([{ id: image }]);
  });

  // Issue 21 item 3: DELETE /api/attachments/file/{id} builds `new Attachment((int) 'file')` and
  // deletes nothing; the runtime should send DELETE /api/attachments/{id}.
  scenario('attachments.deleteFile really deletes', async () => {
    const a = await c.attachments.upload(
      { bytes: new TextEncoder().encode('gone'), fileName: `gone-${t.stamp}.txt`, mimeType: 'text/plain' },
      { name: `Gone ${t.stamp}` },
    );
    t.cleanup.add('attachments', a.id);
    await c.attachments.deleteFile(a.id);
    expect(await c.attachments.get(a.id)).toBeNull();
  });

  // Issue 21 item 4: Product::modifierWsLinkRewrite walks `$this->name` (a string without one):
  // a 500 after nothing was saved. The validator should refuse the body before sending it.
  scenario('a product created without name is refused before sending', async () => {
    const op = await t.module();
    const category = await makeCategory(t, c, 'Nameless');
    const attempt = c.products.create({ reference: `NONAME-${t.stamp}`, price: 1, id_category_default: category.id });
    await expect(attempt).rejects.toBeInstanceOf(op.PrestaShopValidationError);
  });

  // Issue 21 item 5: Order::addWs builds the order from the cart (validateOrder) and the store
  // answers with the object posted; the client should read the stored order back.
  scenario('orders.create returns the stored order', async () => {
    const x = await makeCart(t, c);
    const created = await c.orders.create(orderOf(x, 99));
    t.cleanup.add('orders', created.id);
    const stored = await c.orders.get(created.id);
    expect(stored.current_state).toBe(8); // total_paid is not the cart's total: "Payment error"
    expect([created.current_state, created.reference]).toEqual([stored.current_state, stored.reference]);
  });
});
