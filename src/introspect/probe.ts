/**
 * The network half of `prestashop-codegen doctor`: a handful of requests that tell apart the usual
 * ways a store is misconfigured, returned as plain observations. The diagnosis itself (what is
 * wrong, how to fix it) is pure and lives in src/doctor/.
 *
 * Requests, each only when the previous answers call for it:
 * 1. `GET /api` with the key as HTTP Basic (or `ws_key` with `wsKey`);
 * 2. when that is not a PrestaShop answer: `GET /webservice/dispatcher.php?url=` (URL rewriting off);
 * 3. when the answer is a 401 without a PrestaShop error (no key reached PHP): the same with `ws_key`
 *    (the web server strips `Authorization`);
 * 4. with a listing: each resource the user asked for that the listing does not grant GET on;
 * 5. the JSON synopsis of one readable resource, and its XML synopsis when the JSON is lossy.
 */
import { IntrospectError, redactUrl, type StoreErrorEntry } from '../errors.js';
import { compareCodeUnits, NO_SYNOPSIS_RESOURCES, SPEC_RESOURCE_METHODS } from '../model/index.js';
import { contentProblem, statusError, type AnswerContext } from './answers.js';
import { StoreHttp, type HttpResponse } from './http.js';
import {
  resolveIntrospectOptions,
  transportWarnings,
  type IntrospectOptions,
  type ResolvedOptions,
} from './options.js';
import { parseErrorDocument } from './parse-errors.js';
import { parseApiListing, type ApiListing } from './parse-listing.js';
import { JsonReadError, parseJsonSynopsis, parseXmlSynopsis } from './parse-synopsis.js';
import { pswsVersion } from './run.js';
import { looksLikeHtml, XmlReadError } from './xml.js';

export type ProbeOptions = Pick<
  IntrospectOptions,
  'url' | 'key' | 'include' | 'timeoutMs' | 'retries' | 'wsKey' | 'ca' | 'insecure' | 'dispatcher' | 'backoffBaseMs'
>;

/** How a request was addressed: the rewritten `/api` path or the dispatcher script. */
export type Entry = 'api' | 'dispatcher';
export type Auth = 'basic' | 'ws_key';

export interface ProbeAnswer {
  /** The URL, redacted. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  /** `PSWS-Version` (null when absent or `0`). */
  readonly version: string | null;
  /** The PrestaShop errors of the body, or null when it is not an error document. */
  readonly errors: readonly StoreErrorEntry[] | null;
  readonly html: boolean;
  /** True when the answer comes from PrestaShop's webservice (an error document, its 401 realm, its headers). */
  readonly fromPrestaShop: boolean;
  /** The listing, when the body is one. */
  readonly listing: ApiListing | null;
  /** What is wrong with the answer, in the introspector's words (null for a good listing or success). */
  readonly problem: string | null;
}

export type Probe =
  | { readonly ok: true; readonly entry: Entry; readonly auth: Auth; readonly answer: ProbeAnswer }
  | { readonly ok: false; readonly entry: Entry; readonly auth: Auth; readonly error: string };

export interface ResourceCheck {
  readonly resource: string;
  /** Why the listing did not grant GET: absent from it, or listed without GET. */
  readonly listed: boolean;
  readonly probe: Probe;
}

export interface SynopsisCheck {
  readonly resource: string;
  /** `schema`: the JSON has field metadata; `no-metadata`: lossy; `unusable`: not a synopsis at all. */
  readonly json: 'schema' | 'no-metadata' | 'unusable';
  readonly jsonReason: string | null;
  /** Null when the XML synopsis was not needed (the JSON had metadata). */
  readonly xml: { readonly readable: boolean; readonly reason: string | null } | null;
}

export interface StoreObservations {
  /** The base URL, redacted. */
  readonly base: string;
  readonly warnings: readonly string[];
  /** Every probe of the webservice root, in the order made. */
  readonly roots: readonly Probe[];
  /** The probe that gave the listing, or null. */
  readonly working: Probe | null;
  readonly asked: { readonly names: readonly string[]; readonly source: 'include' | 'spec' };
  readonly unreadable: readonly ResourceCheck[];
  readonly synopsis: SynopsisCheck | null;
}

