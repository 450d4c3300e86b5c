/**
 * One minimal snapshot pair per rule: the pair differs in one thing, the diff reports exactly one
 * change with the rule's id, severity and direction, and the reverse diff mirrors it.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, diff, RULES, type Change, type CheckId, type Direction } from '../../src/diff/index.js';
import {
  baseStore,
  deepFreeze,
  edit,
  fld,
  makeAssociation,
  makeField,
  makeResource,
  res,
  type Mutable,
} from './helpers.js';

interface Case {
  readonly id: CheckId;
  readonly title?: string;
  readonly edit: (s: Mutable) => void;
  /** Edits the old side instead (for rules whose natural pair starts from an edited store). */
  readonly editOld?: (s: Mutable) => void;
  readonly expect: Pick<Change, 'path' | 'kind' | 'property' | 'before' | 'after'> & { direction: Direction };
}

const C = (
  id: CheckId,
  editNew: (s: Mutable) => void,
  expected: Case['expect'],
  extra: Partial<Pick<Case, 'title' | 'editOld'>> = {},
): Case => ({ id, edit: editNew, expect: expected, ...extra });

const field = (
  path: string,
  property: Change['property'],
  before: Change['before'],
  after: Change['after'],
  direction: Direction,
) => ({
  path,
  kind: 'changed' as const,
  property,
  before,
  after,
  direction,
});

