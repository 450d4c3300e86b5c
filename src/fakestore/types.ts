/**
 * The fake store's public types: options, fault rules, the handle a test gets.
 *
 * Faults (`store.fault(rule)`) change answers for matching requests: latency, a status/body/header
 * override (a 500, a 503 with `Retry-After`, an HTML page...), a dropped connection (before the
 * answer, or mid-body with a Content-Length or chunked), a cut body, a slowly trickled body, a
 * redirect. A rule may apply to a share of the requests (`probability`), decided by a seeded dice:
 * the roll of a request depends only on the seed, the request line and how many times that request
 * line was seen while a rule exists (the count restarts past 10,000 distinct lines), so a run is
 * reproducible whatever order concurrent requests arrive in.
 *
 * Store-wide switches simulate misconfigured servers: a concurrency cap (queue or 503), URL
 * rewriting off (`/api` is a 404 page, `/webservice/dispatcher.php?url=` works), a web server that
 * strips the `Authorization` header, the webservice disabled.
 */
import type { HttpMethod } from '../model/index.js';
import type { CrudEngine, CrudEngineOptions } from './crud/engine.js';
import type { FixtureStore } from './fixtures.js';

export type FakeStoreFlavor = '8.x' | '1.7' | 'spec';

/** A key's permissions: every method on every resource, or methods per resource. */
export type KeyPermissions = 'all' | Readonly<Record<string, readonly HttpMethod[]>>;

/** The key every fake store accepts unless `keys` says otherwise (32 characters, like a real key). */
export const FAKE_STORE_KEY = 'FAKESTORE0DEMO0KEY00000000000001';

export interface FaultRule {
  /** Path below the server root (`/api/products`), exact or a RegExp; absent = every path. */
  readonly path?: string | RegExp;
  /** Query parameters the request must carry (subset match); null means "must be absent". */
  readonly query?: Readonly<Record<string, string | null>>;
  /** Only the first N matching requests (default: all of them). */
  readonly times?: number;
  /** Extra delay before answering. */
  readonly latencyMs?: number;
  /** Replace the answer: status, body and headers (headers merge over the defaults). */
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Destroy the connection: before any byte (`before-response`), or after half the body with the
   * full Content-Length declared (`mid-body`) or with chunked encoding (`mid-body-chunked`).
   */
  readonly drop?: 'before-response' | 'mid-body' | 'mid-body-chunked';
  /** Send only the first N bytes of the answer, with a matching Content-Length (a cut document). */
  readonly truncateTo?: number;
  /** Same as `truncateTo`, as a share of the body (0.5 = the first half). */
  readonly truncateFraction?: number;
  /** Send the body `bytes` at a time, waiting `intervalMs` between pieces (a slow store). */
  readonly trickle?: { readonly bytes: number; readonly intervalMs: number };
  /**
   * Apply to this share (0–1) of the matching requests, by the store's seeded dice. Rules with a
   * probability take consecutive slices of one roll per request: 0.2, 0.05 and 0.05 give exactly
   * 20 %, 5 % and 5 % of the requests, never two faults on one request.
   */
  readonly probability?: number;
  /** Answer `301` with `Location: <redirectPrefix><request path and query>` (absolute or path-only). */
  readonly redirectPrefix?: string;
  /** The status of that redirect (default 301). */
  readonly redirectStatus?: 301 | 302 | 303 | 307 | 308;
}

export interface FaultHandle {
  /** Requests this rule applied to so far. */
  readonly hits: number;
  remove(): void;
}

