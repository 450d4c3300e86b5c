/**
 * Client hooks: `hooks: { beforeRequest, afterResponse, onError, onRetry }` in the client options,
 * for logging, metrics, tracing and rate limits. Each hook gets the resource, the operation, the
 * attempt and the URL without the key; `beforeRequest` may change the headers of the attempt. The
 * key is in nothing a hook receives: the URL is redacted (`ws_key=***`), the Authorization header
 * is added after the hooks ran and a hook cannot set it.
 *
 * Dependency-free but for the error type.
 */
import type { PrestaShopError } from './errors.js';

/** What every hook receives about one attempt of a call. */
export interface HookRequest {
  /** The first path segment below `/api/` (`products`, `images`). */
  readonly resource: string;
  /** The client operation (`list`, `get`, `create`, `createMany`, `count`, `changes`, …, or `request`). */
  readonly operation: string;
  readonly method: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
  /** The URL of the attempt, without credentials (`ws_key=***`). */
  readonly url: string;
  /**
   * The headers the attempt sends, without Authorization. `beforeRequest` may add, change or
   * delete entries (a trace header, a rate-limit token); an `authorization` entry is ignored.
   */
  readonly headers: Record<string, string>;
}

export interface HookResponse extends HookRequest {
  readonly status: number;
  /** The answer's headers. */
  readonly responseHeaders: Headers;
  /** Milliseconds from sending the attempt to the last byte of its answer. */
  readonly durationMs: number;
}

export interface HookError extends HookRequest {
  /** The error the call throws (key-free, like every `PrestaShopError`). */
  readonly error: PrestaShopError;
  /** Milliseconds from sending the failed attempt to the error. */
  readonly durationMs: number;
}

export interface HookRetry extends HookRequest {
  /** The wait before the next attempt, in milliseconds. */
  readonly delayMs: number;
  /** The status that caused the retry, or 0 after a network error or a timeout. */
  readonly status: number;
}

/**
 * Hooks called around every attempt of every call. They may be async (the call waits for them);
 * an exception thrown by a hook fails the call with that exception.
 */
export interface ClientHooks {
  /** Before each attempt is sent (retries included); may change `headers`. */
  readonly beforeRequest?: ((request: HookRequest) => void | Promise<void>) | undefined;
  /** After each attempt that got an answer, whatever its status. */
  readonly afterResponse?: ((response: HookResponse) => void | Promise<void>) | undefined;
  /** When a call fails: no answer, a refused redirect, or an error status it does not handle. */
  readonly onError?: ((failure: HookError) => void | Promise<void>) | undefined;
  /** Before the wait that precedes a retry. */
  readonly onRetry?: ((retry: HookRetry) => void | Promise<void>) | undefined;
}

const HOOK_NAMES = ['beforeRequest', 'afterResponse', 'onError', 'onRetry'] as const;

/** The hooks of the client options, checked. */
export function checkHooks(hooks: ClientHooks | undefined): ClientHooks {
  if (hooks === undefined) return {};
  if (typeof hooks !== 'object' || hooks === null) throw new TypeError('hooks: expected an object of functions');
  for (const name of HOOK_NAMES) {
    const h = hooks[name];
    if (h !== undefined && typeof h !== 'function') throw new TypeError(`hooks.${name}: expected a function`);
  }
  return hooks;
}

/** The default operation name of a request the runtime did not name. */
export function operationOf(method: string, path: string): string {
  if (method === 'GET') return path.includes('/') ? 'get' : 'list';
  return ({ HEAD: 'head', POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' } as Record<string, string>)[method] ?? method.toLowerCase();
}

/** The headers a hook left, without any Authorization entry (the transport adds its own). */
export function hookedHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() !== 'authorization' && typeof v === 'string') out[k] = v;
  return out;
}
