/**
 * `client.request()`: a typed escape hatch to anything the generated client does not model (a
 * module's resource, a method the snapshot leaves out, an odd query parameter), through the same
 * transport: the same authentication (Basic or `ws_key`), timeouts, retries (never for POST or
 * PATCH), same-origin redirects and `PrestaShopError`s, and a failed write says whether the object
 * may have been saved.
 */
import { writeError } from './errors.js';
import { parseJsonAnswer } from './http-body.js';
import type { HttpResponse } from './http.js';
import type { HttpMethod } from './meta.js';
import type { Params } from './query.js';
import type { ClientContext } from './resource.js';
import { parseXml, type XmlElement } from './xml.js';

export type QueryValue = string | number | boolean;

export interface RawRequest {
  readonly method: HttpMethod;
  /** Path below `/api/`, e.g. `carts/12` or `attachments/file/3`; each segment is URL-encoded. */
  readonly path: string;
  /** Query parameters (`{ display: 'full', 'filter[id]': '[1|2]' }`); a list repeats the parameter. */
  readonly query?: Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>> | undefined;
  /** An XML body (POST/PUT/PATCH), or a `FormData` (multipart uploads). */
  readonly body?: string | FormData | undefined;
  /** The answer's format (`Output-Format`); default: the client's `format`. */
  readonly format?: 'xml' | 'json' | undefined;
  /** Read the answer as bytes (file downloads). */
  readonly binary?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The body as text ('' for binary answers and HEAD). */
  readonly text: string;
  /** The body as bytes, for `binary: true`. */
  readonly bytes: Uint8Array | null;
  /** The final URL, without credentials. */
  readonly url: string;
  /** The body parsed: JSON, or the root element of an XML answer; null when empty or binary. */
  readonly data: unknown;
}

export type RequestFunction = (request: RawRequest) => Promise<RawResponse>;

const SEGMENT_RE = /^[^/?#\\]+$/;

/** The path, checked (the transport encodes each segment). */
function checkedPath(path: string): string {
  const relative = path.replace(/^\/+/, '');
  for (const s of relative.split('/')) {
    if (!SEGMENT_RE.test(s) || s === '.' || s === '..') throw new RangeError(`request: ${JSON.stringify(path)} is not a path below /api/ (no empty, "." or ".." segment, no ? or #)`);
  }
  return relative;
}

function queryParams(query: RawRequest['query']): Params {
  const params: Params = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.push([key, String(v)]);
  }
  return params;
}

/** JSON, or the root element of an XML document; null for an empty, unreadable or too deeply nested body (see `text`). */
function parse(res: HttpResponse): unknown {
  const text = res.text.trim();
  if (text === '') return null;
  try {
    // The same reader as every other answer: nesting deeper than MAX_JSON_DEPTH is refused.
    if (text.startsWith('{') || text.startsWith('[')) return parseJsonAnswer(text);
    return parseXml(text) satisfies XmlElement;
  } catch {
    return null;
  }
}

/** The `request` function of a client. */
export function createRequest(ctx: ClientContext): RequestFunction {
  return async (request) => {
    const path = checkedPath(request.path);
    const format = (request.format ?? ctx.format) === 'json' ? 'JSON' : 'XML';
    const write = request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH';
    let res: HttpResponse;
    try {
      res = await ctx.transport.expectOk({
        method: request.method,
        path,
        params: queryParams(request.query),
        format,
        body: request.body,
        binary: request.binary,
        signal: request.signal,
        operation: 'request',
      });
    } catch (error) {
      throw write ? writeError(error) : error;
    }
    const bytes = res.bytes === null ? null : new Uint8Array(res.bytes);
    return { status: res.status, headers: res.headers, text: res.text, bytes, url: res.url, data: bytes === null ? parse(res) : null };
  };
}
