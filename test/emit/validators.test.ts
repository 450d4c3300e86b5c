/**
 * The validators emitter on hand-made models: which files it writes, its diagnostics, each
 * option (unknownKeys, defaultLanguage, dates, decimals, validators) as the generated code behaves
 * at run time, odd field names, the spec's inputType kinds, and byte-identical output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { resolveEmitOptions, type EmitOptions } from '../../src/emit/context.js';
import { createEmitContext } from '../../src/emit/index.js';
import { emitValidators } from '../../src/emit/validators/index.js';
import {
  canonicalize,
  makeAssociation,
  makeField,
  makeResource,
  VALIDATORS,
  type Resource,
  type StoreSchema,
} from '../../src/model/index.js';
import * as rules from '../../templates/runtime/rules.js';
import { emitOutput, importOutput, loadSnapshot, pairs, type Validator } from './validators-harness.js';
import { FLAVOURS, type FlavourName } from '../../src/emit/validators/flavours.js';

/** Every validator flavour of the registry: each must make the same checks. */
const ALL_FLAVOURS = Object.keys(FLAVOURS) as FlavourName[];

/** The text with every run of whitespace as one space (the layout step breaks long lines). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

const ALL = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const product = makeResource('products', {
  nodeName: 'product',
  methods: [...ALL],
  fields: [
    makeField('name', { multilingual: true, required: true, format: 'isCatalogName', maxSize: 128 }),
    makeField('reference', { format: 'isReference', maxSize: 64 }),
    makeField('price', { required: true, format: 'isPrice' }),
    makeField('quantity', { readOnly: true }),
    makeField('available_date', { format: 'isDateFormat' }),
    makeField('date_add', { format: 'isDate' }),
    makeField('colour', { format: 'isColourFromAModule' }),
    makeField('flag', { format: 'isCookie' }),
  ],
  associations: [
    makeAssociation('categories', {
      nodeName: 'category',
      resource: 'categories',
      fields: [makeField('id', { required: true })],
    }),
    makeAssociation('order_rows', {
      nodeName: 'order_row',
      virtual: true,
      fields: [
        makeField('product_name', { readOnly: true }),
        makeField('product_id', { required: true, references: 'products' }),
      ],
    }),
  ],
});
const customer = makeResource('customers', {
  nodeName: 'customer',
  methods: ['GET', 'POST', 'PUT'],
  fields: [
    makeField('email', { required: true, format: 'isEmail', maxSize: 255 }),
    makeField('birthday', { format: 'isBirthDate' }),
  ],
});
const readOnlyResource = makeResource('stock_movements', {
  nodeName: 'stock_mvt',
  methods: ['GET'],
  fields: [makeField('id_product')],
});
const patchOnly = makeResource('shops', {
  nodeName: 'shop',
  methods: ['GET', 'PATCH'],
  fields: [makeField('name', { required: true, format: 'isGenericName' })],
});
const noFields = makeResource('images', {
  methods: [...ALL],
  synopsis: { source: 'none', reason: 'specific management' },
});

function schemaOf(...resources: Resource[]): StoreSchema {
  return {
    schemaVersion: 3,
    store: {
      psVersion: '8.2.0',
      languages: [
        { id: 1, isoCode: 'en' },
        { id: 2, isoCode: 'fr' },
      ],
      catalog: null,
      timeZone: null,
    },
    resources,
  };
}

const model = schemaOf(product, customer, readOnlyResource, patchOnly, noFields);

function emit(m: StoreSchema, options: Partial<EmitOptions> = {}) {
  const resolved = resolveEmitOptions(options);
  const ctx = createEmitContext(canonicalize(m), resolved);
  const result = emitValidators(m, resolved, ctx);
  // The field plan reports unknown formats once for every emitter (emitAll adds them the same way).
  return { ...result, diagnostics: [...ctx.plan.diagnostics, ...result.diagnostics] };
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

async function load(m: StoreSchema, options: Partial<EmitOptions> = {}): Promise<Record<string, Validator>> {
  const { module, cleanup } = await importOutput(await emitOutput(m, options));
  cleanups.push(cleanup);
  return module as Record<string, Validator>;
}

describe('files', () => {
  it('writes a file per resource that accepts writes, and a barrel', () => {
    const { files } = emit(model);
    expect([...files.keys()].sort()).toEqual([
      'validators/customers.ts',
      'validators/index.ts',
      'validators/products.ts',
      'validators/shops.ts',
    ]);
    const products = files.get('validators/products.ts')!;
    expect(oneLine(products)).toContain(
      'function _validateProductInput( value: unknown, operation: "create" | "update" = "create", ): ValidationResult<ProductInput>',
    );
    expect(oneLine(products)).toContain(
      'function _validateProductPatch(value: unknown): ValidationResult<ProductPatch>',
    );
    // Each export is its check function carrying ~standard, made by a call a bundler may drop.
    expect(oneLine(products)).toContain(
      'export const validateProductInput = /* @__PURE__ */ standardSchema( _validateProductInput, );',
    );
    expect(products).toContain('from "../runtime/rules.js"');
    expect(products).not.toContain('zod');
    expect(files.get('validators/customers.ts')).not.toContain('validateCustomerPatch');
    expect(files.get('validators/shops.ts')).toContain(
      'function _validateShopPatch(value: unknown): ValidationResult<ShopPatch>',
    );
    expect(oneLine(files.get('validators/shops.ts')!)).toContain(
      'export const validateShopPatch = /* @__PURE__ */ standardSchema(_validateShopPatch);',
    );
    expect(files.get('validators/shops.ts')).not.toContain('validateShopInput');
    expect(files.get('validators/index.ts')).toContain('export * from "./products.js";');
  });

  it('writes nothing with validators: none, and zod schemas with validators: zod', async () => {
    expect(emit(model, { validators: 'none' }).files.size).toBe(0);
    const { files } = emit(model, { validators: 'zod' });
    // The glue is a template (templates/zod/_zod.ts), copied only into zod output with validators.
    expect(files.has('validators/_zod.ts')).toBe(false);
    expect((await emitOutput(model, { validators: 'zod' })).get('validators/_zod.ts')).toContain(
      'export function checks<',
    );
    expect((await emitOutput(model, {})).has('validators/_zod.ts')).toBe(false);
    expect((await emitOutput(schemaOf(noFields), { validators: 'zod' })).has('validators/_zod.ts')).toBe(false);
    expect(files.get('validators/products.ts')).toContain('import { z } from "zod";');
    expect(files.get('validators/products.ts')).toContain('export const productInputSchema = z.looseObject({');
    expect(oneLine(files.get('validators/products.ts')!)).toContain(
      'function _validateProductInput( value: unknown, operation: "create" | "update" = "create", )',
    );
  });

  it('is byte-identical whatever the order of resources (fields keep the store order, a fact of the store)', () => {
    const shuffled = schemaOf(noFields, patchOnly, product, readOnlyResource, customer);
    expect([...emit(shuffled).files]).toEqual([...emit(model).files]);
  });

  it('warns once per field whose format has no rule, naming resource and field', () => {
    const { diagnostics } = emit(model);
    expect(diagnostics.map((d) => [d.code, d.resource, d.field])).toEqual([
      ['unknown-format', 'products', 'colour'],
      ['unknown-format', 'products', 'flag'],
    ]);
    expect(diagnostics[0]!.message).toContain('isColourFromAModule');
  });
});

