/** Builders for hand-made store schemas in diff tests. */
import { makeAssociation, makeField, makeResource, type Resource, type StoreSchema } from '../../src/model/index.js';

function store(psVersion: string | null, resources: readonly Resource[]): StoreSchema {
  return {
    schemaVersion: 3,
    store: { psVersion, languages: [{ id: 1, isoCode: 'en' }], catalog: null, timeZone: null },
    resources,
  };
}

/** A small products/tags store to edit, one property at a time. */
export function baseStore(psVersion: string | null = '8.2.0'): StoreSchema {
  return store(psVersion, [
    makeResource('products', {
      description: 'The products',
      nodeName: 'product',
      nodesName: 'products',
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'],
      fields: [
        makeField('date_add', { format: 'isDate', readOnly: true }),
        makeField('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
        makeField('name', { required: true, maxSize: 128, format: 'isCatalogName', multilingual: true }),
        makeField('note', { filterable: false }),
        makeField('reference', { maxSize: 64, format: 'isReference' }),
      ],
      associations: [
        makeAssociation('categories', { nodeName: 'category', resource: 'categories' }),
        makeAssociation('product_bundle', {
          nodeName: 'product',
          resource: 'products',
          fields: [makeField('id'), makeField('quantity', { format: 'isUnsignedInt' })],
        }),
      ],
    }),
    makeResource('tags', {
      nodeName: 'tag',
      nodesName: 'tags',
      methods: ['GET'],
      fields: [makeField('name', { maxSize: 32 })],
    }),
  ]);
}

/** A deep, writable copy to edit in a test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Mutable = any;
export function edit(schema: StoreSchema, change: (s: Mutable) => void): StoreSchema {
  const copy = structuredClone(schema) as Mutable;
  change(copy);
  return copy as StoreSchema;
}

/** Finds a resource (and optionally a field) in a mutable copy. */
export function res(s: Mutable, name: string): Mutable {
  const r = s.resources.find((x: Mutable) => x.name === name);
  if (r === undefined) throw new Error(`no resource ${name}`);
  return r;
}
export function fld(s: Mutable, resource: string, field: string): Mutable {
  const f = res(s, resource).fields.find((x: Mutable) => x.name === field);
  if (f === undefined) throw new Error(`no field ${resource}.${field}`);
  return f;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export { makeAssociation, makeField, makeResource };
