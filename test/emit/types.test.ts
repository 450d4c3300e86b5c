/**
 * The types emitter on whole resources: which shapes exist, what they hold, that the output
 * compiles (types-compile.test.ts), odd names (determinism: types-determinism.test.ts).
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
