/**
 * The bounded parts of a request: one deadline that covers the headers and the whole body, a cap
 * on the answer's size enforced while it streams in, a cap on JSON nesting, and errors whose
 * causes never carry credentials.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */
import { PrestaShopError, scrubKey } from './errors.js';
import { innermostMessage, networkCause } from './network.js';

/** Default cap on an answer's body: 16 MiB, as the CLI's. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Default cap on a list answer's body: 256 MiB (a string of it stays below V8's longest string). */
export const DEFAULT_MAX_LIST_RESPONSE_BYTES = 256 * 1024 * 1024;
/** Deepest JSON nesting read (the XML reader stops at the same depth). */
export const MAX_JSON_DEPTH = 512;

/** Why a request's controller was aborted. */
export type AbortReason = 'timeout' | 'caller' | null;

/**
 * One attempt's abort controller: aborted when its deadline passes or when the caller's signal
 * aborts, until `dispose()`. `reason` says which happened first.
 */
export class AttemptControl {
  readonly controller = new AbortController();
  reason: AbortReason = null;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort = (): void => this.abort('caller');

  constructor(
    deadline: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => this.abort('timeout'), Math.max(0, deadline - Date.now()));
    callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    if (callerSignal?.aborted === true) this.abort('caller');
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A promise that rejects when the attempt is aborted (to race against a body read). */
  aborted(): Promise<never> {
    return new Promise<never>((_, reject) => {
      const fail = (): void => reject(new Error('aborted'));
      if (this.controller.signal.aborted) fail();
      else this.controller.signal.addEventListener('abort', fail, { once: true });
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private abort(reason: 'timeout' | 'caller'): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort();
  }
}

/** Where a failed request went, for the error it becomes. */
export interface RequestSite {
  readonly method: string;
  readonly url: string;
  readonly apiKey: string;
}

/** The error of an attempt that ended without an answer: timeout, caller abort, or network failure. */
export function failure(site: RequestSite, control: AttemptControl, error: unknown, during: 'request' | 'body'): PrestaShopError {
  if (error instanceof PrestaShopError) return error;
  const cause = scrubbedCause(error, site.apiKey);
  const { method, url } = site;
  if (control.reason === 'timeout') return new PrestaShopError({ kind: 'timeout', status: 0, method, url, cause });
  if (control.reason === 'caller') {
    return new PrestaShopError({ kind: 'network', status: 0, method, url, errors: [{ code: null, message: 'aborted by the caller' }], cause });
  }
  // The code is taken from the original chain (a fixed table: no text of it is kept), the words from the scrubbed copy.
  const known = networkCause(error);
  const text = known === null ? innermostMessage(cause) : `${known.code}: ${known.hint}`;
  const message = during === 'body' ? `the connection failed while the answer was read (${text})` : text;
  return new PrestaShopError({ kind: 'network', status: 0, method, url, errors: [{ code: null, message }], cause, networkCode: known?.code ?? null });
}

/**
 * A copy of an error fit to keep as a `cause`: its name, code and message with the key (and its
 * Basic-auth token) removed, and the same for its own causes, three deep. Anything else the
 * original held (a custom `fetch` may attach the request and its headers) is left behind.
 */
export function scrubbedCause(error: unknown, apiKey: string, depth = 0): Error {
  const source = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'request failed');
  const scrub = (text: string): string => scrubKey(text, apiKey);
  const nested = depth < 3 && source.cause !== undefined ? { cause: scrubbedCause(source.cause, apiKey, depth + 1) } : undefined;
  const copy = new Error(scrub(source.message), nested);
  copy.name = scrub(source.name);
  const code = (source as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/**
 * Reads a body to the end, no longer than the attempt's deadline (or the caller's abort) and no
 * larger than `maxBytes`: a `Content-Length` above the cap is refused before reading, and the
 * count is checked as chunks arrive, so neither a huge answer nor one that never ends is held.
 */
export async function readBody(response: Response, control: AttemptControl, bound: { readonly bytes: number; readonly option: string }, site: RequestSite): Promise<Uint8Array> {
  const maxBytes = bound.bytes;
  const tooLarge = (): PrestaShopError =>
    new PrestaShopError({
      kind: 'decode',
      status: response.status,
      method: site.method,
      url: site.url,
      errors: [{ code: null, message: `the answer is larger than ${bound.option} (${maxBytes} bytes); raise ${bound.option} in createClient's options if it is expected` }],
    });
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const aborted = control.aborted();
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw failure(site, control, error, 'body');
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * `JSON.parse` for answers: nesting deeper than `MAX_JSON_DEPTH` is refused before parsing (one
 * pass over the text), and a syntax error is reported by position only, never with the text
 * around it (the engine's message quotes the body).
 */
export function parseJsonAnswer(text: string): unknown {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // A string: straight to its closing quote (one not escaped by an odd run of backslashes).
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) break;
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > MAX_JSON_DEPTH) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new SyntaxError(`not valid JSON${position === undefined ? '' : ` (at character ${position})`}`);
  }
}

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  while (text.charCodeAt(at - 1 - n) === 0x5c) n++;
  return n % 2 === 1;
}

/**
 * The `decode` error of an answer the client could not read. The decoders' and parsers' messages
 * name fields and positions, never the body (see `parseJsonAnswer`); the key is scrubbed anyway,
 * and the original error is not kept as a cause.
 */
export function decodeError(error: unknown, status: number, method: string, url: string, apiKey: string): PrestaShopError {
  const message = scrubKey(error instanceof Error ? error.message : String(error), apiKey);
  return new PrestaShopError({ kind: 'decode', status, method, url, errors: [{ code: null, message: `unreadable answer: ${message}` }] });
}
