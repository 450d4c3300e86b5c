/**
 * A fake PrestaShop webservice on `node:http` (127.0.0.1, port 0), serving a fixture directory the
 * way real stores do (docs/testing.md). Used by the tests and by
 * `prestashop-codegen demo`, so it ships in `dist`.
 *
 * Flavors:
 * - `8.x`: XML `/api` listing with `patch` flags; JSON `/api` is a PHP fatal (500, empty body);
 *   recorded JSON synopses (no metadata) and full XML synopses; `PSWS-Version: 0` before
 *   authentication; `Content-Sha1`; images/search as recorded.
 * - `1.7`: the same fixtures with 1.7.8 wire behaviour: JSON `/api` is a bare array of names, the
 *   JSON synopsis lists every field with `""`, no `patch` flag, `PSWS-Version` always sent.
 * - `spec`: the spec-style store (`fixtures/spec-store`), whose JSON synopsis uses the spec's
 *   vocabulary (`required`, `maxSize`, `inputType`).
 *
 * Faults and store-wide switches: see `./types.ts`.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpMethod } from '../model/index.js';
import { trimSlashes } from '../text.js';
import { Admission, FaultTable } from './admission.js';
import { CrudEngine, type CrudEngineOptions } from './crud/engine.js';
import { withIndexEntries } from './crud/schema.js';
import { loadSeedRecords } from './crud/seed.js';
import { bundledFixtureDir, loadFixtureStore, type FixtureStore } from './fixtures.js';
import type { StoreContext } from './handlers.js';
import { route } from './router.js';

export { bundledFixtureDir, loadFixtureStore, type FixtureStore } from './fixtures.js';
export {
  CRUD_RESOURCES,
  CrudEngine,
  type CrudEngineOptions,
  type CrudGeneration,
  type CrudSeed,
} from './crud/engine.js';
export {
  FAKE_STORE_KEY,
  type FakeStore,
  type FakeStoreFlavor,
  type FakeStoreOptions,
  type FaultHandle,
  type FaultRule,
  type KeyPermissions,
  type RecordedRequest,
} from './types.js';
export { faultRoll } from './request.js';
import {
  FAKE_STORE_KEY,
  type FakeStore,
  type FakeStoreOptions,
  type FaultHandle,
  type FaultRule,
  type KeyPermissions,
} from './types.js';
import { readRequestBody, sleep, tooLargeAnswer } from './request.js';
import { REQUEST_LOG_LIMIT, RequestLog } from './request-log.js';
import { send } from './respond.js';

/** The engine's options with the bundled 8.2.0 demo records when the default seed is asked for. */
async function withDemo(options: CrudEngineOptions): Promise<CrudEngineOptions> {
  const seed = options.seed ?? true;
  if (options.records !== undefined || options.demo !== undefined || !(seed === true || typeof seed === 'function'))
    return options;
  return { ...options, demo: await loadSeedRecords() };
}

