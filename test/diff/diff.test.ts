/** Invariants of `diff`: empty on itself, mirrored when reversed, inputs untouched, order-independent. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareChanges, diff, type Change } from '../../src/diff/index.js';
import {
  canonicalize,
  HTTP_METHODS,
  type Association,
  type Field,
  type Resource,
  type StoreSchema,
} from '../../src/model/index.js';
import { baseStore, deepFreeze, edit, res } from './helpers.js';

const name = (names: readonly string[]) => fc.constantFrom(...names);

const fieldArb: fc.Arbitrary<Field> = fc.record({
  type: fc.constantFrom(null, 'int' as const, 'string' as const, 'bool' as const),
  values: fc.constantFrom(null, ['a', 'b']),
  write: fc.constantFrom('stored' as const, 'refused' as const, 'hashed' as const),
  setter: fc.constant(null),
  modifier: fc.constant(null),
  computed: fc.boolean(),
  writeBack: fc.boolean(),
  allowNull: fc.boolean(),
  origin: fc.constantFrom('catalog' as const, 'module' as const, 'synopsis' as const),
  name: name(['id', 'name', 'price', 'id_tax', 'note', 'date_add']),
  required: fc.boolean(),
  maxSize: fc.constantFrom(null, 32, 64, 128),
  format: fc.constantFrom(
    null,
    'isCatalogName',
    'isGenericName',
    'isUnsignedInt',
    'isUnsignedId',
    'isPrice',
    'isBool',
    'isDate',
  ),
  inputType: fc.constantFrom(null, 'langList', 'numeric'),
  multilingual: fc.boolean(),
  readOnly: fc.boolean(),
  filterable: fc.boolean(),
  references: fc.constantFrom(null, 'taxes', 'categories'),
});
const fieldsArb = fc.uniqueArray(fieldArb, { selector: (f) => f.name, maxLength: 5 });

const associationArb: fc.Arbitrary<Association> = fc.record({
  name: name(['categories', 'images', 'order_rows']),
  resource: fc.constantFrom(null, 'categories', 'images'),
  api: fc.constantFrom(null, 'categories', 'images/products'),
  nodeName: fc.constantFrom('category', 'image', 'order_row'),
  virtual: fc.boolean(),
  fields: fieldsArb,
});

const resourceArb: fc.Arbitrary<Resource> = fc.record({
  name: name(['products', 'orders', 'tags', 'zones', 'carts']),
  description: fc.constantFrom(null, 'The resource', 'Another'),
  nodeName: fc.constantFrom(null, 'product', 'order'),
  nodesName: fc.constantFrom(null, 'products', 'orders'),
  methods: fc.subarray([...HTTP_METHODS]),
  keyMethods: fc.subarray([...HTTP_METHODS]),
  synopsis: fc.record({
    source: fc.constantFrom('json' as const, 'xml' as const, 'none' as const),
    reason: fc.constant(null),
  }),
  fields: fieldsArb,
  associations: fc.uniqueArray(associationArb, { selector: (a) => a.name, maxLength: 2 }),
  quirks: fc.constantFrom([], ['xml-item-500']),
  origin: fc.constantFrom(null, 'core' as const, 'module' as const),
});

const storeArb: fc.Arbitrary<StoreSchema> = fc.record({
  schemaVersion: fc.constant(3 as const),
  store: fc.record({
    psVersion: fc.constantFrom(null, '8.2.0', '9.0.0'),
    languages: fc.constant([]),
    catalog: fc.constantFrom(null, '8.2.0'),
    timeZone: fc.constantFrom(null, 'Europe/Paris'),
  }),
  resources: fc.uniqueArray(resourceArb, { selector: (r) => r.name, maxLength: 4 }),
});

const MIRROR = { added: 'removed', removed: 'added', changed: 'changed' } as const;

function shuffleModel(s: StoreSchema): StoreSchema {
  const rev = <T>(xs: readonly T[]): T[] => [...xs].reverse();
  return {
    ...s,
    resources: rev(s.resources).map((r) => ({
      ...r,
      methods: rev(r.methods),
      fields: rev(r.fields),
      associations: rev(r.associations).map((a) => ({ ...a, fields: rev(a.fields) })),
    })),
  };
}

describe('diff invariants', () => {
  it('diff(a, a) is empty', () => {
    fc.assert(fc.property(storeArb, (a) => diff(a, a).length === 0));
    expect(diff(baseStore(), baseStore())).toEqual([]);
  });

  it('diff(b, a) mirrors diff(a, b): added and removed swap, so do before and after', () => {
    fc.assert(
      fc.property(storeArb, storeArb, fc.option(storeArb), fc.option(storeArb), (a, b, coreA, coreB) => {
        const ab = diff(a, b, { baselines: { old: coreA, new: coreB } });
        const ba = diff(b, a, { baselines: { old: coreB, new: coreA } });
        expect(ba).toHaveLength(ab.length);
        ab.forEach((c, i) => {
          const m = ba[i]!;
          expect({
            path: m.path,
            kind: m.kind,
            property: m.property,
            before: m.before,
            after: m.after,
            origin: m.origin,
          }).toEqual({
            path: c.path,
            kind: MIRROR[c.kind],
            property: c.property,
            before: c.after,
            after: c.before,
            origin: c.origin,
          });
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never touches its (frozen) inputs', () => {
    fc.assert(
      fc.property(storeArb, storeArb, (a, b) => {
        const copies = [structuredClone(a), structuredClone(b)];
        diff(deepFreeze(a), deepFreeze(b), {
          baselines: { old: deepFreeze(structuredClone(a)), new: deepFreeze(structuredClone(b)) },
        });
        expect([a, b]).toEqual(copies);
      }),
      { numRuns: 100 },
    );
  });

  it('returns sorted changes, whatever order the models are in', () => {
    fc.assert(
      fc.property(storeArb, storeArb, (a, b) => {
        const changes = diff(a, b);
        expect([...changes].sort(compareChanges)).toEqual(changes);
        expect(diff(shuffleModel(a), shuffleModel(b))).toEqual(changes);
        expect(diff(canonicalize(a), canonicalize(b))).toEqual(changes);
      }),
      { numRuns: 200 },
    );
  });

  it('orders a resource: its properties, methods, fields, then associations with their fields', () => {
    const old = baseStore();
    const next = edit(old, (s) => {
      const p = res(s, 'products');
      p.nodeName = 'item';
      p.methods = ['GET'];
      p.fields[0].readOnly = false;
      p.associations[0].nodeName = 'cat';
      p.associations[1].fields = [];
    });
    expect(diff(old, next).map((c: Change) => `${c.path} ${c.id}`)).toEqual([
      'products resource-node-name-changed',
      'products:POST method-removed',
      'products:PUT method-removed',
      'products:DELETE method-removed',
      'products:HEAD method-removed',
      'products.date_add field-became-writable',
      'products@categories association-node-name-changed',
      'products@product_bundle.id field-removed',
      'products@product_bundle.quantity field-removed',
    ]);
  });

  it('reports an added or removed resource once, not per field', () => {
    const old = baseStore();
    const next = edit(old, (s) => s.resources.shift());
    expect(diff(old, next).map((c) => c.id)).toEqual(['resource-removed']);
  });
});
