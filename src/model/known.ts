/**
 * What is known about resources independently of any one store: the spec's resource list and
 * operation table and the methods PrestaShop itself forbids (`forbidden_method` in
 * `WebserviceRequest::getResources()`); see docs/introspect.md.
 *
 * The `/api` listing only reflects the key's permissions, so the methods a client may really use are
 * the key's methods minus those the resource forbids.
 */
import { HTTP_METHODS, type HttpMethod } from './schema.js';

/** The spec's operation table: the methods each listed resource supports (GET/POST/PUT/DELETE only). */
export const SPEC_RESOURCE_METHODS: ReadonlyMap<string, readonly HttpMethod[]> = new Map<string, HttpMethod[]>([
  // Catalogue
  ['products', ['GET', 'POST', 'PUT', 'DELETE']],
  ['combinations', ['GET', 'POST', 'PUT', 'DELETE']],
  ['product_features', ['GET', 'POST', 'PUT', 'DELETE']],
  ['product_feature_values', ['GET', 'POST', 'PUT', 'DELETE']],
  ['product_options', ['GET', 'POST', 'PUT', 'DELETE']],
  ['product_option_values', ['GET', 'POST', 'PUT', 'DELETE']],
  ['categories', ['GET', 'POST', 'PUT', 'DELETE']],
  ['manufacturers', ['GET', 'POST', 'PUT', 'DELETE']],
  ['suppliers', ['GET', 'POST', 'PUT', 'DELETE']],
  ['images', ['GET', 'POST', 'PUT', 'DELETE']],
  ['tags', ['GET', 'POST', 'PUT', 'DELETE']],
  ['stock_availables', ['GET', 'PUT']],
  ['specific_prices', ['GET', 'POST', 'PUT', 'DELETE']],
  ['attachments', ['GET', 'POST', 'PUT', 'DELETE']],
  // Orders
  ['orders', ['GET', 'POST', 'PUT']],
  ['order_details', ['GET', 'POST', 'PUT']],
  ['order_histories', ['GET', 'POST']],
  ['order_states', ['GET', 'POST', 'PUT', 'DELETE']],
  ['order_carriers', ['GET', 'POST', 'PUT']],
  ['order_payments', ['GET', 'POST']],
  ['order_invoices', ['GET', 'POST', 'PUT']],
  ['order_slips', ['GET', 'POST']],
  ['carts', ['GET', 'POST', 'PUT']],
  ['cart_rules', ['GET', 'POST', 'PUT', 'DELETE']],
  // Customers
  ['customers', ['GET', 'POST', 'PUT', 'DELETE']],
  ['addresses', ['GET', 'POST', 'PUT', 'DELETE']],
  ['groups', ['GET', 'POST', 'PUT', 'DELETE']],
  ['customer_messages', ['GET', 'POST', 'PUT']],
  ['customer_threads', ['GET', 'POST', 'PUT']],
  // Configuration
  ['carriers', ['GET', 'POST', 'PUT', 'DELETE']],
  ['currencies', ['GET', 'POST', 'PUT', 'DELETE']],
  ['languages', ['GET', 'POST', 'PUT', 'DELETE']],
  ['countries', ['GET', 'POST', 'PUT', 'DELETE']],
  ['zones', ['GET', 'POST', 'PUT', 'DELETE']],
  ['taxes', ['GET', 'POST', 'PUT', 'DELETE']],
  ['tax_rule_groups', ['GET', 'POST', 'PUT', 'DELETE']],
  ['shops', ['GET', 'PUT']],
  ['shop_groups', ['GET', 'POST', 'PUT', 'DELETE']],
  ['configurations', ['GET', 'POST', 'PUT', 'DELETE']],
]);

/** The spec names credit notes `order_slips`; PrestaShop's resource is `order_slip`. */
const SPEC_ALIASES: ReadonlyMap<string, string> = new Map([['order_slip', 'order_slips']]);

const READ_ONLY_VIEW: readonly HttpMethod[] = ['PUT', 'POST', 'PATCH', 'DELETE'];

/** Methods PrestaShop forbids per resource (`forbidden_method`), plus known no-ops. */
export const CORE_FORBIDDEN_METHODS: ReadonlyMap<
  string,
  { readonly methods: readonly HttpMethod[]; readonly why: string }
> = new Map([
  ['search', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['stock_movements', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['stocks', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['supply_orders', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['supply_order_details', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['supply_order_histories', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['supply_order_receipt_histories', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['supply_order_states', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['warehouse_product_locations', { methods: READ_ONLY_VIEW, why: 'forbidden_method in PrestaShop core' }],
  ['stock_availables', { methods: ['POST', 'DELETE'], why: 'forbidden_method in PrestaShop core' }],
  ['warehouses', { methods: ['DELETE'], why: 'forbidden_method in PrestaShop core' }],
  [
    'attachments',
    { methods: ['POST'], why: 'POST /api/attachments is a silent no-op; files are created at /api/attachments/file' },
  ],
]);

/** The methods the spec's operation table denies a resource, or an empty list when the spec says nothing. */
export function specForbiddenMethods(resource: string): HttpMethod[] {
  const allowed = SPEC_RESOURCE_METHODS.get(SPEC_ALIASES.get(resource) ?? resource);
  if (allowed === undefined) return [];
  const denied = (['POST', 'PUT', 'DELETE'] as const).filter((m) => !allowed.includes(m));
  // An update the spec denies as PUT is denied as PATCH too.
  return denied.includes('PUT') ? [...denied, 'PATCH'] : denied;
}

/** Every method known to be unusable on a resource, whatever the key allows. */
export function forbiddenMethods(resource: string): HttpMethod[] {
  const set = new Set<HttpMethod>([
    ...specForbiddenMethods(resource),
    ...(CORE_FORBIDDEN_METHODS.get(resource)?.methods ?? []),
  ]);
  return HTTP_METHODS.filter((m) => set.has(m));
}

/** The key's methods minus the forbidden ones, in canonical order. */
export function usableMethods(resource: string, keyMethods: readonly HttpMethod[]): HttpMethod[] {
  const forbidden = new Set(forbiddenMethods(resource));
  const keyed = new Set(keyMethods);
  return HTTP_METHODS.filter((m) => keyed.has(m) && !forbidden.has(m));
}

/** Resources without a synopsis in PrestaShop, and why. */
export const NO_SYNOPSIS_RESOURCES: ReadonlyMap<string, string> = new Map([
  ['images', 'specific management: the schema parameter is ignored and the answer is the image_types listing'],
  ['search', 'specific management: search has no schema (400, code 100)'],
]);
