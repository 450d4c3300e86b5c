/**
 * The HTTP layer: one `fetch` call per attempt (the global `fetch` of Node ≥ 18 and browsers, or
 * an injected one), HTTP Basic auth with the key as user name, the output format header,
 * timeouts, retries for idempotent methods only, and redirects followed by hand so the key is
 * never sent to another origin.
 */
import { basicToken, PrestaShopError, parseStoreErrors, redactUrl, scrubKey } from './errors.js';
import { checkHooks, hookedHeaders, operationOf, type ClientHooks, type HookRequest } from './hooks.js';
import { AttemptControl, DEFAULT_MAX_LIST_RESPONSE_BYTES, DEFAULT_MAX_RESPONSE_BYTES, failure, readBody, type RequestSite } from './http-body.js';
import type { HttpMethod } from './meta.js';
import type { Params } from './query.js';

/** The `fetch` signature the client needs (the global one fits; so do undici's and node-fetch's). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Shop URL, with or without `/api` (`https://shop.example`, `https://shop.example/shop1/api`). */
  readonly baseUrl: string;
  /** Webservice key (32 characters); sent as the Basic-auth user name, never in the URL (unless `auth: 'ws_key'`). */
  readonly apiKey: string;
  /**
   * How the key travels: `basic` (default, the Authorization header) or `ws_key` (the `ws_key`
   * query parameter, for servers that strip the Authorization header; the key then shows in the
   * store's access logs, and a warning says so once). Errors and messages never show it.
   */
  readonly auth?: 'basic' | 'ws_key' | undefined;
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  readonly fetch?: FetchLike | undefined;
  /** Deadline of one attempt in milliseconds, from sending to the last byte of the answer (default 30 000). */
  readonly timeoutMs?: number | undefined;
  /**
   * Deadline of a whole call in milliseconds: every attempt and every wait between them (default
   * `timeoutMs × (retries + 1)`). No call outlasts it.
   */
  readonly totalTimeoutMs?: number | undefined;
  /**
   * Retries after a network error, a timeout, 429, 502, 503 or 504 (default 2): GET and HEAD, and
   * PUT and DELETE unless they send an e-mail (`sendemail`). POST and PATCH are never retried.
   */
  readonly retries?: number | undefined;
  /**
   * First retry delay in milliseconds, doubled each time (default 300). A longer `Retry-After` is
   * honoured when the deadline allows it; a shorter one never shortens the delay.
   */
  readonly retryDelayMs?: number | undefined;
  /** Redirects to follow within the same origin (default 5). */
  readonly maxRedirects?: number | undefined;
  /** Largest answer read, in bytes (default 16 MiB); a larger one fails with a `decode` error. */
  readonly maxResponseBytes?: number | undefined;
  /**
   * Largest answer of a list read (`list`, and each page of `listAll`), in bytes (default 256 MiB,
   * about 40,000 full products in XML); a larger one fails with a `decode` error.
   */
  readonly maxListResponseBytes?: number | undefined;
  /** Extra headers on every request (never needed for PrestaShop itself). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Called around every attempt (see hooks.ts): logging, metrics, tracing, rate limits. */
  readonly hooks?: ClientHooks | undefined;
}

export interface HttpRequest {
  readonly method: HttpMethod;
  /** Path below `/api/`, segments separated by `/` (`products/5`, `images/products/5`); each is encoded. */
  readonly path: string;
  readonly params?: Params | undefined;
  /** `Output-Format` header: what the store renders the answer in. */
  readonly format: 'XML' | 'JSON';
  readonly body?: string | FormData | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Read the body as bytes (images) instead of text. */
  readonly binary?: boolean | undefined;
  /** A list read: its answer is bounded by `maxListResponseBytes`. */
  readonly list?: boolean | undefined;
  /** The client operation, for the hooks (default: from the method and path). */
  readonly operation?: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly bytes: ArrayBuffer | null;
  /** The final URL (after same-origin redirects), without credentials. */
  readonly url: string;
  /**
   * An earlier attempt of this call was sent and ended without a clear answer (a timeout, a
   * network failure, 502 or 504): the store may have applied it. A DELETE answered 404 after such
   * a retry may have deleted the record itself.
   */
  readonly uncertain: boolean;
  /** The attempt that got this answer (1 = the first). */
  readonly attempt?: number | undefined;
}