describe('rules table', () => {
  it('names only functions the runtime exports', () => {
    const exported = rules as unknown as Record<string, unknown>;
    for (const name of [...VALIDATORS.map((v) => v.name), 'isNumeric', 'charLength'])
      expect(typeof exported[name], name).toBe('function');
  });

  it('has a rule for every format of the 8.2.0 snapshot', () => {
    const snapshot = loadSnapshot('test/golden/prestashop-8.2.0/prestashop-schema.json');
    const { diagnostics } = emit(snapshot);
    expect(diagnostics).toEqual([]);
  });
});

describe('generated code at run time', () => {
  it('passes a value of an unknown format unchecked', async () => {
    const m = await load(model);
    expect(m['validateProductInput']!({ price: 1, name: [{ id: 1, value: 'x' }], colour: '<anything>' }).ok).toBe(true);
  });

  it('checks association items, read-only item fields and required item fields', async () => {
    const m = await load(model);
    const result = m['validateProductInput']!({
      price: 1,
      name: [{ id: 1, value: 'x' }],
      associations: { categories: [{ id: 2 }, 'x'], order_rows: [{ product_id: 1, product_name: 'x' }, {}] },
    });
    expect(pairs(result)).toEqual([
      ['associations.categories[1]', 'invalid_type'],
      ['associations.order_rows[0].product_name', 'read_only'],
      ['associations.order_rows[1].product_id', 'required'],
    ]);
  });

  it('passes unknown keys by default (modules add fields)', async () => {
    const m = await load(model);
    const body = {
      price: 1,
      name: [{ id: 1, value: 'x' }],
      module_field: 'x',
      associations: { categories: [{ id: 1, extra: 1 }] },
    };
    expect(m['validateProductInput']!(body)).toEqual({ ok: true, value: body });
  });

  it.each(ALL_FLAVOURS)('refuses unknown keys with unknownKeys: strict (%s)', async (validators) => {
    const m = await load(model, { unknownKeys: 'strict', validators });
    const body = {
      price: 1,
      name: [{ id: 1, value: 'x' }],
      module_field: 'x',
      associations: { categories: [{ id: 1, extra: 1 }] },
    };
    expect(pairs(m['validateProductInput']!(body))).toEqual([
      ['associations.categories[0].extra', 'unknown_key'],
      ['module_field', 'unknown_key'],
    ]);
  });

  it.each(ALL_FLAVOURS)('drops unknown keys with unknownKeys: strip (%s)', async (validators) => {
    const m = await load(model, { unknownKeys: 'strip', validators });
    const body = {
      price: 1,
      name: [{ id: 1, value: 'x' }],
      module_field: 'x',
      associations: { categories: [{ id: 1, extra: 1 }], colours: [{ id: 1 }] },
    };
    const copy = structuredClone(body);
    expect(m['validateProductInput']!(body)).toEqual({
      ok: true,
      value: { price: 1, name: [{ id: 1, value: 'x' }], associations: { categories: [{ id: 1 }] } },
    });
    expect(body).toEqual(copy);
  });

  it('requires the default language given by defaultLanguage', async () => {
    const m = await load(model, { defaultLanguage: 2 });
    expect(pairs(m['validateProductInput']!({ price: 1, name: [{ id: 1, value: 'x' }] }))).toEqual([
      ['name[2]', 'required'],
    ]);
    expect(m['validateProductInput']!({ price: 1, name: [{ id: 2, value: 'x' }] }).ok).toBe(true);
  });

  it.each(ALL_FLAVOURS)('checks Date values with dates: Date (%s)', async (validators) => {
    const m = await load(model, { dates: 'Date', validators });
    const ok = { price: 1, name: [{ id: 1, value: 'x' }] };
    expect(
      m['validateProductInput']!({ ...ok, date_add: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), available_date: null }).ok,
    ).toBe(true);
    expect(pairs(m['validateProductInput']!({ ...ok, date_add: new Date('nope') }))).toEqual([
      ['date_add', 'invalid_type'],
    ]);
    expect(pairs(m['validateProductInput']!({ ...ok, date_add: '2024-01-02' }))).toEqual([
      ['date_add', 'invalid_type'],
    ]);
    expect(pairs(m['validateProductInput']!({ ...ok, date_add: new Date(-62198755200000) }))).toEqual([
      ['date_add', 'invalid_format'],
    ]);
    expect(pairs(m['validateCustomerInput']!({ email: 'a@b.co', birthday: new Date(Date.UTC(3000, 0, 1)) }))).toEqual([
      ['birthday', 'invalid_format'],
    ]);
    expect(m['validateCustomerInput']!({ email: 'a@b.co', birthday: new Date(Date.UTC(1990, 3, 1)) }).ok).toBe(true);
  });

  it.each(ALL_FLAVOURS)('checks decimal strings with decimals: string (%s)', async (validators) => {
    const m = await load(model, { decimals: 'string', validators });
    const name = [{ id: 1, value: 'x' }];
    expect(m['validateProductInput']!({ price: '19.90', name }).ok).toBe(true);
    expect(pairs(m['validateProductInput']!({ price: '1.2.3', name }))).toEqual([['price', 'invalid_format']]);
    expect(pairs(m['validateProductInput']!({ price: 19.9, name }))).toEqual([['price', 'invalid_type']]);
  });

  it('validates PATCH bodies of a resource that only has PATCH', async () => {
    const m = await load(model);
    expect(m['validateShopPatch']!({}).ok).toBe(true);
    expect(pairs(m['validateShopPatch']!({ name: '' }))).toEqual([['name', 'required']]);
    expect(pairs(m['validateShopPatch']!({ name: 'a<b' }))).toEqual([['name', 'invalid_format']]);
  });

  it('reads only own properties, whatever the field names', async () => {
    const odd = makeResource('things', {
      nodeName: 'thing',
      methods: ['GET', 'POST'],
      fields: [
        makeField('constructor', { format: 'isGenericName' }),
        makeField('toString', { required: true }),
        makeField('__proto__', { maxSize: 2 }),
        makeField('my-field', { format: 'isInt' }),
        makeField('a`${b}', { maxSize: 1 }),
      ],
    });
    const m = await load(schemaOf(odd));
    const validate = m['validateThingInput']!;
    expect(validate({ toString: 'x' }).ok).toBe(true);
    expect(pairs(validate({}))).toEqual([['toString', 'required']]);
    expect(pairs(validate(JSON.parse('{"toString":"x","__proto__":"abc","my-field":1.5,"a`${b}":"ab"}')))).toEqual([
      ['__proto__', 'too_long'],
      ['a`${b}', 'too_long'],
      ['my-field', 'invalid_format'],
    ]);
  });
});

