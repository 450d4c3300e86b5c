import { describe, expect, it } from 'vitest';
import {
  anyOf,
  beginsWith,
  between,
  contains,
  endsWith,
  eq,
  filterValue,
  gt,
  languageParam,
  limitParam,
  listParams,
  lt,
  not,
  shopParams,
} from '../../templates/runtime/query.js';
import { fieldOf } from '../../templates/runtime/meta.js';
import { productMeta } from './metas.js';

const field = (name: string) => fieldOf(productMeta, name)!;

describe('filter values', () => {
  it.each([
    ['equality', 'reference', 'demo_1', '[demo_1]'],
    ['equality helper', 'reference', eq('x'), '[x]'],
    ['empty equality', 'reference', '', '[]'],
    ['equality that would read as any-of', 'reference', 'a|b', 'a|b'],
    ['equality that would read as an interval', 'reference', '1,5', '1,5'],
    ['equality that would read as an operator stays literal', 'reference', '>5', '[>5]'],
    ['boolean', 'active', true, '[1]'],
    ['any of', 'id', anyOf(1, 2, 3), '[1|2|3]'],
    ['any of one value is an equality', 'reference', anyOf('1,5'), '1,5'],
    ['interval', 'price', between(10, 20.5), '[10,20.5]'],
    [
      'date interval',
      'date_add',
      between('2024-01-01 00:00:00', '2024-12-31 23:59:59'),
      '[2024-01-01 00:00:00,2024-12-31 23:59:59]',
    ],
    [
      'Date interval',
      'date_add',
      between(new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2024, 1, 1))),
      '[2024-01-01 00:00:00,2024-02-01 00:00:00]',
    ],
    ['greater', 'price', gt(10), '>[10]'],
    ['lower', 'price', lt(1e-7), '<[0.0000001]'],
    ['not', 'id', not(4, 5), '![4|5]'],
    ['begins', 'reference', beginsWith('demo'), '[demo]%'],
    ['ends', 'reference', endsWith('_1'), '%[\\_1]'],
    ['contains, wildcards literal', 'name', contains('50% off\\'), '%[50\\% off\\\\]%'],
  ])('%s', (_what, name, value, expected) => {
    expect(filterValue(field(name), value)).toBe(expected);
  });

  it.each([
    ['brackets', 'reference', 'a[b]', /"\[" and "\]" cannot be used/],
    ['pipe in any-of', 'reference', anyOf('a|b', 'c'), /"\|" cannot be used/],
    ['empty in any-of', 'reference', anyOf('', 'c'), /non-empty/],
    ['text interval', 'reference', between('a', 'b'), /numbers or dates/],
    ['line break outside equality', 'reference', contains('a\nb'), /line break/],
    ['no values', 'reference', { op: 'anyOf', values: [] }, /anyOf/],
  ])('refuses %s', (_what, name, value, message) => {
    expect(() => filterValue(field(name), value)).toThrow(message);
  });

  it('keeps operators of different value types apart at compile time', () => {
    const numeric: Record<'id', number | ReturnType<typeof anyOf<number>>> = { id: anyOf(1, 2) };
    // @ts-expect-error contains() builds a text operator, not a number one
    const wrong: Record<'id', number | ReturnType<typeof anyOf<number>>> = { id: contains('1') };
    expect([numeric, wrong]).toHaveLength(2);
    expect(() => anyOf()).toThrow(/at least one value/);
  });
});

describe('listParams', () => {
  it('builds display, filters, sort, limit and adds date=1 for a date filter', () => {
    const params = listParams(productMeta, {
      display: ['id', 'name'],
      filter: { name: contains('shirt'), date_add: gt('2024-01-01'), active: true, id: undefined },
      sort: ['price_DESC', 'id_ASC'],
      limit: { offset: 20, count: 10 },
    });
    expect(params).toEqual([
      ['display', '[id,name]'],
      ['filter[name]', '%[shirt]%'],
      ['filter[date_add]', '>[2024-01-01]'],
      ['filter[active]', '[1]'],
      ['sort', '[price_DESC,id_ASC]'],
      ['limit', '20,10'],
      ['date', '1'],
    ]);
    expect(new URLSearchParams(params).toString()).toBe(
      'display=%5Bid%2Cname%5D&filter%5Bname%5D=%25%5Bshirt%5D%25&filter%5Bdate_add%5D=%3E%5B2024-01-01%5D&filter%5Bactive%5D=%5B1%5D&sort=%5Bprice_DESC%2Cid_ASC%5D&limit=20%2C10&date=1',
    );
  });

  it('adds date=1 for a date sort, defaults display to full', () => {
    expect(() => listParams(productMeta, { sort: 'date_upd_DESC' })).toThrow(/sort: products has no field "date_upd"/);
    expect(listParams(productMeta, { sort: 'date_add_DESC' })).toEqual([
      ['display', 'full'],
      ['sort', '[date_add_DESC]'],
      ['date', '1'],
    ]);
  });

  it('refuses unknown, computed and malformed names', () => {
    expect(() => listParams(productMeta, { filter: { nope: 1 } })).toThrow(/products has no field "nope"/);
    expect(() => listParams(productMeta, { filter: { quantity: 1 } })).toThrow(/quantity cannot be filtered/);
    expect(() => listParams(productMeta, { sort: 'price' as never })).toThrow(/not field_ASC/);
    expect(() => listParams(productMeta, { display: ['nope'] })).toThrow(/display: products has no field/);
    expect(() => listParams(productMeta, { display: [] })).toThrow(/non-empty list/);
  });

  it('limit, language and shop parameters', () => {
    expect(limitParam(5)).toBe('5');
    expect(limitParam({ offset: 0, count: 50 })).toBe('0,50');
    expect(() => limitParam(-1)).toThrow(/non-negative/);
    expect(() => limitParam({ offset: 1.5, count: 2 })).toThrow(/offset/);
    expect(languageParam(2)).toBe('2');
    expect(languageParam([1, 2])).toBe('[1|2]');
    expect(() => languageParam([])).toThrow(/language ids/);
    expect(shopParams({ id_shop: 2 })).toEqual([['id_shop', '2']]);
    expect(shopParams({ id_shop: 'all' })).toEqual([['id_shop', 'all']]);
    expect(shopParams({ id_shop_group: 1 })).toEqual([['id_shop_group', '1']]);
    expect(() => shopParams({ id_shop: 0 })).toThrow(/shop id/);
  });
});
