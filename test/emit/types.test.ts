/**
 * The types emitter on whole resources: which shapes exist, what they hold, that the output
 * compiles (nodenext and bundler) and behaves as documented for a user, odd names (determinism:
 * types-determinism.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions, type EmitOptions, type FileMap } from '../../src/emit/context.js';
import { createEmitContext, emitAll } from '../../src/emit/index.js';
import { emitTypes } from '../../src/emit/types/index.js';
import {
  makeAssociation,
  makeField,
  makeResource,
  parseSnapshot,
  type Resource,
  type StoreSchema,
} from '../../src/model/index.js';
import ts from 'typescript';
import { readRuntimeTemplates } from '../../src/templates.js';
import { typecheck } from './typecheck.js';

/** The real runtime: generated validators and clients import it, so the output is only complete with it. */
const TEMPLATES = await readRuntimeTemplates();

const fixture = (name: string): StoreSchema =>
  parseSnapshot(readFileSync(new URL(`../../fixtures/mini/${name}.json`, import.meta.url), 'utf8'));

function types(model: StoreSchema, options: Partial<EmitOptions> = {}): FileMap {
  const resolved = resolveEmitOptions(options);
  return emitTypes(model, resolved, createEmitContext(model, resolved)).files;
}

function schemaOf(...resources: Resource[]): StoreSchema {
  return {
    schemaVersion: 3,
    store: { psVersion: '8.2.0', languages: [{ id: 1, isoCode: 'en' }], catalog: null, timeZone: null },
    resources,
  };
}

