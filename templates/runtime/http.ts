/**
 * The HTTP layer: one `fetch` call per attempt (the global `fetch` of Node ≥ 18 and browsers, or
 * an injected one), HTTP Basic auth with the key as user name, the output format header,
 * timeouts, retries for idempotent methods only, and redirects followed by hand so the key is
 * never sent to another origin.
 */
import { basicToken, PrestaShopError, parseStoreErrors, redactUrl, scrubKey } from './errors.js';
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
  /** Per-attempt timeout in milliseconds (default 30 000). */
  readonly timeoutMs?: number | undefined;
  /** Retries of GET, HEAD, PUT and DELETE after a network error, a timeout, 429, 502, 503 or 504 (default 2). POST and PATCH are never retried. */
  readonly retries?: number | undefined;
  /** First retry delay in milliseconds, doubled each time (default 300); a `Retry-After` header wins. */
  readonly retryDelayMs?: number | undefined;
  /** Redirects to follow within the same origin (default 5). */
  readonly maxRedirects?: number | undefined;
  /** Extra headers on every request (never needed for PrestaShop itself). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

export interface HttpRequest {
  readonly method: HttpMethod;
  /** Path below `/api/`, already encoded (`products/5`, `images/products/5`). */
  readonly path: string;
  readonly params?: Params | undefined;
  /** `Output-Format` header: what the store renders the answer in. */
  readonly format: 'XML' | 'JSON';
  readonly body?: string | FormData | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Read the body as bytes (images) instead of text. */
  readonly binary?: boolean | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly bytes: ArrayBuffer | null;
  /** The final URL (after same-origin redirects), without credentials. */
  readonly url: string;
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE']);
const RETRY_STATUS: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Sends requests to one store. Holds no mutable state; safe to share. */
export class Transport {
  readonly apiUrl: string;
  private readonly auth: string;
  private readonly fetchFn: FetchLike;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly maxRedirects: number;
  private readonly extraHeaders: Readonly<Record<string, string>>;
  private readonly wsKey: boolean;

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
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.retryDelayMs = options.retryDelayMs ?? 300;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.extraHeaders = options.headers ?? {};
  }

  /** The full URL of a request (without credentials). */
  url(path: string, params: Params = []): string {
    const query = params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`;
    return `${this.apiUrl}${path}${query}`;
  }

  /**
   * Sends a request and returns the answer, whatever its status. Throws `PrestaShopError` for
   * network errors, timeouts and refused redirects, after the retries an idempotent method allows.
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const attempts = IDEMPOTENT.has(req.method) ? this.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      let response: HttpResponse;
      try {
        response = await this.sendOnce(req);
      } catch (error) {
        const retryable = error instanceof PrestaShopError && (error.kind === 'network' || error.kind === 'timeout');
        if (!retryable || attempt >= attempts || req.signal?.aborted === true) throw error;
        await sleep(this.backoff(attempt, null), req.signal);
        continue;
      }
      if (RETRY_STATUS.has(response.status) && attempt < attempts) {
        await sleep(this.backoff(attempt, response.headers.get('retry-after')), req.signal);
        continue;
      }
      return response;
    }
  }

  /** Sends a request and throws `PrestaShopError` unless the status is 2xx (404 too). */
  async expectOk(req: HttpRequest): Promise<HttpResponse> {
    const response = await this.send(req);
    if (response.status < 200 || response.status > 299) throw this.httpError(req.method, response);
    return response;
  }

  /** The `PrestaShopError` for an answer with an error status. */
  httpError(method: string, response: HttpResponse): PrestaShopError {
    const errors = parseStoreErrors(response.text).map((e) => ({ code: e.code, message: scrubKey(e.message, this.options.apiKey) }));
    return new PrestaShopError({ kind: 'http', status: response.status, errors, method, url: response.url });
  }

  private backoff(attempt: number, retryAfter: string | null): number {
    if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) return Math.min(Number(retryAfter.trim()) * 1000, 60_000);
    return this.retryDelayMs * 2 ** (attempt - 1);
  }

  private async sendOnce(req: HttpRequest): Promise<HttpResponse> {
    let url = this.url(req.path, this.wsKey ? [...(req.params ?? []), ['ws_key', this.options.apiKey]] : req.params);
    const origin = new URL(url).origin;
    let method: string = req.method;
    let body = req.body;
    for (let redirects = 0; ; redirects++) {
      const response = await this.fetchWithTimeout(url, method, body, req);
      if (response.type === 'opaqueredirect') {
        throw new PrestaShopError({
          kind: 'redirect', status: 0, method, url,
          errors: [{ code: null, message: 'the store redirected and the browser hides where to; set baseUrl to the final shop URL' }],
        });
      }
      if (response.status < 300 || response.status > 399 || response.status === 304) return this.read(response, url, req);
      const location = response.headers.get('location');
      if (location === null) return this.read(response, url, req);
      const target = new URL(location, url);
      await response.body?.cancel().catch(() => undefined);
      if (target.origin !== origin) {
        throw new PrestaShopError({
          kind: 'redirect', status: response.status, method, url,
          errors: [{ code: null, message: `refused to follow a redirect to another origin (${target.origin}); the key is never sent there. Set baseUrl to the shop's own URL` }],
        });
      }
      if (redirects >= this.maxRedirects) {
        throw new PrestaShopError({ kind: 'redirect', status: response.status, method, url, errors: [{ code: null, message: 'too many redirects' }] });
      }
      if (response.status === 303 && method !== 'HEAD') {
        method = 'GET';
        body = undefined;
      }
      // Same origin only (checked above): the key goes along as on the first request.
      if (this.wsKey && !target.searchParams.has('ws_key')) target.searchParams.set('ws_key', this.options.apiKey);
      url = target.toString();
    }
  }

  private async fetchWithTimeout(url: string, method: string, body: string | FormData | undefined, req: HttpRequest): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = (): void => controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    if (req.signal?.aborted === true) controller.abort();
    const headers: Record<string, string> = { ...this.extraHeaders, 'Output-Format': req.format };
    if (!this.wsKey) headers['Authorization'] = this.auth;
    if (typeof body === 'string') headers['Content-Type'] = 'text/xml; charset=utf-8';
    try {
      const init: RequestInit = { method, headers, redirect: 'manual', signal: controller.signal };
      if (body !== undefined) init.body = body;
      return await this.fetchFn(url, init);
    } catch (error) {
      if (timedOut) throw new PrestaShopError({ kind: 'timeout', status: 0, method, url, cause: error });
      const message = error instanceof Error ? scrubKey(error.message, this.options.apiKey) : 'request failed';
      throw new PrestaShopError({ kind: 'network', status: 0, method, url, errors: [{ code: null, message }], cause: error });
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async read(response: Response, fullUrl: string, req: HttpRequest): Promise<HttpResponse> {
    const url = this.wsKey ? redactUrl(fullUrl) : fullUrl;
    const ok = response.status >= 200 && response.status <= 299;
    if (req.binary === true && ok) {
      const bytes = await response.arrayBuffer();
      return { status: response.status, headers: response.headers, text: '', bytes, url };
    }
    const text = req.method === 'HEAD' ? '' : await response.text();
    return { status: response.status, headers: response.headers, text, bytes: null, url };
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
  const path = u.pathname.replace(/\/+$/, '');
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

const warned = new Set<string>();

/** A warning printed once per process (the same text as `introspect --ws-key`'s). */
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  (globalThis as { console?: { warn(m: string): void } }).console?.warn(`prestashop client: ${message}`);
}
