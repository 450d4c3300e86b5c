/**
 * The type layout builders (src/emit/layout-types.ts), one row per construct of a `TypeNode`: the
 * one-line text, and what prettier prints for a property (`propertyLine`) and a type alias
 * (`typeAlias`) at a width where it fits and at one where it must break. prettier itself is the
 * oracle: a row fails naming the construct whose layout differs from prettier's.
 */
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { layoutAt, type Layout } from '../../src/emit/layout.js';
import { propertyLine, typeAlias, typeText } from '../../src/emit/layout-types.js';
import {
  arrayOf,
  indexedAccess,
  keyword,
  literal,
  objectOf,
  ref,
  unionOf,
  type TypeNode,
} from '../../src/plan/index.js';

const WIDE: Layout = { printWidth: 80, trailingComma: 'all', bracketSpacing: true };
const NARROW: Layout = { printWidth: 30, trailingComma: 'all', bracketSpacing: true };
const TIGHT: Layout = { printWidth: 30, trailingComma: 'none', bracketSpacing: false };

const long = (n: number): string => `v${'x'.repeat(n)}`;

interface Row {
  readonly node: TypeNode;
  /** Its one-line text. */
  readonly text: string;
}

const rows: Record<string, Row> = {
  keyword: { node: keyword('string'), text: 'string' },
  null: { node: keyword('null'), text: 'null' },
  'string literal': { node: literal('new'), text: '"new"' },
  'string literal with a double quote (single quotes, as prettier)': { node: literal('a"b'), text: `'a"b'` },
  'number literal': { node: literal(3), text: '3' },
  'bare reference': { node: ref('PsDateTime'), text: 'PsDateTime' },
  'reference with a literal argument (branded id)': {
    node: ref('Id', literal('manufacturers')),
    text: 'Id<"manufacturers">',
  },
  'reference with a keyword argument (multilingual)': {
    node: ref('Multilang', keyword('string')),
    text: 'Multilang<string>',
  },
  'reference with a long union argument (breakable)': {
    node: ref('Multilang', unionOf(literal(long(12)), literal(long(13)), literal(long(14)))),
    text: `Multilang<"${long(12)}" | "${long(13)}" | "${long(14)}">`,
  },
  'reference with several arguments': {
    node: ref('ListQuery', ref('Filter'), ref('SortField'), ref(`Field${'x'.repeat(30)}`)),
    text: `ListQuery<Filter, SortField, Field${'x'.repeat(30)}>`,
  },
  'enum (union of literals)': {
    node: unionOf(
      literal('301-product'),
      literal('302-product'),
      literal('301-category'),
      literal('302-category'),
      literal('404'),
    ),
    text: '"301-product" | "302-product" | "301-category" | "302-category" | "404"',
  },
  'union flattened (Date | null, then allow_null)': {
    node: unionOf(unionOf(ref('Date'), keyword('null')), keyword('null')),
    text: 'Date | null | null',
  },
  'nullable branded id (hugged: one reference and null)': {
    node: unionOf(ref('Id', literal(`manufacturers_${'x'.repeat(20)}`)), keyword('null')),
    text: `Id<"manufacturers_${'x'.repeat(20)}"> | null`,
  },
  'union of keywords and a reference (module field value)': {
    node: unionOf(
      keyword('string'),
      keyword('number'),
      keyword('boolean'),
      keyword('null'),
      ref('Multilang', keyword('string')),
    ),
    text: 'string | number | boolean | null | Multilang<string>',
  },
  'write type of a field named like an Object member': {
    node: unionOf(keyword('string'), indexedAccess(ref('Object'), 'constructor')),
    text: 'string | Object["constructor"]',
  },
  'array of a reference': { node: arrayOf(ref('MultilangValue', ref('T'))), text: 'MultilangValue<T>[]' },
  'array of a union (parenthesised)': {
    node: arrayOf(unionOf(keyword('string'), keyword('number'))),
    text: '(string | number)[]',
  },
  'association items (array of an object type)': {
    node: arrayOf(
      objectOf([
        { key: 'id', optional: false, type: ref('Id', literal('categories')) },
        { key: `position_${'x'.repeat(30)}`, optional: true, type: keyword('number') },
      ]),
    ),
    text: `{ id: Id<"categories">; position_${'x'.repeat(30)}?: number }[]`,
  },
  'empty association item': {
    node: arrayOf(ref('Record', keyword('string'), keyword('never'))),
    text: 'Record<string, never>[]',
  },
  'object type with a quoted key and a union member': {
    node: objectOf([
      { key: '"a-b"', optional: false, type: ref('Product') },
      { key: 'writeOptions', optional: false, type: unionOf(ref('WriteOptions'), ref('EmailWriteOptions')) },
      { key: 'feed', optional: false, type: literal('date') },
    ]),
    text: '{ "a-b": Product; writeOptions: WriteOptions | EmailWriteOptions; feed: "date" }',
  },
  'empty object type': { node: objectOf([]), text: '{}' },
  'client interface heritage (Pick of a dotted name and a method union)': {
    node: ref(
      'Pick',
      ref('ResourceClient', ref('ProductsClient.Types')),
      unionOf(literal('list'), literal('get'), literal('create'), literal('delete')),
    ),
    text: 'Pick<ResourceClient<ProductsClient.Types>, "list" | "get" | "create" | "delete">',
  },
};

/** What prettier prints for `source` at `layout`. */
const prettier = async (source: string, layout: Layout): Promise<string> =>
  format(source, { parser: 'typescript', ...layout });

describe('type node → text', () => {
  it.each(Object.entries(rows))('%s', (_name, row) => {
    expect(typeText(row.node)).toBe(row.text);
  });
});

describe.each([
  ['80 columns', WIDE],
  ['30 columns', NARROW],
  ['30 columns, no trailing commas, no bracket spacing', TIGHT],
])('type node → layout as prettier prints it, at %s', (_width, layout) => {
  it.each(Object.entries(rows))('%s: property', async (_name, row) => {
    const ours = `interface X {\n${propertyLine('key', row.node, 1, layout)}}\n`;
    expect(ours).toBe(await prettier(ours, layout));
  });

  it.each(Object.entries(rows))('%s: nested property', async (_name, row) => {
    const ours = `interface X {\n  a: {\n${propertyLine(`readonly ${long(4)}?`, row.node, 2, layout)}  };\n}\n`;
    expect(ours).toBe(await prettier(ours, layout));
  });

  it.each(Object.entries(rows))('%s: type alias', async (_name, row) => {
    const ours = `${layoutAt(typeAlias('export type Name', row.node, layout), 0, layout)}\n`;
    expect(ours).toBe(await prettier(ours, layout));
  });
});
