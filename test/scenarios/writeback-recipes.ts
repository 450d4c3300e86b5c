/**
 * One record per writable resource, created through the generated client in dependency order,
 * for the write-back scenario on a real store (every record tagged with the stamp and deleted
 * afterwards). Rows the store creates itself with a record (a product's stock, an order's
 * details, carrier, invoice and history rows) are found by listing.
 *
 * Resources not covered, and why, are in `NOT_COVERED`.
 */
import { makeCart, orderOf } from './order-records.js';
import { both, makeCategory, makeCombination, makeOptions, makeProduct } from './records.js';
import type { Client, Target } from './targets.js';

/** Writable resources the scenario does not create on a real store, with the reason. */
export const NOT_COVERED: Readonly<Record<string, string>> = {
  languages: 'store-wide: a new language adds a column of every multilingual table',
  currencies: 'store-wide: a new currency changes prices shown and exchange rates',
  shops: 'no POST on shops; a shop holds the whole catalog',
  shop_groups: 'store-wide (multistore)',
  shop_urls: 'store-wide: a URL routes the shop',
  warehouses: 'advanced stock management is off on a standard install',
  customizations: 'made by the front office from a customizable product in a cart',
  order_cart_rules: 'made by validateOrder from a cart rule applied to the cart',
  images: 'binary: a PUT replaces the image (the catalog scenario uploads, lists and downloads one)',
  klaviyo: 'a module resource of this store only',
  employees:
    "DELETE employees is a PHP fatal on the 8.2.0 demo install (ps_mbo's actionObjectEmployeeDeleteBefore hook): a created employee could not be removed",
};

export interface Made {
  readonly resource: string;
  readonly id: number;
}

