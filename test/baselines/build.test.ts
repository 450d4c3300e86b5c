/**
 * Core baselines built from the catalog: the 8.2.0 one must be what introspecting the 8.2.0 fixture
 * store gives, the shipped files must be what the builder writes, and the field order must be the
 * order the store's synopsis lists them in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_VERSIONS,
  buildBaseline,
  buildBaselineText,
  buildSynopsisModel,
  extractInputs,
  matchBaselineVersion,
  type CatalogInputs,
} from '../../src/baselines/index.js';
import { loadCatalog } from '../../src/catalog/load.js';
import type { CatalogVersion } from '../../src/catalog/index.js';
import { parseXmlSynopsis } from '../../src/introspect/parse-synopsis.js';
import { canonicalize, parseSnapshot } from '../../src/model/index.js';

const ROOT = join(import.meta.dirname, '../..');
const inputs = (version: string): CatalogInputs => {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, 'fixtures/catalog-src', version, name), 'utf8'));
  return extractInputs(read('resources.json'), read('parameters.json'));
};

describe('core baselines', () => {
  it('the 8.2.0 baseline equals the snapshot of the 8.2.0 fixture store, at the model level', async () => {
    const built = canonicalize(buildBaseline(inputs('8.2.0'), await loadCatalog('8.2.0')));
    const introspected = parseSnapshot(readFileSync(join(ROOT, 'test/golden/prestashop-8.2.0/prestashop-schema.json'), 'utf8'));
    // Resource by resource first, so a failure names the resource.
    const byName = new Map(introspected.resources.map((r) => [r.name, r]));
    for (const r of built.resources) expect(r, r.name).toEqual(byName.get(r.name));
    expect(built).toEqual(introspected);
  });

  it('lists fields and associations in the order the store synopsis does', () => {
    const dir = join(ROOT, 'fixtures/prestashop-8.2.0/synopsis');
    const built = new Map(buildSynopsisModel(inputs('8.2.0')).resources.map((r) => [r.name, r]));
    let checked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
      const name = file.replace(/\.xml$/, '');
      const resource = built.get(name);
      if (resource === undefined || resource.synopsis.source !== 'xml') continue;
      const parsed = parseXmlSynopsis(readFileSync(join(dir, file), 'utf8'), name);
      expect(resource.fields.map((f) => f.name), name).toEqual(parsed.fields.map((f) => f.name));
      expect(resource.associations.map((a) => a.name), name).toEqual(parsed.associations.map((a) => a.name));
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it.each(BASELINE_VERSIONS)('baselines/prestashop-%s.json is up to date (scripts/build-baselines.mjs)', async (version: CatalogVersion) => {
    const shipped = readFileSync(join(ROOT, 'baselines', `prestashop-${version}.json`), 'utf8');
    expect(buildBaselineText(inputs(version), await loadCatalog(version)) === shipped, 'run: npm run baselines').toBe(true);
  });

  it('matches versions to baselines by generation', () => {
    const cases: [string, string | null][] = [
      ['1.7.8.10', '1.7.8.10'],
      ['1.7.8', '1.7.8.10'],
      ['1.7', '1.7.8.10'],
      ['1.7.6.9', '1.7.8.10'],
      ['1.6.1.24', null],
      ['8', '8.2.0'],
      ['8.1.5', '8.2.0'],
      ['8.2.0', '8.2.0'],
      ['9.0', '9.0.0'],
      ['9.1.0-beta.1', '9.0.0'],
      ['10.0.0', null],
      ['latest', null],
      ['17.8', null],
    ];
    for (const [version, expected] of cases) expect(matchBaselineVersion(version), version).toBe(expected);
  });
});
