/**
 * Rebuilds the bundled store-behaviour catalogs, `catalog/prestashop-<version>.json`, from
 * `fixtures/catalog-src/<version>/` (each release's definitions, webservice parameters, and the
 * `ENUM` columns of its `install/data/db_structure.sql` in `enums.json`, kept by hand: `--refresh`
 * does not copy it).
 *
 *   npm run build:catalog            # rebuild from fixtures/catalog-src
 *   npm run build:catalog -- --refresh <dir>
 *                                    # first copy <dir>/<version>/*.json (the team's store data) into fixtures/catalog-src
 *
 * `test/catalog/catalog.test.ts` fails when a committed catalog differs from what this script builds.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalog, serializeCatalog } from '../src/catalog/build.js';
import { CATALOG_VERSIONS } from '../src/catalog/types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const refresh = args[0] === '--refresh' ? args[1] : undefined;

for (const version of CATALOG_VERSIONS) {
  const src = join(root, 'fixtures', 'catalog-src', version);
  if (refresh !== undefined) {
    mkdirSync(src, { recursive: true });
    for (const file of ['definitions.json', 'parameters.json', 'resources.json']) {
      const from = join(resolve(refresh), version, file);
      if (!existsSync(from))
        throw new Error(`${from} is missing; --refresh takes the folder holding <version>/${file}`);
      copyFileSync(from, join(src, file));
    }
  }
  const read = (file: string): unknown => JSON.parse(readFileSync(join(src, file), 'utf8'));
  const text = serializeCatalog(buildCatalog(read('definitions.json'), read('parameters.json'), read('enums.json')));
  const out = join(root, 'catalog', `prestashop-${version}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(`${out}.tmp`, text);
  renameSync(`${out}.tmp`, out);
  console.log(`catalog/prestashop-${version}.json: ${text.length} bytes`);
}
