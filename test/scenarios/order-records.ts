/** The records of an order: a product with stock, a customer, an address and a cart. */
import { makeAddress, makeCategory, makeCustomer, makeProduct } from './records.js';
import type { Client, Target } from './targets.js';

/** A cart of one product at 12.50 (no tax rule), with the free carrier 1 ("Click and collect"). */
export async function makeCart(
  t: Target,
  c: Client,
): Promise<{ customer: Client; address: Client; cart: Client; product: Client }> {
  const category = await makeCategory(t, c, 'Orders');
  const product = await makeProduct(t, c, category.id, { id_tax_rules_group: 0 });
  const stock = await c.stock_availables.list({ filter: { id_product: product.id, id_product_attribute: 0 } });
  await c.stock_availables.patch(stock[0].id, { quantity: 10 });
  const customer = await makeCustomer(t, c);
  const address = await makeAddress(t, c, customer.id);
  const cart = await c.carts.create({
    id_currency: 1,
    id_lang: 1,
    id_customer: customer.id,
    id_address_delivery: address.id,
    id_address_invoice: address.id,
    id_carrier: 1,
    associations: {
      cart_rows: [{ id_product: product.id, id_product_attribute: 0, id_address_delivery: address.id, quantity: 1 }],
    },
  });
  t.cleanup.add('carts', cart.id);
  return { customer, address, cart, product };
}

/** The order body for a cart (`total_paid` as given). */
export function orderOf(
  x: { customer: Client; address: Client; cart: Client },
  total: number,
): Record<string, unknown> {
  return {
    id_address_delivery: x.address.id,
    id_address_invoice: x.address.id,
    id_cart: x.cart.id,
    id_currency: 1,
    id_lang: 1,
    id_customer: x.customer.id,
    id_carrier: 1,
    module: 'ps_checkpayment',
    payment: 'Check',
    total_paid: total,
    total_paid_real: total,
    total_products: total,
    total_products_wt: total,
    conversion_rate: 1,
  };
}
