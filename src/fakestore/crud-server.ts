/**
 * The CRUD fake store on HTTP: the bundled fake store (`startFakeStore`, 127.0.0.1, port 0) with
 * its `crud` option, so authentication, format selection, headers, faults and the request log are
 * the same code that serves schemas to the introspector.
 */
import type { StoreSchema } from '../model/index.js';
import { CRUD_RESOURCES, type CrudEngine, type CrudGeneration } from './crud/engine.js';
import type { SeedRecords } from './crud/seed.js';
import {
  FAKE_STORE_KEY,
  startFakeStore,
  type FakeStore,
  type FaultHandle,
  type FaultRule,
  type RecordedRequest,
} from './index.js';

export interface CrudStoreOptions {
  /** The snapshot the data follows (node names, fields, associations, methods). */
  readonly schema: StoreSchema;
  /** JSON behaviour of the store (default 8.x). `1.7` also serves the 1.7 flavor (no PATCH). */
  readonly generation?: CrudGeneration;
  /** CRUD resources (default `CRUD_RESOURCES`, unlike the engine, which serves every resource by default). */
  readonly resources?: readonly string[];
  /** Seed categories 1 (Root) and 2 (Home) (default true; the engine's `seed: 'install'`). */
  readonly seed?: boolean;
  /** Start with these records instead (`loadSeedRecords()`). */
  readonly records?: SeedRecords;
  /** Behave like a server that drops the Authorization header (only `ws_key` gets through). */
  readonly stripAuthorization?: boolean;
  /** Clock of date_add/date_upd, as wall-clock time in its UTC fields (default: one second per write from 2026-01-01). */
  readonly now?: () => Date;
}

export interface CrudStore {
  /** Base URL (no `/api`). */
  readonly url: string;
  /** The key the store accepts. */
  readonly apiKey: string;
  readonly engine: CrudEngine;
  /** Every request as it arrived: method, path, raw query, headers, body. */
  readonly requests: readonly RecordedRequest[];
  readonly store: FakeStore;
  clearRequests(): void;
  fault(rule: FaultRule): FaultHandle;
  close(): Promise<void>;
}

export async function startCrudStore(options: CrudStoreOptions): Promise<CrudStore> {
  const generation = options.generation ?? '8.x';
  const store = await startFakeStore({
    flavor: generation === '1.7' ? '1.7' : '8.x',
    ...(options.stripAuthorization === undefined ? {} : { stripAuthorization: options.stripAuthorization }),
    ...(generation === '9.0' ? { version: '9.0.0' } : {}),
    crud: {
      schema: options.schema,
      generation,
      // This helper keeps its first defaults: the five CRUD resources, categories Root and Home.
      resources: options.resources ?? CRUD_RESOURCES,
      seed: options.seed === false ? false : 'install',
      ...(options.records === undefined ? {} : { records: options.records }),
      ...(options.now === undefined ? {} : { now: options.now }),
    },
  });
  return {
    url: store.url,
    apiKey: FAKE_STORE_KEY,
    engine: store.crud!,
    get requests() {
      return store.requests;
    },
    store,
    clearRequests: () => store.clearRequests(),
    fault: (rule) => store.fault(rule),
    close: () => store.close(),
  };
}
