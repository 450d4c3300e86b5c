/**
 * Bundled core baselines: which releases ship one, which one a version uses, and the text of a
 * baseline file. Pure; the CLI reads the files (src/cli/commands/diff.ts).
 */
import { serializeSnapshot, type StoreSchema } from '../model/index.js';
import { buildBaseline, type CatalogInputs } from './build.js';

export { buildBaseline, extractInputs, type CatalogInputs } from './build.js';
export { projectUpgrade, type Projection } from './project.js';

/** The releases the store-behaviour catalog covers, one per generation. */
export const BASELINE_VERSIONS = ['1.7.8.10', '8.2.0', '9.0.0'] as const;
export type BaselineVersion = (typeof BASELINE_VERSIONS)[number];

/**
 * The baseline a PrestaShop version uses, by the catalog's rule: 1.7.x → 1.7.8.10, 8.x → 8.2.0,
 * 9.x → 9.0.0 (`1.7`, `8`, `9.0` and `8.1.5` all match). Null for any other generation.
 */
export function matchBaselineVersion(version: string): BaselineVersion | null {
  const m = /^(\d{1,4})(?:\.(\d{1,4}))?(?:[.+-]|$)/.exec(version.trim());
  if (m === null) return null;
  const major = Number(m[1]);
  if (major === 1) return m[2] === '7' ? '1.7.8.10' : null;
  if (major === 8) return '8.2.0';
  if (major === 9) return '9.0.0';
  return null;
}

/** The baseline file's text: a canonical snapshot. */
export function buildBaselineText(inputs: CatalogInputs): string {
  return serializeSnapshot(buildBaseline(inputs));
}

/** The fixture text of extracted catalog inputs: stable key order, one resource per line group. */
export function inputsText(inputs: CatalogInputs): string {
  return `${JSON.stringify(inputs, null, 1)}\n`;
}

export type { StoreSchema };
