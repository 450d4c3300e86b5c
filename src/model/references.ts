/**
 * Foreign keys of PrestaShop's core webservice resources: for each resource, which of its top-level
 * fields hold the id of a row of another resource.
 *
 * Why a bundled table: a store's `?schema=synopsis` answer drops `xlink:href` from top-level fields
 * (only association rows keep it), so introspection alone cannot tell that
 * `products.id_manufacturer` points at `manufacturers`. PrestaShop itself knows: every core
 * ObjectModel class declares, in its protected `$webserviceParameters` property, a `fields` map
 * whose entries may carry an `xlink_resource`; the output builder turns that into the field's
 * `xlink:href` when it renders a real record. The values below were read from those declarations
 * (the class of each resource is the `class` column of `fixtures/prestashop-8.2.0/resources.json`:
 * `Address` for addresses, `ProductAttribute` for product_option_values, `StockMvtWS` for
 * stock_movements, `RangePrice`/`RangeWeight` for the ranges, and so on), PrestaShop 8.x source
 * first, with the 1.7.8 and 9.x declarations compared.
 *
 * What is kept: `xlink_resource` given as a plain resource name, and the array form
 * `['resourceName' => X]` when X is a resource and no `subResourceName` follows (Product's
 * `id_default_combination` and `id_tax_rules_group`, Carrier's `id_tax_rules_group`,
 * Customization's three keys, CustomizationField's `id_product`). Every target is a resource of the
 * 8.2.0 store and every field exists in that store's synopsis (test/model/references.test.ts).
 *
 * What is left out, on purpose:
 * - `products.id_default_image` (`images` + sub-resource `products`): an image id only makes sense
 *   under `/images/products/{id_product}/`, it is not a row of a flat resource;
 * - `addresses.id_warehouse` → `warehouse` (1.7.8 and 8.x): singular, not a resource name (the link
 *   it would build is dead); 9.x removed the entry;
 * - `specific_prices.id_product_attribute` → `product_attributes`: not a resource name (every
 *   version); the real target would be `combinations`, but the source does not say so;
 * - `customer_messages.id_product` → `products`: declared from 9.x on only; the 8.2.0 store has no
 *   such field;
 * - association rows (`associations.*.fields.*.xlink_resource`): the synopsis already keeps them.
 *
 * Pure data; no I/O.
 */