/** The body size a store takes by default: PHP's default `post_max_size` (8M). */
const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function startFakeStore(options: FakeStoreOptions = {}): Promise<FakeStore> {
  const flavor = options.flavor ?? '8.x';
  const fixtures: FixtureStore =
    options.fixtures ??
    (await loadFixtureStore(
      options.fixtureDir ?? bundledFixtureDir(flavor === 'spec' ? 'spec-store' : 'prestashop-8.2.0'),
    ));
  const version = options.version !== undefined ? options.version : flavor === '1.7' ? '1.7.8.10' : fixtures.psVersion;
  const keys: Readonly<Record<string, KeyPermissions>> = options.keys ?? { [FAKE_STORE_KEY]: 'all' };
  const basePath = trimSlashes(options.basePath ?? '');
  const languages = options.languages ?? fixtures.languages;
  const crud =
    options.crud === undefined
      ? null
      : options.crud instanceof CrudEngine
        ? options.crud
        : new CrudEngine({ generation: flavor === '1.7' ? '1.7' : '8.x', ...(await withDemo(options.crud)) });
  // With an engine, the snapshot's resources are served too (module resources, other releases),
  // with the key methods the snapshot records.
  const served = crud?.names().filter((n) => !fixtures.resources.some((r) => r.name === n)) ?? [];
  const resourceNames = new Set([...fixtures.resources.map((r) => r.name), ...served]);
  const fullMethods = new Map<string, readonly HttpMethod[]>(fixtures.resources.map((r) => [r.name, r.methods]));
  for (const name of crud?.names() ?? []) fullMethods.set(name, crud!.resource(name)!.methods);
  const apiIndex = withIndexEntries(fixtures.apiIndex, served, trimSlashes(fixtures.wsUrl));
  const requests = new RequestLog(options.requestLogLimit ?? REQUEST_LOG_LIMIT);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const faults = new FaultTable(options.seed ?? 1);
  const admission = new Admission(options.concurrencyCap ?? null);
  let latencyMs = options.latencyMs ?? 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const urlRewriting = options.urlRewriting ?? true;
  const stripAuthorization = options.stripAuthorization ?? false;
  const ctx: StoreContext = {
    flavor,
    fixtures,
    version,
    keys,
    basePath,
    languages,
    crud,
    resourceNames,
    fullMethods,
    apiIndex,
    stripAuthorization,
    origin: '',
    enabled: options.webserviceEnabled ?? true,
  };

  const handle: (...args: Parameters<RequestListener>) => Promise<void> = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const read = await readRequestBody(req, maxBodyBytes);
    requests.add(req.method ?? 'GET', req.url ?? '/', req.headers, read?.raw ?? Buffer.alloc(0), stripAuthorization);
    if (read === null) {
      await send(res, tooLargeAnswer(req.method ?? 'GET', url.pathname), null);
      return;
    }
    const { body } = read;
    const state = faults.pick(req.method ?? 'GET', url);
    if (state !== null) state.hits++;
    const fault = state?.rule ?? null;
    const delay = latencyMs + (fault?.latencyMs ?? 0);
    if (delay > 0) await sleep(delay);
    if (fault?.drop === 'before-response') {
      req.socket.destroy();
      return;
    }
    if (fault?.redirectPrefix !== undefined) {
      res.writeHead(fault.redirectStatus ?? 301, {
        location: `${fault.redirectPrefix}${url.pathname}${url.search}`,
        'content-length': '0',
      });
      res.end();
      return;
    }
    // Without URL rewriting only the dispatcher reaches the webservice: `?url=products` is `/api/products`.
    let path = url.pathname;
    const query = url.searchParams;
    if (path === `${basePath}/webservice/dispatcher.php`) {
      path = `${basePath}/api/${(query.get('url') ?? '').replace(/^\/+/, '')}`.replace(/\/$/, '');
      query.delete('url');
    } else if (!urlRewriting && (path === `${basePath}/api` || path.startsWith(`${basePath}/api/`))) {
      path = `${basePath}/no-rewrite${path}`;
    }
    let answer = route(ctx, req, path, query, body);
    if (fault !== null && (fault.status !== undefined || fault.body !== undefined || fault.headers !== undefined)) {
      answer = {
        status: fault.status ?? answer.status,
        headers: { ...answer.headers, ...(fault.headers ?? {}) },
        body: fault.body ?? answer.body,
      };
    }
    await send(res, answer, fault);
  };

  const listener: RequestListener = (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // 'finish' comes before the client can have the whole answer; 'close' covers dropped ones.
    let counted = true;
    let admitted = false;
    const done = (): void => {
      if (counted) inFlight--;
      counted = false;
      if (admitted) admission.leave();
      admitted = false;
    };
    res.once('finish', done);
    res.once('close', done);
    const serve = async (): Promise<void> => {
      const cap = admission.cap;
      if (!(cap === null ? admission.admitNow() : await admission.admit())) {
        const retryAfter = cap?.retryAfterSeconds === undefined ? {} : { 'retry-after': String(cap.retryAfterSeconds) };
        res.writeHead(503, { ...retryAfter, 'content-type': 'text/html', 'content-length': '0' });
        res.end();
        return;
      }
      admitted = true;
      await handle(req, res);
    };
    serve().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake store error: ${(error as Error).message}`);
    });
  };
  const server: Server =
    options.tls === undefined
      ? createServer(listener)
      : createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener);
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ctx.origin = `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`;

  return {
    url: `${ctx.origin}${basePath}`,
    flavor,
    get requests() {
      return requests.list();
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get maxServing() {
      return admission.maxServing;
    },
    crud,
    fault(rule: FaultRule): FaultHandle {
      return faults.add(rule);
    },
    clearRequests() {
      requests.clear();
    },
    clearFaults() {
      faults.clear();
    },
    reseed(value: number) {
      faults.reseed(value);
    },
    setLatency(ms: number) {
      latencyMs = ms;
    },
    setWebserviceEnabled(value: boolean) {
      ctx.enabled = value;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
