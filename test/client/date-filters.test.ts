/**
 * Date filters of a `dates: 'Date'` client whose snapshot records the store's time zone: every
 * operator on a date-time field takes `Date`s (real instants, sent as the store's wall clock) and
 * strings (the store's wall clock, sent as they are). Over real HTTP against the seeded fake store,
 * whose products were added on 2024-01-10 10:00, 2024-02-15 14:30 and 2024-03-20 09:15 (Paris).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import { loadSeedRecords } from '../../src/fakestore/crud/seed.js';
import { generate, writeShared } from './generated.js';
import { crudSchema } from './helpers.js';
import type { GeneratedModule } from './module.js';

let store: CrudStore;
let mod: GeneratedModule;
beforeAll(async () => {
  const base = crudSchema();
  const schema = { ...base, store: { ...base.store, timeZone: 'Europe/Paris' } };
  mod = (await import(
    `${await writeShared('date-filters', await generate(schema, { dates: 'Date' }))}/index.ts`
  )) as GeneratedModule;
  store = await startCrudStore({ schema, resources: ['products'], records: await loadSeedRecords() });
});
afterAll(() => store.close());

/** The ids listed for a `date_add` filter, and the `filter[date_add]` the store received. */
async function run(filter: unknown): Promise<{ ids: number[]; sent: string | undefined; date: string | undefined }> {
  const client = mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, retries: 0 });
  const items = (await client.products.list({ display: ['id'], filter: { date_add: filter }, sort: 'id_ASC' })) as {
    id: number;
  }[];
  const req = store.requests.at(-1)!;
  return { ids: items.map((p) => p.id), sent: req.query['filter[date_add]'], date: req.query['date'] };
}

describe("date filters with dates: 'Date' and the snapshot's time zone", () => {
  // 2024-02-15 14:30 in Paris (UTC+1) is 13:30 UTC.
  const feb = new Date('2024-02-15T13:30:00Z');

  it('gt / lt with a Date send the store wall clock', async () => {
    expect(await run(mod.gt(feb))).toEqual({ ids: [3], sent: '>[2024-02-15 14:30:00]', date: '1' });
    expect(await run(mod.lt(feb))).toEqual({ ids: [1], sent: '<[2024-02-15 14:30:00]', date: '1' });
  });

  it('between, anyOf, not and eq with Dates', async () => {
    expect(await run(mod.between(new Date('2024-01-10T09:00:00Z'), feb))).toEqual({
      ids: [1, 2],
      sent: '[2024-01-10 10:00:00,2024-02-15 14:30:00]',
      date: '1',
    });
    expect(await run(mod.anyOf(feb, new Date('2024-03-20T08:15:00Z')))).toEqual({
      ids: [2, 3],
      sent: '[2024-02-15 14:30:00|2024-03-20 09:15:00]',
      date: '1',
    });
    expect(await run(mod.not(feb))).toEqual({ ids: [1, 3], sent: '![2024-02-15 14:30:00]', date: '1' });
    expect(await run(mod.eq(feb))).toEqual({ ids: [2], sent: '[2024-02-15 14:30:00]', date: '1' });
    expect(await run(feb)).toEqual({ ids: [2], sent: '[2024-02-15 14:30:00]', date: '1' });
  });

  it('strings are the store wall clock and are sent unchanged', async () => {
    expect(await run(mod.gt('2024-02-15 14:30:00'))).toEqual({ ids: [3], sent: '>[2024-02-15 14:30:00]', date: '1' });
    expect(await run(mod.between('2024-02-01', '2024-03-31'))).toEqual({
      ids: [2, 3],
      sent: '[2024-02-01,2024-03-31]',
      date: '1',
    });
  });

  it('a plain object is still refused before any request', async () => {
    const client = mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, retries: 0 });
    const before = store.requests.length;
    await expect(client.products.list({ filter: { date_add: { op: 'gt', values: [feb] } } })).rejects.toThrow(
      /a plain object is not a filter/,
    );
    expect(store.requests.length).toBe(before);
  });
});
