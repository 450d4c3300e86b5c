/**
 * What an integrator syncing a store builds on (issue 26): the change feed, batch writes, `count`
 * and client hooks, on records this run creates (tagged with the stamp, deleted afterwards). On a
 * real store other clients write at the same time, so every check looks only at the run's own ids
 * or names. Dates have a one-second resolution: `nextSecond` waits for the next one on a real store
 * (the fake store's clock already moves one second per write).
 */
import { describe, expect } from 'vitest';
import { makeCategory, makeProduct } from './records.js';
import { scenario, type Client, type Target, useTarget } from './targets.js';

let t: Target;
let c: Client;
useTarget((target, client) => {
  t = target;
  c = client;
});

/* eslint-disable @typescript-eslint/no-explicit-any */
type Event = { type: string; id: number; record?: any; cursor: string };

/** Waits until the store's clock (this machine's) is in a later second than now. */
async function nextSecond(): Promise<void> {
  if (t.kind === 'fake') return;
  await new Promise((ok) => setTimeout(ok, 1050 - (Date.now() % 1000)));
}

/** Walks a feed to its end: the events of `ids` (`type id`) and the cursor after the last event. */
async function walk(
  feed: AsyncIterable<Event>,
  ids: readonly number[],
  cursor: string,
): Promise<{ events: string[]; cursor: string }> {
  const events: string[] = [];
  for await (const e of feed) {
    if (ids.includes(e.id)) events.push(`${e.type} ${e.id}`);
    cursor = e.cursor;
  }
  return { events, cursor };
}

/** The run's manufacturers whose name begins with `prefix`: their names after it, by id. */
async function names(prefix: string): Promise<string[]> {
  const op = await t.module();
  const found = await c.manufacturers.list({
    filter: { name: op.beginsWith(prefix) },
    display: ['id', 'name'],
    sort: 'id_ASC',
  });
  return found.map((m: { name: string }) => m.name.slice(prefix.length));
}

/** Registers for cleanup every manufacturer named `prefix…` (also those a batch saved without saying so). */
async function adopt(prefix: string): Promise<void> {
  const op = await t.module();
  for (const { id } of await c.manufacturers.list({ filter: { name: op.beginsWith(prefix) }, display: ['id'] })) {
    t.cleanup.forget('manufacturers', id);
    t.cleanup.add('manufacturers', id);
  }
}

