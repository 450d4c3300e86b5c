/**
 * One introspection run: its state, and reading the listing, each resource's synopsis and list
 * node name, and the languages. Every request goes through the run's `StoreHttp`.
 */
import { EXIT_FAILURE, EXIT_USAGE, IntrospectError, redactUrl } from '../errors.js';
import {
  coreReference,
  NO_SYNOPSIS_RESOURCES,
  usableMethods,
  type HttpMethod,
  type Language,
  type Resource,
  type SynopsisSource,
} from '../model/index.js';
import { contentProblem, expectBody, statusError, unreadable, type AnswerContext } from './answers.js';
import type { HttpResponse, StoreHttp } from './http.js';
import type { ResolvedOptions } from './options.js';
import { hasErrorCode, parseErrorDocument } from './parse-errors.js';
import { parseApiListing, parseLanguageList, parseListNodesName, type ApiListing } from './parse-listing.js';
import { JsonReadError, parseJsonSynopsis, parseXmlSynopsis, type ParsedSynopsis } from './parse-synopsis.js';
import { looksLikeListing, XmlReadError, XmlRefusedError } from './xml.js';
import { badNames, showName, STORE_NAME_RULE } from './names.js';

/** Resources whose list node differs from the resource name (docs/introspect.md); used only when the list cannot be read. */
const KNOWN_LIST_NODES: ReadonlyMap<string, string> = new Map([
  ['order_slip', 'order_slips'],
  ['stock_movements', 'stock_mvts'],
  ['product_customization_fields', 'customization_fields'],
]);

/** The spec's name and the real store's name for credit notes. */
const RESOURCE_ALIASES: ReadonlyMap<string, string> = new Map([['order_slips', 'order_slip']]);

export interface Target {
  readonly name: string;
  readonly description: string | null;
  readonly keyMethods: readonly HttpMethod[];
  /** Where the resource came from: the listing, `include`, or the spec fallback list. */
  readonly origin: 'listing' | 'include' | 'fallback';
}

export function pswsVersion(res: HttpResponse): string | null {
  const v = (res.headers['psws-version'] ?? '').trim();
  return v === '' || v === '0' ? null : v;
}

