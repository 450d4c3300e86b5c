/**
 * Filters are plain data and values are never changed silently: operators come only from the
 * helpers, operands that would match every row are refused, text the store would read otherwise
 * (a lone surrogate, a Unicode space in an interval) is refused rather than altered, numbers are
 * written exactly, and store values of the wrong type are decode errors naming the field.
 */
import { describe, expect, it } from 'vitest';
import { decodeScalar, formatNumber } from '../../templates/runtime/codec.js';
import { decodeJsonDocument } from '../../templates/runtime/decode.js';
import { DEFAULT_CODEC, type FieldMeta } from '../../templates/runtime/meta.js';
import {
  anyOf,
  beginsWith,
  between,
  contains,
  endsWith,
  eq,
  filterValue,
  gt,
  listParams,
  lt,
  not,
} from '../../templates/runtime/query.js';
import { productMeta } from '../templates/metas.js';

const text: FieldMeta = { name: 'lastname', kind: 'string' };
const num: FieldMeta = { name: 'id', kind: 'id' };

describe('filters are plain data', () => {
  it('an operator-shaped object from a JSON body is refused, not read as an operator', () => {
    const fromBody = JSON.parse('{"op":"not","values":["x"]}') as unknown;
    expect(() => filterValue(text, fromBody)).toThrow(/plain object is not a filter/);
    expect(() => listParams(productMeta, { filter: { reference: fromBody } })).toThrow(RangeError);
    expect(() => filterValue(text, { op: 'bogus', values: ['x'] })).toThrow(RangeError);
    expect(filterValue(text, not('x'))).toBe('![x]');
    expect(filterValue(text, anyOf('a', 'b'))).toBe('[a|b]');
  });

  it('an operator cannot be altered after the helper made it', () => {
    const o = not('x') as { op: string };
    expect(() => {
      o.op = 'bogus';
    }).toThrow(TypeError);
  });

  it('empty LIKE and comparison operands are refused (they match every row)', () => {
    for (const make of [() => contains(''), () => beginsWith(''), () => endsWith(''), () => gt(''), () => lt('')]) {
      expect(make).toThrow(/empty operand would match every row/);
    }
    expect(filterValue(text, eq(''))).toBe('[]');
  });

  it('a lone surrogate is refused, not turned into U+FFFD', () => {
    expect(() => filterValue(text, 'a\ud800b')).toThrow(/lone UTF-16 surrogate/);
    expect(() => filterValue(text, contains('\udc00'))).toThrow(/lone UTF-16 surrogate/);
    expect(filterValue(text, '😀')).toBe('[😀]');
  });

  it('between refuses Unicode spaces, which PrestaShop would read as an equality', () => {
    expect(() => filterValue(num, between('1\u00a0', '5'))).toThrow(/between takes numbers or dates/);
    expect(() => filterValue(num, between('1', '5\u2003'))).toThrow(/between takes numbers or dates/);
    expect(filterValue(num, between(1, 5))).toBe('[1,5]');
    expect(filterValue({ name: 'date_add', kind: 'date' }, between('2024-01-01 00:00:00', '2024-12-31 23:59:59'))).toBe(
      '[2024-01-01 00:00:00,2024-12-31 23:59:59]',
    );
  });
});

describe('numbers are written exactly', () => {
  it.each([
    [1.5e-21, '0.0000000000000000000015'],
    [-2.5e-7, '-0.00000025'],
    [1e-7, '0.0000001'],
    [5e-324, `0.${'0'.repeat(323)}5`],
    [1e21, '1000000000000000000000'],
    [0.1, '0.1'],
  ])('%s → %s, which reads back as the same number', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
    expect(Number(formatNumber(n))).toBe(n);
  });
});

describe('wrong types from the store', () => {
  const ctx = { codec: DEFAULT_CODEC, fields: null, bareLanguage: 1 };
  it('an object, a list or non-numeric text is a decode error naming the field', () => {
    expect(() => decodeScalar({ name: 'reference', kind: 'string' }, { a: 1 } as never, DEFAULT_CODEC)).toThrow(
      /field reference: expected a string value, got an object/,
    );
    expect(() => decodeScalar({ name: 'id_supplier', kind: 'id' }, 'abc', DEFAULT_CODEC)).toThrow(
      /field id_supplier: expected a id value/,
    );
    expect(() => decodeScalar({ name: 'price', kind: 'decimal' }, 'lots', DEFAULT_CODEC)).toThrow(/field price/);
    expect(() =>
      decodeJsonDocument(productMeta, { product: { id: 1, price: [1, 2], reference: 'x' } }, ctx),
    ).not.toThrow(); // a per-language list: first value
    expect(() => decodeJsonDocument(productMeta, { product: { id: 1, reference: { nested: true } } }, ctx)).toThrow(
      /field reference/,
    );
  });

  it('values of the right type decode as before', () => {
    expect(decodeScalar({ name: 'id', kind: 'id' }, ' 42 ', DEFAULT_CODEC)).toBe(42);
    expect(decodeScalar({ name: 'ratio', kind: 'int' }, '1.5', DEFAULT_CODEC)).toBe(1.5);
    expect(decodeScalar({ name: 'price', kind: 'decimal' }, '', DEFAULT_CODEC)).toBe(0);
    expect(decodeScalar({ name: 'reference', kind: 'string' }, 12, DEFAULT_CODEC)).toBe('12');
  });
});
