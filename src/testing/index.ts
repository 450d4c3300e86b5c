/**
 * `prestashop-codegen/testing`: a fake of the user's own store for their tests.
 *
 * `createFakeStore(snapshot)` serves the snapshot's resources over HTTP on 127.0.0.1 (port 0, so
 * parallel vitest or jest workers never collide), with the reads, writes and error answers of the
 * bundled fake store's engine, seeded with records for every resource (8.2.0 demo-like ones where
 * the bundle has them, derived from the field plan for the others). The generated client talks to
 * it with `baseUrl: store.url` and `apiKey: store.key` and nothing else.
 */
import { loadSnapshot } from '../api/snapshot.js';
import { ConfigError, InputError } from '../errors.js';
import {
  CrudEngine,
  FAKE_STORE_KEY,
  type CrudSeed,
  bundledFixtureDir,
  startFakeStore,
  type CrudGeneration,
  type FaultHandle,
  type FaultRule,
  type RecordedRequest,
} from '../fakestore/index.js';
import { loadSeedRecords } from '../fakestore/crud/seed.js';
import { parseSnapshot, type StoreSchema } from '../model/index.js';
import { swappableEngine } from './engine.js';
import { fixturesForSnapshot, loadRecordedAnswers } from './fixtures.js';
import { seederFor, type FakeRecord, type FakeStoreSeeder } from './seed.js';

export type { FakeAssociations, FakeLanguageValues, FakeRecord, FakeRecordInput, FakeStoreSeeder } from './seed.js';
export type { FaultHandle, FaultRule } from '../fakestore/index.js';

/** Which PrestaShop the fake behaves like (JSON output, PATCH, `PSWS-Version`). */
export type FakeStoreGeneration = '1.7.8' | '8.x' | '9.0';

/** A clock the store stamps `date_add`/`date_upd` with. */
export interface FakeClock {
  now(): Date;
}

/** A clock the test moves: it stands still until `set` or `advance`. */
export interface ControlledClock extends FakeClock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export interface CreateFakeStoreOptions {
  /** Default: from the snapshot's store version (1.7.x → `1.7.8`, 9.x → `9.0`, else `8.x`). */
  readonly generation?: FakeStoreGeneration;
  /** true (default): records for every resource (the bundled demo-like ones, derived ones for the rest); false: an empty store; a function: the `true` records, then what it adds. */
  readonly seed?: boolean | ((store: FakeStoreSeeder) => void);
  /** The store's languages (default: the snapshot's). */
  readonly languages?: readonly { readonly id: number; readonly isoCode: string }[];
  /** Stamps for `date_add`/`date_upd` (default: 2026-01-01 00:00:00 UTC, one second later at each write). */
  readonly clock?: FakeClock | (() => Date);
  /** Faults applied from the start (and again after `reset()`). */
  readonly faults?: readonly FaultRule[];
  /** Port on 127.0.0.1 (default 0: a free one, so parallel test workers never collide). */
  readonly port?: number;
}

/** A request as the store received it, without the API key (no `key`, `Authorization` or `ws_key`). */
export type FakeStoreRequest = Omit<RecordedRequest, 'key'>;

export interface TestingFakeStore {
  /** Base URL for the client's `baseUrl` (`http://127.0.0.1:<port>`, no `/api`). */
  readonly url: string;
  /** The API key the store accepts, for the client's `apiKey`. */
  readonly key: string;
  readonly generation: FakeStoreGeneration;
  /** Stops the server (open connections are closed). */
  close(): Promise<void>;
  /** Records back to the seed, recorded requests forgotten, faults back to the `faults` option. */
  reset(): void;
  /** The stored records of a resource, by id (deep copies). */
  records(resource: string): FakeRecord[];
  /** The requests received since the start or the last `reset()`, without the key. */
  requests(): FakeStoreRequest[];
  /** Adds a fault rule (a status, latency, dropped connection...) until `remove()` or `reset()`. */
  fault(rule: FaultRule): FaultHandle;
}

const ENGINE_GENERATION: Readonly<Record<FakeStoreGeneration, CrudGeneration>> = {
  '1.7.8': '1.7',
  '8.x': '8.x',
  '9.0': '9.0',
};
const DEFAULT_VERSION: Readonly<Record<FakeStoreGeneration, string>> = {
  '1.7.8': '1.7.8.10',
  '8.x': '8.2.0',
  '9.0': '9.0.0',
};

/** The generation a snapshot's store version implies. */
export function generationOf(psVersion: string | null): FakeStoreGeneration {
  if (psVersion?.startsWith('1.7') === true) return '1.7.8';
  if (psVersion !== null && /^9\./.test(psVersion)) return '9.0';
  return '8.x';
}

