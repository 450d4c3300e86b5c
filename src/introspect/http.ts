/**
 * The introspector's HTTP transport (undici): HTTP Basic auth, bounded concurrency, a timeout per
 * attempt, retries with exponential backoff and jitter, a body size cap, and redirects handled by
 * hand so credentials never leave the store's origin.
 *
 * Every piece of state lives in one `StoreHttp` per run; nothing is module-level.
 */
import { createHash } from 'node:crypto';
import { Agent, request, type Dispatcher } from 'undici';
import { hasErrorCode, parseErrorDocument } from './parse-errors.js';
import { EXIT_FAILURE, EXIT_USAGE, IntrospectError, redactUrl, scrubSecrets } from '../errors.js';
import { suggestBase, tlsHint, trimPunctuation } from './hints.js';
import { trimSlashes } from '../text.js';

import { MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES } from './budget.js';

export { MAX_BODY_BYTES } from './budget.js';
/** Same-origin redirects followed before giving up. */
export const MAX_REDIRECTS = 5;
/** Backoff: first delay, and the cap of any single wait (including `Retry-After`). */
export const BACKOFF_BASE_MS = 250;
export const MAX_WAIT_MS = 30_000;

export interface HttpResponse {
  /** The final URL, redacted (no key). */
  readonly url: string;
  readonly status: number;
  /** Lower-cased header names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Attempts made for this request (1 when it succeeded first time). */
  readonly attempts: number;
}

export interface StoreHttpOptions {
  readonly key: string;
  readonly wsKey: boolean;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly retries: number;
  /** First backoff step in ms (default `BACKOFF_BASE_MS`); tests use a small one. */
  readonly backoffBaseMs?: number;
  /** TLS: extra trusted CA certificates (PEM), or no verification at all (`insecure`). */
  readonly tls?: { readonly ca?: string; readonly insecure?: boolean };
  readonly dispatcher?: Dispatcher;
}

export interface RequestTarget {
  /** Path below the store base, e.g. `/api/products`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Resource the request is about, for messages (null for the listing). */
  readonly resource: string | null;
  /** Set when the run is being abandoned: no new attempt starts. */
  readonly signal?: AbortSignal;
}

/** One answer as read from the wire, with the result of the `Content-Sha1` check. */
type Answer = Omit<HttpResponse, 'attempts'> & { readonly digestOk: boolean };

/** A counting semaphore. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.active--;
  }
}

/** A request not started because the run already failed elsewhere; never the error reported. */
export class AbandonedError extends Error {
  override readonly name = 'AbandonedError';
  constructor(where: string) {
    super(`${where}: abandoned after another failure`);
  }
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NO_RETRY_NETWORK_CODES = new Set(['ENOTFOUND', 'ERR_INVALID_URL']);
/** Certificate and handshake failures: retrying cannot help, the user must act (--ca, --url). */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `Retry-After` as milliseconds (seconds or an HTTP date), capped; null when absent or unreadable. */
function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, MAX_WAIT_MS);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), MAX_WAIT_MS);
}

/** Exponential backoff with jitter: half the step fixed, half random. */
function backoffMs(attempt: number, random: number = Math.random(), baseMs: number = BACKOFF_BASE_MS): number {
  const step = Math.min(baseMs * 2 ** attempt, MAX_WAIT_MS);
  return Math.round(step / 2 + (step / 2) * random);
}

function networkCode(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return null;
}

export class StoreHttp {
  readonly base: URL;
  requests = 0;
  retries = 0;
  private readonly limiter: Limiter;
  private readonly dispatcher: Dispatcher;
  private readonly ownDispatcher: Agent | null;