type ReferenceRows = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** resource → field → target resource, in the order the classes declare them. */
const ROWS: ReferenceRows = {
  addresses: {
    id_customer: 'customers',
    id_manufacturer: 'manufacturers',
    id_supplier: 'suppliers',
    id_country: 'countries',
    id_state: 'states',
  },
  carriers: { id_tax_rules_group: 'tax_rule_groups' },
  carts: {
    id_address_delivery: 'addresses',
    id_address_invoice: 'addresses',
    id_currency: 'currencies',
    id_customer: 'customers',
    id_guest: 'guests',
    id_lang: 'languages',
  },
  categories: { id_parent: 'categories' },
  combinations: { id_product: 'products' },
  countries: { id_zone: 'zones', id_currency: 'currencies' },
  customer_messages: { id_employee: 'employees', id_customer_thread: 'customer_threads' },
  customer_threads: {
    id_lang: 'languages',
    id_shop: 'shops',
    id_customer: 'customers',
    id_order: 'orders',
    id_product: 'products',
  },
  customers: { id_default_group: 'groups', id_lang: 'languages' },
  customizations: { id_address_delivery: 'addresses', id_cart: 'carts', id_product: 'products' },
  deliveries: {
    id_carrier: 'carriers',
    id_range_price: 'price_ranges',
    id_range_weight: 'weight_ranges',
    id_zone: 'zones',
  },
  employees: { id_lang: 'languages' },
  guests: { id_customer: 'customers' },
  messages: { id_cart: 'carts', id_order: 'orders', id_customer: 'customers', id_employee: 'employees' },
  order_carriers: { id_order: 'orders', id_carrier: 'carriers' },
  order_cart_rules: { id_order: 'orders' },
  order_details: { id_order: 'orders', product_id: 'products', product_attribute_id: 'combinations' },
  order_histories: { id_employee: 'employees', id_order_state: 'order_states', id_order: 'orders' },
  order_slip: { id_customer: 'customers', id_order: 'orders' },
  orders: {
    id_address_delivery: 'addresses',
    id_address_invoice: 'addresses',
    id_cart: 'carts',
    id_currency: 'currencies',
    id_lang: 'languages',
    id_customer: 'customers',
    id_carrier: 'carriers',
    current_state: 'order_states',
  },
  price_ranges: { id_carrier: 'carriers' },
  product_customization_fields: { id_product: 'products' },
  product_feature_values: { id_feature: 'product_features' },
  product_option_values: { id_attribute_group: 'product_options' },
  product_suppliers: {
    id_product: 'products',
    id_product_attribute: 'combinations',
    id_supplier: 'suppliers',
    id_currency: 'currencies',
  },
  products: {
    id_manufacturer: 'manufacturers',
    id_supplier: 'suppliers',
    id_category_default: 'categories',
    id_default_combination: 'combinations',
    id_tax_rules_group: 'tax_rule_groups',
  },
  shop_urls: { id_shop: 'shops' },
  shops: { id_shop_group: 'shop_groups' },
  specific_price_rules: { id_shop: 'shops', id_country: 'countries', id_currency: 'currencies', id_group: 'groups' },
  specific_prices: {
    id_shop_group: 'shop_groups',
    id_shop: 'shops',
    id_cart: 'carts',
    id_product: 'products',
    id_currency: 'currencies',
    id_country: 'countries',
    id_group: 'groups',
    id_customer: 'customers',
  },
  states: { id_zone: 'zones', id_country: 'countries' },
  stock_availables: {
    id_product: 'products',
    id_product_attribute: 'combinations',
    id_shop: 'shops',
    id_shop_group: 'shop_groups',
  },
  stock_movements: {
    id_product: 'products',
    id_product_attribute: 'combinations',
    id_warehouse: 'warehouses',
    id_currency: 'currencies',
    id_employee: 'employees',
    id_stock: 'stocks',
    id_stock_mvt_reason: 'stock_movement_reasons',
    id_order: 'orders',
    id_supply_order: 'supply_orders',
  },
  stocks: { id_warehouse: 'warehouses', id_product: 'products', id_product_attribute: 'combinations' },
  stores: { id_country: 'countries', id_state: 'states' },
  supply_order_details: {
    id_supply_order: 'supply_orders',
    id_product: 'products',
    id_product_attribute: 'combinations',
  },
  supply_order_histories: {
    id_supply_order: 'supply_orders',
    id_employee: 'employees',
    id_state: 'supply_order_states',
  },
  supply_order_receipt_histories: {
    id_supply_order_detail: 'supply_order_details',
    id_employee: 'employees',
    id_supply_order_state: 'supply_order_states',
  },
  supply_orders: {
    id_supplier: 'suppliers',
    id_lang: 'languages',
    id_warehouse: 'warehouses',
    id_supply_order_state: 'supply_order_states',
    id_currency: 'currencies',
  },
  tags: { id_lang: 'languages' },
  tax_rules: { id_tax_rules_group: 'tax_rule_groups', id_state: 'states', id_country: 'countries' },
  warehouse_product_locations: {
    id_product: 'products',
    id_product_attribute: 'combinations',
    id_warehouse: 'warehouses',
  },
  warehouses: { id_address: 'addresses', id_employee: 'employees', id_currency: 'currencies' },
  weight_ranges: { id_carrier: 'carriers' },
};

/** resource → field → target resource, for PrestaShop's core resources. */
export const CORE_REFERENCES: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(ROWS).map(([resource, fields]) => [resource, new Map(Object.entries(fields))] as const),
);

/** The resource a core field points at (`products`, `id_manufacturer` → `manufacturers`), or null. */
export function coreReference(resource: string, field: string): string | null {
  return CORE_REFERENCES.get(resource)?.get(field) ?? null;
}
