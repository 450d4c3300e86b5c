/**
 * List filters through the generated client on every kind of field: id, int, string, bool,
 * decimal, date (both `--dates` modes) and a language field, over two products the scenario
 * creates in its own category (so a real store's other products never match).
 */
import { describe, expect } from 'vitest';
import { both, makeCategory, makeProduct } from './records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
let op: Client;
let a: Client;
let b: Client;
let category: number;

useTarget(async (target, client) => {
  t = target;
  c = client;
  op = await t.module();
  category = (await makeCategory(t, c, 'Filters')).id;
  a = await makeProduct(t, c, category, {
    reference: `FA-${t.stamp}`,
    price: 5,
    active: true,
    name: both(`Alpha ${t.stamp}`, `Alpha FR ${t.stamp}`),
  });
  b = await makeProduct(t, c, category, {
    reference: `FB-${t.stamp}`,
    price: 20,
    active: false,
    name: both(`Beta ${t.stamp}`, `Bêta ${t.stamp}`),
  });
});

/** The ids of our products matching a filter (always within the scenario's category: an int filter). */
async function ids(
  client: Client,
  filter: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<number[]> {
  const rows = await client.products.list({
    filter: { id_category_default: category, ...filter },
    display: ['id'],
    sort: 'id_ASC',
    ...extra,
  });
  return rows.map((r: { id: number }) => r.id);
}

describe('list filters', () => {
  scenario('list filters on id, int, string, bool and decimal fields', async () => {
    expect(await ids(c, {})).toEqual([a.id, b.id]);
    expect(await ids(c, { id: op.not(a.id) })).toEqual([b.id]);
    expect(await ids(c, { id: op.anyOf(a.id, b.id) })).toEqual([a.id, b.id]);
    expect(await ids(c, { reference: `FA-${t.stamp}` })).toEqual([a.id]);
    expect(await ids(c, { reference: op.beginsWith('FB-') })).toEqual([b.id]);
    expect(await ids(c, { reference: op.endsWith(t.stamp) })).toEqual([a.id, b.id]);
    expect(await ids(c, { reference: op.contains('a-') })).toEqual([a.id]); // LIKE is case-insensitive
    expect(await ids(c, { active: true })).toEqual([a.id]);
    expect(await ids(c, { active: false })).toEqual([b.id]);
    expect(await ids(c, { price: op.gt(10) })).toEqual([b.id]);
    expect(await ids(c, { price: op.lt(10) })).toEqual([a.id]);
    expect(await ids(c, { price: op.between(5, 20) })).toEqual([a.id, b.id]);
    expect(await ids(c, {}, { sort: 'price_DESC' })).toEqual([b.id, a.id]);
  });

  scenario('list filters on a language field, in each language', async () => {
    expect(await ids(c, { name: op.contains('Alpha') })).toEqual([a.id]);
    expect(await ids(c, { name: op.contains('Bêta') }, { language: 2 })).toEqual([b.id]);
    expect(await ids(c, { name: op.contains('FR') }, { language: 2 })).toEqual([a.id]);
    const fr = await c.products.list({ filter: { id: b.id }, display: ['id', 'name'], language: 2 });
    expect(fr).toEqual([{ id: b.id, name: [{ id: 2, value: `Bêta ${t.stamp}` }] }]);
  });

  scenario('list filters on a date field, --dates string', async () => {
    expect(typeof a.date_add).toBe('string');
    expect(await ids(c, { date_add: op.between(a.date_add, b.date_add) })).toEqual([a.id, b.id]);
    expect(await ids(c, { date_add: op.gt('2000-01-01 00:00:00') })).toEqual([a.id, b.id]);
    expect(await ids(c, { date_upd: op.lt('2000-01-01 00:00:00') })).toEqual([]);
    expect(await ids(c, { date_add: b.date_add })).toContain(b.id);
  });

  scenario('list filters on a date field, --dates Date (equality)', async () => {
    const dated = await t.client('Date');
    const read = await dated.products.get(a.id);
    expect(read.date_add).toBeInstanceOf(Date);
    expect(await ids(dated, { date_add: read.date_add })).toContain(a.id);
  });
});
