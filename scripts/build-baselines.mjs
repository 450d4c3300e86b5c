#!/usr/bin/env node
/**
 * Rebuilds the bundled core baselines (baselines/prestashop-<version>.json): each release's
 * synopsis-level model built from fixtures/catalog-src/<version>/ (resources.json and
 * parameters.json, the team's store data) with that release's bundled catalog
 * (catalog/prestashop-<version>.json) applied, as introspection applies it.
 *
 * Usage: npm run baselines            (after the catalogs are up to date: scripts/build-catalog.ts)
 *        npm run baselines -- --check (write nothing; exit 1 when a baseline is out of date)
 * test/baselines/build.test.ts fails when a committed baseline differs from what this writes.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { BASELINE_VERSIONS, buildBaselineText, extractInputs } = await import(
  join(ROOT, 'dist', 'baselines', 'index.js')
);
const { loadCatalog } = await import(join(ROOT, 'dist', 'catalog', 'load.js'));

const check = process.argv.includes('--check');
let stale = 0;
for (const version of BASELINE_VERSIONS) {
  const src = join(ROOT, 'fixtures', 'catalog-src', version);
  const read = (name) => JSON.parse(readFileSync(join(src, name), 'utf8'));
  const text = buildBaselineText(
    extractInputs(read('resources.json'), read('parameters.json')),
    await loadCatalog(version),
  );
  const path = join(ROOT, 'baselines', `prestashop-${version}.json`);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
  if (check) {
    console.error(`out of date: ${path}`);
    stale++;
    continue;
  }
  writeFileSync(`${path}.tmp-${process.pid}`, text);
  renameSync(`${path}.tmp-${process.pid}`, path);
  console.log(`wrote ${path} (${text.length} bytes)`);
}
if (stale > 0) process.exit(1);
