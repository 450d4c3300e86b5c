/**
 * A fake PrestaShop webservice on `node:http` (127.0.0.1, port 0), serving a fixture directory the
 * way real stores do (reference: prestashop-webservice.md). Used by the tests and by
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
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpMethod } from '../model/index.js';
import { trimSlashes } from '../text.js';
import { CrudEngine, knownMethod, type CrudEngineOptions } from './crud/engine.js';
import { renderSchema, withIndexEntries } from './crud/schema.js';
import { loadSeedRecords } from './crud/seed.js';
import { bundledFixtureDir, loadFixtureStore, type FixtureStore, type RecordedAnswer } from './fixtures.js';
import {
  emptyStringJsonSynopsis,
  listingForKey,
  NOT_FOUND_PAGE,
  renderErrors,
  renderLanguages,
  UNAUTHORIZED_REALM,
  type WireError,
  type WireFormat,
} from './wire.js';

export { bundledFixtureDir, loadFixtureStore, type FixtureStore } from './fixtures.js';
export { CRUD_RESOURCES, CrudEngine, type CrudEngineOptions, type CrudGeneration, type CrudSeed } from './crud/engine.js';
export { FAKE_STORE_KEY, type FakeStore, type FakeStoreFlavor, type FakeStoreOptions, type FaultHandle, type FaultRule, type KeyPermissions, type RecordedRequest } from './types.js';
export { faultRoll } from './request.js';
import { FAKE_STORE_KEY, type FakeStore, type FakeStoreOptions, type FaultHandle, type FaultRule, type KeyPermissions } from './types.js';
import { keyOf, matches, outputFormat, readRequestBody, sleep, tooLargeAnswer, type Answer, type FaultState, type RequestBody } from './request.js';
import { FaultDice, REQUEST_LOG_LIMIT, RequestLog } from './request-log.js';
import { send } from './respond.js';

/** The engine's options with the bundled 8.2.0 demo records when the default seed is asked for. */
async function withDemo(options: CrudEngineOptions): Promise<CrudEngineOptions> {
  const seed = options.seed ?? true;
  if (options.records !== undefined || options.demo !== undefined || !(seed === true || typeof seed === 'function')) return options;
  return { ...options, demo: await loadSeedRecords() };
}