export interface FakeStoreOptions {
  readonly flavor?: FakeStoreFlavor;
  /** Fixture directory (default: the bundled one for the flavor). */
  readonly fixtureDir?: string;
  /** Accepted keys (default: `FAKE_STORE_KEY` with every permission). */
  readonly keys?: Readonly<Record<string, KeyPermissions>>;
  /** Serve the webservice below this path (default '' → `http://127.0.0.1:port/api`). */
  readonly basePath?: string;
  /** `PSWS-Version` (default: the fixture's; `1.7.8.10` for the 1.7 flavor; null = never sent). */
  readonly version?: string | null;
  /** False: every webservice request answers 503, code 22. */
  readonly webserviceEnabled?: boolean;
  /** Languages of the `languages` resource (default: the fixture's). */
  readonly languages?: readonly { readonly id: number; readonly isoCode: string }[];
  /** Latency added to every answer. */
  readonly latencyMs?: number;
  /** In-memory fixtures (instead of `fixtureDir`). */
  readonly fixtures?: FixtureStore;
  /** Seed of the dice for `probability` faults (default 1). */
  readonly seed?: number;
  /**
   * At most `max` requests served at once; the others wait (`queue`) or get a bare 503 with
   * `Retry-After: retryAfterSeconds` when given (`reject`), like a saturated PHP-FPM pool.
   */
  readonly concurrencyCap?: {
    readonly max: number;
    readonly mode: 'queue' | 'reject';
    readonly retryAfterSeconds?: number;
  };
  /** False: `/api` is a 404 page and only `/webservice/dispatcher.php?url=<path>` reaches the webservice. */
  readonly urlRewriting?: boolean;
  /** True: the web server drops the `Authorization` header, so only `ws_key` reaches PrestaShop. */
  readonly stripAuthorization?: boolean;
  /** Serve https with this key and certificate (PEM) instead of http. */
  readonly tls?: { readonly key: string; readonly cert: string };
  /**
   * Serve data, not only schemas: reads and writes of every resource of this snapshot (or those
   * `crud.resources` names; images and search with products) go to a `CrudEngine` built from it,
   * seeded by default with the bundled 8.2.0 demo records and records derived for the rest (see
   * `CrudSeed`). Schema requests (`?schema=`) are answered from the fixtures where they record the
   * resource with every field of the snapshot, else rendered from the snapshot.
   * An engine built by the caller is used as it is.
   */
  readonly crud?: CrudEngineOptions | CrudEngine;
  /** Port to listen on (default 0: any free port). */
  readonly port?: number;
  /**
   * Largest request body taken, in bytes (default 8 MiB, PHP's default `post_max_size`). A larger
   * one is answered as Apache's `LimitRequestBody` does: 413 with its HTML page, the connection closed.
   */
  readonly maxBodyBytes?: number;
  /** Requests `requests` keeps: the last N (default 1000; 0 keeps none). */
  readonly requestLogLimit?: number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The key the request carried (Basic user name or ws_key), or null. */
  readonly key: string | null;
  readonly hadAuthorization: boolean;
  /** The query string as sent, without `?` (still URL-encoded). */
  readonly rawQuery: string;
  /** Request headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body as text ('' when there was none). */
  readonly body: string;
}

export interface FakeStore {
  /** Base URL to pass as `--url` (no trailing slash, no `/api`). */
  readonly url: string;
  readonly flavor: FakeStoreFlavor;
  /** The last requests received (`requestLogLimit`, default 1000), in arrival order: a new array at each read. */
  readonly requests: readonly RecordedRequest[];
  /** Most requests in flight at once so far (arrived, not yet answered). */
  readonly maxInFlight: number;
  /** Most requests being served at once so far, under the concurrency cap (queued ones not counted). */
  readonly maxServing: number;
  /** The data engine when the store was started with `crud`, else null. */
  readonly crud: CrudEngine | null;
  fault(rule: FaultRule): FaultHandle;
  /** Removes every fault rule and restarts the dice (same seed: the same rolls again). */
  clearFaults(): void;
  /** A new seed for the dice, which restart. */
  reseed(seed: number): void;
  /** Forgets the requests recorded so far. */
  clearRequests(): void;
  setLatency(ms: number): void;
  setWebserviceEnabled(enabled: boolean): void;
  close(): Promise<void>;
}
