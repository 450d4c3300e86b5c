/** Which generated declarations each kind of change points at (pure). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diff } from '../../src/diff/index.js';
import { changeTargets, impactChanges, namesOf, targetLabel } from '../../src/impact/index.js';
import { parseSnapshot } from '../../src/model/index.js';

const DIR = join(import.meta.dirname, '../../fixtures/impact-consumer');
const old = parseSnapshot(readFileSync(join(DIR, 'prestashop-schema.json'), 'utf8'));
const next = parseSnapshot(readFileSync(join(DIR, 'prestashop-schema-9.0.json'), 'utf8'));
const names = namesOf(old);
const labels = (path: string, id: string) => {
  const change = diff(old, next).find((c) => c.path === path && c.id === id);
  if (change === undefined) throw new Error(`no ${id} ${path}`);
  return changeTargets(change, names).map(targetLabel);
};

describe('impact targets', () => {
  it('a removed field: the read type, the input type and the list filter', () => {
    expect(labels('products.meta_keywords', 'field-removed')).toEqual([
      'Product.meta_keywords',
      'ProductInput.meta_keywords',
      'ProductsClient.Filter.meta_keywords',
    ]);
  });

  it('a change for writers only: the input type alone', () => {
    expect(labels('cart_rules.description', 'field-max-size-decreased')).toEqual(['CartRuleInput.description']);
  });

  it('a removed resource: its types, client, validators, metadata and the client property', () => {
    expect(labels('supply_orders', 'resource-removed')).toEqual([
      'SupplyOrder',
      'SupplyOrderInput',
      'SupplyOrderPatch',
      'SupplyOrdersClient',
      'createSupplyOrdersClient',
      'validateSupplyOrderInput',
      'validateSupplyOrderPatch',
      'supplyOrdersMeta',
      'PrestaShopClient.supply_orders',
    ]);
  });

  it('leaves safe changes out', () => {
    const changes = impactChanges(diff(old, next));
    expect(changes.some((c) => c.severity === 'safe')).toBe(false);
    expect(changes.map((c) => c.path)).toContain('products.loyalty_points');
  });

  it('methods, associations and new required fields', () => {
    const base = {
      path: '',
      kind: 'removed',
      property: null,
      before: null,
      after: null,
      severity: 'breaking',
      message: '',
      reason: '',
      origin: null,
    } as const;
    const at = (x: object) =>
      changeTargets(
        {
          ...base,
          resource: 'products',
          method: null,
          association: null,
          field: null,
          id: 'field-removed',
          direction: 'both',
          ...x,
        } as never,
        names,
      ).map(targetLabel);
    expect(at({ id: 'method-removed', method: 'PUT', direction: 'write' })).toEqual(['ProductsClient.update']);
    expect(at({ association: 'categories', field: 'id' })).toEqual([
      'Product.associations.categories.id',
      'ProductInput.associations.categories.id',
    ]);
    expect(at({ id: 'required-field-added', field: 'gtin', kind: 'added', direction: 'write' })).toEqual([
      'ProductInput',
      'ProductsClient.create',
      'ProductsClient.update',
    ]);
    expect(at({ resource: 'nope' })).toEqual([]);
  });
});