/** One run's state: the HTTP client, warnings, what was seen. */
export class Run {
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

export type ListingOutcome =
  { readonly listing: ApiListing; readonly res: HttpResponse } | { readonly fallback: string };

export async function readListing(run: Run): Promise<ListingOutcome> {
  const ctx: AnswerContext = { resource: null, listing: true };
  const res = await run.get('/api', {}, null);
  if (res.status >= 200 && res.status <= 299) {
    const body = expectBody(res, 'xml', ctx);
    try {
      return { listing: parseApiListing(body), res };
    } catch (error) {
      if (!(error instanceof XmlReadError)) throw error;
      if (error instanceof XmlRefusedError) throw unreadable(res, ctx, error.reason);
      return { fallback: `${res.url}: ${error.reason}` };
    }
  }
  const errors = parseErrorDocument(res.body);
  const err = statusError(res, ctx);
  // 5xx after the retries, 429, 405: the listing is unreadable, but resources may still answer.
  // Anything else (401, 403, 404, 503 code 22, other 4xx) says something definite about the key,
  // the webservice or the URL, and is an error.
  const webserviceDisabled = res.status === 503 && hasErrorCode(errors, 22);
  if ((res.status >= 500 && !webserviceDisabled) || res.status === 429 || res.status === 405)
    return { fallback: err.message };
  throw err;
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

/**
 * True when the store's `PSWS-Version` (the listing's answer) is a PrestaShop whose JSON synopsis
 * holds no metadata: every version from 1.7 on (`WebserviceOutputJSON::renderField` keeps only
 * values; reference §4.7). Their resources are asked the XML synopsis straight away.
 */
function jsonSynopsisIsBare(psVersion: string | null): boolean {
  const m = /^(\d{1,4})\.(\d{1,4})(?:\.\d{1,6}){0,3}$/.exec(psVersion ?? '');
  return m !== null && (Number(m[1]) > 1 || Number(m[2]) >= 7);
}

async function readSynopsis(run: Run, name: string): Promise<SynopsisOutcome | 'unknown'> {
  const mode = run.opts.synopsisFormat;
  if (mode === 'xml') return readXmlSynopsis(run, name);
  if (mode === 'auto' && jsonSynopsisIsBare(run.psVersion)) {
    try {
      return await readXmlSynopsis(run, name);
    } catch (error) {
      // No PrestaShop answers 404 to a listed resource's XML synopsis: a store that only looks like
      // one is read the JSON-first way.
      if (!(error instanceof IntrospectError && error.details.status === 404) || run.abort.signal.aborted) throw error;
    }
  }
  return readJsonSynopsis(run, name);
}

/** The JSON synopsis, and the XML one where it holds no metadata in auto mode. */
async function readJsonSynopsis(run: Run, name: string): Promise<SynopsisOutcome | 'unknown'> {
  const mode = run.opts.synopsisFormat;
  const ctx: AnswerContext = { resource: name };
  const res = await run.get(`/api/${name}`, { schema: 'synopsis', output_format: 'JSON' }, name);
  const early = classifyFailure(run, res, name);
  if (early !== null) return early;
  const problem = contentProblem(res, 'json', ctx);
  if (problem !== null) {
    if (mode === 'json') throw problem;
    run.warn(
      `${name}: the JSON synopsis is unusable (${problem.message.replace(/\.$/, '')}); reading the XML synopsis`,
    );
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
  return {
    source: 'json',
    reason: parsed.reason,
    parsed: { ...parsed, fields: [], associations: [], languageIds: [], warnings: [] },
    name,
  };
}

/** The list node name, and the warning to give when it had to be assumed (given by the caller, if it uses the answer). */
interface NodesAnswer {
  readonly nodesName: string;
  readonly warning: string | null;
}

async function readNodesName(run: Run, name: string, fallback: string): Promise<NodesAnswer> {
  const ctx: AnswerContext = { resource: name };
  let res: HttpResponse;
  try {
    res = await run.get(`/api/${name}`, { limit: '1' }, name);
  } catch (error) {
    if (run.abort.signal.aborted) throw error;
    return {
      nodesName: fallback,
      warning: `${name}: the list could not be read (${(error as Error).message}); list node name "${fallback}" assumed`,
    };
  }
  try {
    return { nodesName: parseListNodesName(expectBody(res, 'xml', ctx)), warning: null };
  } catch (error) {
    if (error instanceof XmlRefusedError) throw unreadable(res, ctx, error.reason);
    const reason = error instanceof XmlReadError ? error.reason : (error as Error).message;
    return {
      nodesName: fallback,
      warning: `${name}: the list could not be read (${reason}); list node name "${fallback}" assumed`,
    };
  }
}

function emptyResource(target: Target, name: string, reason: string, nodesName: string | null = null): Resource {
  return {
    name,
    description: target.description,
    nodeName: null,
    nodesName,
    methods: usableMethods(name, target.keyMethods),
    keyMethods: target.keyMethods,
    synopsis: { source: 'none', reason },
    fields: [],
    associations: [],
    quirks: [],
    origin: null,
  };
}

export async function readResource(run: Run, target: Target): Promise<Resource | null> {
  const noSynopsis = NO_SYNOPSIS_RESOURCES.get(target.name);
  if (noSynopsis !== undefined) return emptyResource(target, target.name, noSynopsis);
  if (!target.keyMethods.includes('GET')) {
    const reason = 'this key may not GET the resource, so its synopsis cannot be read';
    run.warn(`${target.name}: ${reason}`);
    return emptyResource(target, target.name, reason);
  }
  // The list (for its node name) goes out alongside the synopsis; its answer is used, and its
  // warning given, only when the synopsis says the resource has fields.
  const listOf = (name: string): Promise<NodesAnswer> => readNodesName(run, name, KNOWN_LIST_NODES.get(name) ?? name);
  const earlyList = listOf(target.name);
  earlyList.catch(() => {});
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
    if (
      target.origin === 'fallback' &&
      error instanceof IntrospectError &&
      hasErrorCode(error.details.errors ?? null, 26)
    ) {
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
  const list = await (name === target.name ? earlyList : listOf(name));
  if (list.warning !== null) run.warn(list.warning);
  const nodesName = list.nodesName;
  const [bad] = badNames({
    key: run.opts.key,
    nodeName: parsed.nodeName,
    nodesName,
    fields: parsed.fields,
    associations: parsed.associations,
  });
  if (bad !== undefined) {
    const url = redactUrl(run.http.urlFor({ path: `/api/${name}`, query: { schema: 'synopsis' }, resource: name }));
    throw new IntrospectError(
      `${url} (resource "${name}"): the store sent a ${bad.what} the tool does not accept: ${showName(bad.name)} ` +
        `(${STORE_NAME_RULE}). Leave the resource out with --exclude ${name}.`,
      { url, resource: name, exitCode: EXIT_FAILURE },
    );
  }
  return {
    name,
    description: target.description,
    nodeName: parsed.nodeName,
    nodesName,
    methods: usableMethods(name, target.keyMethods),
    keyMethods: target.keyMethods,
    synopsis: { source: outcome.source, reason: outcome.reason },
    // Real synopses strip xlink:href from top-level fields; core foreign keys come from a bundled table.
    fields: parsed.fields.map((f) => (f.references === null ? { ...f, references: coreReference(name, f.name) } : f)),
    associations: parsed.associations,
    quirks: [],
    // Set when the catalog is applied (core or module); null without one.
    origin: null,
  };
}

export async function readLanguages(run: Run): Promise<Language[] | null> {
  const ctx: AnswerContext = { resource: 'languages' };
  let res: HttpResponse | null = null;
  try {
    res = await run.get('/api/languages', { display: '[id,iso_code]' }, 'languages');
    return parseLanguageList(expectBody(res, 'xml', ctx));
  } catch (error) {
    if (run.abort.signal.aborted) throw error;
    if (error instanceof XmlRefusedError && res !== null) throw unreadable(res, ctx, error.reason);
    const reason = error instanceof XmlReadError ? error.reason : (error as Error).message;
    run.warn(`languages: iso codes could not be read (${reason})`);
    return null;
  }
}
