/** export: the same document for the same model, and names a store may send. */
import { describe, expect, it } from 'vitest';
import { NameTable } from '../../src/naming/index.js';
import { buildJsonSchema, buildOpenApi, renderExport, stableJson } from '../../src/export/index.js';
import { makeAssociation, makeField, makeResource, type StoreSchema } from '../../src/model/index.js';
import { jsonSchemaValidator, loadSnapshot, MINI, openApiErrors } from './helpers.js';

// Loose views of the documents, for assertions.
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const mini = loadSnapshot(MINI);

describe('export: determinism and hostile names', () => {
  it('is byte-stable whatever the input order, and leaves the input untouched', () => {
    const shuffled: StoreSchema = {
      ...mini,
      store: { ...mini.store, languages: [...mini.store.languages].reverse() },
      resources: [...mini.resources].reverse().map((r) => ({
        ...r,
        // Fields and associations keep the store's order (a fact of the store, part of the snapshot).
        methods: [...r.methods].reverse(),
      })),
    };
    const frozen = structuredClone(shuffled);
    deepFreeze(shuffled);
    for (const format of ['openapi', 'jsonschema'] as const) {
      expect(renderExport(shuffled, format)).toBe(renderExport(mini, format));
    }
    expect(shuffled).toEqual(frozen);
    expect(renderExport(mini, 'openapi').endsWith('}\n')).toBe(true);
  });

  it('sorts keys at every level', () => {
    expect(stableJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  it('keeps odd wire names as data and stays valid', async () => {
    const model: StoreSchema = {
      schemaVersion: 3,
      store: { psVersion: null, languages: [], catalog: null, timeZone: null },
      resources: [
        makeResource('we{ird}/x y', {
          nodeName: 'weird',
          methods: ['GET', 'POST'],
          fields: [
            makeField('__proto__', { required: true }),
            makeField('constructor'),
            makeField('a.b|c(d)*', { format: 'isGenericName' }),
            makeField('*/ `${x}` "q" \\', { multilingual: true }),
          ],
          associations: [makeAssociation('__proto__', { nodeName: 'x', fields: [makeField('id')] })],
        }),
        makeResource('Weird', {
          nodeName: 'weird',
          methods: ['GET'],
          fields: [makeField('associations'), makeField('x')],
        }),
        makeResource('empty', { nodeName: 'empty', methods: ['GET'] }),
      ],
    };
    const doc = buildOpenApi(model, { decimals: 'number' });
    expect(await openApiErrors(JSON.parse(stableJson(doc)))).toBeNull();
    const parsed = JSON.parse(stableJson(doc)) as Doc;
    expect(Object.keys(parsed.paths)).toEqual([
      '/Weird',
      '/Weird/{id}',
      '/we%7Bird%7D%2Fx%20y',
      '/we%7Bird%7D%2Fx%20y/{id}',
    ]);
    const names = NameTable.forSchema(model);
    const input = parsed.components.schemas[names.of('we{ird}/x y').input];
    expect(Object.keys(input.properties)).toEqual([
      '*/ `${x}` "q" \\',
      '__proto__',
      'a.b|c(d)*',
      'associations',
      'constructor',
    ]);
    expect(input.required).toEqual(['__proto__']);
    const sort = new RegExp(parsed.paths['/we%7Bird%7D%2Fx%20y'].get.parameters[2].schema.pattern as string, 'u');
    expect(sort.test('a.b|c(d)*_ASC')).toBe(true);
    expect(sort.test('aXb|c(d)*_ASC')).toBe(false);
    expect(Object.getPrototypeOf(doc)).toBeNull();
    // a field named like the associations key is left out, as in the generated types
    expect(Object.keys(parsed.components.schemas[names.of('Weird').type].properties)).toEqual(['id', 'x']);
    expect(parsed['x-prestashop'].skipped).toEqual([{ resource: 'empty', reason: 'the synopsis has no fields' }]);
    jsonSchemaValidator(buildJsonSchema(model, { decimals: 'number' }) as object);
  });
});

function deepFreeze(value: unknown): void {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
}
