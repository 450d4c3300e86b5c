/**
 * The bundled core baselines on disk (baselines/prestashop-<version>.json), for `diff`, `impact`
 * and module detection. This file is the edge that reads them.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchBaselineVersion } from '../baselines/index.js';
import type { StoreSchema } from '../model/index.js';
import { loadSnapshot } from './snapshot.js';

const BASELINES_DIR = fileURLToPath(new URL('../../baselines/', import.meta.url));

/** A version that is safe to put in a file name (`8.2.0`, `9.0.0-beta.1`). */
export const SAFE_VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** The bundled core baseline a version uses (1.7.x → 1.7.8.10, 8.x → 8.2.0, 9.x → 9.0.0), or null when none ships. */
export async function loadBaseline(version: string | null): Promise<StoreSchema | null> {
  if (version === null || !SAFE_VERSION.test(version)) return null;
  const matched = matchBaselineVersion(version);
  if (matched === null) return null;
  const path = resolve(BASELINES_DIR, `prestashop-${matched}.json`);
  if (!existsSync(path)) return null;
  return loadSnapshot(path, `baselines/prestashop-${matched}.json`);
}
