/**
 * `changes()` over the CRUD fake store on real HTTP, with a store clock the test moves and a store
 * time zone other than UTC: records are created, updated and deleted during the walk and between
 * walks, and every change comes out exactly once across a resume, in both date modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maker, startFeedHarness, walk, type FeedHarness } from './feed-helpers.js';

describe.each(['string', 'Date'] as const)('date feed (dates: %s, store in America/New_York)', (dates) => {
  let h: FeedHarness;
  beforeAll(async () => {
    h = await startFeedHarness({ timeZone: 'America/New_York', dates, start: '2026-03-01 12:00:00' });
  }, 60_000);
  afterAll(() => h.close());

  it('yields every creation, update and deletion exactly once across walks and a resume', async () => {
    const m = h.client().manufacturers;
    // Three records in one second, one in the next (store wall clock, New York time).
    for (const n of ['m1', 'm2', 'm3']) await m.create(maker(n));
    h.tick();
    await m.create(maker('m4'));
    // 12:00:00 in New York is 17:00:00 UTC: a feed that filtered in UTC would see nothing.
    const since = new Date('2026-03-01T17:00:00Z');

    // Walk 1: records change while it runs (after its second event).
    const first = await walk(m.changes({ since, pageSize: 2 }), Infinity, async (n) => {
      if (n !== 2) return;
      h.tick();
      await m.patch(1, { name: 'm1-renamed' });
      await m.create(maker('m5'));
      await m.delete(3);
    });
    expect(first.events).toEqual(['created 1', 'created 2', 'created 4', 'updated 1', 'created 5', 'deleted 3']);

    // Between walks, in the very second the first walk ended on: id 2 is below the ids seen there.
    await m.patch(2, { name: 'm2-renamed' });
    await m.create(maker('m6'));
    h.tick();
    await m.patch(4, { name: 'm4-renamed' });
    await m.create(maker('m7'));
    await m.create(maker('m8'));

    // Walk 2 stops after two events; its cursor is stored, more changes happen, then it resumes.
    const part = await walk(m.changes({ cursor: first.cursor, pageSize: 2 }), 2);
    expect(part.events).toEqual(['updated 2', 'created 6']);
    h.tick();
    await m.patch(7, { name: 'm7-renamed' });
    await m.delete(5);
    const stored = JSON.parse(JSON.stringify({ cursor: part.cursor })) as { cursor: string };
    const records: Record<number, unknown> = {};
    const rest: string[] = [];
    let cursor = stored.cursor;
    for await (const e of m.changes({ cursor: stored.cursor, pageSize: 2 })) {
      rest.push(`${e.type} ${e.id}`);
      if (e.record !== undefined) records[e.id] = e.record;
      cursor = e.cursor;
    }
    expect(rest).toEqual(['updated 4', 'created 8', 'created 7', 'deleted 5']);
    // The record is read as it is when the walk reaches it: m7's rename is in its creation.
    expect((records[7] as { name: string }).name).toBe('m7-renamed');
    const upd = (records[7] as { date_upd: unknown }).date_upd;
    // 12:00:04 in New York on 1 March 2026 (EST, UTC-5).
    expect(dates === 'Date' ? (upd as Date).toISOString() : upd).toBe(
      dates === 'Date' ? '2026-03-01T17:00:04.000Z' : '2026-03-01 12:00:04',
    );

    // Nothing changed since: an empty walk, and the same cursor again is as empty.
    expect((await walk(m.changes({ cursor }))).events).toEqual([]);
    expect((await walk(m.changes({ cursor }))).events).toEqual([]);
  });

  it('filters with date=1 on date_upd and the store wall clock', async () => {
    h.store.clearRequests();
    const m = h.client().manufacturers;
    await walk(m.changes({ since: '2026-03-01 12:00:03', deletions: false }));
    const queries = h.store.requests
      .filter((r) => r.path === '/api/manufacturers')
      .map((r) => decodeURIComponent(r.rawQuery.replace(/\+/g, ' ')));
    expect(queries).toContain(
      'display=full&filter[date_upd]=[2026-03-01 12:00:03]&filter[id]=>[0]&sort=[id_ASC]&limit=100&date=1',
    );
    expect(
      queries.some(
        (q) => q.includes('filter[date_upd]=>[2026-03-01 12:00:03]') && q.includes('sort=[date_upd_ASC,id_ASC]'),
      ),
    ).toBe(true);
  });

  it('a Date operand of a filter operator is sent as the store wall clock', async () => {
    h.store.clearRequests();
    const m = h.client().manufacturers;
    const operand = dates === 'Date' ? new Date('2026-03-01T17:00:03Z') : '2026-03-01 12:00:03';
    const found = await m.list({ filter: { date_upd: h.mod.gt(operand) }, display: ['id'] });
    expect(found.length).toBeGreaterThan(0);
    const sent = decodeURIComponent(h.store.requests.at(-1)!.rawQuery.replace(/\+/g, ' '));
    expect(sent).toContain('filter[date_upd]=>[2026-03-01 12:00:03]');
  });

  it('stops with an error, instead of looping, when the answer ignores the filter', async () => {
    const m = h.client().manufacturers;
    const stale =
      '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink"><manufacturers><manufacturer><id><![CDATA[1]]></id><name><![CDATA[m1]]></name><date_upd><![CDATA[2000-01-01 00:00:00]]></date_upd></manufacturer></manufacturers></prestashop>';
    const fault = h.store.fault({
      path: '/api/manufacturers',
      query: { sort: '[date_upd_ASC,id_ASC]' },
      status: 200,
      body: stale,
      headers: { 'Content-Type': 'text/xml' },
    });
    try {
      await expect(walk(m.changes({ since: '2026-03-01 12:00:00', deletions: false }))).rejects.toThrow(
        /outside the filter or order the feed asked for/,
      );
    } finally {
      fault.remove();
    }
  });

  it('refuses a cursor it did not make, and since with a cursor', async () => {
    const m = h.client().manufacturers;
    await expect(walk(m.changes({ cursor: 'not-a-cursor' }))).rejects.toThrow(/cursor is not one this client made/);
    await h.client().tags.create({ id_lang: 1, name: 'x' });
    const tags = await walk(h.client().tags.changes({ pageSize: 5 }));
    await expect(walk(m.changes({ cursor: tags.cursor! }))).rejects.toThrow(/belongs to an id feed/);
    await expect(walk(m.changes({ since: '2026-03-01', cursor: tags.cursor! }))).rejects.toThrow(/since or cursor/);
  });
});

describe('id feed (a resource without date_upd)', () => {
  let h: FeedHarness;
  beforeAll(async () => {
    h = await startFeedHarness({ timeZone: 'Europe/Paris', dates: 'string', start: '2026-06-01 09:00:00' });
  }, 60_000);
  afterAll(() => h.close());

  it('yields creations and deletions, never updates, and refuses since', async () => {
    const tags = h.client().tags;
    await tags.create({ id_lang: 1, name: 'red' });
    await tags.create({ id_lang: 1, name: 'blue' });
    const first = await walk(tags.changes({ pageSize: 1 }));
    expect(first.events).toEqual(['created 1', 'created 2']);
    await tags.update(1, { id_lang: 1, name: 'crimson' });
    await tags.delete(2);
    await tags.create({ id_lang: 1, name: 'green' });
    const second = await walk(tags.changes({ cursor: first.cursor, pageSize: 1 }));
    expect(second.events).toEqual(['created 3', 'deleted 2']);
    // On demand: the id comparison alone; a creation waits for the next full walk.
    await tags.delete(1);
    await tags.create({ id_lang: 1, name: 'violet' });
    const only = await walk(tags.changes({ cursor: second.cursor, deletions: 'only' }));
    expect(only.events).toEqual(['deleted 1']);
    expect((await walk(tags.changes({ cursor: only.cursor }))).events).toEqual(['created 4']);
    await expect(walk(tags.changes({ since: new Date() }))).rejects.toThrow(/tags has no date_upd/);
  });
});
