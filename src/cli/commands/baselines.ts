/**
 * The bundled core baselines on disk (baselines/prestashop-<version>.json), for `diff`, `impact`
 * and module detection. This file is the edge that reads them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchBaselineVersion } from '../../baselines/index.js';
import { InputError } from '../../errors.js';
import { parseSnapshot as parseModel, SnapshotError, type StoreSchema } from '../../model/index.js';
import type { LoadedSide } from './diff.js';

const BASELINES_DIR = fileURLToPath(new URL('../../../baselines/', import.meta.url));

/** A version that is safe to put in a file name (`8.2.0`, `9.0.0-beta.1`). */
const SAFE_VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** Parses a snapshot; a bad one is an input error (exit 2) naming the file and the bad item. */
export function parseSnapshot(text: string, source: string): StoreSchema {
  try {
    return parseModel(text, source);
  } catch (error) {
    if (error instanceof SnapshotError) throw new InputError(error.message, null, { cause: error });
    throw error;
  }
}

/** The bundled core baseline a version uses (1.7.x → 1.7.8.10, 8.x → 8.2.0, 9.x → 9.0.0), or null when none ships. */
export async function loadBaseline(version: string | null): Promise<StoreSchema | null> {
  if (version === null || !SAFE_VERSION.test(version)) return null;
  const matched = matchBaselineVersion(version);
  if (matched === null) return null;
  const path = resolve(BASELINES_DIR, `prestashop-${matched}.json`);
  if (!existsSync(path)) return null;
  return parseSnapshot(await readFile(path, 'utf8'), `baselines/prestashop-${matched}.json`);
}

/** The bundled baseline of a `core@<version>` side, or an input error that says which ones ship. */
export async function loadCoreSide(version: string): Promise<LoadedSide> {
  const schema = await loadBaseline(version);
  if (schema === null) {
    const shown = SAFE_VERSION.test(version) ? version : JSON.stringify(version);
    throw new InputError(
      `no bundled core baseline for PrestaShop ${shown}; the bundled ones are 1.7.8.10 (used for 1.7.x), 8.2.0 (8.x) and 9.0.0 (9.x)`,
      'core',
    );
  }
  const used = schema.store.psVersion ?? version;
  return { schema, label: `core@${version} = baselines/prestashop-${used}.json`, file: null };
}
