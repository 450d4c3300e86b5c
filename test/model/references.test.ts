import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_REFERENCES, coreReference } from '../../src/model/index.js';

const STORE_DIR = join(import.meta.dirname, '../../fixtures/prestashop-8.2.0');

interface FixtureResource {
  readonly name: string;
  readonly schema: { readonly 'synopsis.XML': { readonly status: number; readonly file: string } };
}

const resources: readonly FixtureResource[] = (
  JSON.parse(readFileSync(join(STORE_DIR, 'resources.json'), 'utf8')) as { resources: FixtureResource[] }
).resources;
const resourceNames = new Set(resources.map((r) => r.name));

/** Top-level field names of a synopsis: the one-tab-deep elements before `<associations>`. */
function synopsisFields(resource: string): ReadonlySet<string> {
  const entry = resources.find((r) => r.name === resource);
  if (entry === undefined) throw new Error(`${resource} is not a resource of the 8.2.0 store`);
  const xml = readFileSync(join(STORE_DIR, entry.schema['synopsis.XML'].file), 'utf8');
  const head = xml.split('<associations>')[0]!;
  return new Set([...head.matchAll(/^\t<([A-Za-z0-9_]+)[\s/>]/gm)].map((m) => m[1]!));
}

const pairs = [...CORE_REFERENCES].flatMap(([resource, fields]) =>
  [...fields].map(([field, target]) => ({ resource, field, target })),
);

describe('CORE_REFERENCES', () => {
  it('reads fields from the synopsis the way the test expects', () => {
    // Guards the regex above: a known synopsis yields exactly its four top-level fields.
    expect([...synopsisFields('order_histories')]).toEqual(['id_employee', 'id_order_state', 'id_order', 'date_add']);
    expect(synopsisFields('products').has('id_manufacturer')).toBe(true);
    expect(synopsisFields('products').has('category')).toBe(false); // an association row, not a field
  });

  it('has 129 entries over 44 resources', () => {
    expect(CORE_REFERENCES.size).toBe(44);
    expect(pairs).toHaveLength(129);
  });

  it('only points at resources of the 8.2.0 store', () => {
    const unknown = pairs.filter((p) => !resourceNames.has(p.target));
    expect(unknown).toEqual([]);
  });

  it('only describes resources of the 8.2.0 store', () => {
    expect([...CORE_REFERENCES.keys()].filter((r) => !resourceNames.has(r))).toEqual([]);
  });

  it('only names fields that the 8.2.0 synopsis of that resource has', () => {
    const missing = pairs.filter((p) => !synopsisFields(p.resource).has(p.field));
    expect(missing).toEqual([]);
  });

  it.each([
    ['products', 'id_manufacturer', 'manufacturers'],
    ['products', 'id_category_default', 'categories'],
    ['addresses', 'id_country', 'countries'],
    ['orders', 'id_customer', 'customers'],
    ['orders', 'current_state', 'order_states'],
    ['order_histories', 'id_order_state', 'order_states'],
    ['order_details', 'product_attribute_id', 'combinations'],
    ['deliveries', 'id_range_price', 'price_ranges'],
    ['stock_movements', 'id_stock_mvt_reason', 'stock_movement_reasons'],
  ])('%s.%s → %s', (resource, field, target) => {
    expect(coreReference(resource, field)).toBe(target);
  });

  it('answers null for what it does not know or leaves out on purpose', () => {
    expect(coreReference('products', 'price')).toBeNull();
    expect(coreReference('products', 'id_default_image')).toBeNull();
    expect(coreReference('addresses', 'id_warehouse')).toBeNull();
    expect(coreReference('specific_prices', 'id_product_attribute')).toBeNull();
    expect(coreReference('no_such_resource', 'id_customer')).toBeNull();
    expect(coreReference('products', 'constructor')).toBeNull();
    expect(coreReference('__proto__', 'id_customer')).toBeNull();
  });
});