/** The body size a store takes by default: PHP's default `post_max_size` (8M). */
const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function startFakeStore(options: FakeStoreOptions = {}): Promise<FakeStore> {
  const flavor = options.flavor ?? '8.x';
  const fixtures: FixtureStore =
    options.fixtures ??
    (await loadFixtureStore(options.fixtureDir ?? bundledFixtureDir(flavor === 'spec' ? 'spec-store' : 'prestashop-8.2.0')));
  const version = options.version !== undefined ? options.version : flavor === '1.7' ? '1.7.8.10' : fixtures.psVersion;
  const keys: Readonly<Record<string, KeyPermissions>> = options.keys ?? { [FAKE_STORE_KEY]: 'all' };
  const basePath = trimSlashes(options.basePath ?? '');
  const languages = options.languages ?? fixtures.languages;
  const crud = options.crud === undefined ? null : options.crud instanceof CrudEngine ? options.crud : new CrudEngine({ generation: flavor === '1.7' ? '1.7' : '8.x', ...(await withDemo(options.crud)) });
  // With an engine, the snapshot's resources are served too (module resources, other releases),
  // with the key methods the snapshot records.
  const served = crud?.names().filter((n) => !fixtures.resources.some((r) => r.name === n)) ?? [];
  const resourceNames = new Set([...fixtures.resources.map((r) => r.name), ...served]);
  const fullMethods = new Map<string, readonly HttpMethod[]>(fixtures.resources.map((r) => [r.name, r.methods]));
  for (const name of crud?.names() ?? []) fullMethods.set(name, crud!.resource(name)!.methods);
  const apiIndex = withIndexEntries(fixtures.apiIndex, served, trimSlashes(fixtures.wsUrl));
  const requests = new RequestLog(options.requestLogLimit ?? REQUEST_LOG_LIMIT);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const faults: FaultState[] = [];
  let latencyMs = options.latencyMs ?? 0;
  let enabled = options.webserviceEnabled ?? true;
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';
  const dice = new FaultDice(options.seed ?? 1);
  const cap = options.concurrencyCap ?? null;
  let serving = 0;
  let maxServing = 0;
  const queued: (() => void)[] = [];
  const urlRewriting = options.urlRewriting ?? true;
  const stripAuthorization = options.stripAuthorization ?? false;

  const permissionsFor = (key: string): ((resource: string) => readonly HttpMethod[] | null) => {
    const p = keys[key];
    if (p === 'all') return (r) => fullMethods.get(r) ?? null;
    return (r) => (p !== undefined && Object.hasOwn(p, r) ? (p[r] ?? null) : null);
  };

  const rewrite = (body: string): string => {
    const from = trimSlashes(fixtures.wsUrl);
    const to = `${origin}${basePath}/api`;
    return body.split(from).join(to).split(from.replace(/\//g, '\\/')).join(to.replace(/\//g, '\\/'));
  };

  const baseHeaders = (authenticated: boolean, contentType: string): Record<string, string> => {
    const h: Record<string, string> = {
      'access-time': '1795237470',
      'x-powered-by': 'PrestaShop Webservice',
      'execution-time': '0.001',
      'content-type': contentType,
    };
    if (version !== null) h['psws-version'] = authenticated || flavor === '1.7' ? version : '0';
    return h;
  };

  const errorAnswer = (status: number, errors: readonly WireError[], format: WireFormat, authenticated: boolean): Answer => ({
    status,
    headers: baseHeaders(authenticated, format === 'JSON' ? 'application/json' : 'text/xml'),
    body: renderErrors(errors, format),
  });

  const fromRecord = (rec: RecordedAnswer): Answer => {
    const headers = baseHeaders(true, rec.headers['Content-Type'] ?? '');
    return { status: rec.status, headers, body: rewrite(rec.body) };
  };

  const route = (req: IncomingMessage, path: string, query: URLSearchParams, body: RequestBody): Answer => {
    const apiPrefix = `${basePath}/api`;
    if (path !== apiPrefix && !path.startsWith(`${apiPrefix}/`)) {
      return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: NOT_FOUND_PAGE };
    }
    const format = outputFormat(req, query);
    if (!enabled) return errorAnswer(503, [{ code: 22, message: 'The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office' }], format, false);
    const { key } = keyOf(req.headers, query, stripAuthorization);
    if (key === null || key === '') {
      return {
        status: 401,
        headers: { ...baseHeaders(false, 'text/html'), 'www-authenticate': UNAUTHORIZED_REALM },
        body: '401 Unauthorized',
      };
    }
    const unauthorized = (errors: WireError[]): Answer => {
      const a = errorAnswer(401, errors, format, false);
      a.headers['www-authenticate'] = UNAUTHORIZED_REALM;
      return a;
    };
    if (key.length !== 32) return unauthorized([{ code: 18, message: 'Invalid authentication key format' }]);
    if (!Object.hasOwn(keys, key)) {
      return unauthorized([
        { code: 20, message: 'Authentification key is not active' },
        { code: 21, message: 'No permission for this authentication key' },
      ]);
    }
    const perms = permissionsFor(key);
    const segments = path.slice(apiPrefix.length).split('/').filter((s) => s !== '');
    if (segments.length === 0) {
      if (format === 'JSON') {
        if (flavor === '8.x') return { status: 500, headers: {}, body: '' };
        const names = fixtures.resources.map((r) => r.name).filter((r) => perms(r) !== null);
        return { status: 200, headers: baseHeaders(true, 'application/json'), body: JSON.stringify(names) };
      }
      const body = rewrite(listingForKey(apiIndex, perms, flavor !== '1.7'));
      return { status: 200, headers: baseHeaders(true, 'text/xml'), body };
    }
    const resource = decodeURIComponent(segments[0]!);
    if (!resourceNames.has(resource)) {
      return errorAnswer(400, [{ code: 27, message: `Resource of type "${resource}" does not exists.` }], format, true);
    }
    const methods = perms(resource);
    if (methods === null) {
      return errorAnswer(401, [{ code: 26, message: `Resource of type "${resource}" is not allowed with this authentication key` }], format, true);
    }
    if (crud !== null && crud.handles(resource) && query.get('schema') === null) {
      const a = crud.handle({
        method: query.get('ps_method') ?? req.method ?? 'GET',
        segments: segments.map(decodeURIComponent),
        query,
        body: body.text,
        format,
        wsUrl: `${origin}${basePath}/api/`,
        keyMethods: methods,
        ...(body.multipart === undefined ? {} : { multipart: body.multipart }),
      });
      const headers = baseHeaders(true, a.contentType);
      return { status: a.status, headers: a.headers === undefined ? headers : Object.assign(headers, a.headers), body: a.body };
    }
    const method = (req.method ?? 'GET').toUpperCase() as HttpMethod;
    if (!knownMethod(method, flavor === '1.7' ? '1.7' : '8.x')) return errorAnswer(405, [{ code: 23, message: `Method ${method} is not valid` }], format, true);
    if (!methods.includes(method)) {
      return errorAnswer(405, [{ code: 25, message: `Method ${method} is not allowed for the resource ${resource} with this authentication key` }], format, true);
    }
    if (segments.length > 1) return { status: 404, headers: baseHeaders(true, ''), body: '' };
    const schema = query.get('schema');
    if (schema !== null && schema !== 'synopsis' && schema !== 'blank') {
      const rec = fixtures.answers.get(`errors/bad-schema.${format}`);
      if (rec !== undefined) return fromRecord(rec);
      return errorAnswer(400, [{ code: 28, message: 'Please select a schema of type synopsis or blank' }], format, true);
    }
    if (schema === null && resource === 'languages') {
      const display = query.get('display') === '[id,iso_code]';
      return {
        status: 200,
        headers: baseHeaders(true, format === 'JSON' ? 'application/json' : 'text/xml'),
        body: renderLanguages(languages, format, display, `${origin}${basePath}/api/`),
      };
    }
    const kind = schema ?? 'list';
    if (flavor === '1.7' && kind === 'synopsis' && format === 'JSON') {
      const xml = fixtures.answers.get(`synopsis/${resource}.XML`);
      const json = fixtures.answers.get(`synopsis/${resource}.JSON`);
      const body = xml !== undefined && xml.status === 200 ? emptyStringJsonSynopsis(xml.body, json?.body ?? null) : null;
      if (body !== null) return { status: 200, headers: baseHeaders(true, 'application/json'), body: rewrite(body) };
    }
    const rec = fixtures.answers.get(`${kind}/${resource}.${format}`);
    const def = crud?.resource(resource);
    // A schema the recording lacks, or one without a field of the snapshot (a module field), is rendered.
    const recordedXml = fixtures.answers.get(`${kind}/${resource}.XML`)?.body;
    const stale = def !== undefined && (recordedXml === undefined || def.fields.some((f) => f.name !== 'id' && !recordedXml.includes(`<${f.name}`)));
    if ((rec === undefined || stale) && def !== undefined && (kind === 'blank' || kind === 'synopsis')) {
      const body = renderSchema(def, kind, format, crud!.languages, `${origin}${basePath}/api/`, crud!.generation);
      return { status: 200, headers: baseHeaders(true, format === 'JSON' ? 'application/json' : 'text/xml'), body };
    }
    if (rec === undefined) return { status: 404, headers: baseHeaders(true, ''), body: '' };
    return fromRecord(rec);
  };

  const pickFault = (method: string, url: URL): FaultState | null => {
    // No rule, no dice: nothing is counted or hashed.
    if (faults.length === 0) return null;
    const roll = dice.count(`${method} ${url.pathname}${url.search}`);
    let slice = 0;
    for (const f of faults) {
      if (f.removed || (f.rule.times !== undefined && f.hits >= f.rule.times) || !matches(f.rule, url.pathname, url.searchParams)) continue;
      if (f.rule.probability === undefined) return f;
      const from = slice;
      slice += f.rule.probability;
      if (roll() >= from && roll() < slice) return f;
    }
    return null;
  };

  /** `admit` without a cap: always, at once. */
  const admitNow = (): boolean => {
    serving++;
    maxServing = Math.max(maxServing, serving);
    return true;
  };
  /** Waits for a slot under the concurrency cap; false when the request is to be turned away. */
  const admit = async (): Promise<boolean> => {
    if (cap !== null && serving >= cap.max) {
      if (cap.mode === 'reject') return false;
      // The leaving request hands its slot over: `serving` stays the same.
      await new Promise<void>((resolve) => queued.push(resolve));
      return true;
    }
    return admitNow();
  };
  const leave = (): void => {
    const next = queued.shift();
    if (next !== undefined) next();
    else serving--;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const read = await readRequestBody(req, maxBodyBytes);
    requests.add(req.method ?? 'GET', req.url ?? '/', req.headers, read?.raw ?? Buffer.alloc(0), stripAuthorization);
    if (read === null) {
      await send(res, tooLargeAnswer(req.method ?? 'GET', url.pathname), null);
      return;
    }
    const { body } = read;
    const state = pickFault(req.method ?? 'GET', url);
    if (state !== null) state.hits++;
    const fault = state?.rule ?? null;
    const delay = latencyMs + (fault?.latencyMs ?? 0);
    if (delay > 0) await sleep(delay);
    if (fault?.drop === 'before-response') {
      req.socket.destroy();
      return;
    }
    if (fault?.redirectPrefix !== undefined) {
      res.writeHead(fault.redirectStatus ?? 301, { location: `${fault.redirectPrefix}${url.pathname}${url.search}`, 'content-length': '0' });
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
    let answer = route(req, path, query, body);
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
      if (admitted) leave();
      admitted = false;
    };
    res.once('finish', done);
    res.once('close', done);
    const serve = async (): Promise<void> => {
      if (!(cap === null ? admitNow() : await admit())) {
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
  const server: Server = options.tls === undefined ? createServer(listener) : createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener);
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`;

  return {
    url: `${origin}${basePath}`,
    flavor,
    get requests() {
      return requests.list();
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get maxServing() {
      return maxServing;
    },
    crud,
    fault(rule: FaultRule): FaultHandle {
      const state: FaultState = { rule, hits: 0, removed: false };
      faults.push(state);
      return {
        get hits() {
          return state.hits;
        },
        remove() {
          state.removed = true;
        },
      };
    },
    clearRequests() {
      requests.clear();
    },
    clearFaults() {
      for (const f of faults) f.removed = true;
      faults.length = 0;
      dice.restart();
    },
    reseed(value: number) {
      dice.restart(value);
    },
    setLatency(ms: number) {
      latencyMs = ms;
    },
    setWebserviceEnabled(value: boolean) {
      enabled = value;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