  constructor(
    base: URL,
    private readonly options: StoreHttpOptions,
  ) {
    this.base = base;
    this.limiter = new Limiter(options.concurrency);
    if (options.dispatcher !== undefined) {
      this.dispatcher = options.dispatcher;
      this.ownDispatcher = null;
    } else {
      const tls = options.tls ?? {};
      this.ownDispatcher = new Agent({
        connections: options.concurrency,
        keepAliveTimeout: 4_000,
        connect: {
          ...(tls.ca === undefined ? {} : { ca: tls.ca }),
          ...(tls.insecure === true ? { rejectUnauthorized: false } : {}),
        },
      });
      this.dispatcher = this.ownDispatcher;
    }
  }

  async close(): Promise<void> {
    if (this.ownDispatcher !== null) await this.ownDispatcher.close();
  }

  /** Removes the key from any text (messages built from undici errors, URLs with ws_key). */
  scrub(text: string): string {
    return scrubSecrets(text, [this.options.key]);
  }

  urlFor(target: RequestTarget): URL {
    const url = new URL(this.base.href);
    url.pathname = `${trimSlashes(url.pathname)}${target.path}`;
    for (const [k, v] of Object.entries(target.query ?? {})) url.searchParams.set(k, v);
    if (this.options.wsKey) url.searchParams.set('ws_key', this.options.key);
    return url;
  }

  private describe(target: RequestTarget, url: URL | string): string {
    const where = redactUrl(url);
    return target.resource === null ? where : `${where} (resource "${target.resource}")`;
  }

