/**
 * The introspector: reads a store's resources and their synopses over HTTP and builds the model.
 * The only module of the project that touches the network.
 *
 * Steps:
 * 1. `GET {url}/api` (XML; the JSON form crashes on 8.x/9.0): resources, the key's method flags,
 *    and `PSWS-Version`. If the listing cannot be read, fall back to the spec's resource list plus
 *    `include`, and say so in the summary.
 * 2. Per resource, bounded by `concurrency`: the JSON synopsis (auto/json mode); when it holds no
 *    metadata (real stores), the XML synopsis; then `GET /api/<resource>?limit=1` (XML) for the
 *    plural node name.
 * 3. `GET /api/languages?display=[id,iso_code]` when the key may read languages, for iso codes.
 */
import type { Dispatcher } from 'undici';
import { ConfigError, EXIT_FAILURE, EXIT_USAGE, IntrospectError, redactUrl } from '../errors.js';
import {
  canonicalize,
  NO_SYNOPSIS_RESOURCES,
  SCHEMA_VERSION,
  SPEC_RESOURCE_METHODS,
  usableMethods,
  coreReference,
  type HttpMethod,
  type Language,
  type Resource,
  type StoreSchema,
  type SynopsisSource,
} from '../model/index.js';
import { contentProblem, expectBody, statusError, unreadable, type AnswerContext } from './answers.js';
import { StoreHttp, type HttpResponse } from './http.js';
import { hasErrorCode, parseErrorDocument } from './parse-errors.js';
import { parseApiListing, parseLanguageList, parseListNodesName, type ApiListing } from './parse-listing.js';
import { JsonReadError, parseJsonSynopsis, parseXmlSynopsis, type ParsedSynopsis } from './parse-synopsis.js';
import { XmlReadError } from './xml.js';

export { parseErrorDocument, describeStoreErrors } from './parse-errors.js';
export { parseApiListing, parseLanguageList, parseListNodesName, type ApiListing, type ListingEntry } from './parse-listing.js';
export {
  JsonReadError,
  parseJsonSynopsis,
  parseXmlSynopsis,
  referenceFromHref,
  type JsonSynopsis,
  type ParsedSynopsis,
} from './parse-synopsis.js';
export { parseXmlDocument, repairNumericTags, XmlReadError, type XmlElement } from './xml.js';
export { MAX_BODY_BYTES, MAX_REDIRECTS, MAX_WAIT_MS } from './http.js';

export type SynopsisFormat = 'auto' | 'json' | 'xml';

export interface IntrospectOptions {
  /** Store base URL, without `/api` (a trailing `/api` is removed with a warning). */
  url: string;
  /** Webservice key; sent as the HTTP Basic user name with an empty password. */
  key: string;
  /** Parallel requests (default 8). */
  concurrency?: number;
  /** Extra resources to read even if the listing does not show them. */
  include?: string[];
  /** Resources to leave out. */
  exclude?: string[];
  /** `auto` (default): JSON first, XML when the JSON has no metadata; or force one. */
  synopsisFormat?: SynopsisFormat;
  /** Per-attempt timeout in milliseconds (default 30000). */
  timeoutMs?: number;
  /** Retries per request on network errors, 5xx, 429 and 503 (default 4). */
  retries?: number;
  /** Called after each resource is done. */
  onProgress?: (done: number, total: number, resource: string) => void;
  /** Called for each warning (also collected in the summary). */
  onWarning?: (message: string) => void;
  /** undici dispatcher to use (tests, proxies); by default a private Agent per run. */
  dispatcher?: Dispatcher;
  /** Send the key as the `ws_key` query parameter instead of HTTP Basic (leaks into server logs). */
  wsKey?: boolean;
}

export interface IntrospectSummary {
  resources: number;
  /** Top-level fields over all resources (association fields not counted). */
  fields: number;
  /** HTTP requests sent, retries and redirects included. */
  requests: number;
  retries: number;
  ms: number;
  /** True when the `/api` listing could not be read and the spec's list was used. */
  listingFallback: boolean;
  /** Resources per synopsis source. */
  sources: Record<SynopsisSource, number>;
  warnings: string[];
}

export interface IntrospectResult {
  schema: StoreSchema;
  summary: IntrospectSummary;
}

/** Resources whose list node differs from the resource name (reference §2); used only when the list cannot be read. */
const KNOWN_LIST_NODES: ReadonlyMap<string, string> = new Map([
  ['order_slip', 'order_slips'],
  ['stock_movements', 'stock_mvts'],
  ['product_customization_fields', 'customization_fields'],
]);