const CASES: readonly Case[] = [
  // resources
  C('resource-added', (s) => s.resources.push(makeResource('zones', { nodeName: 'zone' })), {
    path: 'zones',
    kind: 'added',
    property: null,
    before: null,
    after: 'zones',
    direction: 'both',
  }),
  C('resource-removed', (s) => s.resources.pop(), {
    path: 'tags',
    kind: 'removed',
    property: null,
    before: 'tags',
    after: null,
    direction: 'both',
  }),
  C('resource-node-name-changed', (s) => (res(s, 'products').nodeName = 'item'), {
    path: 'products',
    kind: 'changed',
    property: 'nodeName',
    before: 'product',
    after: 'item',
    direction: 'both',
  }),
  C('resource-list-node-name-changed', (s) => (res(s, 'products').nodesName = 'items'), {
    path: 'products',
    kind: 'changed',
    property: 'nodesName',
    before: 'products',
    after: 'items',
    direction: 'read',
  }),
  C('resource-synopsis-changed', (s) => (res(s, 'products').synopsis = { source: 'json', reason: 'lossy' }), {
    path: 'products',
    kind: 'changed',
    property: 'synopsis',
    before: 'xml',
    after: 'json',
    direction: 'both',
  }),
  C('resource-description-changed', (s) => (res(s, 'products').description = 'Products'), {
    path: 'products',
    kind: 'changed',
    property: 'description',
    before: 'The products',
    after: 'Products',
    direction: 'both',
  }),
  // methods
  C('method-added', (s) => res(s, 'products').methods.push('PATCH'), {
    path: 'products:PATCH',
    kind: 'added',
    property: 'methods',
    before: null,
    after: 'PATCH',
    direction: 'write',
  }),
  C(
    'method-added',
    (s) => res(s, 'tags').methods.push('HEAD'),
    {
      path: 'tags:HEAD',
      kind: 'added',
      property: 'methods',
      before: null,
      after: 'HEAD',
      direction: 'read',
    },
    { title: 'a read method' },
  ),
  C('method-removed', (s) => (res(s, 'products').methods = ['GET', 'POST', 'PUT', 'HEAD']), {
    path: 'products:DELETE',
    kind: 'removed',
    property: 'methods',
    before: 'DELETE',
    after: null,
    direction: 'write',
  }),
  C(
    'method-removed',
    (s) => (res(s, 'products').methods = ['POST', 'PUT', 'DELETE', 'HEAD']),
    {
      path: 'products:GET',
      kind: 'removed',
      property: 'methods',
      before: 'GET',
      after: null,
      direction: 'read',
    },
    { title: 'a read method' },
  ),
  // fields
  C('field-added', (s) => res(s, 'products').fields.push(makeField('ean13', { maxSize: 13 })), {
    path: 'products.ean13',
    kind: 'added',
    property: null,
    before: null,
    after: 'ean13',
    direction: 'both',
  }),
  C(
    'field-added',
    (s) => res(s, 'products').fields.push(makeField('date_upd', { required: true, readOnly: true })),
    {
      path: 'products.date_upd',
      kind: 'added',
      property: null,
      before: null,
      after: 'date_upd',
      direction: 'both',
    },
    { title: 'required but read-only' },
  ),
  C(
    'required-field-added',
    (s) => res(s, 'products').fields.push(makeField('price', { required: true, format: 'isPrice' })),
    {
      path: 'products.price',
      kind: 'added',
      property: null,
      before: null,
      after: 'price',
      direction: 'write',
    },
  ),
  C(
    'field-removed',
    (s) => (res(s, 'products').fields = res(s, 'products').fields.filter((f: Mutable) => f.name !== 'reference')),
    {
      path: 'products.reference',
      kind: 'removed',
      property: null,
      before: 'reference',
      after: null,
      direction: 'both',
    },
  ),
  C(
    'read-only-field-removed',
    (s) => (res(s, 'products').fields = res(s, 'products').fields.filter((f: Mutable) => f.name !== 'date_add')),
    {
      path: 'products.date_add',
      kind: 'removed',
      property: null,
      before: 'date_add',
      after: null,
      direction: 'read',
    },
  ),
  C(
    'field-became-required',
    (s) => (fld(s, 'products', 'reference').required = true),
    field('products.reference', 'required', false, true, 'write'),
  ),
  C(
    'field-became-optional',
    (s) => (fld(s, 'products', 'name').required = false),
    field('products.name', 'required', true, false, 'write'),
  ),
  C(
    'field-max-size-decreased',
    (s) => (fld(s, 'products', 'name').maxSize = 64),
    field('products.name', 'maxSize', 128, 64, 'write'),
  ),
  C(
    'field-max-size-increased',
    (s) => (fld(s, 'products', 'name').maxSize = 255),
    field('products.name', 'maxSize', 128, 255, 'both'),
  ),
  C(
    'field-max-size-added',
    (s) => (fld(s, 'products', 'note').maxSize = 100),
    field('products.note', 'maxSize', null, 100, 'write'),
  ),
  C(
    'field-max-size-removed',
    (s) => (fld(s, 'products', 'reference').maxSize = null),
    field('products.reference', 'maxSize', 64, null, 'both'),
  ),
  C(
    'field-type-changed',
    (s) => (fld(s, 'products', 'reference').format = 'isUnsignedInt'),
    field('products.reference', 'format', 'isReference', 'isUnsignedInt', 'both'),
  ),
  C(
    'field-type-changed',
    (s) => (fld(s, 'products', 'note').inputType = 'numeric'),
    field('products.note', 'inputType', null, 'numeric', 'both'),
    {
      title: 'through inputType',
    },
  ),
  C(
    'field-format-changed',
    (s) => (fld(s, 'products', 'name').format = 'isGenericName'),
    field('products.name', 'format', 'isCatalogName', 'isGenericName', 'write'),
  ),
  C(
    'field-format-changed',
    (s) => (fld(s, 'products', 'id_manufacturer').format = 'isUnsignedInt'),
    field('products.id_manufacturer', 'format', 'isUnsignedId', 'isUnsignedInt', 'write'),
    {
      title: 'id to integer keeps the value class',
    },
  ),
  C(
    'field-format-added',
    (s) => (fld(s, 'products', 'note').format = 'isCleanHtml'),
    field('products.note', 'format', null, 'isCleanHtml', 'write'),
  ),
  C(
    'field-format-removed',
    (s) => (fld(s, 'products', 'name').format = null),
    field('products.name', 'format', 'isCatalogName', null, 'write'),
  ),
  C(
    'field-input-type-changed',
    (s) => (fld(s, 'products', 'name').inputType = 'langList'),
    field('products.name', 'inputType', null, 'langList', 'write'),
  ),
  C(
    'field-multilingual-changed',
    (s) => (fld(s, 'products', 'name').multilingual = false),
    field('products.name', 'multilingual', true, false, 'both'),
  ),
  C(
    'field-became-read-only',
    (s) => (fld(s, 'products', 'reference').readOnly = true),
    field('products.reference', 'readOnly', false, true, 'write'),
  ),
  C(
    'field-became-writable',
    (s) => (fld(s, 'products', 'date_add').readOnly = false),
    field('products.date_add', 'readOnly', true, false, 'write'),
  ),
  C(
    'field-no-longer-filterable',
    (s) => (fld(s, 'products', 'name').filterable = false),
    field('products.name', 'filterable', true, false, 'read'),
  ),
  C(
    'field-became-filterable',
    (s) => (fld(s, 'products', 'note').filterable = true),
    field('products.note', 'filterable', false, true, 'read'),
  ),
  C(
    'field-references-changed',
    (s) => (fld(s, 'products', 'id_manufacturer').references = 'suppliers'),
    field('products.id_manufacturer', 'references', 'manufacturers', 'suppliers', 'both'),
  ),
  C(
    'field-references-removed',
    (s) => (fld(s, 'products', 'id_manufacturer').references = null),
    field('products.id_manufacturer', 'references', 'manufacturers', null, 'both'),
  ),
  C(
    'field-references-added',
    (s) => (fld(s, 'products', 'reference').references = 'suppliers'),
    field('products.reference', 'references', null, 'suppliers', 'read'),
  ),
  // fields: what the catalog says (compared only where both sides had a catalog entry applied)
  C(
    'field-php-type-changed',
    (s) => Object.assign(fld(s, 'products', 'note'), { type: 'int', origin: 'catalog' }),
    field('products.note', 'type', 'string', 'int', 'both'),
    {
      editOld: (s) => Object.assign(fld(s, 'products', 'note'), { type: 'string', origin: 'catalog' }),
    },
  ),
  C(
    'field-values-restricted',
    (s) => Object.assign(fld(s, 'products', 'reference'), { values: ['a'], origin: 'catalog' }),
    field('products.reference', 'values', 'a, b', 'a', 'write'),
    {
      editOld: (s) => Object.assign(fld(s, 'products', 'reference'), { values: ['a', 'b'], origin: 'catalog' }),
    },
  ),
  C(
    'field-values-extended',
    (s) => Object.assign(fld(s, 'products', 'reference'), { values: ['a', 'b'], origin: 'catalog' }),
    field('products.reference', 'values', 'a', 'a, b', 'read'),
    {
      editOld: (s) => Object.assign(fld(s, 'products', 'reference'), { values: ['a'], origin: 'catalog' }),
    },
  ),
  C(
    'field-write-refused',
    (s) => Object.assign(fld(s, 'products', 'note'), { write: 'refused', origin: 'catalog' }),
    field('products.note', 'write', 'stored', 'refused', 'write'),
    {
      editOld: (s) => Object.assign(fld(s, 'products', 'note'), { write: 'stored', origin: 'catalog' }),
    },
  ),
  C(
    'field-write-changed',
    (s) => Object.assign(fld(s, 'products', 'note'), { write: 'hashed', origin: 'catalog' }),
    field('products.note', 'write', 'stored', 'hashed', 'write'),
    {
      editOld: (s) => Object.assign(fld(s, 'products', 'note'), { write: 'stored', origin: 'catalog' }),
    },
  ),
  // associations
  C(
    'association-added',
    (s) => res(s, 'products').associations.push(makeAssociation('tags', { nodeName: 'tag', resource: 'tags' })),
    {
      path: 'products@tags',
      kind: 'added',
      property: null,
      before: null,
      after: 'tags',
      direction: 'both',
    },
  ),
  C('association-removed', (s) => res(s, 'products').associations.shift(), {
    path: 'products@categories',
    kind: 'removed',
    property: null,
    before: 'categories',
    after: null,
    direction: 'both',
  }),
  C('association-target-changed', (s) => (res(s, 'products').associations[0].resource = 'tags'), {
    path: 'products@categories',
    kind: 'changed',
    property: 'resource',
    before: 'categories',
    after: 'tags',
    direction: 'both',
  }),
  C('association-node-name-changed', (s) => (res(s, 'products').associations[0].nodeName = 'cat'), {
    path: 'products@categories',
    kind: 'changed',
    property: 'nodeName',
    before: 'category',
    after: 'cat',
    direction: 'both',
  }),
  C('association-virtual-changed', (s) => (res(s, 'products').associations[0].virtual = true), {
    path: 'products@categories',
    kind: 'changed',
    property: 'virtual',
    before: false,
    after: true,
    direction: 'both',
  }),
  C(
    'required-field-added',
    (s) => res(s, 'products').associations[1].fields.push(makeField('id_product_attribute', { required: true })),
    {
      path: 'products@product_bundle.id_product_attribute',
      kind: 'added',
      property: null,
      before: null,
      after: 'id_product_attribute',
      direction: 'write',
    },
    { title: 'in an association' },
  ),
  C(
    'field-type-changed',
    (s) => (res(s, 'products').associations[1].fields[1].format = 'isBool'),
    field('products@product_bundle.quantity', 'format', 'isUnsignedInt', 'isBool', 'both'),
    {
      title: 'in an association',
    },
  ),
];

const MIRROR_KIND = { added: 'removed', removed: 'added', changed: 'changed' } as const;

describe('rule table', () => {
  it('has a minimal pair for every check id', () => {
    expect(new Set(CASES.map((c) => c.id))).toEqual(new Set(CHECK_IDS));
  });

  it.each(CASES.map((c) => [`${c.id}${c.title ? ` (${c.title})` : ''}`, c] as const))('%s', (_name, c) => {
    const old = deepFreeze(c.editOld === undefined ? baseStore() : edit(baseStore(), c.editOld));
    const next = deepFreeze(edit(old, c.edit));
    const changes = diff(old, next);
    expect(changes).toHaveLength(1);
    const [change] = changes as [Change];
    expect(change).toMatchObject({ id: c.id, ...c.expect, severity: RULES[c.id].severity });
    expect(change.reason).toBe(RULES[c.id].reason);
    expect(change.message.startsWith(`${c.expect.path}: `)).toBe(true);

    const back = diff(next, old);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      path: change.path,
      kind: MIRROR_KIND[change.kind],
      property: change.property,
      before: change.after,
      after: change.before,
    });
  });
});