const RETRY_STATUS: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Statuses from a gateway that may have passed the request on before giving up. */
const UNCERTAIN_STATUS: ReadonlySet<number> = new Set([502, 504]);

/** Sends requests to one store. Holds no mutable state; safe to share. */
export class Transport {
  readonly apiUrl: string;
  private readonly auth: string;
  private readonly fetchFn: FetchLike;
  private readonly timeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly maxRedirects: number;
  private readonly maxResponseBytes: number;
  private readonly maxListResponseBytes: number;
  private readonly extraHeaders: Readonly<Record<string, string>>;
  private readonly wsKey: boolean;
  private readonly hooks: ClientHooks;

  constructor(private readonly options: TransportOptions) {
    this.apiUrl = apiUrlOf(options.baseUrl);
    if (typeof options.apiKey !== 'string' || options.apiKey === '' || !/^[\x21-\x7e]+$/.test(options.apiKey)) {
      throw new TypeError('apiKey: expected the Webservice key (printable ASCII, usually 32 characters)');
    }
    this.auth = `Basic ${basicToken(options.apiKey)}`;
    if (options.auth !== undefined && options.auth !== 'basic' && options.auth !== 'ws_key') throw new TypeError('auth: expected "basic" or "ws_key"');
    this.wsKey = options.auth === 'ws_key';
    if (this.wsKey) warnOnce("the key is sent as the ws_key query parameter: it will appear in the store's access logs");
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    const fetchFn = options.fetch ?? (globalFetch === undefined ? undefined : globalFetch.bind(globalThis));
    if (fetchFn === undefined) throw new TypeError('fetch: no global fetch (Node ≥ 18 or a browser); pass one in the options');
    this.fetchFn = fetchFn;
    this.timeoutMs = positive(options.timeoutMs, 30_000, 'timeoutMs');
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.totalTimeoutMs = positive(options.totalTimeoutMs, this.timeoutMs * (this.retries + 1), 'totalTimeoutMs');
    this.retryDelayMs = Math.max(1, options.retryDelayMs ?? 300);
    this.maxRedirects = options.maxRedirects ?? 5;
    this.maxResponseBytes = positive(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes');
    this.maxListResponseBytes = positive(options.maxListResponseBytes, DEFAULT_MAX_LIST_RESPONSE_BYTES, 'maxListResponseBytes');
    this.extraHeaders = options.headers ?? {};
    this.hooks = checkHooks(options.hooks);
  }

  /** The key, for scrubbing texts the store sent back. */
  get apiKey(): string {
    return this.options.apiKey;
  }

  /** The full URL of a request (without credentials); each path segment is encoded, `.` and `..` are refused. */
  url(path: string, params: Params = []): string {
    const segments = path.split('/').map((segment) => {
      if (segment === '' || segment === '.' || segment === '..') throw new RangeError(`path: ${JSON.stringify(path)} has an empty, "." or ".." segment`);
      return encodeURIComponent(segment);
    });
    const query = params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`;
    return `${this.apiUrl}${segments.join('/')}${query}`;
  }

  /**
   * Sends a request and returns the answer, whatever its status. Throws `PrestaShopError` for
   * network errors, timeouts, refused redirects and oversized answers, after the retries the
   * request allows, all within `totalTimeoutMs`.
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const deadline = Date.now() + this.totalTimeoutMs;
    const attempts = retriable(req) ? this.retries + 1 : 1;
    let uncertain = false;
    for (let attempt = 1; ; attempt++) {
      let response: Omit<HttpResponse, 'uncertain'>;
      const hook = this.hookRequest(req, attempt);
      const started = performance.now();
      try {
        await this.hooks.beforeRequest?.(hook);
        response = await this.sendOnce(req, Math.min(Date.now() + this.timeoutMs, deadline), hookedHeaders(hook.headers));
      } catch (error) {
        const retryable = error instanceof PrestaShopError && (error.kind === 'network' || error.kind === 'timeout');
        const wait = this.backoff(attempt, null);
        if (!retryable || attempt >= attempts || req.signal?.aborted === true || Date.now() + wait >= deadline) {
          if (error instanceof PrestaShopError) await this.hooks.onError?.({ ...hook, error, durationMs: performance.now() - started });
          throw error;
        }
        uncertain = true;
        await this.hooks.onRetry?.({ ...hook, delayMs: wait, status: 0 });
        await sleep(wait, req.signal);
        continue;
      }
      await this.hooks.afterResponse?.({ ...hook, status: response.status, responseHeaders: response.headers, durationMs: performance.now() - started });
      if (RETRY_STATUS.has(response.status) && attempt < attempts && req.signal?.aborted !== true) {
        // A wait the deadline cannot hold (a long Retry-After) ends the retries: the answer is returned.
        const wait = this.backoff(attempt, response.headers.get('retry-after'));
        if (Date.now() + wait < deadline) {
          if (UNCERTAIN_STATUS.has(response.status)) uncertain = true;
          await this.hooks.onRetry?.({ ...hook, delayMs: wait, status: response.status });
          await sleep(wait, req.signal);
          continue;
        }
      }
      return { ...response, uncertain, attempt };
    }
  }

  /** Sends a request and throws `PrestaShopError` unless the status is 2xx (404 too); `onError` sees that error. */
  async expectOk(req: HttpRequest): Promise<HttpResponse> {
    const response = await this.send(req);
    if (response.status < 200 || response.status > 299) {
      const error = this.httpError(req.method, response);
      await this.hooks.onError?.({ ...this.hookRequest(req, response.attempt ?? 1), url: response.url, error, durationMs: 0 });
      throw error;
    }
    return response;
  }

  /** What the hooks see of an attempt: no key anywhere (the URL is built without it, no Authorization header). */
  private hookRequest(req: HttpRequest, attempt: number): HookRequest {
    const headers: Record<string, string> = { ...this.extraHeaders, 'Output-Format': req.format };
    if (typeof req.body === 'string') headers['Content-Type'] = 'text/xml; charset=utf-8';
    const resource = req.path.split('/')[0] ?? '';
    const url = redactUrl(this.url(req.path, req.params));
    return { resource, operation: req.operation ?? operationOf(req.method, req.path), method: req.method, attempt, url, headers };
  }

  /** The `PrestaShopError` for an answer with an error status. */
  httpError(method: string, response: HttpResponse): PrestaShopError {
    const errors = parseStoreErrors(response.text).map((e) => ({ code: e.code, message: scrubKey(e.message, this.options.apiKey) }));
    const mayHaveSucceeded = response.uncertain && method !== 'GET' && method !== 'HEAD';
    return new PrestaShopError({ kind: 'http', status: response.status, errors, method, url: response.url, mayHaveSucceeded });
  }

  /** The wait before retry `attempt`: the doubling delay, or a longer `Retry-After` (seconds or a date). */
  private backoff(attempt: number, retryAfter: string | null): number {
    const floor = this.retryDelayMs * 2 ** (attempt - 1);
    if (retryAfter === null) return floor;
    const text = retryAfter.trim();
    const asked = /^\d{1,9}$/.test(text) ? Number(text) * 1000 : text.length <= 64 ? Date.parse(text) - Date.now() : NaN;
    return Number.isFinite(asked) ? Math.max(floor, asked) : floor;
  }

  private async sendOnce(req: HttpRequest, deadline: number, headers: Record<string, string>): Promise<Omit<HttpResponse, 'uncertain'>> {
    let url = this.url(req.path, this.wsKey ? [...(req.params ?? []), ['ws_key', this.options.apiKey]] : req.params);
    const origin = new URL(url).origin;
    let method: string = req.method;
    let body = req.body;
    const control = new AttemptControl(deadline, req.signal);
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await this.fetchOnce(url, method, body, headers, control);
        if (response.type === 'opaqueredirect') {
          throw new PrestaShopError({
            kind: 'redirect', status: 0, method, url,
            errors: [{ code: null, message: 'the store redirected and the browser hides where to; set baseUrl to the final shop URL' }],
          });
        }
        if (response.status < 300 || response.status > 399 || response.status === 304) return await this.read(response, url, method, control, req);
        const location = response.headers.get('location');
        if (location === null) return await this.read(response, url, method, control, req);
        await response.body?.cancel().catch(() => undefined);
        const target = resolveLocation(location, url);
        const refuse = (message: string): PrestaShopError =>
          new PrestaShopError({ kind: 'redirect', status: response.status, method, url, errors: [{ code: null, message }] });
        if (target === null) throw refuse('the store redirected to a Location that is not a URL; set baseUrl to the final shop URL');
        if (target.origin !== origin) {
          throw refuse(`refused to follow a redirect to another origin (${target.origin}); the key is never sent there. Set baseUrl to the shop's own URL`);
        }
        if (redirects >= this.maxRedirects) throw refuse('too many redirects');
        if (response.status === 303 && method !== 'HEAD') {
          method = 'GET';
          body = undefined;
        }
        // Same origin only (checked above): the key goes along as on the first request.
        if (this.wsKey && !target.searchParams.has('ws_key')) target.searchParams.set('ws_key', this.options.apiKey);
        url = target.toString();
      }
    } finally {
      control.dispose();
    }
  }

  private async fetchOnce(url: string, method: string, body: string | FormData | undefined, base: Record<string, string>, control: AttemptControl): Promise<Response> {
    const headers: Record<string, string> = { ...base };
    if (typeof body !== 'string') delete headers['Content-Type'];
    if (!this.wsKey) headers['Authorization'] = this.auth;
    const init: RequestInit = { method, headers, redirect: 'manual', signal: control.signal };
    if (body !== undefined) init.body = body;
    try {
      // Raced with the deadline too: a `fetch` that ignores its signal cannot hold the call.
      return await Promise.race([this.fetchFn(url, init), control.aborted()]);
    } catch (error) {
      throw failure(this.site(method, url), control, error, 'request');
    }
  }

  private async read(response: Response, url: string, method: string, control: AttemptControl, req: HttpRequest): Promise<Omit<HttpResponse, 'uncertain'>> {
    const base = { status: response.status, headers: response.headers, url: this.wsKey ? redactUrl(url) : url };
    if (method === 'HEAD') {
      await response.body?.cancel().catch(() => undefined);
      return { ...base, text: '', bytes: null };
    }
    const bound = req.list === true ? { bytes: this.maxListResponseBytes, option: 'maxListResponseBytes' } : { bytes: this.maxResponseBytes, option: 'maxResponseBytes' };
    const bytes = await readBody(response, control, bound, this.site(method, url));
    if (req.binary === true && response.status >= 200 && response.status <= 299) return { ...base, text: '', bytes: bytes.buffer as ArrayBuffer };
    return { ...base, text: new TextDecoder().decode(bytes), bytes: null };
  }

  private site(method: string, url: string): RequestSite {
    return { method, url, apiKey: this.options.apiKey };
  }
}

