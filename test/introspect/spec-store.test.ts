/**
 * The spec-style store: a JSON synopsis in the spec's vocabulary (required, maxSize, inputType),
 * over real HTTP, checked against the fixture JSON and the committed golden snapshot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { introspectStore, type IntrospectResult } from '../../src/introspect/index.js';
import { coreReference, SPEC_RESOURCE_METHODS, serializeSnapshot, makeField } from '../../src/model/index.js';
import { GOLDEN_DIR } from './helpers.js';

const SPEC_DIR = join(import.meta.dirname, '../../fixtures/spec-store');
const GOLDEN = join(GOLDEN_DIR, 'spec-store/prestashop-schema.json');

let store: FakeStore;
let result: IntrospectResult;

beforeAll(async () => {
  store = await startFakeStore({ flavor: 'spec' });
  result = await introspectStore({ url: store.url, key: FAKE_STORE_KEY });
});
afterAll(() => store.close());

describe('spec-style store', () => {
  it('matches the committed golden snapshot byte for byte', async () => {
    await expect(serializeSnapshot(result.schema)).toMatchFileSnapshot(GOLDEN);
  });

  it('covers every resource the spec lists, from the JSON synopsis', () => {
    expect(result.schema.resources.map((r) => r.name)).toEqual([...SPEC_RESOURCE_METHODS.keys()].sort());
    expect(result.summary).toMatchObject({ listingFallback: false, sources: { json: 38, xml: 0, none: 1 } });
    expect(result.summary.warnings).toEqual([]);
    expect(result.schema.store.psVersion).toBeNull();
    expect(result.schema.store.languages).toEqual([
      { id: 1, isoCode: 'en' },
      { id: 2, isoCode: 'fr' },
    ]);
    // Only JSON requests for synopses: the JSON had metadata, so no XML fallback was needed.
    expect(store.requests.filter((r) => r.query.schema === 'synopsis' && r.query.output_format !== 'JSON')).toEqual([]);
  });

  it("reads the spec's product table exactly", () => {
    const product = result.schema.resources.find((r) => r.name === 'products')!;
    const f = (n: string) => product.fields.find((x) => x.name === n);
    expect(f('id')).toMatchObject({
      required: false,
      maxSize: 10,
      inputType: 'listId',
      multilingual: false,
      format: null,
    });
    expect(f('name')).toMatchObject({ required: true, maxSize: 128, inputType: 'langList', multilingual: true });
    expect(f('price')).toMatchObject({ required: true, maxSize: null, inputType: 'numeric', multilingual: false });
    expect(product.methods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });

  it('reads every descriptor of every fixture file', () => {
    let n = 0;
    for (const r of result.schema.resources) {
      if (r.synopsis.source === 'none') continue;
      const json = JSON.parse(readFileSync(join(SPEC_DIR, 'synopsis', `${r.name}.json`), 'utf8')) as Record<
        string,
        Record<string, { required: boolean; maxSize?: number; inputType?: string }>
      >;
      const [node, fields] = Object.entries(json)[0]!;
      expect(r.nodeName).toBe(node);
      expect(r.fields.map((f) => f.name)).toEqual(Object.keys(fields));
      for (const [name, d] of Object.entries(fields)) {
        const got = r.fields.find((f) => f.name === name)!;
        expect(got, `${r.name}.${name}`).toEqual(
          makeField(name, {
            required: d.required,
            maxSize: d.maxSize ?? null,
            format: null,
            inputType: d.inputType ?? null,
            multilingual: d.inputType === 'langList',
            readOnly: false,
            filterable: true,
            references: coreReference(r.name, name),
          }),
        );
        n++;
      }
    }
    expect(n).toBe(result.summary.fields);
  });

  it('names credit notes as the spec does, with methods from the spec table', () => {
    const slips = result.schema.resources.find((r) => r.name === 'order_slips')!;
    expect(slips).toMatchObject({ nodeName: 'order_slip', nodesName: 'order_slips', methods: ['GET', 'POST'] });
    expect(result.schema.resources.find((r) => r.name === 'shops')!.methods).toEqual(['GET', 'PUT']);
  });
});
