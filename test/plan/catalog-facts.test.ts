/**
 * Facts of each release's own code that the plan carries to every emitter (issue 21): core fields
 * without a declared type are not module fields; a hashed password has no plain-password rule;
 * SQL ENUM values; `allow_null`; fields a modifier reads on create.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { typeText } from '../../src/emit/layout-types.js';
import { buildPlan, keyword, resourcePlan, unionOf } from '../../src/plan/index.js';

const NUMBER_OR_NULL = unionOf(keyword('number'), keyword('null'));

const ROOT = join(import.meta.dirname, '..', '..');
const baseline = (version: string): StoreSchema =>
  parseSnapshot(readFileSync(join(ROOT, `baselines/prestashop-${version}.json`), 'utf8'));
const VERSIONS = ['1.7.8.10', '8.2.0', '9.0.0'] as const;

describe.each(VERSIONS)('PrestaShop %s', (version) => {
  const plan = buildPlan(baseline(version));
  const field = (resource: string, name: string) => resourcePlan(plan, resource).fields.find((f) => f.name === name)!;

  it('core fields without a declared type are core, not module fields', () => {
    expect(plan.untypedCore).toContain('products.new');
    expect(plan.untypedCore).toContain('currencies.names');
    // A core baseline has no module field: every plain string is a core one.
    expect(plan.untypedCore).toEqual(plan.plainStrings);
  });

  it('products.redirect_type is a union of its SQL ENUM values in the read and write types', () => {
    const redirect = field('products', 'redirect_type');
    expect(redirect.values).toContain('301-product');
    expect(typeText(redirect.readType)).toContain('"301-product"');
    expect(redirect.writeType).toBe(redirect.readType);
    expect(field('customer_threads', 'status').values).toEqual(['open', 'closed', 'pending1', 'pending2']);
  });

  it('allow_null fields read and write `null`; products.name is required on create (modifierWsLinkRewrite reads it)', () => {
    expect(field('products', 'low_stock_threshold')).toMatchObject({
      allowNull: true,
      readType: NUMBER_OR_NULL,
      writeType: NUMBER_OR_NULL,
    });
    expect(field('combinations', 'low_stock_threshold')).toMatchObject({ allowNull: true });
    expect(field('products', 'price')).toMatchObject({ allowNull: false, readType: keyword('number') });
    expect(field('products', 'name')).toMatchObject({ required: false, requiredOnCreate: true });
    expect(field('products', 'name').doc.join(' ')).toContain('Required on create');
    // categories.name is required anyway.
    expect(field('categories', 'name')).toMatchObject({ required: true, requiredOnCreate: false });
    expect(field('products', 'reference')).toMatchObject({ requiredOnCreate: false });
  });

  it('customers.passwd and employees.passwd carry no plain-password rule (setWsPasswd hashes any text)', () => {
    expect(field('customers', 'passwd')).toMatchObject({ hashed: true, rule: null, createRule: null });
    expect(field('employees', 'passwd')).toMatchObject({ hashed: true, rule: null });
  });
});
