/**
 * The fake store's answers once a request is authenticated and routed (`router.ts`): the `/api`
 * listing, a resource's CRUD answer from the engine, and the recorded (or rendered) list, synopsis
 * and blank schema answers of the fixture directory.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpMethod } from '../model/index.js';
import { trimSlashes } from '../text.js';
import { knownMethod, type CrudEngine } from './crud/engine.js';
import { renderSchema } from './crud/schema.js';
import type { FixtureStore, RecordedAnswer } from './fixtures.js';
import type { Answer, RequestBody } from './request.js';
import type { FakeStoreFlavor, KeyPermissions } from './types.js';
import {
  emptyStringJsonSynopsis,
  listingForKey,
  renderErrors,
  renderLanguages,
  type WireError,
  type WireFormat,
} from './wire.js';

/** What the router and the handlers read: fixed at start, except `origin` (known once listening) and `enabled`. */
export interface StoreContext {
  readonly flavor: FakeStoreFlavor;
  readonly fixtures: FixtureStore;
  readonly version: string | null;
  readonly keys: Readonly<Record<string, KeyPermissions>>;
  readonly basePath: string;
  readonly languages: FixtureStore['languages'];
  readonly crud: CrudEngine | null;
  readonly resourceNames: ReadonlySet<string>;
  readonly fullMethods: ReadonlyMap<string, readonly HttpMethod[]>;
  readonly apiIndex: string;
  readonly stripAuthorization: boolean;
  origin: string;
  enabled: boolean;
}

/** A key's methods on a resource, or null when the key may not see it. */
export type Permissions = (resource: string) => readonly HttpMethod[] | null;

export function permissionsFor(ctx: StoreContext, key: string): Permissions {
  const p = ctx.keys[key];
  if (p === 'all') return (r) => ctx.fullMethods.get(r) ?? null;
  return (r) => (p !== undefined && Object.hasOwn(p, r) ? (p[r] ?? null) : null);
}

/** The store's `/api/` address as its answers spell it. */
const apiUrl = (ctx: StoreContext): string => `${ctx.origin}${ctx.basePath}/api/`;

