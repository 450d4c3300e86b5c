/**
 * The generated types and validators of the two other generations, from the core baselines built
 * from the catalog data (baselines/prestashop-1.7.8.10.json, baselines/prestashop-9.0.0.json): what
 * each release's classes do on write shows in the output, and the output compiles under strict.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitAll, resolveEmitOptions } from '../../src/emit/index.js';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { buildPlan, resourcePlan } from '../../src/plan/index.js';
import { typecheck } from '../emit/typecheck.js';
import { importOutput } from '../emit/validators-harness.js';
import { readRuntimeTemplates } from '../../src/templates.js';

const ROOT = join(import.meta.dirname, '..', '..');
const baseline = (version: string): StoreSchema =>
  parseSnapshot(readFileSync(join(ROOT, `baselines/prestashop-${version}.json`), 'utf8'));

type Validate = (
  value: unknown,
  operation?: 'create' | 'update',
) => { ok: boolean; issues?: { path: string; code: string }[] };
const customer = { lastname: 'Doe', firstname: 'Jane', email: 'jane@example.com', passwd: 'secret-42' };

describe.each([
  ['1.7.8.10', { secureKey: 'stored', patch: false }],
  ['9.0.0', { secureKey: 'refused', patch: true }],
] as const)('PrestaShop %s, from the catalog', (version, expected) => {
  const model = baseline(version);
  const plan = buildPlan(model);
  let module: Record<string, unknown>;
  let cleanup: () => void;
  beforeAll(async () => {
    const { files } = emitAll(model, resolveEmitOptions(), { templates: await readRuntimeTemplates() });
    expect(typecheck(files, 'nodenext')).toEqual([]);
    ({ module, cleanup } = await importOutput(files));
  });
  afterAll(() => cleanup?.());

  it('applies the generation catalog to every core field', () => {
    expect(model.store.catalog).toBe(version);
    const fields = model.resources.flatMap((r) => [...r.fields, ...r.associations.flatMap((a) => a.fields)]);
    expect(fields.filter((f) => f.origin !== 'catalog')).toEqual([]);
  });

  it(`customers.secure_key is ${expected.secureKey} on write, and passwd takes a plain password`, () => {
    const customers = resourcePlan(plan, 'customers');
    const secureKey = customers.fields.find((f) => f.name === 'secure_key')!;
    expect(secureKey.write).toBe(expected.secureKey);
    expect(secureKey.writable).toBe(expected.secureKey !== 'refused');
    const validate = module.validateCustomerInput as Validate;
    expect(validate(customer, 'create')).toMatchObject({ ok: true });
    const withKey = validate({ ...customer, secure_key: 'd41d8cd98f00b204e9800998ecf8427e' }, 'create');
    expect(withKey.ok).toBe(expected.secureKey !== 'refused');
    if (!withKey.ok)
      expect(withKey.issues).toEqual([expect.objectContaining({ path: 'secure_key', code: 'read_only' })]);
  });

  it('refuses a product condition outside the allowed values (85), and PATCH exists only from 8.0', () => {
    const validate = module.validateProductInput as Validate;
    const result = validate({ price: 1, condition: 'broken' }, 'update');
    expect(result.issues).toEqual([expect.objectContaining({ path: 'condition', code: 'invalid_value' })]);
    expect(resourcePlan(plan, 'products').hasPatch).toBe(expected.patch);
    expect(typeof module.validateProductPatch === 'function').toBe(expected.patch);
  });

  it("refuses a redirect_type outside the release's SQL ENUM (the store would store '')", () => {
    const validate = module.validateProductInput as Validate;
    const bogus = validate({ price: 1, redirect_type: 'bogus' }, 'update');
    expect(bogus.issues).toEqual([expect.objectContaining({ path: 'redirect_type', code: 'invalid_value' })]);
    // '410' came with 8.1: refused on 1.7.8, valid on 9.0.
    expect(validate({ price: 1, redirect_type: '410' }, 'update').ok).toBe(expected.patch);
    expect(validate({ price: 1, redirect_type: '301-product' }, 'update').ok).toBe(true);
  });
});

it('9.0 drops products.meta_keywords and checks ean13 with isGtin; 1.7.8 has meta_keywords and isEan13', () => {
  const products = (v: string) => resourcePlan(buildPlan(baseline(v)), 'products');
  expect(products('9.0.0').fields.find((f) => f.name === 'meta_keywords')).toBeUndefined();
  expect(products('9.0.0').fields.find((f) => f.name === 'ean13')).toMatchObject({ rule: 'isGtin', maxSize: 14 });
  expect(products('1.7.8.10').fields.find((f) => f.name === 'meta_keywords')).toBeDefined();
  expect(products('1.7.8.10').fields.find((f) => f.name === 'ean13')).toMatchObject({ rule: 'isEan13', maxSize: 13 });
});
