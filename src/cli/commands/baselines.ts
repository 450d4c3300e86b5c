/**
 * `core@<version>` sides of `diff` and `impact`: the bundled core baselines (read by
 * src/api/baselines.ts).
 */
import { loadBaseline, SAFE_VERSION } from '../../api/baselines.js';
import { InputError } from '../../errors.js';
import type { LoadedSide } from './diff.js';

export { loadBaseline } from '../../api/baselines.js';
/** Parses a snapshot; a bad one is an input error (exit 2) naming the file and the bad item. */
export { parseSnapshotText as parseSnapshot } from '../../api/snapshot.js';

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
