/**
 * plan/field.ts, one row per construct: a field of the model → what its plan says (the type node,
 * the value form, the rule, the write behaviour). test/emit/fields.test.ts checks the same rows'
 * printed type and JSDoc; this one checks the plan's data, so a failure names the construct and the
 * decision that changed.
 */
import { describe, expect, it } from 'vitest';
import { makeAssociation, makeField, makeResource, SCHEMA_VERSION, type Field } from '../../src/model/index.js';
import {
  buildPlan,
  DEFAULT_PLAN_OPTIONS,
  keyword,
  literal,
  planField,
  ref,
  unionOf,
  type FieldPlan,
  type PlanDiagnostic,
  type PlanOptions,
} from '../../src/plan/index.js';

const F = makeField;
const num = keyword('number');
const str = keyword('string');
const nul = keyword('null');

interface Row {
  readonly field: Field;
  readonly options?: Partial<PlanOptions>;
  /** The read type, which is also the write type. */
  readonly type: FieldPlan['readType'];
  readonly plan: Partial<FieldPlan>;
  /** Diagnostic codes raised. */
  readonly diagnostics?: readonly string[];
}

const rows: Record<string, Row> = {
  string: {
    field: F('reference', { format: 'isReference', maxSize: 64 }),
    type: str,
    plan: { kind: 'string', form: 'string', rule: 'isReference', maxSize: 64, kindSource: 'format' },
  },
  int: {
    field: F('position', { format: 'isUnsignedInt' }),
    type: num,
    plan: { kind: 'int', form: 'number', rule: 'isUnsignedInt' },
  },
  bool: {
    field: F('active', { format: 'isBool' }),
    type: keyword('boolean'),
    plan: { kind: 'bool', form: 'boolean', rule: 'isBool' },
  },
  'decimal as number': {
    field: F('price', { format: 'isPrice', required: true }),
    type: num,
    plan: { kind: 'decimal', form: 'number', required: true },
  },
  'decimal as string': {
    field: F('price', { format: 'isPrice' }),
    options: { decimals: 'string' },
    type: str,
    plan: { kind: 'decimal', form: 'string' },
  },
  'date and time': {
    field: F('date_add', { format: 'isDate' }),
    type: ref('PsDateTime'),
    plan: { kind: 'date', dateOnly: false, form: 'string', imports: ['PsDateTime'] },
  },
  'date only': {
    field: F('birthday', { format: 'isBirthDate' }),
    type: ref('PsDate'),
    plan: { kind: 'date', dateOnly: true, imports: ['PsDate'] },
  },
  'date as Date': {
    field: F('date_add', { format: 'isDate' }),
    options: { dates: 'Date' },
    type: unionOf(ref('Date'), nul),
    plan: { form: 'datetime', imports: [] },
  },
  'date only as Date': {
    field: F('birthday', { format: 'isBirthDate' }),
    options: { dates: 'Date' },
    type: unionOf(ref('Date'), nul),
    plan: { form: 'day' },
  },
  html: { field: F('description', { format: 'isCleanHtml' }), type: str, plan: { kind: 'html', rule: 'isCleanHtml' } },
  multilingual: {
    field: F('name', { format: 'isCatalogName', multilingual: true, required: true }),
    type: ref('Multilang', str),
    plan: { multilingual: true, required: true, imports: ['Multilang'] },
  },
  'enum (SQL ENUM values)': {
    field: F('condition', { format: 'isGenericName', values: ['new', 'used', 'refurbished'] }),
    type: unionOf(literal('new'), literal('used'), literal('refurbished')),
    plan: { values: ['new', 'used', 'refurbished'] },
  },
  'multilingual enum': {
    field: F('state', { values: ['a', 'b'], multilingual: true }),
    type: ref('Multilang', unionOf(literal('a'), literal('b'))),
    plan: { multilingual: true },
  },
  'foreign key, branded': {
    field: F('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
    type: ref('Id', literal('manufacturers')),
    plan: { kind: 'id', references: 'manufacturers', imports: ['Id'] },
  },
  'foreign key, brandedIds off': {
    field: F('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
    options: { brandedIds: false },
    type: num,
    plan: { kind: 'id', imports: [] },
  },
  'nullable rule (isNullOrUnsignedId)': {
    field: F('id_x', { format: 'isNullOrUnsignedId' }),
    type: num,
    plan: { nullable: true, allowNull: false },
  },
  'allow_null (NULL in the store)': {
    field: F('low_stock_threshold', { format: 'isInt', allowNull: true }),
    type: unionOf(num, nul),
    plan: { allowNull: true },
  },
  'allow_null date as Date (null once more)': {
    field: F('date_x', { format: 'isDate', allowNull: true }),
    options: { dates: 'Date' },
    type: unionOf(ref('Date'), nul, nul),
    plan: { allowNull: true },
  },
  'allow_null multilingual (not nullable: the wrapper is a list)': {
    field: F('meta', { multilingual: true, allowNull: true }),
    type: ref('Multilang', str),
    plan: { allowNull: false },
  },
  'read-only (refused on write)': {
    field: F('quantity', { readOnly: true, format: 'isInt', required: true, allowNull: true }),
    type: unionOf(num, nul),
    plan: {
      write: 'refused',
      writable: false,
      required: false,
      allowNull: false,
      writeBack: false,
      serverManaged: false,
    },
  },
  'read-only in the synopsis, stored as sent': {
    field: F('secure_key', { format: 'isMd5', readOnly: true, write: 'stored' }),
    type: str,
    plan: { writable: true, serverManaged: true },
  },
  hashed: {
    field: F('passwd', { format: 'isHashedPassword', write: 'hashed', setter: 'setWsPasswd' }),
    type: str,
    plan: { hashed: true, rule: null, createRule: null, writable: true },
  },
  'computed, not written back': {
    field: F('position_in_category', { type: 'int', computed: true, write: 'setter', writeBack: false }),
    type: num,
    plan: { computed: true, writeBack: false, kindSource: 'catalog' },
  },
  'normalised on create': {
    field: F('link_rewrite', {
      format: 'isLinkRewrite',
      multilingual: true,
      modifier: { name: 'modifierWsLinkRewrite', methods: ['POST'] },
    }),
    type: ref('Multilang', str),
    plan: { rule: 'isLinkRewrite', createRule: null },
  },
  'no type at all': { field: F('valid'), type: str, plan: { kind: 'unknown', kindSource: 'none', rule: null } },
  'spec inputType': { field: F('id_shop', { inputType: 'listId' }), type: num, plan: { kindSource: 'inputType' } },
  'unknown format': {
    field: F('colour', { format: 'isColourFromModule' }),
    type: str,
    plan: { rule: null },
    diagnostics: ['unknown-format'],
  },
  'unknown inputType': {
    field: F('colour', { inputType: 'colourPicker' }),
    type: str,
    plan: { rule: null },
    diagnostics: ['unknown-input-type'],
  },
};

describe('plan of a field, per construct', () => {
  it.each(Object.entries(rows))('%s', (_name, row) => {
    const diagnostics: PlanDiagnostic[] = [];
    const p = planField(
      row.field,
      { resource: 'products', label: row.field.name },
      { ...DEFAULT_PLAN_OPTIONS, ...row.options },
      diagnostics,
    );
    expect(p.readType).toEqual(row.type);
    expect(p.writeType).toEqual(row.type);
    expect(p).toMatchObject(row.plan);
    expect(diagnostics.map((d) => d.code)).toEqual(row.diagnostics ?? []);
  });
});

describe('plan of a resource, per construct', () => {
  const model = {
    schemaVersion: SCHEMA_VERSION,
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
        methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'],
        fields: [
          F('name', { multilingual: true }),
          F('id_manufacturer', { format: 'isUnsignedId', references: 'manufacturers' }),
          F('date_upd', { format: 'isDate' }),
        ],
        associations: [
          makeAssociation('tags', { nodeName: 'tag', resource: 'tags', fields: [F('id')] }),
          makeAssociation('categories', {
            nodeName: 'category',
            resource: 'categories',
            fields: [F('position', { format: 'isInt' }), F('id')],
          }),
          makeAssociation('options', {
            nodeName: 'option',
            resource: null,
            virtual: true,
            fields: [F('id'), F('label', { readOnly: true })],
          }),
        ],
      }),
      makeResource('search', { nodeName: null, methods: ['GET'] }),
      makeResource('tags', { nodeName: 'tag', methods: ['DELETE'], fields: [F('name')] }),
      makeResource('configurations', { nodeName: 'configuration', methods: ['HEAD'] }),
    ],
  };
  const plan = buildPlan(model);
  const resource = (name: string) => plan.resources.find((r) => r.name === name)!;
  const products = resource('products');
  const association = (name: string) => products.associations.find((a) => a.name === name)!;

  it.each([
    [
      'association item id: an id of the target resource',
      () =>
        expect(association('categories').fields.find((f) => f.name === 'id')!.readType).toEqual(
          ref('Id', literal('categories')),
        ),
    ],
    [
      'association item id of a virtual entity: a plain number (no target to brand it with)',
      () => expect(association('options').fields.find((f) => f.name === 'id')!.readType).toEqual(num),
    ],
    [
      'association read-only item field: the association stays writable through the others',
      () => expect(association('options')).toMatchObject({ writable: true, virtual: true }),
    ],
    [
      'association fields by name',
      () => expect(association('categories').fieldsByName.map((f) => f.name)).toEqual(['id', 'position']),
    ],
    [
      "the item's own id: never written",
      () =>
        expect(products.id).toMatchObject({
          writable: false,
          required: false,
          readType: ref('Id', literal('products')),
        }),
    ],
    [
      'fields by name (store order kept in fields)',
      () => {
        expect(products.fields.map((f) => f.name)).toEqual(['name', 'id_manufacturer', 'date_upd']);
        expect(products.fieldsByName.map((f) => f.name)).toEqual(['date_upd', 'id_manufacturer', 'name']);
      },
    ],
    [
      'associations by name (store order kept)',
      () => {
        expect(products.associations.map((a) => a.name)).toEqual(['tags', 'categories', 'options']);
        expect(products.associationsByName.map((a) => a.name)).toEqual(['categories', 'options', 'tags']);
      },
    ],
    [
      'client methods in a fixed order, from the methods',
      () =>
        expect(products).toMatchObject({
          clientMethods: [
            'list',
            'listAll',
            'get',
            'count',
            'changes',
            'head',
            'create',
            'createMany',
            'update',
            'updateMany',
            'delete',
          ],
          hasClient: true,
          hasInput: true,
          hasPatch: false,
        }),
    ],
    [
      'a DELETE-only resource has a client',
      () => expect(resource('tags')).toMatchObject({ clientMethods: ['delete'], hasClient: true }),
    ],
    [
      'no synopsis (no node name): no client',
      () =>
        expect(resource('search')).toMatchObject({
          clientMethods: ['list', 'listAll', 'get', 'count', 'changes'],
          hasClient: false,
        }),
    ],
    [
      'not described (no field): no client',
      () =>
        expect(resource('configurations')).toMatchObject({
          described: false,
          clientMethods: ['head'],
          hasClient: false,
        }),
    ],
    [
      'languages ascending, the first the default',
      () => expect(plan).toMatchObject({ languages: [1, 2], defaultLanguage: 1 }),
    ],
  ] as const)('%s', (_name, check) => {
    check();
  });
});
