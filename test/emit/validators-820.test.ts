/**
 * Generated validators on every resource of the PrestaShop 8.2.0 snapshot that accepts writes:
 * one valid body passes, and each violation (missing required field, read-only field, one
 * character over maxSize in the second language, a bad format, a value of the wrong type) yields
 * exactly the expected issue path and code. The zod output is run on the same cases and must
 * report the same issues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidators } from '../../src/emit/validators/index.js';
import { NameTable } from '../../src/naming/index.js';
import { buildPlan } from '../../src/plan/index.js';
import {
  emitOutput,
  fullValidBody,
  hasTestableLimit,
  importOutput,
  invalidValue,
  loadSnapshot,
  minimalValidBody,
  pairs,
  plansOf,
  SNAPSHOT_820,
  tooLongValue,
  validValue,
  type ValidationResult,
  type Validator,
} from './validators-harness.js';

const model = loadSnapshot(SNAPSHOT_820);
const plans = plansOf(model);
const names = NameTable.forSchema(model);
const writable = buildPlan(model).resources.filter(hasValidators);

interface Flavour {
  input: (resource: string) => Validator;
  patch: (resource: string) => Validator | null;
  cleanup: () => void;
}

async function load(validators: 'standalone' | 'zod'): Promise<Flavour> {
  const { module, cleanup } = await importOutput(await emitOutput(model, { validators }));
  return {
    input: (r) => module[names.of(r).validateInput] as Validator,
    patch: (r) => (module[names.of(r).validatePatch] as Validator | undefined) ?? null,
    cleanup,
  };
}

let standalone: Flavour;
let zod: Flavour;
beforeAll(async () => {
  [standalone, zod] = await Promise.all([load('standalone'), load('zod')]);
}, 120_000);
afterAll(() => {
  standalone?.cleanup();
  zod?.cleanup();
});

/** Runs a body through both flavours; both must give the same issues, returned as pairs. */
/** `operation`: 'update' unless told (a PUT body); null = the validator's own default ('create'). */
function check(
  resource: string,
  body: unknown,
  patch = false,
  operation: 'create' | 'update' | null = 'update',
): [string, string][] {
  const run = (f: Flavour): ValidationResult =>
    patch ? f.patch(resource)!(body) : f.input(resource)(body, operation ?? undefined);
  const a = run(standalone);
  const b = run(zod);
  expect(pairs(b), 'zod output agrees with the standalone validators').toEqual(pairs(a));
  if (!a.ok && !b.ok) expect(b.issues.map((i) => i.message).sort()).toEqual(a.issues.map((i) => i.message).sort());
  return pairs(a);
}

it('checks a body as a create (POST) by default, the first use of <Type>Input', () => {
  // modifierWsLinkRewrite runs Tools::str2url on POST: "tasse été" is stored as "tasse-ete".
  const body = {
    ...minimalValidBody(plans.get('products')!),
    link_rewrite: [
      { id: 1, value: 'tasse été' },
      { id: 2, value: 'tasse été' },
    ],
  };
  expect(check('products', body, false, null)).toEqual([]);
  expect(check('products', body, false, 'create')).toEqual([]);
  expect(check('products', body, false, 'update')).toEqual([
    ['link_rewrite[1]', 'invalid_format'],
    ['link_rewrite[2]', 'invalid_format'],
  ]);
});

it('covers the writable resources of the snapshot', () => {
  expect(writable.length).toBeGreaterThan(50);
  expect(writable.map((r) => r.name)).toEqual(
    expect.arrayContaining(['products', 'customers', 'addresses', 'orders', 'stock_availables']),
  );
  expect(writable.map((r) => r.name)).not.toContain('stock_movements');
});

