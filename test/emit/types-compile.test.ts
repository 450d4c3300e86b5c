/**
 * The types emitter's output compiles (nodenext and bundler) and behaves as documented for a user;
 * the shapes of each resource are checked in types.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { emitAll } from '../../src/emit/index.js';
import { makeAssociation, makeField, makeResource, parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import ts from 'typescript';
import { readRuntimeTemplates } from '../../src/templates.js';
import { typecheck } from './typecheck.js';

/** The real runtime: generated validators and clients import it, so the output is only complete with it. */
const TEMPLATES = await readRuntimeTemplates();

const fixture = (name: string): StoreSchema =>
  parseSnapshot(readFileSync(new URL(`../../fixtures/mini/${name}.json`, import.meta.url), 'utf8'));

const CATALOG_CONSUMER = `
import type { Category, Extensions, Id, LangId, Multilang, Product, ProductInput, ProductPatch, ResourceName,
  StockAvailableInput, StockAvailablePatch, OrderHistoryInput, Content, CustomerPatch } from './out/index.js';

declare const product: Product;
declare const category: Category;

// A value read can be written back as it is.
export const back: ProductInput = product;
export const backPatch: ProductPatch = product;
export const catBack: ProductInput['associations'] = { categories: product.associations.categories };

// Foreign keys are ids of their target; a plain number is accepted; another resource's id is not.
export const cat: Id<'categories'> = product.id_category_default;
export const plain: Id<'categories'> = 3;
// @ts-expect-error an id of categories is not an id of manufacturers
export const wrong: Id<'manufacturers'> = product.id_category_default;
// @ts-expect-error the item's own id is branded with its resource
export const wrongOwn: Id<'categories'> = product.id;
export const n: number = product.id;

// Multilingual values: one shape, language ids from the snapshot.
export const name: Multilang<string> = product.name;
export const firstLang: LangId | undefined = product.name[0]?.id;
export const write: ProductInput = { price: 9.5, name: [{ id: 1, value: 'Mug' }, { id: 2, value: 'Tasse' }] };
// @ts-expect-error language 3 is not a language of the snapshot
export const badLang: ProductInput = { price: 1, name: [{ id: 3, value: 'x' }] };

// Decimals, booleans, ints, dates.
export const price: number = product.price;
export const active: boolean = product.active;
export const date: string = product.date_add;

// Required fields are required; read-only fields are absent; PATCH takes any subset.
// @ts-expect-error price is required
export const missing: ProductInput = { reference: 'x' };
// @ts-expect-error quantity is read-only
export const readOnly: ProductInput = { price: 1, quantity: '3' };
export const patch: ProductPatch = { reference: 'only this' };
export const stock: StockAvailableInput = { id_product: 1, id_product_attribute: 0, quantity: 5, depends_on_stock: false };
export const stockPatch: StockAvailablePatch = { quantity: 6 };
export const history: OrderHistoryInput = { id_order: 1, id_order_state: 4 };
// @ts-expect-error customers here accept PATCH only: no Input type
import type { CustomerInput } from './out/index.js';
export const customerPatch: CustomerPatch = { email: 'a@b.c' };
// @ts-expect-error secure_key is read-only
export const customerBad: CustomerPatch = { secure_key: 'x' };

// Associations are typed from the synopsis with their target resource.
export const catIds: Id<'categories'>[] = product.associations.categories.map((c) => c.id);
export const featureValue: Id<'product_feature_values'> | undefined = product.associations.product_features[0]?.id_feature_value;
export const products: Id<'products'>[] = category.associations.products.map((p) => p.id);

// Module fields: typed escape hatch, never any.
export const ext: Extensions | undefined = product.extensions;
export const extValue: string | number | boolean | null | Multilang<string> | undefined = product.extensions?.['x'];
// @ts-expect-error an extension value is not any
export const extAny: Date = product.extensions?.['x'];

// CMS is named after its node name.
export const content: Content['meta_title'] = [{ id: 1, value: 'About' }];
export const resource: ResourceName = 'stock_availables';
// @ts-expect-error not a resource of the snapshot
export const notResource: ResourceName = 'stock_available';
`;