describe('integrator: change feed, batch writes, count, hooks', () => {
  for (const dates of ['string', 'Date'] as const)
    scenario(
      `the change feed resumes from a cursor with exactly the creations, the update and the deletion (dates: ${dates})`,
      async () => {
        // In Date mode `since` is an instant, turned into the store's wall clock (its PS_TIMEZONE).
        const client = await t.client(dates);
        const category = await makeCategory(t, client, 'Feed');
        // The cursor: a walk from a tagged product's own second, to its end.
        const mark = await makeProduct(t, client, category.id);
        const start = await walk(client.products.changes({ since: mark.date_upd }), [mark.id], '');
        expect(start.events).toEqual([`created ${mark.id}`]);

        await nextSecond();
        const a = await makeProduct(t, client, category.id);
        const b = await makeProduct(t, client, category.id);
        const ids = [a.id, b.id];
        const first = await walk(client.products.changes({ cursor: start.cursor }), ids, start.cursor);
        expect(first.events).toEqual([`created ${a.id}`, `created ${b.id}`]);

        await nextSecond();
        await client.products.patch(a.id, { price: 13.5 });
        await client.products.delete(b.id);
        t.cleanup.forget('products', b.id);
        const second = await walk(client.products.changes({ cursor: first.cursor }), ids, first.cursor);
        expect(second.events).toEqual([`updated ${a.id}`, `deleted ${b.id}`]);
        // Nothing more after the last cursor.
        expect((await walk(client.products.changes({ cursor: second.cursor }), ids, second.cursor)).events).toEqual([]);

        // From the first cursor again: a is new to it (read as it is now), b came and went unseen.
        const again: Event[] = [];
        for await (const e of client.products.changes({ cursor: start.cursor })) if (ids.includes(e.id)) again.push(e);
        expect(again.map((e) => `${e.type} ${e.id}`)).toEqual([`created ${a.id}`]);
        expect(Number(again[0]!.record.price)).toBe(13.5);
      },
      60_000,
    );

  scenario(
    'createMany with an invalid item says exactly which were saved; updateMany renames them',
    async () => {
      const op = await t.module();
      const tag = `${t.stamp}-batch-`;
      const mk = (n: string) => ({ name: `${tag}${n}`, active: true });
      try {
        // Validated (the default): the invalid name is refused before sending, the others are saved.
        const made = await c.manufacturers.createMany([mk('a'), mk('b'), mk('bad<>{}'), mk('c')]);
        await adopt(tag);
        expect(made.map((r: any) => r.status)).toEqual(['saved', 'saved', 'failed', 'saved']);
        expect(made[2].error).toBeInstanceOf(op.PrestaShopValidationError);
        expect(await names(tag)).toEqual(['a', 'b', 'c']);

        // Unvalidated, one entity per request: the store refuses the bad one, with its error.
        const single = await c.manufacturers.createMany([mk('d'), mk('bad;'), mk('e')], {
          validate: false,
          chunkSize: 1,
        });
        await adopt(tag);
        expect(single.map((r: any) => r.status)).toEqual(['saved', 'failed', 'saved']);
        expect(single[1].error).toBeInstanceOf(op.PrestaShopError);
        expect(single[1].error).not.toBeInstanceOf(op.PrestaShopValidationError);
        expect(await names(tag)).toEqual(['a', 'b', 'c', 'd', 'e']);

        // Unvalidated, one request: the store saved the entities before the refused one and says
        // only that one failed (saveEntityFromXml), so no item can claim to be saved.
        const chunk = await c.manufacturers.createMany([mk('f'), mk('g'), mk('bad#'), mk('h')], {
          validate: false,
          chunkSize: 4,
        });
        await adopt(tag);
        expect(chunk.map((r: any) => r.status)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
        expect(await names(tag)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);

        const saved = [...made, ...single].filter((r: any) => r.status === 'saved').map((r: any) => r.item);
        const updated = await c.manufacturers.updateMany(
          saved.map((m: any) => ({ id: m.id, input: { ...m, name: `${m.name}2` } })),
        );
        expect(updated.map((r: any) => `${r.status} ${r.item?.name.slice(tag.length)}`)).toEqual([
          'saved a2',
          'saved b2',
          'saved c2',
          'saved d2',
          'saved e2',
        ]);
        expect(await names(tag)).toEqual(['a2', 'b2', 'c2', 'd2', 'e2', 'f', 'g']);
      } finally {
        await adopt(tag);
      }
    },
    60_000,
  );

  scenario('count equals the length of listAll on the same filter', async () => {
    const op = await t.module();
    const tag = `${t.stamp}-count-`;
    try {
      const made = await c.manufacturers.createMany(
        ['x', 'y', 'z'].map((n) => ({ name: `${tag}${n}`, active: n !== 'z' })),
      );
      expect(made.map((r: any) => r.status)).toEqual(['saved', 'saved', 'saved']);
      const filters = [
        { name: op.beginsWith(tag) },
        { name: op.beginsWith(tag), active: true },
        { name: op.beginsWith(`${tag}none`) },
      ];
      const counted: number[] = [];
      for (const filter of filters) {
        let listed = 0;
        for await (const m of c.manufacturers.listAll({ filter, pageSize: 2 })) if (m.name.startsWith(tag)) listed += 1;
        const n = await c.manufacturers.count({ filter, pageSize: 2 });
        expect(n).toBe(listed);
        counted.push(n);
      }
      expect(counted).toEqual([3, 2, 0]);
    } finally {
      await adopt(tag);
    }
  });

  scenario('hooks see every request of a session, and never the key', async () => {
    const op = await t.module();
    for (const auth of ['basic', 'ws_key'] as const) {
      const tag = `${t.stamp}-hooks-${auth}-`;
      const sent: string[] = [];
      const before: any[] = [];
      const after: any[] = [];
      const fetchSpy = (url: string, init: RequestInit) => {
        sent.push(`${url} ${JSON.stringify(init.headers)}`);
        return fetch(url, init);
      };
      const hooked = await t.client('string', {
        auth,
        fetch: fetchSpy,
        hooks: {
          beforeRequest: (r: any) => void before.push(r),
          afterResponse: (r: any) => void after.push(r),
          onError: (r: any) => void after.push(r),
        },
      });
      try {
        const made = await hooked.manufacturers.create({ name: `${tag}m`, active: true });
        t.cleanup.add('manufacturers', made.id);
        await hooked.manufacturers.get(made.id);
        await hooked.manufacturers.list({ filter: { name: op.beginsWith(tag) }, display: ['id'] });
        await hooked.manufacturers.patch(made.id, { active: false });
        expect(await hooked.manufacturers.count({ filter: { name: op.beginsWith(tag) } })).toBe(1);
        await hooked.manufacturers.delete(made.id);
        t.cleanup.forget('manufacturers', made.id);
      } finally {
        await adopt(tag);
      }
      // One beforeRequest and one afterResponse per request sent, paired by their headers object.
      expect(before.length).toBe(sent.length);
      expect(after.length).toBe(sent.length);
      expect(new Set(after.map((r) => r.headers))).toEqual(new Set(before.map((r) => r.headers)));
      expect(new Set(before.map((r) => r.headers)).size).toBe(sent.length);
      expect(after.map((r) => r.status < 400)).toEqual(after.map(() => true));
      expect(new Set(before.map((r) => `${r.resource}.${r.operation}`))).toEqual(
        new Set(['create', 'get', 'list', 'patch', 'count', 'delete'].map((o) => `manufacturers.${o}`)),
      );
      // The key went out with every request, and is in nothing the hooks received.
      const basic = Buffer.from(`${t.key}:`).toString('base64');
      expect(sent.every((s) => s.includes(auth === 'basic' ? basic : `ws_key=${t.key}`))).toBe(true);
      const seen = JSON.stringify([...before, ...after]);
      expect(seen).not.toContain(t.key);
      expect(seen).not.toContain(basic);
      expect(before.map((r) => Object.keys(r.headers).some((h) => h.toLowerCase() === 'authorization'))).toEqual(
        before.map(() => false),
      );
    }
  });
});