/** `https://shop.example` → `https://shop.example/api/`; credentials in the URL are refused. */
export function apiUrlOf(baseUrl: string): string {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl: not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError('baseUrl: expected an http(s) URL');
  if (u.username !== '' || u.password !== '') throw new TypeError('baseUrl: put the key in apiKey, not in the URL');
  if (u.search !== '' || u.hash !== '') throw new TypeError('baseUrl: expected no query string or fragment');
  // Trailing slashes trimmed by a scan from the end (linear; `/\/+$/` is quadratic).
  let end = u.pathname.length;
  while (end > 0 && u.pathname.charCodeAt(end - 1) === 0x2f) end--;
  const path = u.pathname.slice(0, end);
  u.pathname = path.endsWith('/api') ? `${path}/` : `${path}/api/`;
  return u.toString();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Whether a request may be sent again: reads, and PUT / DELETE (idempotent) unless they have a
 * side effect beyond the record (`sendemail=1`: a second attempt would send a second e-mail).
 */
function retriable(req: HttpRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  if (req.method !== 'PUT' && req.method !== 'DELETE') return false;
  return !(req.params ?? []).some(([name]) => name === 'sendemail');
}

function resolveLocation(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0)) throw new RangeError(`${name}: expected a positive number`);
  return value;
}

const warned = new Set<string>();

/** A warning printed once per process (the same text as `introspect --ws-key`'s). */
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  (globalThis as { console?: { warn(m: string): void } }).console?.warn(`prestashop client: ${message}`);
}
