/** `diff <snapshot> core@<version> --upgrade`: the store projected onto another release. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectUpgrade } from '../../src/baselines/index.js';
import { parseSnapshot, serializeSnapshot } from '../../src/model/index.js';
import { runCli } from '../cli/helpers.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => parseSnapshot(readFileSync(join(ROOT, path), 'utf8'));
const STORE = 'test/diff/fixtures/prestashop-8.2.0-with-module.json';
const dir = mkdtempSync(join(tmpdir(), 'upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: readonly string[]) =>
  runCli(['diff', ...args, '--ignore-file', 'test/diff/fixtures/empty.ignore'], { cwd: ROOT, env: {} });

describe('upgrade projection', () => {
  const store = read(STORE);
  const p = projectUpgrade(store, read('baselines/prestashop-8.2.0.json'), read('baselines/prestashop-9.0.0.json'));
  const res = (name: string) => p.schema.resources.find((r) => r.name === name);

  it('takes core items from the target release and keeps the modules', () => {
    expect(p.schema.store.psVersion).toBe('9.0.0');
    expect(p.schema.store.languages).toEqual(store.store.languages);
    expect(p.removed).toEqual(expect.arrayContaining(['supply_orders', 'warehouse_product_locations']));
    expect(p.added).toEqual(['order_returns']);
    expect(res('supply_orders')).toBeUndefined();
    expect(res('order_returns')).toBeDefined();
    expect(res('products')!.fields.some((f) => f.name === 'meta_keywords')).toBe(false);
    expect(res('products')!.fields.find((f) => f.name === 'ean13')).toMatchObject({ maxSize: 14, format: 'isGtin' });
    // Module items, as the store has them, after the core ones.
    expect([...p.moduleItems].sort()).toEqual(['customers.loyalty_points', 'mymodule_reviews', 'products.mymodule_badge', 'products@mymodule_reviews']);
    expect(res('products')!.fields.at(-1)!.name).toBe('mymodule_badge');
    expect(res('mymodule_reviews')).toEqual(store.resources.find((r) => r.name === 'mymodule_reviews'));
  });

  it('keeps the methods the key had, when the release still allows them', () => {
    const limited = { ...store, resources: store.resources.map((r) => (r.name === 'products' ? { ...r, methods: ['GET' as const, 'HEAD' as const] } : r)) };
    const q = projectUpgrade(limited, read('baselines/prestashop-8.2.0.json'), read('baselines/prestashop-9.0.0.json'));
    expect(q.schema.resources.find((r) => r.name === 'products')!.methods).toEqual(['GET', 'HEAD']);
  });
});

describe('diff --upgrade', () => {
  it('classifies the projected changes and writes the projected snapshot', async () => {
    const out = join(dir, 'next.json');
    const r = await run([STORE, 'core@9.0', '--upgrade', '--write-projected', out, '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.new.label).toBe(`${STORE} upgraded to core@9.0 = baselines/prestashop-9.0.0.json`);
    const got = json.changes.map((c: { id: string; path: string; origin: string }) => `${c.id} ${c.path} ${c.origin}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'field-removed products.meta_keywords core',
        'resource-removed supply_orders core',
        'resource-added order_returns core',
        'field-max-size-decreased cart_rules.description core',
      ]),
    );
    // Module items are not changes: they are on both sides.
    expect(got.filter((x: string) => x.includes('mymodule') || x.includes('loyalty'))).toEqual([]);
    const written = parseSnapshot(readFileSync(out, 'utf8'));
    expect(serializeSnapshot(written)).toBe(readFileSync(out, 'utf8'));
    // The written file gives the same changes as the projection did.
    const again = JSON.parse((await run([STORE, out, '--format', 'json'])).stdout);
    expect(again.changes).toEqual(json.changes);
  });

  it('refuses what it cannot do, with exit 2 and the reason', async () => {
    const a = await run([STORE, 'core@9.0', '--write-projected', join(dir, 'x.json')]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--write-projected needs --upgrade');
    const b = await run([STORE, STORE, '--upgrade']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('name the new side core@<version>');
    const anon = join(dir, 'anon.json');
    const s = read(STORE);
    writeFileSync(anon, serializeSnapshot({ ...s, store: { ...s.store, psVersion: null } }));
    const c = await run([anon, 'core@9.0', '--upgrade']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('store.psVersion is null');
    const d = await run(['core@1.6', 'core@9.0']);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('no bundled core baseline for PrestaShop 1.6');
  });
});