describe('generated code compiles and keeps its promises', () => {
  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`catalog with a consumer module (${resolution})`, () => {
      const { files } = emitAll(fixture('catalog'), resolveEmitOptions(), { templates: TEMPLATES });
      expect(typecheck(files, resolution, { 'use.ts': CATALOG_CONSUMER })).toEqual([]);
    });
  }

  it('catalog consumer also compiles with exactOptionalPropertyTypes', () => {
    const { files } = emitAll(fixture('catalog'), resolveEmitOptions(), { templates: TEMPLATES });
    expect(typecheck(files, 'bundler', { 'use.ts': CATALOG_CONSUMER }, { exactOptionalPropertyTypes: true })).toEqual(
      [],
    );
  });

  it('a broken promise is reported (the checker is not blind)', () => {
    const { files } = emitAll(fixture('catalog'), resolveEmitOptions(), { templates: TEMPLATES });
    const errors = typecheck(files, 'nodenext', { 'use.ts': CATALOG_CONSUMER.replace('price: 9.5,', '') });
    expect(errors.join('\n')).toMatch(/use\.ts:\d+: .*price/);
  });

  it.each([
    [{ decimals: 'string' }, `export const d: string = product.price;`],
    [{ dates: 'Date' }, `export const d: Date | null = product.date_add;`],
    [
      { brandedIds: false },
      `export const d: number = product.id_category_default; export const e: typeof product.id_category_default = 1 as number;`,
    ],
  ] as const)('options %j change the types', (options, line) => {
    const { files } = emitAll(fixture('catalog'), resolveEmitOptions(options), { templates: TEMPLATES });
    const use = `import type { Product } from './out/index.js';\ndeclare const product: Product;\n${line}\n`;
    expect(typecheck(files, 'nodenext', { 'use.ts': use })).toEqual([]);
    // and the default types do not satisfy the same line
    const defaults = emitAll(fixture('catalog'), resolveEmitOptions(), { templates: TEMPLATES }).files;
    if (!('brandedIds' in options)) expect(typecheck(defaults, 'nodenext', { 'use.ts': use })).not.toEqual([]);
  });

  it('odd names compile: reserved words, dashes, spaces, digits first, quotes, __proto__, casing collisions', () => {
    const result = emitAll(fixture('odd-names'), resolveEmitOptions(), { templates: TEMPLATES });
    const use = `
import type { Class_, Class_Input, OrderItem, OrderItem2, OrderItem2Patch, _3dModel, Shared, SharedPatch, Id2, Promise2, Promise3 } from './out/index.js';
declare const c: Class_;
export const a: string = c.default + c.new + c.constructor + c['__proto__'] + c.toString;
export const input: Class_Input = { default: 'x' };
declare const o: OrderItem;
export const b: number = o['unit price'] + o['order-id'];
export const s: string = o['1st_line'] + o['ünïcode'] + o.extensions + o["quote'\\"\`\${x}*/"];
export const ext = o.extensions_;
declare const o2: OrderItem2;
export const q: number = o2.qty;
export const p: OrderItem2Patch = { qty: 1 };
declare const m: _3dModel;
export const t: string = m.type;
export const sh: SharedPatch = {};
export const shared: Shared | Id2 | Promise2 | Promise3 | undefined = undefined;
`;
    for (const resolution of ['nodenext', 'bundler'] as const) {
      expect(typecheck(result.files, resolution, { 'use.ts': use })).toEqual([]);
    }
    // The comment terminator in a field name never closes a comment early; names stay intact as keys.
    const text = result.files.get('types/order_items.ts')!;
    expect(text).toContain('"quote\'\\"`${x}*/": string;');
    expect(result.files.has('types/index_.ts')).toBe(true);
    expect(result.files.has('types/order_items_2.ts')).toBe(true);
  });

  it('hostile strings from a store stay inside comments and string literals', () => {
    const evil = '*/ process.exit(13); /* `${process}` \u2028\u2029 \\ " \' \n';
    const model: StoreSchema = {
      schemaVersion: 3,
      store: { psVersion: evil, languages: [{ id: 1, isoCode: evil }], catalog: null, timeZone: null },
      resources: [
        makeResource(`r${evil}`, {
          description: evil,
          nodeName: `n${evil}`,
          methods: ['GET', 'POST', 'PATCH'],
          fields: [
            makeField(`f${evil}`, { format: evil, inputType: evil, references: evil, required: true }),
            makeField('g', { format: 'isUnsignedId', references: evil, multilingual: true }),
          ],
          associations: [
            makeAssociation(`a${evil}`, { nodeName: evil, resource: evil, fields: [makeField('id'), makeField(evil)] }),
          ],
        }),
      ],
    };
    const { files, diagnostics } = emitAll(model, resolveEmitOptions(), { templates: TEMPLATES });
    expect(diagnostics.map((d) => d.code)).toEqual(['unknown-format', 'unknown-input-type']);
    expect([...files.values()].join('').split('process.exit(13)').length).toBeGreaterThan(5); // the canary is there...
    for (const [path, text] of files) {
      const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, text);
      for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
        if (token === ts.SyntaxKind.Identifier) expect(scanner.getTokenText(), path).not.toBe('process');
      }
    }
    for (const resolution of ['nodenext', 'bundler'] as const) expect(typecheck(files, resolution)).toEqual([]);
  });

  it('spec-style store compiles', () => {
    const { files } = emitAll(fixture('spec-store'), resolveEmitOptions(), { templates: TEMPLATES });
    for (const resolution of ['nodenext', 'bundler'] as const) expect(typecheck(files, resolution)).toEqual([]);
  });
});