/** A clock standing at `start` (default 2026-01-01 00:00:00 UTC) until the test moves it. */
export function createClock(start: Date | string = '2026-01-01T00:00:00Z'): ControlledClock {
  let at = toTime(start);
  return {
    now: () => new Date(at),
    set: (date) => {
      at = toTime(date);
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

function toTime(date: Date | string): number {
  const t = new Date(date).getTime();
  if (Number.isNaN(t)) throw new ConfigError(`${String(date)} is not a date; give a Date or an ISO string`, 'clock');
  return t;
}

async function readSnapshot(snapshot: string | StoreSchema): Promise<StoreSchema> {
  if (typeof snapshot === 'string') return loadSnapshot(snapshot);
  if (typeof snapshot !== 'object' || snapshot === null)
    throw new ConfigError('expected a snapshot file path or a snapshot object (loadSnapshot)', 'snapshot');
  // Round-tripped through the loader, so a hand-made object gets the same checks as a file.
  return parseSnapshot(JSON.stringify(snapshot), 'snapshot object');
}

function withoutKey(r: RecordedRequest): FakeStoreRequest {
  const query = Object.fromEntries(Object.entries(r.query).filter(([k]) => k !== 'ws_key'));
  const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'authorization'));
  const rawQuery = r.rawQuery
    .split('&')
    .filter((p) => p !== '' && !/^ws_key(=|$)/i.test(p))
    .join('&');
  return {
    method: r.method,
    path: r.path,
    query,
    hadAuthorization: r.hadAuthorization,
    rawQuery,
    headers,
    body: r.body,
  };
}

/**
 * Starts a fake of the store a snapshot describes. A bad snapshot (missing, unreadable, invalid)
 * is an `InputError` naming the file and the problem.
 */
export async function createFakeStore(
  snapshot: string | StoreSchema,
  options: CreateFakeStoreOptions = {},
): Promise<TestingFakeStore> {
  const loaded = await readSnapshot(snapshot);
  const generation = options.generation ?? generationOf(loaded.store.psVersion);
  if (!Object.hasOwn(ENGINE_GENERATION, generation))
    throw new ConfigError(`expected one of ${Object.keys(ENGINE_GENERATION).join(', ')}`, 'generation');
  const languages =
    options.languages ??
    (loaded.store.languages.length > 0
      ? loaded.store.languages.map((l) => ({ id: l.id, isoCode: l.isoCode ?? `l${l.id}` }))
      : [{ id: 1, isoCode: 'en' }]);
  const schema: StoreSchema = {
    ...loaded,
    store: { ...loaded.store, languages: languages.map((l) => ({ id: l.id, isoCode: l.isoCode })) },
  };
  const seed = options.seed ?? true;
  const engineSeed: CrudSeed = typeof seed === 'function' ? (e) => seed(seederFor(e, schema)) : seed;
  const demo = seed === false ? undefined : await loadSeedRecords();
  const clock = options.clock;
  const now = clock === undefined ? undefined : typeof clock === 'function' ? clock : () => clock.now();
  const engineGeneration = ENGINE_GENERATION[generation];
  const served = schema.resources.filter((r) => r.nodeName !== null).map((r) => r.name);
  const newEngine = (): CrudEngine =>
    new CrudEngine({
      schema,
      generation: engineGeneration,
      resources: served,
      seed: engineSeed,
      ...(demo === undefined ? {} : { demo }),
      ...(now === undefined ? {} : { now }),
    });
  const engine = swappableEngine(newEngine());
  const psVersion =
    generationOf(loaded.store.psVersion) === generation
      ? (loaded.store.psVersion ?? DEFAULT_VERSION[generation])
      : DEFAULT_VERSION[generation];
  const fixtures = fixturesForSnapshot(
    schema,
    await loadRecordedAnswers(bundledFixtureDir('prestashop-8.2.0')),
    languages,
    psVersion,
  );
  const store = await startFakeStore({
    flavor: generation === '1.7.8' ? '1.7' : '8.x',
    fixtures,
    version: psVersion,
    languages,
    crud: engine.engine,
    port: options.port ?? 0,
  });
  const applyFaults = (): void => {
    for (const rule of options.faults ?? []) store.fault(rule);
  };
  applyFaults();
  return {
    url: store.url,
    key: FAKE_STORE_KEY,
    generation,
    close: () => store.close(),
    reset() {
      engine.swap(newEngine());
      store.clearRequests();
      store.clearFaults();
      applyFaults();
    },
    records(resource) {
      if (!served.includes(resource))
        throw new InputError(
          `not a resource of the snapshot with fields (${served.length} are); check the name`,
          resource,
        );
      return engine.current().records(resource) as unknown as FakeRecord[];
    },
    requests: () => store.requests.map(withoutKey),
    fault: (rule) => store.fault(rule),
  };
}
