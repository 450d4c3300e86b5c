/** Helpers of the fake-store engine suites: snapshots of three releases, a store over HTTP, raw requests. */
import { readFileSync } from 'node:fs';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';
import { startFakeStore, FAKE_STORE_KEY, type FakeStore } from '../../src/fakestore/index.js';
import type { CrudEngine, CrudEngineOptions, CrudGeneration } from '../../src/fakestore/crud/engine.js';
import { raw, type RawAnswer } from '../client/helpers.js';

/** The 8.2.0 golden snapshot and the bundled 1.7.8.10 and 9.0.0 baselines. */
export const SNAPSHOTS: readonly {
  readonly label: string;
  readonly path: string;
  readonly generation: CrudGeneration;
}[] = [
  { label: '8.2.0', path: '../golden/prestashop-8.2.0/prestashop-schema.json', generation: '8.x' },
  { label: '1.7.8.10', path: '../../baselines/prestashop-1.7.8.10.json', generation: '1.7' },
  { label: '9.0.0', path: '../../baselines/prestashop-9.0.0.json', generation: '9.0' },
];

export function loadSchema(relative: string): StoreSchema {
  const url = new URL(relative, import.meta.url);
  return parseSnapshot(readFileSync(url, 'utf8'), url.pathname);
}

export interface EngineStore {
  readonly store: FakeStore;
  readonly engine: CrudEngine;
  call(method: string, path: string, init?: Parameters<typeof raw>[4]): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** A fake store serving every resource of `schema` with the engine (default seed unless told). */
export async function startEngine(
  schema: StoreSchema,
  generation: CrudGeneration,
  crud: Partial<CrudEngineOptions> = {},
): Promise<EngineStore> {
  const store = await startFakeStore({
    flavor: generation === '1.7' ? '1.7' : '8.x',
    ...(generation === '9.0' ? { version: '9.0.0' } : {}),
    crud: { schema, generation, ...crud },
  });
  return {
    store,
    engine: store.crud!,
    call: (method, path, init = {}) => raw(store.url, FAKE_STORE_KEY, method, path, init),
    close: () => store.close(),
  };
}

/** Removes top-level field elements (one line each, tab-indented) from an item's XML. */
export function withoutFields(xml: string, fields: readonly string[]): string {
  return fields.reduce((doc, f) => doc.replace(new RegExp(`^\\t<${f}[ >].*</${f}>\\n`, 'm'), ''), xml);
}
