/**
 * The bundled catalogs: up to date with their inputs, chosen by generation, and applied only where
 * a store's synopsis agrees with them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCatalog } from '../../src/catalog/apply.js';
import { buildCatalog, serializeCatalog } from '../../src/catalog/build.js';
import { loadCatalog } from '../../src/catalog/load.js';
import { CATALOG_VERSIONS, catalogVersionFor } from '../../src/catalog/types.js';
import { parseSnapshot } from '../../src/model/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('bundled catalogs', () => {
  it.each(CATALOG_VERSIONS)('catalog/prestashop-%s.json is what scripts/build-catalog.ts builds (npm run build:catalog)', (version) => {
    const src = (file: string): unknown => JSON.parse(read(`fixtures/catalog-src/${version}/${file}`));
    const built = serializeCatalog(buildCatalog(src('definitions.json'), src('parameters.json'), src('enums.json')));
    expect(read(`catalog/prestashop-${version}.json`)).toBe(built);
  });

  it('picks the catalog of the store generation: 1.7.x → 1.7.8.10, 8.x → 8.2.0, 9.x → 9.0.0', () => {
    expect(catalogVersionFor('1.7.8.10')).toBe('1.7.8.10');
    expect(catalogVersionFor('1.7.6.0')).toBe('1.7.8.10');
    expect(catalogVersionFor('8.0.4')).toBe('8.2.0');
    expect(catalogVersionFor('8.1.7')).toBe('8.2.0');
    expect(catalogVersionFor('9.0.0')).toBe('9.0.0');
    expect(catalogVersionFor('9.1.2')).toBe('9.0.0');
    for (const v of [null, '1.6.1.24', '10.0.0', 'garbage', '']) expect(catalogVersionFor(v)).toBeNull();
  });

  it('records what the synopsis leaves out, per generation', async () => {
    const [c17, c82, c90] = await Promise.all(CATALOG_VERSIONS.map((v) => loadCatalog(v)));
    // Customer::setWsPasswd hashes in every generation.
    for (const c of [c17!, c82!, c90!]) expect(c.resources.customers!.fields.passwd).toMatchObject({ write: 'hashed', setter: 'setWsPasswd' });
    // secure_key: `setter => null` (stored as sent) up to 8.x, `false` (refused) in 9.0.
    expect(c82!.resources.customers!.fields.secure_key!.write).toBeUndefined();
    expect(c90!.resources.customers!.fields.secure_key!.write).toBe('refused');
    // link_rewrite is normalised on POST only; currencies' name on every write (POST|PUT|PATCH from 8.0).
    expect(c82!.resources.products!.fields.link_rewrite!.modifier).toEqual({ name: 'modifierWsLinkRewrite', methods: ['POST'] });
    expect(c17!.resources.currencies!.fields.name!.modifier!.methods).toEqual(['POST', 'PUT']);
    expect(c82!.resources.currencies!.fields.name!.modifier!.methods).toEqual(['POST', 'PUT', 'PATCH']);
    expect(c82!.resources.products!.fields.condition!.values).toEqual(['new', 'used', 'refurbished']);
    expect(c82!.resources.manufacturers!.fields.active).toMatchObject({ type: 'bool' });
    expect(Object.keys(c82!.resources.combinations!.associations)).toEqual(['product_option_values', 'images']);
    expect(c90!.resources.products!.fields.meta_keywords).toBeUndefined();
    // allow_null: a PUT without the field stores NULL.
    for (const c of [c17!, c82!, c90!]) {
      expect(c.resources.products!.fields.low_stock_threshold!.allowNull).toBe(true);
      expect(c.resources.combinations!.fields.default_on!.allowNull).toBe(true);
      expect(c.resources.products!.fields.price!.allowNull).toBeUndefined();
    }
    expect(c82!.resources.order_payments!.fields.id_employee!.allowNull).toBe(true);
  });

  it("takes allowed values from the release's SQL ENUM columns where the definition gives none", async () => {
    const [c17, c82, c90] = await Promise.all(CATALOG_VERSIONS.map((v) => loadCatalog(v)));
    // products.redirect_type: ENUM in db_structure.sql, no `values` in Product::$definition; 8.1 changed the list.
    expect(c17!.resources.products!.fields.redirect_type!.values).toEqual(['', '404', '301-product', '302-product', '301-category', '302-category']);
    const since81 = ['', '404', '410', '301-product', '302-product', '301-category', '302-category', '200-displayed', '404-displayed', '410-displayed', 'default'];
    expect(c82!.resources.products!.fields.redirect_type!.values).toEqual(since81);
    expect(c90!.resources.products!.fields.redirect_type!.values).toEqual(since81);
    for (const c of [c17!, c82!, c90!]) {
      expect(c.resources.customer_threads!.fields.status!.values).toEqual(['open', 'closed', 'pending1', 'pending2']);
      expect(c.resources.specific_prices!.fields.reduction_type!.values).toEqual(['amount', 'percentage']);
      // The definition's own list wins.
      expect(c.resources.products!.fields.condition!.values).toEqual(['new', 'used', 'refurbished']);
    }
  });

  it('applies an entry only where the synopsis agrees on format, required and maxSize', async () => {
    const catalog = await loadCatalog('8.2.0');
    const snapshot = parseSnapshot(read('test/golden/prestashop-8.2.0/prestashop-schema.json'));
    // An override that widens products.reference, and a module field.
    const changed = {
      ...snapshot,
      resources: snapshot.resources.map((r) =>
        r.name !== 'products'
          ? r
          : {
              ...r,
              fields: [
                ...r.fields.map((f) => (f.name === 'reference' ? { ...f, maxSize: 128, type: null, origin: 'synopsis' as const } : f)),
                { ...r.fields[0]!, name: 'my_module_flag', format: null, type: null, origin: 'synopsis' as const },
              ],
            },
      ),
    };
    const applied = applyCatalog(changed, catalog);
    const products = applied.schema.resources.find((r) => r.name === 'products')!;
    expect(products.fields.find((f) => f.name === 'reference')).toMatchObject({ origin: 'customised', type: null, maxSize: 128 });
    expect(products.fields.find((f) => f.name === 'my_module_flag')).toMatchObject({ origin: 'module', type: null });
    expect(products.fields.find((f) => f.name === 'price')).toMatchObject({ origin: 'catalog', type: 'float' });
    expect(applied.diagnostics).toEqual([
      expect.objectContaining({ resource: 'products', field: 'reference', message: expect.stringMatching(/maxSize 64 → 128.*read from the synopsis alone/) }),
    ]);
  });
});
