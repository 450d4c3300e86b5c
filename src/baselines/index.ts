/**
 * Bundled core baselines: which releases ship one, which one a version uses, and the text of a
 * baseline file. Pure; src/baselines/files.ts reads the files.
 */
import { CATALOG_VERSIONS, catalogVersionFor, type Catalog, type CatalogVersion } from '../catalog/index.js';
import { serializeSnapshot } from '../model/index.js';
import { buildBaseline, type CatalogInputs } from './build.js';

export { buildBaseline, buildSynopsisModel, extractInputs, type CatalogInputs } from './build.js';
export { projectUpgrade } from './project.js';

/** The releases the store-behaviour catalog covers, one per generation. */
export const BASELINE_VERSIONS = CATALOG_VERSIONS;
export type BaselineVersion = CatalogVersion;

/**
 * The baseline a PrestaShop version uses, by the catalog's rule: 1.7.x → 1.7.8.10, 8.x → 8.2.0,
 * 9.x → 9.0.0 (`1.7`, `8`, `9.0` and `8.1.5` all match). Null for any other generation.
 */
export function matchBaselineVersion(version: string): BaselineVersion | null {
  const v = version.trim();
  // A bare major (`core@8`) names its whole generation.
  return catalogVersionFor(/^\d{1,3}$/.test(v) ? `${v}.0` : v);
}

/** The baseline file's text: a canonical snapshot. */
export function buildBaselineText(inputs: CatalogInputs, catalog: Catalog): string {
  return serializeSnapshot(buildBaseline(inputs, catalog));
}

