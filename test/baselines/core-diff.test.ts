/**
 * `diff core@1.7.8.10 core@8.2.0` and `diff core@8.2.0 core@9.0.0` report the real changes between
 * those releases. The expectations are computed here, straight from the catalog data
 * (fixtures/catalog-src: each release's resources and webservice parameters), without the builder or
 * the model: which resources and fields exist, their maxSize and validators, and the methods.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/helpers.js';

interface RawField {
  maxSize?: number;
  validateMethod?: string[];
}
interface RawCatalog {
  resources: { name: string; allowed_methods: string[] }[];
  parameters: Record<string, { fields: Record<string, RawField>; hidden_fields?: string[]; associations?: Record<string, unknown> }>;
}

const catalog = (v: string): RawCatalog => {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/catalog-src', v, name), 'utf8'));
  const resources = read('resources.json') as { resources: RawCatalog['resources'] };
  return { resources: resources.resources, parameters: read('parameters.json') as RawCatalog['parameters'] };
};

/** What a synopsis lists: every declared field but `id` and the hidden ones. */
function fields(c: RawCatalog, resource: string): Map<string, RawField> {
  const p = c.parameters[resource];
  if (p === undefined) return new Map();
  const hidden = new Set(p.hidden_fields ?? []);
  return new Map(Object.entries(p.fields).filter(([n]) => n !== 'id' && !hidden.has(n)));
}

function expected(oldV: string, newV: string) {
  const a = catalog(oldV);
  const b = catalog(newV);
  const names = (c: RawCatalog) => new Set(c.resources.map((r) => r.name));
  const [ra, rb] = [names(a), names(b)];
  const out = {
    resourcesRemoved: [...ra].filter((r) => !rb.has(r)),
    resourcesAdded: [...rb].filter((r) => !ra.has(r)),
    fieldsRemoved: [] as string[],
    fieldsAdded: [] as string[],
    maxSize: [] as string[],
    format: [] as string[],
    associations: [] as string[],
  };
  for (const r of [...ra].filter((x) => rb.has(x))) {
    const [fa, fb] = [fields(a, r), fields(b, r)];
    for (const f of fa.keys()) if (!fb.has(f)) out.fieldsRemoved.push(`${r}.${f}`);
    for (const f of fb.keys()) if (!fa.has(f)) out.fieldsAdded.push(`${r}.${f}`);
    for (const [f, x] of fa) {
      const y = fb.get(f);
      if (y === undefined) continue;
      if ((x.maxSize || null) !== (y.maxSize || null)) out.maxSize.push(`${r}.${f}: ${x.maxSize || null} → ${y.maxSize || null}`);
      const fmt = (z: RawField) => (z.validateMethod ?? []).join(' ') || null;
      if (fmt(x) !== fmt(y)) out.format.push(`${r}.${f}: ${fmt(x)} → ${fmt(y)}`);
    }
    const assoc = (c: RawCatalog) => Object.keys(c.parameters[r]?.associations ?? {});
    if (JSON.stringify(assoc(a)) !== JSON.stringify(assoc(b))) out.associations.push(r);
  }
  return out;
}

/** Write and type changes, by hand from the catalog files of the two releases. */
const CATALOG_CHANGES: Record<string, string[]> = {
  // definitions.json: OrderSlip::$definition shipping_cost is TYPE_INT in 1.7.8.10, TYPE_BOOL in 8.2.0.
  // enums.json: products.redirect_type's SQL ENUM gained 410, the *-displayed values and default in 8.1.
  '8.2.0': [
    'order_slip.shipping_cost: int → bool',
    'products.redirect_type: "", 404, 301-product, 302-product, 301-category, 302-category → "", 404, 410, 301-product, 302-product, 301-category, 302-category, 200-displayed, 404-displayed, 410-displayed, default',
  ],
  // parameters.json: these setters are `null` (stored as sent) in 8.2.0 and `false` (refused) in 9.0.0.
  '9.0.0': [
    'customers.last_passwd_gen: stored → refused',
    'customers.secure_key: stored → refused',
    'employees.last_passwd_gen: stored → refused',
    'employees.stats_compare_from: stored → refused',
    'employees.stats_compare_to: stored → refused',
    'employees.stats_date_from: stored → refused',
    'employees.stats_date_to: stored → refused',
  ],
};

