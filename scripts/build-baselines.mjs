#!/usr/bin/env node
/**
 * Rebuilds the bundled core baselines (baselines/prestashop-<version>.json) from the
 * store-behaviour catalog.
 *
 * - With ../shared/stores/catalog/<version>/ present (a development checkout), it first refreshes
 *   fixtures/catalog/<version>.json: the part of resources.json and parameters.json the builder
 *   reads, so that the up-to-date test (test/baselines/) runs in a clone without the catalog.
 * - It then builds each baseline from fixtures/catalog/<version>.json.
 *
 * Usage: npm run build && node scripts/build-baselines.mjs [--check]
 *   --check: write nothing; exit 1 when a fixture or a baseline is not what a rebuild would write.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CATALOG = resolve(ROOT, '..', 'shared', 'stores', 'catalog');
const { BASELINE_VERSIONS, buildBaselineText, extractInputs, inputsText } = await import(
  join(ROOT, 'dist', 'baselines', 'index.js')
);

const check = process.argv.includes('--check');
let stale = 0;

function put(path, text) {
  const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (old === text) return;
  if (check) {
    console.error(`out of date: ${path}`);
    stale++;
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
  console.log(`wrote ${path}`);
}

for (const version of BASELINE_VERSIONS) {
  const fixture = join(ROOT, 'fixtures', 'catalog', `${version}.json`);
  const dir = join(CATALOG, version);
  let inputs;
  if (existsSync(dir)) {
    const read = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
    inputs = extractInputs(read('resources.json'), read('parameters.json'));
    put(fixture, inputsText(inputs));
  } else {
    console.log(`${dir} not found; building from ${fixture}`);
    inputs = JSON.parse(readFileSync(fixture, 'utf8'));
  }
  put(join(ROOT, 'baselines', `prestashop-${version}.json`), buildBaselineText(inputs));
}
if (stale > 0) process.exit(1);