describe("the spec's inputType kinds", () => {
  const spec = loadSnapshot('test/golden/spec-store/prestashop-schema.json');

  it('checks listId as an id, numeric as a number, langList as a language list', async () => {
    const resource = spec.resources.find((r) => r.name === 'products')!;
    const byType = (t: string) => resource.fields.find((f) => f.inputType === t && !f.readOnly && f.name !== 'id');
    const listId = byType('listId');
    const numeric = byType('numeric');
    const langList = byType('langList');
    expect([listId, numeric, langList].every((f) => f !== undefined)).toBe(true);
    const m = await load(spec);
    const validate = m['validateProductInput']!;
    const base = Object.fromEntries(
      resource.fields
        .filter((f) => f.required && !f.readOnly && f.name !== 'id')
        .map((f) => [
          f.name,
          f.multilingual || f.inputType === 'langList'
            ? [{ id: 1, value: 'x' }]
            : f.inputType === 'listId' || f.inputType === 'numeric'
              ? 1
              : 'x',
        ]),
    );
    expect(validate(base).ok).toBe(true);
    expect(pairs(validate({ ...base, [listId!.name]: -1 }))).toEqual([[listId!.name, 'invalid_format']]);
    expect(pairs(validate({ ...base, [numeric!.name]: '1' }))).toEqual([[numeric!.name, 'invalid_type']]);
    expect(pairs(validate({ ...base, [langList!.name]: 'x' }))).toEqual([[langList!.name, 'invalid_type']]);
  });
});