  /**
   * GETs a store URL. Retries network errors, 5xx and 429 (not 501, and not a 503 that is
   * PrestaShop's "webservice disabled", code 22), then returns the last answer whatever its
   * status. Throws `IntrospectError` when no answer could be had.
   */
  async get(target: RequestTarget): Promise<HttpResponse> {
    const url = this.urlFor(target);
    let lastError = '';
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (target.signal?.aborted) throw new AbandonedError(this.describe(target, url));
      await this.limiter.acquire();
      let waitMs: number | null = null;
      try {
        const { digestOk, ...res } = await this.attempt(url, target);
        const retryable =
          (res.status >= 500 &&
            res.status !== 501 &&
            !(res.status === 503 && hasErrorCode(parseErrorDocument(res.body), 22))) ||
          res.status === 429 ||
          !digestOk;
        // A body that fails its Content-Sha1 check is never used, not even on the last attempt.
        if (!retryable || (attempt === this.options.retries && digestOk)) return { ...res, attempts: attempt + 1 };
        lastError = digestOk
          ? `HTTP ${res.status}`
          : 'the body does not match its Content-Sha1 header (cut or altered on the way)';
        waitMs = digestOk ? parseRetryAfter(res.headers['retry-after'], Date.now()) : null;
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error.message;
        waitMs = error.retryAfterMs;
      } finally {
        this.limiter.release();
      }
      if (attempt < this.options.retries) {
        this.retries++;
        await sleep(waitMs ?? backoffMs(attempt, Math.random(), this.options.backoffBaseMs), target.signal);
      }
    }
    throw new IntrospectError(
      `${this.describe(target, url)}: no answer after ${this.options.retries + 1} attempts; last error: ${this.scrub(lastError)}`,
      { url: redactUrl(url), resource: target.resource, exitCode: EXIT_FAILURE },
    );
  }

  /** One attempt, following same-origin redirects: `--timeout` bounds the attempt, every hop included. */
  private async attempt(start: URL, target: RequestTarget): Promise<Answer> {
    let url = start;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    for (let hop = 0; ; hop++) {
      const res = await this.once(url, target, timeout);
      if (!REDIRECT_STATUSES.has(res.status)) return res;
      const location = res.headers.location;
      if (location === undefined || location === '') return res;
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new IntrospectError(`${this.describe(target, url)}: redirect to an unreadable location`, {
          url: redactUrl(url),
          resource: target.resource,
        });
      }
      if (next.origin !== this.base.origin) {
        throw new IntrospectError(
          `${this.describe(target, url)}: the store redirects to another origin (${this.base.origin} → ${next.origin}). ` +
            `Credentials are never sent to another origin. If that is the store's real address, run again with ` +
            `--url ${suggestBase(next)}`,
          { url: redactUrl(url), resource: target.resource, status: res.status, exitCode: EXIT_USAGE },
        );
      }
      if (hop + 1 > MAX_REDIRECTS) {
        throw new IntrospectError(`${this.describe(target, start)}: more than ${MAX_REDIRECTS} redirects`, {
          url: redactUrl(start),
          resource: target.resource,
          status: res.status,
          exitCode: EXIT_USAGE,
        });
      }
      if (this.options.wsKey && !next.searchParams.has('ws_key')) next.searchParams.set('ws_key', this.options.key);
      url = next;
    }
  }

  private async once(url: URL, target: RequestTarget, timeout: AbortSignal): Promise<Answer> {
    this.requests++;
    const headers: Record<string, string> = { accept: 'text/xml, application/json;q=0.9, */*;q=0.1' };
    if (!this.options.wsKey) headers.authorization = `Basic ${Buffer.from(`${this.options.key}:`).toString('base64')}`;
    if (timeout.aborted) throw new RetryableError(`timed out after ${this.options.timeoutMs} ms`);
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        method: 'GET',
        headers,
        dispatcher: this.dispatcher,
        signal: timeout,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
    } catch (error) {
      throw this.networkError(error, url, target, timeout);
    }
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    const declared = Number(out['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      res.body.destroy();
      throw this.tooLarge(url, target);
    }
    // An error answer is read for its message only: its first MAX_ERROR_BODY_BYTES are enough.
    const errorCap = res.statusCode < 200 || res.statusCode > 299 ? MAX_ERROR_BODY_BYTES : Infinity;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        size += buf.length;
        if (size > errorCap) {
          chunks.push(buf.subarray(0, buf.length - (size - errorCap)));
          res.body.destroy();
          break;
        }
        if (size > MAX_BODY_BYTES) {
          res.body.destroy();
          throw this.tooLarge(url, target);
        }
        chunks.push(buf);
      }
    } catch (error) {
      if (error instanceof IntrospectError) throw error;
      throw this.networkError(error, url, target, timeout);
    }
    const bytes = Buffer.concat(chunks);
    // PrestaShop sends `Content-Sha1: sha1(body)` with every successful body: a body cut short
    // (with a matching Content-Length) or altered on the way fails the check and is asked again.
    const declaredSha1 = (out['content-sha1'] ?? '').trim().toLowerCase();
    const digestOk =
      !/^[0-9a-f]{40}$/.test(declaredSha1) ||
      res.statusCode < 200 ||
      res.statusCode > 299 ||
      createHash('sha1').update(bytes).digest('hex') === declaredSha1;
    return { url: redactUrl(url), status: res.statusCode, headers: out, body: bytes.toString('utf8'), digestOk };
  }

  private tooLarge(url: URL, target: RequestTarget): IntrospectError {
    return new IntrospectError(
      `${this.describe(target, url)}: the answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`,
      {
        url: redactUrl(url),
        resource: target.resource,
      },
    );
  }

  private networkError(error: unknown, url: URL, target: RequestTarget, timeout: AbortSignal): Error {
    const code = networkCode(error);
    if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new RetryableError(`timed out after ${this.options.timeoutMs} ms`);
    }
    const text = ((error as Error)?.message ?? String(error)).split('\n')[0]!.trim();
    const message = this.scrub(`${code ?? 'network error'}: ${text}`);
    if (code !== null && TLS_CODES.has(code)) {
      return new IntrospectError(
        `${this.describe(target, url)}: TLS failure: ${trimPunctuation(message)}. ${tlsHint(code)}`,
        {
          url: redactUrl(url),
          resource: target.resource,
          exitCode: EXIT_USAGE,
        },
      );
    }
    if (code !== null && NO_RETRY_NETWORK_CODES.has(code)) {
      return new IntrospectError(`${this.describe(target, url)}: ${message}`, {
        url: redactUrl(url),
        resource: target.resource,
        exitCode: EXIT_USAGE,
      });
    }
    return new RetryableError(message);
  }
}
