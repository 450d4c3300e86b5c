import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  fieldKind,
  forbiddenMethods,
  makeAssociation,
  makeField,
  makeResource,
  parseSnapshot,
  serializeSnapshot,
  SnapshotError,
  snapshotHash,
  usableMethods,
  type StoreSchema,
} from '../../src/model/index.js';

const model: StoreSchema = {
  schemaVersion: 3,
  store: {
    psVersion: '8.2.0',
    languages: [
      { id: 2, isoCode: 'fr' },
      { id: 1, isoCode: 'en' },
    ],
    catalog: null,
    timeZone: null,
  },
  resources: [
    makeResource('products', {
      nodeName: 'product',
      nodesName: 'products',
      methods: ['DELETE', 'GET', 'POST'],
      fields: [
        makeField('price', { required: true, format: 'isPrice' }),
        makeField('name', { multilingual: true, maxSize: 128 }),
      ],
      associations: [
        makeAssociation('tags', { nodeName: 'tag', resource: 'tags' }),
        makeAssociation('categories', { nodeName: 'category', resource: 'categories' }),
      ],
    }),
    makeResource('addresses', { nodeName: 'address', nodesName: 'addresses' }),
  ],
};

describe('snapshot', () => {
  it('canonicalizes order without touching the input', () => {
    const frozen = structuredClone(model);
    const c = canonicalize(model);
    expect(model).toEqual(frozen);
    expect(c.resources.map((r) => r.name)).toEqual(['addresses', 'products']);
    // Fields and associations keep the store's order (the order the store applies them in).
    expect(c.resources[1]!.fields.map((f) => f.name)).toEqual(model.resources[0]!.fields.map((f) => f.name));
    expect(c.resources[1]!.associations.map((a) => a.name)).toEqual(
      model.resources[0]!.associations.map((a) => a.name),
    );
    expect(c.resources[1]!.methods).toEqual(['GET', 'POST', 'DELETE']);
    expect(c.store.languages.map((l) => l.id)).toEqual([1, 2]);
  });

  it('round-trips byte for byte and hashes stably', () => {
    const text = serializeSnapshot(model);
    expect(text.endsWith('\n')).toBe(true);
    expect(serializeSnapshot(parseSnapshot(text))).toBe(text);
    expect(snapshotHash(parseSnapshot(text))).toBe(snapshotHash(model));
    expect(snapshotHash(model)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('rejects bad snapshots with a path', () => {
    const bad = JSON.parse(serializeSnapshot(model));
    bad.resources[1].fields[0].maxSize = 'big';
    expect(() => parseSnapshot(JSON.stringify(bad), 'x.json')).toThrowError(SnapshotError);
    expect(() => parseSnapshot(JSON.stringify(bad), 'x.json')).toThrowError(
      /x\.json: \$\.resources\[1\]\.fields\[0\]\.maxSize/,
    );
    expect(() => parseSnapshot('{', 'y.json')).toThrowError(/y\.json: \$: not valid JSON/);
    const newer = { ...JSON.parse(serializeSnapshot(model)), schemaVersion: 99 };
    expect(() => parseSnapshot(JSON.stringify(newer))).toThrowError(/newer than this tool/);
    const dup = JSON.parse(serializeSnapshot(model));
    dup.resources[1].fields.push(dup.resources[1].fields[0]);
    expect(() => parseSnapshot(JSON.stringify(dup))).toThrowError(/duplicate field "price"/);
    const badWrite = JSON.parse(serializeSnapshot(model));
    badWrite.resources[1].fields[0].write = 'sometimes';
    expect(() => parseSnapshot(JSON.stringify(badWrite))).toThrowError(
      /\$\.resources\[1\]\.fields\[0\]\.write: expected one of stored, refused, hashed, setter/,
    );
  });

  it('reads a version-2 snapshot: allowNull false; with a catalog, fields without an entry and resources without one are modules', () => {
    const v2 = JSON.parse(serializeSnapshot(model));
    v2.schemaVersion = 2;
    v2.store.catalog = '8.2.0';
    for (const r of v2.resources) {
      delete r.origin;
      for (const f of r.fields) delete f.allowNull;
      for (const a of r.associations) for (const f of a.fields) delete f.allowNull;
    }
    // products has a core field (catalog) and a module one (synopsis, as version 2 wrote it).
    v2.resources[1].fields[0].origin = 'catalog';
    const read = parseSnapshot(JSON.stringify(v2));
    expect(read.schemaVersion).toBe(3);
    expect(read.resources[1]).toMatchObject({ name: 'products', origin: 'core' });
    expect(read.resources[1]!.fields.map((f) => [f.name, f.origin, f.allowNull])).toEqual([
      ['price', 'catalog', false],
      ['name', 'module', false],
    ]);
    expect(read.resources[0]).toMatchObject({ name: 'addresses', origin: 'module' });
    // Version 2 knew no `module` origin.
    v2.resources[1].fields[1].origin = 'module';
    expect(() => parseSnapshot(JSON.stringify(v2))).toThrowError(
      /fields\[1\]\.origin: expected one of catalog, customised, synopsis/,
    );
    // Version 3 writes and reads it.
    expect(parseSnapshot(serializeSnapshot(read))).toEqual(read);
  });

  it('reads a version-1 snapshot: new members take their defaults, read-only fields are refused on write', () => {
    const v1 = JSON.parse(serializeSnapshot(model));
    v1.schemaVersion = 1;
    delete v1.store.catalog;
    for (const r of v1.resources) {
      delete r.quirks;
      for (const f of r.fields)
        for (const k of ['type', 'values', 'write', 'setter', 'modifier', 'computed', 'writeBack', 'origin'])
          delete f[k];
      for (const a of r.associations) {
        delete a.api;
        for (const f of a.fields)
          for (const k of ['type', 'values', 'write', 'setter', 'modifier', 'computed', 'writeBack', 'origin'])
            delete f[k];
      }
    }
    v1.resources[1].fields[0].readOnly = true;
    const read = parseSnapshot(JSON.stringify(v1));
    expect(read.schemaVersion).toBe(3);
    expect(read.store.catalog).toBeNull();
    expect(read.resources[1]!.fields[0]).toMatchObject({
      readOnly: true,
      write: 'refused',
      type: null,
      origin: 'synopsis',
      writeBack: true,
      allowNull: false,
    });
    expect(read.resources[1]!.origin).toBeNull();
    expect(read.resources[1]!.fields[1]).toMatchObject({ write: 'stored' });
    expect(read.resources[1]!.associations[0]!.api).toBe(read.resources[1]!.associations[0]!.resource);
  });
});

describe('formats and known methods', () => {
  it.each([
    ['isUnsignedId', null, 'id'],
    ['isBool', null, 'bool'],
    ['isPrice', null, 'decimal'],
    ['IsGenericName', null, 'string'],
    ['isDate', null, 'date'],
    ['isCleanHtml', null, 'html'],
    [null, 'listId', 'id'],
    [null, 'numeric', 'decimal'],
    [null, 'langList', 'string'],
    [null, 'colourPicker', 'unknown'],
    ['isSomethingNew', null, 'unknown'],
  ] as const)('%s / %s → %s', (format, inputType, kind) => {
    expect(fieldKind({ name: 'x', format, inputType })).toBe(kind);
  });

  it('intersects key methods with what the resource forbids', () => {
    const all = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
    expect(usableMethods('stock_availables', all)).toEqual(['GET', 'PUT', 'PATCH', 'HEAD']);
    expect(usableMethods('shops', all)).toEqual(['GET', 'PUT', 'PATCH', 'HEAD']);
    expect(usableMethods('order_histories', all)).toEqual(['GET', 'POST', 'HEAD']);
    expect(usableMethods('stock_movements', all)).toEqual(['GET', 'HEAD']);
    expect(usableMethods('products', ['GET'])).toEqual(['GET']);
    expect(forbiddenMethods('order_slip')).toEqual(['PUT', 'PATCH', 'DELETE']);
  });
});
