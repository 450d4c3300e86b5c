/**
 * Introspecting the recorded PrestaShop 8.2.0 store over real HTTP (the fake store), checked
 * against the recorded documents read independently, and against the committed golden snapshot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore, type IntrospectResult } from '../../src/introspect/index.js';
import {
  coreReference,
  NO_SYNOPSIS_RESOURCES,
  serializeSnapshot,
  usableMethods,
  type Field,
  type HttpMethod,
} from '../../src/model/index.js';
import { FIXTURE_DIR, GOLDEN_DIR, readSynopsisByRegex, recordedResources, recordedSynopses } from './helpers.js';

const GOLDEN = join(GOLDEN_DIR, 'prestashop-8.2.0/prestashop-schema.json');

let store: FakeStore;
let result: IntrospectResult;
/** The requests of that run, as the store received them. */
let sent: FakeStore['requests'];

beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
  result = await introspectStore({ url: store.url, key: FAKE_STORE_KEY });
  sent = [...store.requests];
});
afterAll(() => store.close());

describe('PrestaShop 8.2.0 fixture store', () => {
  it('matches the committed golden snapshot byte for byte', async () => {
    const text = serializeSnapshot(result.schema);
    // A file snapshot compares the exact text; `npm run test:update` rewrites it.
    await expect(text).toMatchFileSnapshot(GOLDEN);
  });

  it('reads every resource of the listing, with the store version and languages', () => {
    const names = recordedResources()
      .map((r) => r.name)
      .sort();
    expect(result.schema.resources.map((r) => r.name)).toEqual(names);
    expect(names).toHaveLength(69);
    expect(result.schema.store).toEqual({
      psVersion: '8.2.0',
      languages: [
        { id: 1, isoCode: 'en' },
        { id: 2, isoCode: 'fr' },
      ],
      catalog: '8.2.0',
      // The recorded store is empty: no PS_TIMEZONE configuration to read.
      timeZone: null,
    });
    expect(result.summary).toMatchObject({
      resources: 69,
      listingFallback: false,
      retries: 0,
      sources: { json: 0, xml: 67, none: 2 },
    });
    // Every core field's synopsis agrees with the bundled 8.2.0 catalog: nothing is customised.
    expect(result.summary.warnings).toEqual([]);
    expect(result.summary).toMatchObject({ catalog: '8.2.0', customisedFields: 0 });
    const all = result.schema.resources.flatMap((r) => [...r.fields, ...r.associations.flatMap((a) => a.fields)]);
    expect(all.filter((f) => f.origin !== 'catalog').map((f) => f.name)).toEqual([]);
    expect(result.summary.catalogFields).toBe(all.length);
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
    expect(byName.get('product_customization_fields')).toMatchObject({
      nodeName: 'customization_field',
      nodesName: 'customization_fields',
    });
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
      // The snapshot keeps the store's order (the order the store applies fields and associations in).
      const byName = <T extends { name: string }>(xs: readonly T[]) => [...xs];
      const synopsisOnly = (
        f: Pick<
          Field,
          'name' | 'required' | 'maxSize' | 'format' | 'multilingual' | 'readOnly' | 'filterable' | 'references'
        >,
      ) => ({
        name: f.name,
        required: f.required,
        maxSize: f.maxSize,
        format: f.format,
        multilingual: f.multilingual,
        readOnly: f.readOnly,
        filterable: f.filterable,
        references: f.references,
      });
      expect(
        r.fields.map((f) => f.name),
        r.name,
      ).toEqual(byName(want.fields).map((f) => f.name));
      for (const w of want.fields) {
        const got = r.fields.find((f) => f.name === w.name)!;
        // Top-level xlink:href is stripped from real synopses; core foreign keys come from the bundled table.
        const references = w.references ?? coreReference(r.name, w.name);
        expect(synopsisOnly(got), `${r.name}.${w.name}`).toEqual(synopsisOnly({ ...w, references }));
        expect(got.inputType).toBeNull();
        checkedFields++;
      }
      expect(
        r.associations.map((a) => a.name),
        r.name,
      ).toEqual(byName(want.associations).map((a) => a.name));
      for (const wa of want.associations) {
        const got = r.associations.find((a) => a.name === wa.name)!;
        expect(
          { nodeName: got.nodeName, resource: got.resource, virtual: got.virtual },
          `${r.name}@${wa.name}`,
        ).toEqual({
          nodeName: wa.nodeName,
          resource: wa.resource,
          virtual: wa.virtual,
        });
        expect(got.fields.map((f) => f.name)).toEqual(byName(wa.fields).map((f) => f.name));
        for (const wf of wa.fields) {
          const gf = got.fields.find((f) => f.name === wf.name)!;
          expect(synopsisOnly(gf), `${r.name}@${wa.name}.${wf.name}`).toEqual(synopsisOnly(wf));
        }
      }
    }
    expect(checkedFields).toBe(result.summary.fields);
    expect(checkedFields).toBeGreaterThan(800);
  });

  it('spot-checks well-known attributes', () => {
    const f = (res: string, name: string) =>
      result.schema.resources.find((r) => r.name === res)!.fields.find((x) => x.name === name)!;
    expect(f('products', 'price')).toMatchObject({ required: true, format: 'isPrice', maxSize: null });
    expect(f('products', 'name')).toMatchObject({
      required: false,
      multilingual: true,
      maxSize: 128,
      format: 'isCatalogName',
    });
    expect(f('products', 'quantity')).toMatchObject({ readOnly: true, filterable: false });
    expect(f('products', 'available_later').format).toBe('IsGenericName');
    const products = result.schema.resources.find((r) => r.name === 'products')!;
    const pf = products.associations.find((a) => a.name === 'product_features')!;
    expect(pf.fields.find((x) => x.name === 'id_feature_value')).toMatchObject({
      required: true,
      references: 'product_feature_values',
    });
    const orders = result.schema.resources.find((r) => r.name === 'orders')!;
    expect(orders.associations[0]).toMatchObject({
      name: 'order_rows',
      virtual: true,
      resource: null,
      nodeName: 'order_row',
    });
  });

  it('applies the 8.2.0 catalog: PHP types, allowed values and write behaviour', () => {
    const f = (res: string, name: string) =>
      result.schema.resources.find((r) => r.name === res)!.fields.find((x) => x.name === name)!;
    expect(f('products', 'condition')).toMatchObject({
      origin: 'catalog',
      type: 'string',
      values: ['new', 'used', 'refurbished'],
    });
    expect(f('products', 'position_in_category')).toMatchObject({
      type: 'int',
      computed: true,
      write: 'setter',
      writeBack: false,
    });
    expect(f('products', 'quantity')).toMatchObject({ type: 'int', write: 'refused' });
    expect(f('products', 'link_rewrite')).toMatchObject({
      modifier: { name: 'modifierWsLinkRewrite', methods: ['POST'] },
    });
    expect(f('customers', 'passwd')).toMatchObject({ write: 'hashed', setter: 'setWsPasswd' });
    // Read-only in the synopsis (setter null), yet stored as sent: a PUT without them empties them.
    expect(f('customers', 'secure_key')).toMatchObject({ readOnly: true, write: 'stored' });
    expect(f('manufacturers', 'active')).toMatchObject({ format: null, type: 'bool' });
    const carts = result.schema.resources.find((r) => r.name === 'carts')!;
    expect(carts.associations[0]!.fields.find((x) => x.name === 'quantity')).toMatchObject({
      type: 'int',
      origin: 'catalog',
    });
    const combinations = result.schema.resources.find((r) => r.name === 'combinations')!;
    expect(combinations.associations.map((a) => a.name)).toEqual(['product_option_values', 'images']);
    expect(combinations.associations[1]).toMatchObject({ resource: 'images', api: 'images/products' });
    expect(result.schema.resources.find((r) => r.name === 'translated_configurations')!.quirks).toEqual([
      'xml-item-500',
    ]);
  });

  it('is deterministic: a second run, with concurrency 1, gives the same bytes', async () => {
    const again = await introspectStore({ url: store.url, key: FAKE_STORE_KEY, concurrency: 1 });
    expect(serializeSnapshot(again.schema)).toBe(serializeSnapshot(result.schema));
  });

  it('asks no JSON synopsis: the listing says PrestaShop 8.2.0, whose JSON synopses hold no metadata', () => {
    const synopses = sent.filter((r) => r.query.schema === 'synopsis');
    expect(synopses.filter((r) => r.query.output_format === 'JSON')).toEqual([]);
    expect(synopses.filter((r) => r.query.output_format === undefined)).toHaveLength(67);
    expect(sent.filter((r) => r.query.limit === '1')).toHaveLength(67);
    // The listing, 67 XML synopses and 67 lists, the languages, the time zone: the least possible.
    const others = sent.filter((r) => r.query.schema === undefined && r.query.limit === undefined).map((r) => r.path);
    expect(others.sort()).toEqual(['/api', '/api/configurations', '/api/languages']);
    expect(result.summary.requests).toBe(1 + 67 + 67 + 2);
    expect(sent).toHaveLength(result.summary.requests);
  });

  it("sends each resource's list request alongside its synopsis, not after its answer", async () => {
    const from = store.requests.length;
    const serial = await introspectStore({ url: store.url, key: FAKE_STORE_KEY, concurrency: 1 });
    expect(serializeSnapshot(serial.schema)).toBe(serializeSnapshot(result.schema));
    // One request at a time, in the order they were issued: a list that waited for its synopsis's
    // answer would come after it.
    const order = store.requests
      .slice(from)
      .map((r) => `${r.path}?${r.query.limit === '1' ? 'list' : (r.query.schema ?? '')}`);
    const early = recordedResources().filter((r) => !NO_SYNOPSIS_RESOURCES.has(r.name));
    expect(early).toHaveLength(67);
    for (const r of early) {
      const list = order.indexOf(`/api/${r.name}?list`);
      expect(list, r.name).toBeGreaterThanOrEqual(0);
      expect(list, r.name).toBeLessThan(order.indexOf(`/api/${r.name}?synopsis`));
    }
  });
});
