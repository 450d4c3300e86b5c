/**
 * Reads a bundled catalog (`catalog/prestashop-<version>.json` of this package). I/O at the edge:
 * the introspector calls it; everything else receives the parsed catalog.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { CATALOG_FORMAT, type Catalog, type CatalogVersion } from './types.js';

/** `catalog/` of this package (from `src/` in development and `dist/` once built). */
const CATALOG_DIR = fileURLToPath(new URL('../../catalog/', import.meta.url));

export async function loadCatalog(version: CatalogVersion, dir: string = CATALOG_DIR): Promise<Catalog> {
  const file = `${dir}/prestashop-${version}.json`;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new InputError(
      `cannot read the bundled PrestaShop ${version} catalog (${(error as Error).message}); reinstall prestashop-codegen`,
      file,
      { cause: error },
    );
  }
  const c = value as Partial<Catalog>;
  if (c.format !== CATALOG_FORMAT || typeof c.resources !== 'object' || c.resources === null) {
    throw new InputError(`the bundled catalog ${file} has an unknown layout; reinstall prestashop-codegen`, file);
  }
  return value as Catalog;
}
