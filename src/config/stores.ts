/**
 * Named stores of the config file (`stores: { production: {...}, staging: {...} }`): picking one
 * with `--store <name>` (or `store:<name>` in `diff`) gives its URL, key and settings.
 *
 * Precedence for a named store: flags > the store's own values (`keyEnv`, then `key`) >
 * `PRESTASHOP_URL`/`PRESTASHOP_API_KEY` > the top-level config. Naming a store is explicit, so
 * its values win over the generic environment variables.
 */
import { ConfigError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import type { UserConfig } from './types.js';

export interface SelectedStore {
  /** The config as seen for this store: its `schema` and `introspect` over the top-level ones. */
  readonly config: UserConfig;
  /** URL and key to use unless a flag gives them. */
  readonly url: string | undefined;
  readonly key: string | undefined;
}

/** The named store of the config, or a ConfigError naming the known ones. */
export function selectStore(config: UserConfig, name: string, env: NodeJS.ProcessEnv): SelectedStore {
  const stores = config.stores ?? {};
  const store = Object.hasOwn(stores, name) ? stores[name] : undefined;
  if (store === undefined) {
    const known = Object.keys(stores);
    throw new ConfigError(
      known.length === 0
        ? `no store named "${name}": the config file has no "stores" section (stores: { ${name}: { url: ... } })`
        : `no store named "${name}" in the config file (known: ${known.join(', ')})${didYouMean(name, known)}`,
    );
  }
  let key = store.key;
  if (store.keyEnv !== undefined) {
    const fromEnv = env[store.keyEnv];
    if (fromEnv !== undefined && fromEnv !== '') key = fromEnv;
    else if (key === undefined)
      throw new ConfigError(
        `store "${name}": set the environment variable ${store.keyEnv} to its API key (named by "keyEnv")`,
      );
  }
  return {
    config: {
      ...config,
      ...(store.schema === undefined ? {} : { schema: store.schema }),
      introspect: { ...config.introspect, ...store.introspect },
    },
    url: store.url,
    key,
  };
}