/** The spec calls credit notes `order_slips`; PrestaShop's resource is `order_slip`. */
const ALIASES: ReadonlyMap<string, string> = new Map([['order_slips', 'order_slip']]);

function classify(res: HttpResponse, ctx: AnswerContext): ProbeAnswer {
  const errors = parseErrorDocument(res.body);
  const html = looksLikeHtml(res.body) || (res.headers['content-type'] ?? '').includes('text/html');
  const realm = (res.headers['www-authenticate'] ?? '').includes('PrestaShop');
  const poweredBy = (res.headers['x-powered-by'] ?? '').includes('PrestaShop');
  let listing: ApiListing | null = null;
  let problem: string | null = null;
  if (res.status >= 200 && res.status <= 299) {
    problem = contentProblem(res, 'xml', ctx)?.message ?? null;
    if (problem === null && ctx.listing === true) {
      try {
        listing = parseApiListing(res.body);
      } catch (error) {
        if (!(error instanceof XmlReadError)) throw error;
        problem = `${res.url}: not a resource listing (${error.reason})`;
      }
    }
  } else {
    problem = statusError(res, ctx).message;
  }
  return {
    url: res.url,
    status: res.status,
    contentType: res.headers['content-type'] ?? '',
    version: pswsVersion(res),
    errors,
    html,
    fromPrestaShop: listing !== null || errors !== null || realm || poweredBy,
    listing,
    problem,
  };
}

/** Reads a store the way `doctor` needs. Throws only `ConfigError` (bad options). */
export async function probeStore(options: ProbeOptions): Promise<StoreObservations> {
  const warnings: string[] = [];
  const opts: ResolvedOptions = resolveIntrospectOptions({ retries: 1, ...options }, (m) => warnings.push(m));
  warnings.push(...transportWarnings(opts));
  const clients = new Map<Auth, StoreHttp>();
  const client = (auth: Auth): StoreHttp => {
    let http = clients.get(auth);
    if (http === undefined) {
      http = new StoreHttp(opts.base, {
        key: opts.key,
        wsKey: auth === 'ws_key',
        concurrency: 4,
        timeoutMs: opts.timeoutMs,
        retries: opts.retries,
        backoffBaseMs: opts.backoffBaseMs,
        tls: { ...(opts.ca === null ? {} : { ca: opts.ca }), insecure: opts.insecure },
        ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
      });
      clients.set(auth, http);
    }
    return http;
  };
  const fetchRaw: FetchFn = async (entry, auth, apiPath, query, resource) => {
    const http = client(auth);
    const target =
      entry === 'api'
        ? { path: apiPath, query, resource }
        : { path: '/webservice/dispatcher.php', query: { url: apiPath.replace(/^\/api\/?/, ''), ...query }, resource };
    try {
      return { res: await http.get(target) };
    } catch (error) {
      if (!(error instanceof IntrospectError)) throw error;
      return { error: http.scrub(error.message) };
    }
  };
  const probe = async (
    entry: Entry,
    auth: Auth,
    apiPath: string,
    query: Record<string, string>,
    resource: string | null,
  ): Promise<Probe> => {
    const got = await fetchRaw(entry, auth, apiPath, query, resource);
    if ('error' in got) return { ok: false, entry, auth, error: got.error };
    return { ok: true, entry, auth, answer: classify(got.res, { resource, listing: resource === null }) };
  };

  try {
    const primary: Auth = opts.wsKey ? 'ws_key' : 'basic';
    const roots: Probe[] = [];
    const root = async (entry: Entry, auth: Auth): Promise<Probe> => {
      const p = await probe(entry, auth, '/api', {}, null);
      roots.push(p);
      return p;
    };
    let current = await root('api', primary);
    if (current.ok && !current.answer.fromPrestaShop) {
      const viaDispatcher = await root('dispatcher', primary);
      if (viaDispatcher.ok && viaDispatcher.answer.fromPrestaShop) current = viaDispatcher;
    }
    // A 401 without a PrestaShop error: no key reached PHP. Does the same key work as ws_key?
    if (current.ok && current.answer.status === 401 && current.answer.errors === null && primary === 'basic') {
      const withWsKey = await root(current.entry, 'ws_key');
      if (withWsKey.ok && withWsKey.answer.fromPrestaShop) current = withWsKey;
    }
    const working = current.ok && current.answer.listing !== null ? current : null;

    const include = opts.include;
    const asked =
      include.length > 0
        ? { names: [...include], source: 'include' as const }
        : { names: [...SPEC_RESOURCE_METHODS.keys()].sort(compareCodeUnits), source: 'spec' as const };
    const unreadable: ResourceCheck[] = [];
    let synopsis: SynopsisCheck | null = null;
    if (working !== null && working.ok && working.answer.listing !== null) {
      const listed = new Map(working.answer.listing.resources.map((r) => [r.name, r.keyMethods]));
      const names = asked.names.map((name) => (listed.has(name) || !ALIASES.has(name) ? name : ALIASES.get(name)!));
      const mayGet = (name: string): boolean => listed.get(name)?.includes('GET') ?? false;
      unreadable.push(
        ...(await Promise.all(
          names
            .filter((name) => !mayGet(name))
            .map(async (name): Promise<ResourceCheck> => ({
              resource: name,
              listed: listed.has(name),
              probe: await probe(working.entry, working.auth, `/api/${name}`, { schema: 'synopsis' }, name),
            })),
        )),
      );
      const readable = names.filter((name) => mayGet(name) && !NO_SYNOPSIS_RESOURCES.has(name)).sort(compareCodeUnits);
      const candidate = readable.includes('products') ? 'products' : readable[0];
      if (candidate !== undefined) synopsis = await checkSynopsis(fetchRaw, working, candidate);
    }
    return { base: redactUrl(opts.base), warnings, roots, working, asked, unreadable, synopsis };
  } finally {
    await Promise.all([...clients.values()].map((c) => c.close()));
  }
}