/** Recorded answers name the recording store's address: they are rewritten to this one's. */
function rewrite(ctx: StoreContext, body: string): string {
  const from = trimSlashes(ctx.fixtures.wsUrl);
  const to = `${ctx.origin}${ctx.basePath}/api`;
  return body.split(from).join(to).split(from.replace(/\//g, '\\/')).join(to.replace(/\//g, '\\/'));
}

export function baseHeaders(ctx: StoreContext, authenticated: boolean, contentType: string): Record<string, string> {
  const h: Record<string, string> = {
    'access-time': '1795237470',
    'x-powered-by': 'PrestaShop Webservice',
    'execution-time': '0.001',
    'content-type': contentType,
  };
  if (ctx.version !== null) h['psws-version'] = authenticated || ctx.flavor === '1.7' ? ctx.version : '0';
  return h;
}

const contentTypeOf = (format: WireFormat): string => (format === 'JSON' ? 'application/json' : 'text/xml');

export function errorAnswer(
  ctx: StoreContext,
  status: number,
  errors: readonly WireError[],
  format: WireFormat,
  authenticated: boolean,
): Answer {
  return {
    status,
    headers: baseHeaders(ctx, authenticated, contentTypeOf(format)),
    body: renderErrors(errors, format),
  };
}

function fromRecord(ctx: StoreContext, rec: RecordedAnswer): Answer {
  const headers = baseHeaders(ctx, true, rec.headers['Content-Type'] ?? '');
  return { status: rec.status, headers, body: rewrite(ctx, rec.body) };
}

/** `GET /api`: the resources the key may see (8.x's JSON listing is a PHP fatal). */
export function answerIndex(ctx: StoreContext, perms: Permissions, format: WireFormat): Answer {
  if (format === 'JSON') {
    if (ctx.flavor === '8.x') return { status: 500, headers: {}, body: '' };
    const names = ctx.fixtures.resources.map((r) => r.name).filter((r) => perms(r) !== null);
    return { status: 200, headers: baseHeaders(ctx, true, 'application/json'), body: JSON.stringify(names) };
  }
  const body = rewrite(ctx, listingForKey(ctx.apiIndex, perms, ctx.flavor !== '1.7'));
  return { status: 200, headers: baseHeaders(ctx, true, 'text/xml'), body };
}

/** A request on a resource the CRUD engine serves. */
export function answerCrud(
  ctx: StoreContext,
  crud: CrudEngine,
  req: IncomingMessage,
  segments: readonly string[],
  query: URLSearchParams,
  body: RequestBody,
  format: WireFormat,
  keyMethods: readonly HttpMethod[],
): Answer {
  const a = crud.handle({
    method: query.get('ps_method') ?? req.method ?? 'GET',
    segments: segments.map(decodeURIComponent),
    query,
    body: body.text,
    format,
    wsUrl: apiUrl(ctx),
    keyMethods,
    ...(body.multipart === undefined ? {} : { multipart: body.multipart }),
  });
  const headers = baseHeaders(ctx, true, a.contentType);
  return {
    status: a.status,
    headers: a.headers === undefined ? headers : Object.assign(headers, a.headers),
    body: a.body,
  };
}

/** A request on a resource without the engine: the recorded list or schema answers, or a rendered schema. */
export function answerRecorded(
  ctx: StoreContext,
  req: IncomingMessage,
  resource: string,
  segments: readonly string[],
  query: URLSearchParams,
  format: WireFormat,
  methods: readonly HttpMethod[],
): Answer {
  const { fixtures, crud } = ctx;
  const method = (req.method ?? 'GET').toUpperCase() as HttpMethod;
  if (!knownMethod(method, ctx.flavor === '1.7' ? '1.7' : '8.x'))
    return errorAnswer(ctx, 405, [{ code: 23, message: `Method ${method} is not valid` }], format, true);
  if (!methods.includes(method)) {
    return errorAnswer(
      ctx,
      405,
      [
        {
          code: 25,
          message: `Method ${method} is not allowed for the resource ${resource} with this authentication key`,
        },
      ],
      format,
      true,
    );
  }
  if (segments.length > 1) return { status: 404, headers: baseHeaders(ctx, true, ''), body: '' };
  const schema = query.get('schema');
  if (schema !== null && schema !== 'synopsis' && schema !== 'blank') {
    const rec = fixtures.answers.get(`errors/bad-schema.${format}`);
    if (rec !== undefined) return fromRecord(ctx, rec);
    return errorAnswer(
      ctx,
      400,
      [{ code: 28, message: 'Please select a schema of type synopsis or blank' }],
      format,
      true,
    );
  }
  if (schema === null && resource === 'languages') {
    const display = query.get('display') === '[id,iso_code]';
    return {
      status: 200,
      headers: baseHeaders(ctx, true, contentTypeOf(format)),
      body: renderLanguages(ctx.languages, format, display, apiUrl(ctx)),
    };
  }
  const kind = schema ?? 'list';
  if (ctx.flavor === '1.7' && kind === 'synopsis' && format === 'JSON') {
    const xml = fixtures.answers.get(`synopsis/${resource}.XML`);
    const json = fixtures.answers.get(`synopsis/${resource}.JSON`);
    const body = xml !== undefined && xml.status === 200 ? emptyStringJsonSynopsis(xml.body, json?.body ?? null) : null;
    if (body !== null)
      return { status: 200, headers: baseHeaders(ctx, true, 'application/json'), body: rewrite(ctx, body) };
  }
  const rec = fixtures.answers.get(`${kind}/${resource}.${format}`);
  const def = crud?.resource(resource);
  // A schema the recording lacks, or one without a field of the snapshot (a module field), is rendered.
  const recordedXml = fixtures.answers.get(`${kind}/${resource}.XML`)?.body;
  const stale =
    def !== undefined &&
    (recordedXml === undefined || def.fields.some((f) => f.name !== 'id' && !recordedXml.includes(`<${f.name}`)));
  if ((rec === undefined || stale) && def !== undefined && crud !== null && (kind === 'blank' || kind === 'synopsis')) {
    const body = renderSchema(def, kind, format, crud.languages, apiUrl(ctx), crud.generation);
    return { status: 200, headers: baseHeaders(ctx, true, contentTypeOf(format)), body };
  }
  if (rec === undefined) return { status: 404, headers: baseHeaders(ctx, true, ''), body: '' };
  return fromRecord(ctx, rec);
}
