/**
 * Records the scenarios create through the generated client, each tagged with the run's stamp
 * and registered for deletion. The bodies are what an integrator sends; every value the store
 * derives (link_rewrite, level_depth, the order's reference) is left to the store.
 */
import type { Client, Target } from './targets.js';

/** A multilingual value in the store's two languages (en 1, fr 2). */
export const both = (en: string, fr: string): { id: number; value: string }[] => [
  { id: 1, value: en },
  { id: 2, value: fr },
];

/** A 1×1 PNG: small, and a real image the store's `ImageManager` accepts and resizes. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Home: the category every install has (id 2), the parent of the scenarios' tree. */
export const HOME = 2;

export async function makeCategory(t: Target, c: Client, name: string, parent = HOME): Promise<Client> {
  const slug = name.toLowerCase();
  const cat = await c.categories.create({
    active: true,
    id_parent: parent,
    name: both(`${name} ${t.stamp}`, `${name} FR ${t.stamp}`),
    link_rewrite: both(`${slug}-${t.stamp}`, `${slug}-fr-${t.stamp}`),
  });
  t.cleanup.add('categories', cat.id);
  return cat;
}

export async function makeProduct(
  t: Target,
  c: Client,
  category: number,
  extra: Record<string, unknown> = {},
): Promise<Client> {
  const product = await c.products.create({
    name: both(`Mug ${t.stamp}`, `Tasse ${t.stamp}`),
    reference: `REF-${t.stamp}`,
    price: 12.5,
    active: true,
    state: 1,
    id_category_default: category,
    associations: { categories: [{ id: category }] },
    ...extra,
  });
  t.cleanup.add('products', product.id);
  return product;
}

/** An attribute group with two values (their ids). */
export async function makeOptions(t: Target, c: Client): Promise<{ group: number; values: number[] }> {
  const group = await c.product_options.create({
    group_type: 'select',
    name: both(`Size ${t.stamp}`, `Taille ${t.stamp}`),
    public_name: both('Size', 'Taille'),
  });
  t.cleanup.add('product_options', group.id);
  const values: number[] = [];
  for (const v of ['S', 'M']) {
    const value = await c.product_option_values.create({
      id_attribute_group: group.id,
      name: both(`${v} ${t.stamp}`, `${v} ${t.stamp}`),
    });
    values.push(t.cleanup.add('product_option_values', value.id));
  }
  return { group: group.id, values };
}

export async function makeCombination(
  t: Target,
  c: Client,
  product: number,
  value: number,
  extra: Record<string, unknown> = {},
): Promise<Client> {
  const combination = await c.combinations.create({
    id_product: product,
    minimal_quantity: 1,
    reference: `C-${t.stamp}-${value}`,
    price: 1,
    associations: { product_option_values: [{ id: value }] },
    ...extra,
  });
  t.cleanup.add('combinations', combination.id);
  return combination;
}

let customers = 0;

export async function makeCustomer(t: Target, c: Client): Promise<Client> {
  const customer = await c.customers.create({
    firstname: 'Ada',
    lastname: `Scenario`,
    email: `${t.stamp}-${(customers += 1)}@example.com`,
    passwd: `pw-${t.stamp}`,
    active: true,
    id_default_group: 3,
    associations: { groups: [{ id: 3 }] },
  });
  t.cleanup.add('customers', customer.id);
  return customer;
}

/** France (id 8 in every install) needs no state and a 5-digit postcode. */
export async function makeAddress(t: Target, c: Client, customer: number): Promise<Client> {
  const address = await c.addresses.create({
    id_customer: customer,
    id_country: 8,
    alias: `Home ${t.stamp}`,
    firstname: 'Ada',
    lastname: 'Scenario',
    address1: '1 rue de la Paix',
    postcode: '75002',
    city: 'Paris',
  });
  t.cleanup.add('addresses', address.id);
  return address;
}