describe.each(writable.map((r) => r.name))('%s', (resource) => {
  const plan = plans.get(resource)!;
  const writableFields = plan.fields.filter((f) => !f.readOnly);

  it('accepts a body with every field and association', () => {
    const body = fullValidBody(plan);
    const result = standalone.input(resource)(body);
    expect(pairs(result)).toEqual([]);
    expect(check(resource, body)).toEqual([]);
    expect(result).toEqual({ ok: true, value: body });
  });

  it('accepts a body with the required fields only', () => {
    expect(check(resource, minimalValidBody(plan))).toEqual([]);
  });

  it.each(writableFields.filter((f) => f.required).map((f) => [f.name, f] as const))(
    'refuses a body without %s',
    (name, f) => {
      const body = minimalValidBody(plan);
      delete body[name];
      expect(check(resource, body)).toEqual([[f.multilingual ? `${name}[1]` : name, 'required']]);
    },
  );

  it.each(plan.fields.filter((f) => f.readOnly).map((f) => [f.name] as const))(
    'refuses the read-only field %s',
    (name) => {
      expect(check(resource, { ...minimalValidBody(plan), [name]: 'x' })).toEqual([[name, 'read_only']]);
    },
  );

  const limited = writableFields.filter(hasTestableLimit);
  it.each(limited.map((f) => [f.name, f] as const))('refuses %s one character over maxSize', (name, f) => {
    const path = f.multilingual ? `${name}[2]` : name;
    expect(check(resource, { ...minimalValidBody(plan), [name]: tooLongValue(f) })).toEqual([[path, 'too_long']]);
  });

  const ruled = writableFields.filter((f) => invalidValue(f) !== null);
  it.each(ruled.map((f) => [f.name, f.rule, f] as const))('refuses a bad %s (%s)', (name, _rule, f) => {
    const path = f.multilingual ? `${name}[2]` : name;
    // As a PUT: on create the store normalises some values (link_rewrite) before its rule.
    expect(check(resource, { ...minimalValidBody(plan), [name]: invalidValue(f) }, false, 'update')).toEqual([
      [path, 'invalid_format'],
    ]);
  });

  it.each(writableFields.map((f) => [f.name, f] as const))('refuses a value of the wrong type for %s', (name, f) => {
    const wrong = f.multilingual ? 'not a list' : f.form === 'string' ? 42 : 'text';
    expect(check(resource, { ...minimalValidBody(plan), [name]: wrong })).toEqual([[name, 'invalid_type']]);
  });

  if (standalonePatchExists(resource)) {
    it('accepts an empty PATCH body, and checks the fields a PATCH sends', () => {
      expect(check(resource, {}, true)).toEqual([]);
      const field = writableFields.find((f) => invalidValue(f) !== null);
      if (field !== undefined) {
        const path = field.multilingual ? `${field.name}[2]` : field.name;
        expect(check(resource, { [field.name]: invalidValue(field) }, true)).toEqual([[path, 'invalid_format']]);
      }
    });
  }

  it('reports every issue at once', () => {
    const body: Record<string, unknown> = {};
    const expected: [string, string][] = [];
    for (const f of writableFields) {
      if (f.required) expected.push([f.multilingual ? `${f.name}[1]` : f.name, 'required']);
    }
    for (const f of plan.fields.filter((x) => x.readOnly)) {
      body[f.name] = 'x';
      expected.push([f.name, 'read_only']);
    }
    expect(check(resource, body)).toEqual(expected.sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1)));
  });
});

function standalonePatchExists(resource: string): boolean {
  return model.resources.find((r) => r.name === resource)!.methods.includes('PATCH');
}

