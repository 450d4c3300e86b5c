/**
 * The order recipe through the generated client: customer → address → cart with `cart_rows` →
 * order paid with the cart's total → a state change through `order_histories`.
 *
 * What a real store does (`Order::addWs` → `PaymentModule::validateOrder`, 8.2.0): the order is
 * built from the cart, its reference is generated, its state is `PS_OS_WS_PAYMENT` (11, "Remote
 * payment accepted") when `total_paid` is the cart's total and 8 ("Payment error") otherwise, and
 * a history row records that state. `OrderHistory::add` of a new row moves `current_state`.
 */
import { describe, expect } from 'vitest';
import { makeCart, orderOf } from './order-records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
useTarget((target, client) => {
  t = target;
  c = client;
});

describe('orders', () => {
  scenario('customer, address and a cart with cart_rows', async () => {
    const x = await makeCart(t, c);
    expect(x.cart.associations.cart_rows).toEqual([
      {
        id_product: x.product.id,
        id_product_attribute: 0,
        id_address_delivery: x.address.id,
        id_customization: 0,
        quantity: 1,
      },
    ]);
    expect((await c.carts.get(x.cart.id)).associations.cart_rows).toEqual(x.cart.associations.cart_rows);
    expect(
      (await c.addresses.list({ filter: { id_customer: x.customer.id }, display: ['id'] })).map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual([x.address.id]);
    const found = await c.customers.list({ filter: { email: x.customer.email }, display: ['id', 'passwd'] });
    expect(found.map((f: { id: number }) => f.id)).toEqual([x.customer.id]);
    expect(found[0].passwd).not.toBe(`pw-${t.stamp}`); // hashed by the store (setWsPasswd)
  });

  scenario('customer, address, cart with cart_rows, order, then a state change through order_histories', async () => {
    const x = await makeCart(t, c);
    const posted = await c.orders.create(orderOf(x, 12.5));
    t.cleanup.add('orders', posted.id);
    const order = await c.orders.get(posted.id);
    expect([order.id_cart, order.id_customer, order.current_state, order.total_paid]).toEqual([
      x.cart.id,
      x.customer.id,
      11,
      12.5,
    ]);
    expect(order.reference).toMatch(/^[A-Z]{9}$/);
    expect(
      order.associations.order_rows.map((r: { product_id: number; product_quantity: number }) => [
        r.product_id,
        r.product_quantity,
      ]),
    ).toEqual([[x.product.id, 1]]);
    const states = await c.order_histories.list({ filter: { id_order: order.id } });
    expect(states.map((h: { id_order_state: number }) => h.id_order_state)).toEqual([11]);

    const change = await c.order_histories.create({ id_order: order.id, id_order_state: 3 });
    expect(change.id_order_state).toBe(3);
    expect((await c.orders.get(order.id)).current_state).toBe(3);
    const after = await c.order_histories.list({ filter: { id_order: order.id }, sort: 'id_ASC' });
    expect(after.map((h: { id_order_state: number }) => h.id_order_state)).toEqual([11, 3]);
  });

  scenario('an order whose total_paid is not the cart total is stored in state 8, "Payment error"', async () => {
    const x = await makeCart(t, c);
    const posted = await c.orders.create(orderOf(x, 99));
    t.cleanup.add('orders', posted.id);
    expect((await c.orders.get(posted.id)).current_state).toBe(8);
  });
});