/** The spec's name and the real store's name for credit notes. */
const RESOURCE_ALIASES: ReadonlyMap<string, string> = new Map([['order_slips', 'order_slip']]);

interface Target {
  readonly name: string;
  readonly description: string | null;
  readonly keyMethods: readonly HttpMethod[];
  /** Where the resource came from: the listing, `include`, or the spec fallback list. */
  readonly origin: 'listing' | 'include' | 'fallback';
}

interface ResolvedOptions {
  readonly base: URL;
  readonly key: string;
  readonly concurrency: number;
  readonly include: readonly string[];
  readonly exclude: ReadonlySet<string>;
  readonly synopsisFormat: SynopsisFormat;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly wsKey: boolean;
}

const RESOURCE_NAME_RE = /^[A-Za-z0-9_]{1,128}$/;

function positiveInt(value: number | undefined, fallback: number, option: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min) throw new ConfigError(`expected an integer ≥ ${min}, got ${String(value)}`, option);
  return value;
}

/** Validates options and normalises the base URL. */
export function resolveIntrospectOptions(options: IntrospectOptions, warn: (m: string) => void): ResolvedOptions {
  if (typeof options.url !== 'string' || options.url.trim() === '') {
    throw new ConfigError('the store URL is missing (--url or PRESTASHOP_URL)', 'url');
  }
  let base: URL;
  try {
    base = new URL(options.url.trim());
  } catch {
    throw new ConfigError('not a URL; expected e.g. https://shop.example', 'url');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ConfigError('expected an http:// or https:// URL', 'url');
  if (base.username !== '' || base.password !== '') {
    throw new ConfigError('the URL must not hold credentials; pass the key with --key or PRESTASHOP_API_KEY', 'url');
  }
  base.search = '';
  base.hash = '';
  let path = base.pathname.replace(/\/+$/, '');
  if (/\/api$/i.test(path)) {
    path = path.slice(0, -4);
    warn(`--url should be the shop's base address; the trailing "/api" was removed (${base.origin}${path || '/'})`);
  }
  base.pathname = path === '' ? '/' : path;
  if (typeof options.key !== 'string' || options.key === '') throw new ConfigError('the API key is missing (--key or PRESTASHOP_API_KEY)', 'key');
  if (/[\s:]/.test(options.key)) throw new ConfigError('the API key must not contain spaces or ":"', 'key');
  const names = (list: readonly string[] | undefined, option: string): string[] =>
    (list ?? []).map((n) => {
      const name = n.trim();
      if (!RESOURCE_NAME_RE.test(name)) throw new ConfigError(`${JSON.stringify(n)} is not a resource name`, option);
      return name;
    });
  const format = options.synopsisFormat ?? 'auto';
  if (!['auto', 'json', 'xml'].includes(format)) throw new ConfigError('expected auto, json or xml', 'synopsis-format');
  return {
    base,
    key: options.key,
    concurrency: positiveInt(options.concurrency, 8, 'concurrency', 1),
    include: [...new Set(names(options.include, 'include'))],
    exclude: new Set(names(options.exclude, 'exclude')),
    synopsisFormat: format,
    timeoutMs: positiveInt(options.timeoutMs, 30_000, 'timeout', 1),
    retries: positiveInt(options.retries, 4, 'retries', 0),
    wsKey: options.wsKey === true,
  };
}

function pswsVersion(res: HttpResponse): string | null {
  const v = (res.headers['psws-version'] ?? '').trim();
  return v === '' || v === '0' ? null : v;
}

/** One run's state: the HTTP client, warnings, what was seen. */
class Run {
  readonly warnings: string[] = [];
  readonly languageIds = new Set<number>();
  psVersion: string | null = null;
  readonly abort = new AbortController();

  constructor(
    readonly http: StoreHttp,
    readonly opts: ResolvedOptions,
    private readonly onWarning: ((m: string) => void) | undefined,
  ) {}

  warn(message: string): void {
    const clean = this.http.scrub(message);
    this.warnings.push(clean);
    this.onWarning?.(clean);
  }

  async get(path: string, query: Record<string, string>, resource: string | null): Promise<HttpResponse> {
    const res = await this.http.get({ path, query, resource, signal: this.abort.signal });
    if (this.psVersion === null && res.status >= 200 && res.status < 300) this.psVersion = pswsVersion(res);
    return res;
  }
}

type ListingOutcome = { readonly listing: ApiListing; readonly res: HttpResponse } | { readonly fallback: string };

async function readListing(run: Run): Promise<ListingOutcome> {
  const ctx: AnswerContext = { resource: null, listing: true };
  const res = await run.get('/api', {}, null);
  if (res.status >= 200 && res.status <= 299) {
    const body = expectBody(res, 'xml', ctx);
    try {
      return { listing: parseApiListing(body), res };
    } catch (error) {
      if (!(error instanceof XmlReadError)) throw error;
      return { fallback: `${res.url}: ${error.reason}` };
    }
  }
  const errors = parseErrorDocument(res.body);
  // Answers that say something definite about the key, the webservice or the URL are errors.
  if (res.status === 401 || res.status === 403 || res.status === 404 || (res.status === 503 && hasErrorCode(errors, 22))) {
    throw statusError(res, ctx);
  }
  const err = statusError(res, ctx);
  if (errors === null && contentProblem(res, 'xml', ctx)?.details.exitCode === EXIT_USAGE) throw err;
  // 5xx after retries, 405, …: the listing is unreadable but resources may still answer.
  return { fallback: err.message };
}

interface SynopsisOutcome {
  readonly source: SynopsisSource;
  readonly reason: string | null;
  readonly parsed: ParsedSynopsis | null;
  /** The resource name the store answered to (differs from the asked one for aliases). */
  readonly name: string;
}

async function readXmlSynopsis(run: Run, name: string): Promise<SynopsisOutcome | 'unknown'> {
  const ctx: AnswerContext = { resource: name };
  const res = await run.get(`/api/${name}`, { schema: 'synopsis' }, name);
  const early = classifyFailure(run, res, name);
  if (early !== null) return early;
  const body = expectBody(res, 'xml', ctx);
  let parsed: ParsedSynopsis;
  try {
    parsed = parseXmlSynopsis(body, name);
  } catch (error) {
    if (error instanceof XmlReadError) throw unreadable(res, ctx, error.reason);
    throw error;
  }
  if (looksLikeListing(body)) {
    const reason = `the synopsis answer <${parsed.nodeName}> is a listing, not a schema`;
    run.warn(`${name}: ${reason}; kept without fields`);
    return { source: 'none', reason, parsed: null, name };
  }
  return { source: 'xml', reason: null, parsed, name };
}

/** A document whose items carry method flags (`get="true"`) is a listing such as `<image_types>`. */
function looksLikeListing(xml: string): boolean {
  return /<[A-Za-z_][\w.-]*\s[^>]*\bget="(true|false)"[^>]*\bhead="(true|false)"/.test(xml);
}

/**
 * Failures a synopsis request can have that are not fatal for every resource: unknown resource
 * (400/27) and "no synopsis here" (another 400 with a PrestaShop error). Null when the answer is a
 * success or a fatal error the caller raises.
 */
function classifyFailure(run: Run, res: HttpResponse, name: string): SynopsisOutcome | 'unknown' | null {
  if (res.status >= 200 && res.status <= 299) return null;
  const errors = parseErrorDocument(res.body);
  if (res.status === 400 && hasErrorCode(errors, 27)) return 'unknown';
  if (res.status === 400 && errors !== null && errors.length > 0) {
    const reason = `the store answered 400 to the synopsis request (${errors
      .map((e) => (e.code === null ? e.message : `code ${e.code}: ${e.message}`))
      .join('; ')})`;
    run.warn(`${name}: ${reason}; kept without fields`);
    return { source: 'none', reason, parsed: null, name };
  }
  throw statusError(res, { resource: name });
}

async function readSynopsis(run: Run, name: string): Promise<SynopsisOutcome | 'unknown'> {
  const mode = run.opts.synopsisFormat;
  if (mode === 'xml') return readXmlSynopsis(run, name);
  const ctx: AnswerContext = { resource: name };
  const res = await run.get(`/api/${name}`, { schema: 'synopsis', output_format: 'JSON' }, name);
  const early = classifyFailure(run, res, name);
  if (early !== null) return early;
  const problem = contentProblem(res, 'json', ctx);
  if (problem !== null) {
    if (mode === 'json') throw problem;
    run.warn(`${name}: the JSON synopsis is unusable (${problem.message}); reading the XML synopsis`);
    return readXmlSynopsis(run, name);
  }
  let parsed;
  try {
    parsed = parseJsonSynopsis(res.body, name);
  } catch (error) {
    if (!(error instanceof JsonReadError)) throw error;
    if (mode === 'json') throw unreadable(res, ctx, error.reason);
    run.warn(`${name}: the JSON synopsis is unusable (${error.reason}); reading the XML synopsis`);
    return readXmlSynopsis(run, name);
  }
  if (parsed.kind === 'schema') return { source: 'json', reason: null, parsed, name };
  if (mode === 'auto') return readXmlSynopsis(run, name);
  run.warn(`${name}: ${parsed.reason} (forced --synopsis-format json); kept without field metadata`);
  return { source: 'json', reason: parsed.reason, parsed: { ...parsed, fields: [], associations: [], languageIds: [], warnings: [] }, name };
}

async function readNodesName(run: Run, name: string, fallback: string): Promise<string> {
  const ctx: AnswerContext = { resource: name };
  let res: HttpResponse;
  try {
    res = await run.get(`/api/${name}`, { limit: '1' }, name);
  } catch (error) {
    if (run.abort.signal.aborted) throw error;
    run.warn(`${name}: the list could not be read (${(error as Error).message}); list node name "${fallback}" assumed`);
    return fallback;
  }
  try {
    return parseListNodesName(expectBody(res, 'xml', ctx));
  } catch (error) {
    const reason = error instanceof XmlReadError ? error.reason : (error as Error).message;
    run.warn(`${name}: the list could not be read (${reason}); list node name "${fallback}" assumed`);
    return fallback;
  }
}

function emptyResource(target: Target, name: string, reason: string, nodesName: string | null = null): Resource {
  return {
    name,
    description: target.description,
    nodeName: null,
    nodesName,
    methods: usableMethods(name, target.keyMethods),
    synopsis: { source: 'none', reason },
    fields: [],
    associations: [],
  };
}

async function readResource(run: Run, target: Target): Promise<Resource | null> {
  const noSynopsis = NO_SYNOPSIS_RESOURCES.get(target.name);
  if (noSynopsis !== undefined) return emptyResource(target, target.name, noSynopsis);
  if (!target.keyMethods.includes('GET')) {
    const reason = 'this key may not GET the resource, so its synopsis cannot be read';
    run.warn(`${target.name}: ${reason}`);
    return emptyResource(target, target.name, reason);
  }
  let outcome: SynopsisOutcome | 'unknown';
  try {
    outcome = await readSynopsis(run, target.name);
    const alias = RESOURCE_ALIASES.get(target.name);
    if (outcome === 'unknown' && alias !== undefined) {
      run.warn(`${target.name}: unknown to the store (400, code 27); trying "${alias}"`);
      outcome = await readSynopsis(run, alias);
    }
  } catch (error) {
    // Reading the spec's list blindly: a resource this key may not use is left out, not fatal.
    if (target.origin === 'fallback' && error instanceof IntrospectError && hasErrorCode(error.details.errors ?? null, 26)) {
      run.warn(`${target.name}: this key has no permission on it (401, code 26); left out`);
      return null;
    }
    throw error;
  }
  if (outcome === 'unknown') {
    if (target.origin === 'fallback') {
      run.warn(`${target.name}: unknown to the store (400, code 27); left out`);
      return null;
    }
    const url = redactUrl(run.http.urlFor({ path: `/api/${target.name}`, resource: target.name }));
    throw new IntrospectError(`${url} (resource "${target.name}"): the store has no such resource (400, code 27)`, {
      url,
      resource: target.name,
      status: 400,
      exitCode: target.origin === 'include' ? EXIT_USAGE : EXIT_FAILURE,
    });
  }
  const name = outcome.name;
  if (outcome.parsed === null) return emptyResource(target, name, outcome.reason ?? 'no synopsis');
  const parsed = outcome.parsed;
  for (const w of parsed.warnings) run.warn(w);
  for (const id of parsed.languageIds) run.languageIds.add(id);
  const nodesName = await readNodesName(run, name, KNOWN_LIST_NODES.get(name) ?? name);
  return {
    name,
    description: target.description,
    nodeName: parsed.nodeName,
    nodesName,
    methods: usableMethods(name, target.keyMethods),
    synopsis: { source: outcome.source, reason: outcome.reason },
    // Real synopses strip xlink:href from top-level fields; core foreign keys come from a bundled table.
    fields: parsed.fields.map((f) => (f.references === null ? { ...f, references: coreReference(name, f.name) } : f)),
    associations: parsed.associations,
  };
}

async function readLanguages(run: Run): Promise<Language[] | null> {
  const ctx: AnswerContext = { resource: 'languages' };
  try {
    const res = await run.get('/api/languages', { display: '[id,iso_code]' }, 'languages');
    return parseLanguageList(expectBody(res, 'xml', ctx));
  } catch (error) {
    if (run.abort.signal.aborted) throw error;
    const reason = error instanceof XmlReadError ? error.reason : (error as Error).message;
    run.warn(`languages: iso codes could not be read (${reason})`);
    return null;
  }
}

function planTargets(run: Run, outcome: ListingOutcome): Target[] {
  const { include, exclude } = run.opts;
  const targets = new Map<string, Target>();
  if ('listing' in outcome) {
    for (const r of outcome.listing.resources) {
      targets.set(r.name, { name: r.name, description: r.description, keyMethods: r.keyMethods, origin: 'listing' });
    }
  } else {
    for (const [name, methods] of SPEC_RESOURCE_METHODS) {
      targets.set(name, { name, description: null, keyMethods: methods, origin: 'fallback' });
    }
  }
  for (const name of include) {
    if (targets.has(name)) continue;
    run.warn(`${name}: not in the listing; reading it because it is included (methods unknown, GET assumed)`);
    targets.set(name, { name, description: null, keyMethods: ['GET'], origin: 'include' });
  }
  for (const name of exclude) targets.delete(name);
  return [...targets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Reads a store's schema. Throws `IntrospectError` (store failures) or `ConfigError` (bad options). */
export async function introspectStore(options: IntrospectOptions): Promise<IntrospectResult> {
  const started = performance.now();
  const early: string[] = [];
  const opts = resolveIntrospectOptions(options, (m) => early.push(m));
  const http = new StoreHttp(opts.base, {
    key: opts.key,
    wsKey: opts.wsKey,
    concurrency: opts.concurrency,
    timeoutMs: opts.timeoutMs,
    retries: opts.retries,
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
  });
  const run = new Run(http, opts, options.onWarning);
  for (const w of early) run.warn(w);
  if (opts.wsKey) run.warn('the key is sent as the ws_key query parameter: it will appear in the store\'s access logs');
  try {
    const outcome = await readListing(run);
    if ('fallback' in outcome) {
      run.warn(`the /api listing could not be read (${outcome.fallback}); using the spec's resource list plus --include`);
    } else {
      run.psVersion = pswsVersion(outcome.res) ?? run.psVersion;
    }
    const targets = planTargets(run, outcome);
    const mayReadLanguages = 'listing' in outcome
      ? outcome.listing.resources.some((r) => r.name === 'languages' && r.keyMethods.includes('GET'))
      : targets.some((t) => t.name === 'languages');
    let done = 0;
    const failures: unknown[] = [];
    const guard = async <T>(work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (error) {
        failures.push(error);
        run.abort.abort();
        return null;
      }
    };
    const languagesPromise = mayReadLanguages ? guard(() => readLanguages(run)) : Promise.resolve(null);
    const resources = await Promise.all(
      targets.map((t) =>
        guard(async () => {
          const r = await readResource(run, t);
          done++;
          options.onProgress?.(done, targets.length, t.name);
          return r;
        }),
      ),
    );
    const languageList = await languagesPromise;
    if (failures.length > 0) {
      const first = failures.find((f) => !(f instanceof IntrospectError && /abandoned after another failure/.test(f.message))) ?? failures[0];
      throw first;
    }
    const kept = resources.filter((r): r is Resource => r !== null);
    const isoById = new Map((languageList ?? []).map((l) => [l.id, l.isoCode]));
    const ids = run.languageIds.size > 0 ? [...run.languageIds] : (languageList ?? []).map((l) => l.id);
    const languages: Language[] = ids.map((id) => ({ id, isoCode: isoById.get(id) ?? null }));
    const schema = canonicalize({
      schemaVersion: SCHEMA_VERSION,
      store: { psVersion: run.psVersion, languages },
      resources: kept,
    });
    const sources: Record<SynopsisSource, number> = { json: 0, xml: 0, none: 0 };
    for (const r of schema.resources) sources[r.synopsis.source]++;
    return {
      schema,
      summary: {
        resources: schema.resources.length,
        fields: schema.resources.reduce((n, r) => n + r.fields.length, 0),
        requests: http.requests,
        retries: http.retries,
        ms: Math.round(performance.now() - started),
        listingFallback: 'fallback' in outcome,
        sources,
        warnings: [...run.warnings],
      },
    };
  } finally {
    await http.close();
  }
}