/** The body of `export interface <name> { ... }` (or the `export type` line) in a file. */
function declaration(text: string, name: string): string | null {
  const iface = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}\\n`).exec(text);
  if (iface) return iface[1]!;
  const alias = new RegExp(`export type ${name} = (.*);\\n`).exec(text);
  return alias ? alias[1]! : null;
}

/** Property lines at the first nesting level of an interface body (`name?: type`). */
function topLevelKeys(body: string): string[] {
  return body
    .split('\n')
    .filter((l) => /^ {2}[^ /*}]/.test(l))
    .map((l) => l.trim().replace(/;$/, ''));
}

describe('shapes per resource', () => {
  const ALL = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const product = makeResource('products', {
    nodeName: 'product',
    methods: [...ALL],
    fields: [
      makeField('price', { required: true, format: 'isPrice' }),
      makeField('quantity', { readOnly: true }),
      makeField('reference', { format: 'isReference', maxSize: 64 }),
      makeField('name', { multilingual: true, format: 'isCatalogName' }),
    ],
    associations: [
      makeAssociation('categories', {
        nodeName: 'category',
        resource: 'categories',
        fields: [makeField('id', { required: true })],
      }),
      makeAssociation('order_rows', {
        nodeName: 'order_row',
        virtual: true,
        fields: [
          makeField('id'),
          makeField('product_name', { readOnly: true }),
          makeField('product_id', { required: true, references: 'products' }),
        ],
      }),
    ],
  });

  it('read type: id first, every field required, associations, extensions escape hatch', () => {
    const text = types(schemaOf(product)).get('types/products.ts')!;
    expect(topLevelKeys(declaration(text, 'Product')!)).toEqual([
      'id: Id<"products">',
      'name: Multilang<string>',
      'price: number',
      'quantity: string',
      'reference: string',
      'associations: {',
      'extensions?: Extensions',
    ]);
    // Items without documented fields are printed on one line.
    expect(declaration(text, 'Product')).toContain('categories: { id: Id<"categories"> }[];');
    // virtual association: plain number id, read-only field present on read
    expect(declaration(text, 'Product')).toMatch(
      /order_rows: \{[\s\S]*id: number[;\s][\s\S]*product_id: Id<"products">[;\s][\s\S]*product_name: string/,
    );
  });

  it('input type: no id, read-only fields absent, required required, rest optional', () => {
    const text = types(schemaOf(product)).get('types/products.ts')!;
    const body = declaration(text, 'ProductInput')!;
    expect(topLevelKeys(body)).toEqual([
      'name?: Multilang<string>',
      'price: number',
      'reference?: string',
      'associations?: {',
      'extensions?: Extensions',
    ]);
    expect(body).toContain('categories?: {');
    expect(body).not.toContain('product_name');
    expect(body).toMatch(/product_id: Id<"products">[;\s}]/);
    expect(declaration(text, 'ProductPatch')).toBe('Partial<ProductInput>');
  });

  it.each([
    [['GET'], ['Product']],
    [['GET', 'HEAD'], ['Product']],
    [
      ['GET', 'POST'],
      ['Product', 'ProductInput'],
    ],
    [
      ['GET', 'PUT'],
      ['Product', 'ProductInput'],
    ],
    [
      ['GET', 'PUT', 'PATCH'],
      ['Product', 'ProductInput', 'ProductPatch'],
    ],
    [
      ['GET', 'PATCH'],
      ['Product', 'ProductPatch'],
    ],
  ] as const)('methods %j → %j', (methods, expected) => {
    const text = types(schemaOf({ ...product, methods })).get('types/products.ts')!;
    const declared = [...text.matchAll(/export (?:interface|type) (\w+)/g)].map((m) => m[1]);
    expect(declared).toEqual(expected);
  });

  it('PATCH without POST/PUT: an explicit all-optional interface without read-only fields', () => {
    const text = types(schemaOf({ ...product, methods: ['GET', 'PATCH'] })).get('types/products.ts')!;
    const body = declaration(text, 'ProductPatch')!;
    expect(topLevelKeys(body)).toEqual([
      'name?: Multilang<string>',
      'price?: number',
      'reference?: string',
      'associations?: {',
      'extensions?: Extensions',
    ]);
  });

  it('skips resources without fields (images, search) but lists them in ResourceName', () => {
    const files = types(
      schemaOf(product, makeResource('search', { synopsis: { source: 'none', reason: 'no schema' } })),
    );
    expect([...files.keys()].sort()).toEqual(['common.ts', 'types/index.ts', 'types/products.ts']);
    expect(files.get('common.ts')).toContain('export type ResourceName = "products" | "search";');
  });

  it('uses the listed id field for docs, and never types it twice', () => {
    const r = makeResource('products', {
      nodeName: 'product',
      fields: [makeField('id', { inputType: 'listId', maxSize: 10 })],
    });
    const text = types(schemaOf(r)).get('types/products.ts')!;
    expect(text.match(/^ {2}id: /gm)).toHaveLength(1);
    // The doc says what the type does not: the length, not the kind.
    expect(text).not.toContain('Kind `id`');
    expect(text).toContain('Max 10 characters.');
  });

  it('a field named like the escape hatch moves the hatch; one named associations is left out with a warning', () => {
    const r = makeResource('things', {
      nodeName: 'thing',
      fields: [makeField('extensions'), makeField('associations'), makeField('extensions_')],
    });
    const model = schemaOf(r);
    const options = resolveEmitOptions();
    const ctx = createEmitContext(model, options);
    const result = emitTypes(model, options, ctx);
    const text = result.files.get('types/things.ts')!;
    expect(topLevelKeys(declaration(text, 'Thing')!)).toEqual([
      'id: Id<"things">',
      'extensions: string',
      'extensions_: string',
      'extensions__?: Extensions',
    ]);
    // The field plan reports it, once for every emitter.
    expect(ctx.plan.diagnostics).toEqual([
      expect.objectContaining({ code: 'field-name-clash', resource: 'things', field: 'associations' }),
    ]);
  });

  it('warns about unknown formats of association fields with their path', () => {
    const r = makeResource('carts', {
      nodeName: 'cart',
      fields: [makeField('x', { format: 'isOdd' })],
      associations: [
        makeAssociation('cart_rows', {
          nodeName: 'cart_row',
          virtual: true,
          fields: [makeField('x', { format: 'isOdd' })],
        }),
      ],
    });
    const model = schemaOf(r);
    const { diagnostics } = emitAll(model, resolveEmitOptions(), { templates: new Map() });
    expect(diagnostics.map((d) => [d.field, d.message])).toEqual([
      ['x', 'carts.x: format "isOdd" is unknown to prestashop-codegen; typed as a string and not checked'],
      [
        'associations.cart_rows.x',
        'carts.associations.cart_rows.x: format "isOdd" is unknown to prestashop-codegen; typed as a string and not checked',
      ],
    ]);
  });

  it('header names the generator version, neither the snapshot hash (index.ts has it) nor a timestamp', () => {
    const model = schemaOf(product);
    const files = types(model);
    const hash = createEmitContext(model, resolveEmitOptions()).snapshotHash;
    for (const [, text] of files) {
      expect(text.startsWith('// Generated by prestashop-codegen 0.1.0.\n')).toBe(true);
      expect(text).not.toContain(hash);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    }
  });

  it('LangId is the union of the snapshot languages (number when none)', () => {
    expect(types(fixture('catalog')).get('common.ts')).toContain('export type LangId = 1 | 2;');
    expect(
      types({ ...schemaOf(product), store: { psVersion: null, languages: [], catalog: null, timeZone: null } }).get(
        'common.ts',
      ),
    ).toContain('export type LangId = number;');
  });
});

/** A user's module that uses the generated catalog types; every line states a documented promise. */
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
