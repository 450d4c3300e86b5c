/**
 * Introspecting the recorded PrestaShop 8.2.0 store over real HTTP (the fake store), checked
 * against the recorded documents read independently, and against the committed golden snapshot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore, type IntrospectResult } from '../../src/introspect/index.js';
import { coreReference, NO_SYNOPSIS_RESOURCES, serializeSnapshot, usableMethods, type HttpMethod } from '../../src/model/index.js';
import { FIXTURE_DIR, GOLDEN_DIR, readSynopsisByRegex, recordedResources, recordedSynopses } from './helpers.js';

const GOLDEN = join(GOLDEN_DIR, 'prestashop-8.2.0/prestashop-schema.json');

let store: FakeStore;
let result: IntrospectResult;

beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
  result = await introspectStore({ url: store.url, key: FAKE_STORE_KEY });
});
afterAll(() => store.close());

describe('PrestaShop 8.2.0 fixture store', () => {
  it('matches the committed golden snapshot byte for byte', async () => {
    const text = serializeSnapshot(result.schema);
    // A file snapshot compares the exact text; `npm run test:update` rewrites it.
    await expect(text).toMatchFileSnapshot(GOLDEN);
  });

  it('reads every resource of the listing, with the store version and languages', () => {
    const names = recordedResources().map((r) => r.name).sort();
    expect(result.schema.resources.map((r) => r.name)).toEqual(names);
    expect(names).toHaveLength(69);
    expect(result.schema.store).toEqual({
      psVersion: '8.2.0',
      languages: [
        { id: 1, isoCode: 'en' },
        { id: 2, isoCode: 'fr' },
      ],
    });
    expect(result.summary).toMatchObject({ resources: 69, listingFallback: false, retries: 0, sources: { json: 0, xml: 67, none: 2 } });
    expect(result.summary.warnings).toEqual([]);
  });

  it('takes node names from the answers, never from the resource name', () => {
    for (const rec of recordedResources()) {
      const r = result.schema.resources.find((x) => x.name === rec.name)!;
      if (NO_SYNOPSIS_RESOURCES.has(rec.name)) continue;
      expect([r.name, r.nodeName, r.nodesName]).toEqual([rec.name, rec.objectNodeName, rec.objectsNodeName]);
    }
    const byName = new Map(result.schema.resources.map((r) => [r.name, r]));
    expect(byName.get('order_slip')).toMatchObject({ nodeName: 'order_slip', nodesName: 'order_slips' });
    expect(byName.get('stock_movements')).toMatchObject({ nodeName: 'stock_mvt', nodesName: 'stock_mvts' });
    expect(byName.get('content_management_system')).toMatchObject({ nodeName: 'content' });
    expect(byName.get('product_customization_fields')).toMatchObject({ nodeName: 'customization_field', nodesName: 'customization_fields' });
  });

  it('keeps images and search without fields and with a reason', () => {
    for (const name of ['images', 'search']) {
      const r = result.schema.resources.find((x) => x.name === name)!;
      expect(r.fields).toEqual([]);
      expect(r.synopsis.source).toBe('none');
      expect(r.synopsis.reason).toMatch(/specific management/);
    }
  });

  it('takes methods from the listing flags minus what the resource forbids', () => {
    const index = readFileSync(join(FIXTURE_DIR, 'api-index.xml'), 'utf8');
    for (const r of result.schema.resources) {
      const tag = new RegExp(`^<${r.name} xlink:href="[^"]*"([^>]*)>`, 'm').exec(index)![1]!;
      const flags = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as HttpMethod[]).filter((m) =>
        tag.includes(` ${m.toLowerCase()}="true"`),
      );
      expect(r.methods, r.name).toEqual(usableMethods(r.name, flags));
    }
    const methods = (n: string) => result.schema.resources.find((r) => r.name === n)!.methods;
    expect(methods('stock_availables')).toEqual(['GET', 'PUT', 'PATCH', 'HEAD']);
    expect(methods('stock_movements')).toEqual(['GET', 'HEAD']);
    expect(methods('attachments')).not.toContain('POST');
    expect(methods('order_histories')).toEqual(['GET', 'POST', 'HEAD']);
    expect(methods('products')).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
  });

  it('reads every field and association attribute as the recorded XML says', () => {
    const synopses = recordedSynopses();
    let checkedFields = 0;
    for (const r of result.schema.resources) {
      if (r.synopsis.source === 'none') continue;
      const xml = synopses.get(r.name);
      expect(xml, r.name).toBeDefined();
      const want = readSynopsisByRegex(xml!);
      expect(r.nodeName).toBe(want.nodeName);
      const byName = <T extends { name: string }>(xs: readonly T[]) => [...xs].sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(r.fields.map((f) => f.name), r.name).toEqual(byName(want.fields).map((f) => f.name));
      for (const w of want.fields) {
        const got = r.fields.find((f) => f.name === w.name)!;
        // Top-level xlink:href is stripped from real synopses; core foreign keys come from the bundled table.
        const references = w.references ?? coreReference(r.name, w.name);
        expect({ ...got, inputType: undefined }, `${r.name}.${w.name}`).toEqual({ ...w, references, inputType: undefined });
        expect(got.inputType).toBeNull();
        checkedFields++;
      }
      expect(r.associations.map((a) => a.name), r.name).toEqual(byName(want.associations).map((a) => a.name));
      for (const wa of want.associations) {
        const got = r.associations.find((a) => a.name === wa.name)!;
        expect({ nodeName: got.nodeName, resource: got.resource, virtual: got.virtual }, `${r.name}@${wa.name}`).toEqual({
          nodeName: wa.nodeName,
          resource: wa.resource,
          virtual: wa.virtual,
        });
        expect(got.fields.map((f) => f.name)).toEqual(byName(wa.fields).map((f) => f.name));
        for (const wf of wa.fields) {
          const gf = got.fields.find((f) => f.name === wf.name)!;
          expect({ ...gf, inputType: undefined }, `${r.name}@${wa.name}.${wf.name}`).toEqual({ ...wf, inputType: undefined });
        }
      }
    }
    expect(checkedFields).toBe(result.summary.fields);
    expect(checkedFields).toBeGreaterThan(800);
  });

  it('spot-checks well-known attributes', () => {
    const f = (res: string, name: string) => result.schema.resources.find((r) => r.name === res)!.fields.find((x) => x.name === name)!;
    expect(f('products', 'price')).toMatchObject({ required: true, format: 'isPrice', maxSize: null });
    expect(f('products', 'name')).toMatchObject({ required: false, multilingual: true, maxSize: 128, format: 'isCatalogName' });
    expect(f('products', 'quantity')).toMatchObject({ readOnly: true, filterable: false });
    expect(f('products', 'available_later').format).toBe('IsGenericName');
    const products = result.schema.resources.find((r) => r.name === 'products')!;
    const pf = products.associations.find((a) => a.name === 'product_features')!;
    expect(pf.fields.find((x) => x.name === 'id_feature_value')).toMatchObject({ required: true, references: 'product_feature_values' });
    const orders = result.schema.resources.find((r) => r.name === 'orders')!;
    expect(orders.associations[0]).toMatchObject({ name: 'order_rows', virtual: true, resource: null, nodeName: 'order_row' });
  });

  it('is deterministic: a second run, with concurrency 1, gives the same bytes', async () => {
    const again = await introspectStore({ url: store.url, key: FAKE_STORE_KEY, concurrency: 1 });
    expect(serializeSnapshot(again.schema)).toBe(serializeSnapshot(result.schema));
  });
});