async function diffJson(oldArg: string, newArg: string) {
  const root = join(import.meta.dirname, '../..');
  const r = await runCli(['diff', oldArg, newArg, '--format', 'json', '--ignore-file', 'test/diff/fixtures/empty.ignore'], { cwd: root, env: {} });
  expect(r.code).toBe(0);
  const json = JSON.parse(r.stdout);
  type C = { id: string; path: string; kind: string; property: string | null; field: string | null; association: string | null; method: string | null; before: unknown; after: unknown; origin: string };
  const changes = json.changes as C[];
  const paths = (pred: (c: C) => boolean) => changes.filter(pred).map((c) => c.path).sort();
  const sorted = (xs: string[]) => [...xs].sort();
  return { json, changes, paths, sorted };
}

describe.each([
  ['core@1.7.8.10', 'core@8.2.0', '1.7.8.10', '8.2.0'],
  ['core@8.2.0', 'core@9.0.0', '8.2.0', '9.0.0'],
])('diff %s %s', (oldArg, newArg, oldV, newV) => {
  it('reports the resources, fields, maxSize and validator changes the catalog data holds, and nothing else', async () => {
    const e = expected(oldV, newV);
    const { json, changes, paths, sorted } = await diffJson(oldArg, newArg);
    expect(json.old.label).toBe(`${oldArg} = baselines/prestashop-${oldV}.json`);
    expect(paths((c) => c.id === 'resource-removed')).toEqual(sorted(e.resourcesRemoved));
    expect(paths((c) => c.id === 'resource-added')).toEqual(sorted(e.resourcesAdded));
    const top = (c: (typeof changes)[number]) => c.association === null && c.field !== null;
    expect(paths((c) => top(c) && c.kind === 'removed')).toEqual(sorted(e.fieldsRemoved));
    expect(paths((c) => top(c) && c.kind === 'added')).toEqual(sorted(e.fieldsAdded));
    const shown = (c: (typeof changes)[number]) => `${c.path}: ${c.before} → ${c.after}`;
    expect(changes.filter((c) => c.property === 'maxSize').map(shown).sort()).toEqual(sorted(e.maxSize));
    expect(changes.filter((c) => c.property === 'format').map(shown).sort()).toEqual(sorted(e.format));
    // No association changed between these releases, and every item of a core diff is core.
    expect(e.associations).toEqual([]);
    expect(changes.filter((c) => c.association !== null)).toEqual([]);
    expect(changes.every((c) => c.origin === 'core')).toBe(true);
    // Beyond those, only what the catalog says about writes and PHP types (checked by hand against
    // parameters.json's `setter` and definitions.json's `type` of each release).
    expect(changes.filter((c) => !['maxSize', 'format', 'methods', null].includes(c.property)).map(shown).sort()).toEqual(
      CATALOG_CHANGES[newV],
    );
  });
});

describe('methods between generations', () => {
  it('PATCH appears in 8.0 wherever an update was possible, and nothing else changes', async () => {
    const { changes } = await diffJson('core@1.7.8.10', 'core@8.2.0');
    const a = catalog('1.7.8.10');
    const b = catalog('8.2.0');
    const put = new Set(a.resources.filter((r) => r.allowed_methods.includes('PUT')).map((r) => r.name));
    // Updates the spec's resource table denies (their PUT is not usable either), by hand from its operation table.
    const noUpdate = new Set(['order_histories', 'order_payments', 'order_slip']);
    const expectedPatch = b.resources
      .filter((r) => r.allowed_methods.includes('PATCH') && put.has(r.name) && !noUpdate.has(r.name))
      .map((r) => `${r.name}:PATCH`)
      .sort();
    const methodChanges = changes.filter((c) => c.property === 'methods');
    expect(methodChanges.every((c) => c.id === 'method-added' && c.method === 'PATCH')).toBe(true);
    expect(methodChanges.map((c) => c.path).sort()).toEqual(expectedPatch);
    expect(expectedPatch).toContain('products:PATCH');
    expect(expectedPatch.length).toBeGreaterThan(50);
    // 8.2.0 → 9.0.0: no method comes or goes on a resource both have.
    expect((await diffJson('core@8.2.0', 'core@9.0.0')).changes.filter((c) => c.property === 'methods')).toEqual([]);
  });

  it('matches short versions to the generation baselines, and names them in the header', async () => {
    const { json } = await diffJson('core@1.7.8', 'core@9.0');
    expect(json.old).toEqual({ label: 'core@1.7.8 = baselines/prestashop-1.7.8.10.json', psVersion: '1.7.8.10' });
    expect(json.new).toEqual({ label: 'core@9.0 = baselines/prestashop-9.0.0.json', psVersion: '9.0.0' });
    expect(json.changes.map((c: { id: string; path: string }) => `${c.id} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'field-removed products.meta_keywords',
        'resource-removed supply_orders',
        'field-added products.unit_price',
        'method-added products:PATCH',
        'field-max-size-increased products.ean13',
        'field-format-changed products.ean13',
      ]),
    );
  });
});