type FetchFn = (
  entry: Entry,
  auth: Auth,
  apiPath: string,
  query: Record<string, string>,
  resource: string | null,
) => Promise<{ readonly res: HttpResponse } | { readonly error: string }>;

/** What is wrong with a synopsis answer as `expected`, or null; the body when it is right. */
function synopsisBody(
  got: { res: HttpResponse } | { error: string },
  expected: 'json' | 'xml',
  ctx: AnswerContext,
): { body: string } | { reason: string } {
  if ('error' in got) return { reason: got.error };
  const { res } = got;
  if (res.status < 200 || res.status > 299) return { reason: statusError(res, ctx).message };
  const problem = contentProblem(res, expected, ctx);
  return problem === null ? { body: res.body } : { reason: problem.message };
}

async function checkSynopsis(fetchRaw: FetchFn, working: Probe, resource: string): Promise<SynopsisCheck> {
  const ctx: AnswerContext = { resource };
  const json = synopsisBody(
    await fetchRaw(
      working.entry,
      working.auth,
      `/api/${resource}`,
      { schema: 'synopsis', output_format: 'JSON' },
      resource,
    ),
    'json',
    ctx,
  );
  let kind: SynopsisCheck['json'] = 'unusable';
  let jsonReason: string | null;
  if ('reason' in json) {
    jsonReason = json.reason;
  } else {
    try {
      const parsed = parseJsonSynopsis(json.body, resource);
      kind = parsed.kind;
      jsonReason = parsed.kind === 'no-metadata' ? parsed.reason : null;
    } catch (error) {
      if (!(error instanceof JsonReadError)) throw error;
      jsonReason = error.reason;
    }
  }
  if (kind === 'schema') return { resource, json: kind, jsonReason, xml: null };
  const xml = synopsisBody(
    await fetchRaw(working.entry, working.auth, `/api/${resource}`, { schema: 'synopsis' }, resource),
    'xml',
    ctx,
  );
  if ('reason' in xml) return { resource, json: kind, jsonReason, xml: { readable: false, reason: xml.reason } };
  try {
    parseXmlSynopsis(xml.body, resource);
    return { resource, json: kind, jsonReason, xml: { readable: true, reason: null } };
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    return { resource, json: kind, jsonReason, xml: { readable: false, reason: error.reason } };
  }
}
