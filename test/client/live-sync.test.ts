/**
 * Scenario against a real store, run only when `PRESTASHOP_LIVE_URL` and `PRESTASHOP_LIVE_KEY` are
 * set (skipped otherwise): batch writes, count, the change feed and hooks on manufacturers it
 * creates (named `codegen-live-…`) and deletes again. What it asserts is what a PrestaShop 8.2.0
 * store answered (WebserviceRequest::saveEntityFromXml stops at the first refused entity).
 */
import { describe, expect, it } from 'vitest';
import { generate, writeOut } from './generated.js';
import { crudSchema } from './helpers.js';

const url = process.env['PRESTASHOP_LIVE_URL'];
const key = process.env['PRESTASHOP_LIVE_KEY'];

/* eslint-disable @typescript-eslint/no-explicit-any */
describe.skipIf(url === undefined || key === undefined)('live store: batch, count, changes, hooks', () => {
  it('behaves as on the fake store', async () => {
    const mod = await import(`${await writeOut('live-sync', await generate(crudSchema()))}/index.ts`);
    const seen: string[] = [];
    const client = mod.createClient({ baseUrl: url, apiKey: key, hooks: { beforeRequest: (r: any) => void seen.push(JSON.stringify(r)) } });
    const m = client.manufacturers;
    const tag = `codegen-live-${Date.now()}-`;
    const mk = (n: string) => ({ name: `${tag}${n}`, active: true });
    const names = async () => (await m.list({ filter: { name: mod.beginsWith(tag) }, display: ['name'], sort: 'id_ASC' })).map((x: any) => x.name.slice(tag.length));
    const since = new Date(Date.now() - 2000);
    try {
      const unchecked = await m.createMany([mk('a'), mk('b'), mk('bad<>{}'), mk('c')], { validate: false, chunkSize: 4 });
      expect(unchecked.map((r: any) => r.status)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
      expect(await names()).toEqual(['a', 'b']);
      const made = await m.createMany([mk('d'), mk('e')]);
      expect(made.map((r: any) => r.status)).toEqual(['saved', 'saved']);
      const [d, e] = made.map((r: any) => r.item.id);
      const updated = await m.updateMany([{ id: d, input: mk('d2') }, { id: e, input: mk('e2') }]);
      expect(updated.map((r: any) => r.item.name)).toEqual([`${tag}d2`, `${tag}e2`]);
      let listed = 0;
      for await (const x of m.listAll({ filter: { name: mod.beginsWith(tag) } })) if (x !== undefined) listed++;
      expect(await m.count({ filter: { name: mod.beginsWith(tag) } })).toBe(listed);
      const first: string[] = [];
      let cursor = '';
      for await (const c of m.changes({ since })) {
        if (String(c.record?.name ?? '').startsWith(tag)) first.push(`${c.type} ${c.record.name.slice(tag.length)}`);
        cursor = c.cursor;
      }
      expect(first).toEqual(['created a', 'created b', 'created d2', 'created e2']);
      await new Promise((r) => setTimeout(r, 1100));
      await m.patch(d, { name: `${tag}d3` });
      await m.delete(e);
      const second: string[] = [];
      for await (const c of m.changes({ cursor })) if (c.id === d || c.id === e) second.push(`${c.type} ${c.id}`);
      expect(second).toEqual([`updated ${d}`, `deleted ${e}`]);
      expect(seen.join('\n')).not.toContain(key);
    } finally {
      const left = (await m.list({ filter: { name: mod.beginsWith(tag) }, display: ['id'] })).map((x: any) => x.id);
      if (left.length > 0) await m.delete(left);
    }
  }, 120_000);
});