describe('products in detail', () => {
  const input = (body: unknown): ValidationResult => standalone.input('products')(body, 'update');

  it('catches an invalid product before it is sent', () => {
    const result = input({
      price: -1,
      name: [
        { id: 1, value: 'Mug' },
        { id: 2, value: 'Tasse <rouge>' },
      ],
      reference: 'x'.repeat(65),
      manufacturer_name: 'Acme',
      associations: { categories: [{ id: 2 }, {}] },
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          path: 'name[2]',
          code: 'invalid_format',
          message:
            "name (language 2) is not valid for PrestaShop's isCatalogName: expected a name without < > ; = # { }",
        },
        {
          path: 'price',
          code: 'invalid_format',
          message:
            "price is not valid for PrestaShop's isPrice: expected a price such as 12.5 (up to 10 digits and 9 decimals, no sign)",
        },
        { path: 'reference', code: 'too_long', message: 'reference is 65 characters long; at most 64 are allowed' },
        {
          path: 'manufacturer_name',
          code: 'read_only',
          message: 'manufacturer_name cannot be written (the store refuses read-only fields)',
        },
        {
          path: 'associations.categories[1].id',
          code: 'required',
          message: 'associations.categories[1].id is required',
        },
      ],
    });
  });

  it('counts characters as PrestaShop does (code points, entities as one)', () => {
    const name = (value: string): unknown => [{ id: 1, value }];
    expect(input({ price: 1, name: name('é'.repeat(128)) }).ok).toBe(true);
    expect(input({ price: 1, name: name('😀'.repeat(128)) }).ok).toBe(true);
    // `&amp;` is one character to PrestaShop (isGenericName allows `&` and `;`; isCatalogName does not).
    expect(input({ price: 1, meta_title: name('&amp;'.repeat(255)) }).ok).toBe(true);
    expect(pairs(input({ price: 1, meta_title: name(`${'&amp;'.repeat(255)}x`) }))).toEqual([
      ['meta_title[1]', 'too_long'],
    ]);
    expect(pairs(input({ price: 1, name: name('😀'.repeat(129)) }))).toEqual([['name[1]', 'too_long']]);
  });

  it('skips the rule for PHP-empty values, as the store does', () => {
    expect(input({ price: 0, reference: '', ean13: '0', name: [{ id: 2, value: '' }] }).ok).toBe(true);
  });

  it('checks a number as the text the client writes', () => {
    expect(pairs(input({ price: 0.1 + 0.2 }))).toEqual([['price', 'invalid_format']]);
    expect(pairs(input({ price: 1e21 }))).toEqual([['price', 'invalid_format']]);
    // Written 0.0000001 by the client (never 1e-7), which isPrice accepts.
    expect(input({ price: 1e-7 }).ok).toBe(true);
    expect(pairs(input({ price: Number.NaN }))).toEqual([['price', 'invalid_type']]);
    expect(input({ price: 1234567890.123456 }).ok).toBe(true);
  });

  it('refuses language ids the store does not have, and malformed entries', () => {
    expect(pairs(input({ price: 1, name: [{ id: 3, value: 'x' }] }))).toEqual([['name', 'invalid_type']]);
    expect(pairs(input({ price: 1, name: ['x'] }))).toEqual([['name', 'invalid_type']]);
    expect(pairs(input({ price: 1, name: [{ id: 1 }] }))).toEqual([['name[1]', 'invalid_type']]);
  });

  it('refuses an association the store does not know (86), but passes unknown fields', () => {
    expect(pairs(input({ price: 1, associations: { colours: [] } }))).toEqual([
      ['associations.colours', 'unknown_key'],
    ]);
    expect(input({ price: 1, my_module_field: 'x', associations: { categories: [{ id: 1, position: 3 }] } }).ok).toBe(
      true,
    );
  });

  it('accepts module fields under extensions, with plain values only', () => {
    expect(input({ price: 1, extensions: { my_field: 'x', my_flag: true, my_list: [{ id: 1, value: 'a' }] } }).ok).toBe(
      true,
    );
    expect(pairs(input({ price: 1, extensions: { nested: { a: 1 } } }))).toEqual([['extensions', 'invalid_type']]);
  });

  it('refuses anything but an object', () => {
    for (const v of [null, 'x', 1, [], undefined]) expect(pairs(input(v))).toEqual([['', 'invalid_type']]);
  });
});

describe('required multilingual fields', () => {
  const resource = writable.find((r) => r.fields.some((f) => f.multilingual && f.required && f.writable))!;
  const field = resource.fields.find((f) => f.multilingual && f.required && f.writable)!;
  const plan = plans.get(resource.name)!;
  const body = (value: unknown): Record<string, unknown> => ({ ...minimalValidBody(plan), [field.name]: value });
  const text = validValue({ ...plan.fields.find((f) => f.name === field.name)!, multilingual: false });

  it(`need the default language (${resource.name}.${field.name})`, () => {
    expect(check(resource.name, body([{ id: 1, value: text }]))).toEqual([]);
    expect(check(resource.name, body([{ id: 2, value: text }]))).toEqual([[`${field.name}[1]`, 'required']]);
    expect(
      check(
        resource.name,
        body([
          { id: 1, value: '' },
          { id: 2, value: text },
        ]),
      ),
    ).toEqual([[`${field.name}[1]`, 'required']]);
    expect(
      check(
        resource.name,
        body([
          { id: 1, value: text },
          { id: 2, value: '' },
        ]),
      ),
    ).toEqual([]);
  });

  it('may leave the default language out of a PATCH (the stored value stays)', () => {
    expect(check(resource.name, { [field.name]: [{ id: 2, value: text }] }, true)).toEqual([]);
    expect(check(resource.name, { [field.name]: [{ id: 1, value: '' }] }, true)).toEqual([
      [`${field.name}[1]`, 'required'],
    ]);
  });
});