/** Creates the records; returns them in creation order (store-made rows included). */
export async function makeEverything(t: Target, c: Client): Promise<Made[]> {
  const made: Made[] = [];
  const add = async (resource: string, body: Record<string, unknown>): Promise<number> => {
    const saved = await c[resource].create(body);
    t.cleanup.add(resource, saved.id);
    made.push({ resource, id: saved.id });
    return saved.id as number;
  };
  const found = async (resource: string, filter: Record<string, unknown>): Promise<void> => {
    for (const row of await c[resource].list({ filter, display: ['id'] })) made.push({ resource, id: row.id });
  };
  const s = t.stamp;

  const category = await makeCategory(t, c, 'Everything');
  made.push({ resource: 'categories', id: category.id });
  const x = await makeCart(t, c);
  made.push(
    { resource: 'products', id: x.product.id },
    { resource: 'customers', id: x.customer.id },
    { resource: 'addresses', id: x.address.id },
    { resource: 'carts', id: x.cart.id },
  );
  const product = x.product.id as number;
  const { group, values } = await makeOptions(t, c);
  made.push(
    { resource: 'product_options', id: group },
    ...values.map((id) => ({ resource: 'product_option_values', id })),
  );
  const combination = await makeCombination(t, c, product, values[0]!);
  made.push({ resource: 'combinations', id: combination.id });
  await found('stock_availables', { id_product: product });
  const other = await makeProduct(t, c, category.id, { reference: `WB2-${s}` });
  made.push({ resource: 'products', id: other.id });

  const order = await c.orders.create(orderOf(x, 12.5));
  t.cleanup.add('orders', order.id);
  made.push({ resource: 'orders', id: order.id });
  for (const r of ['order_details', 'order_carriers', 'order_invoices', 'order_histories'])
    await found(r, { id_order: order.id });
  // An invoice is made by validateOrder only when the state is an invoice state and invoices are on.
  if (!made.some((m) => m.resource === 'order_invoices')) {
    await add('order_invoices', {
      id_order: order.id,
      number: 0,
      total_paid_tax_excl: 12.5,
      total_paid_tax_incl: 12.5,
      total_products: 12.5,
      total_products_wt: 12.5,
    });
  }

  await add('specific_prices', {
    id_product: product,
    id_shop: 0,
    id_cart: 0,
    id_currency: 0,
    id_country: 0,
    id_group: 0,
    id_customer: 0,
    price: -1,
    from_quantity: 2,
    reduction: 1,
    reduction_tax: true,
    reduction_type: 'amount',
    from: '0000-00-00 00:00:00',
    to: '0000-00-00 00:00:00',
  });
  const feature = await add('product_features', { name: both(`Material ${s}`, `Matière ${s}`) });
  await add('product_feature_values', { id_feature: feature, value: both(`Clay ${s}`, `Argile ${s}`) });
  await add('manufacturers', { name: `Maker ${s}`, active: true });
  const supplier = await add('suppliers', { name: `Supplier ${s}`, active: true });
  await add('product_suppliers', {
    id_product: product,
    id_product_attribute: 0,
    id_supplier: supplier,
    id_currency: 1,
    product_supplier_reference: `PS-${s}`,
  });
  await add('product_customization_fields', {
    id_product: other.id,
    type: 1,
    required: false,
    name: both(`Engraving ${s}`, `Gravure ${s}`),
  });
  await add('tags', { id_lang: 1, name: `tag-${s}` });
  const zone = await add('zones', { name: `Zone ${s}`, active: true });
  const country = await add('countries', {
    id_zone: zone,
    iso_code: 'QZ',
    contains_states: true,
    need_identification_number: false,
    display_tax_label: true,
    active: false,
    name: both(`Country ${s}`, `Pays ${s}`),
  });
  await add('states', { id_zone: zone, id_country: country, iso_code: 'QZ-A', name: `State ${s}`, active: false });
  const taxGroup = await add('tax_rule_groups', { name: `Taxes ${s}`, active: true });
  const tax = await add('taxes', { rate: 5.5, active: true, name: both(`Tax ${s}`, `Taxe ${s}`) });
  await add('tax_rules', { id_tax_rules_group: taxGroup, id_country: country, id_tax: tax, behavior: 0 });
  const carrier = await add('carriers', {
    name: `Carrier ${s}`,
    active: false,
    delay: both('2 days', '2 jours'),
    shipping_method: 2,
  });
  const priceRange = await add('price_ranges', { id_carrier: carrier, delimiter1: 0, delimiter2: 1000 });
  await add('weight_ranges', { id_carrier: carrier, delimiter1: 0, delimiter2: 100 });
  await add('deliveries', {
    id_carrier: carrier,
    id_range_price: priceRange,
    id_range_weight: 0,
    id_zone: zone,
    price: 4.5,
  });
  await add('groups', {
    price_display_method: 0,
    reduction: 0,
    show_prices: true,
    name: both(`Group ${s}`, `Groupe ${s}`),
  });
  await add('cart_rules', {
    date_from: '2026-01-01 00:00:00',
    date_to: '2036-01-01 00:00:00',
    code: `CODE${s}`.toUpperCase(),
    active: false,
    quantity: 1,
    quantity_per_user: 1,
    reduction_percent: 5,
    name: both(`Rule ${s}`, `Règle ${s}`),
  });
  await add('specific_price_rules', {
    id_shop: 1,
    id_country: 0,
    id_currency: 0,
    id_group: 0,
    name: `SPR ${s}`,
    from_quantity: 1,
    price: -1,
    reduction: 1,
    reduction_tax: true,
    reduction_type: 'amount',
    from: '0000-00-00 00:00:00',
    to: '0000-00-00 00:00:00',
  });
  const contact = await add('contacts', {
    email: `${s}@example.com`,
    customer_service: true,
    name: both(`Desk ${s}`, `Accueil ${s}`),
  });
  const thread = await add('customer_threads', {
    id_lang: 1,
    id_contact: contact,
    id_customer: x.customer.id,
    email: `${s}-thread@example.com`,
    token: `tok${s}`,
    status: 'open',
  });
  await add('customer_messages', { id_customer_thread: thread, message: `Hello ${s}`, private: false });
  await add('messages', { id_cart: x.cart.id, id_customer: x.customer.id, message: `Note ${s}`, private: true });
  await add('guests', { id_customer: x.customer.id, javascript: false, mobile_theme: false });
  await add('order_states', { name: both(`State ${s}`, `État ${s}`), color: '#123456', template: both('', '') });
  await add('stock_movement_reasons', { sign: 1, name: both(`Reason ${s}`, `Raison ${s}`) });
  await add('content_management_system', {
    id_cms_category: 1,
    active: false,
    meta_title: both(`Page ${s}`, `Page FR ${s}`),
    link_rewrite: both(`page-${s}`, `page-fr-${s}`),
    content: both('<p>en</p>', '<p>fr</p>'),
  });
  await add('stores', {
    id_country: 8,
    city: 'Paris',
    postcode: '75002',
    active: false,
    name: both(`Store ${s}`, `Magasin ${s}`),
    address1: both('1 rue de la Paix', '1 rue de la Paix'),
  });
  // Used by no entity type: while it exists, nobody's uploads get a thumbnail of this size.
  await add('image_types', {
    name: `scn_${s}`,
    width: 10,
    height: 10,
    products: false,
    categories: false,
    manufacturers: false,
    suppliers: false,
    stores: false,
  });
  await add('configurations', { name: `SCN_${s}`.toUpperCase(), value: 'on' });
  await add('translated_configurations', { name: `SCN_T_${s}`.toUpperCase(), value: both('yes', 'oui') });
  const a = await c.attachments.upload(
    { bytes: new TextEncoder().encode(s), fileName: `wb-${s}.txt`, mimeType: 'text/plain' },
    { name: `WB ${s}` },
  );
  t.cleanup.add('attachments', a.id);
  made.push({ resource: 'attachments', id: a.id });
  return made;
}
