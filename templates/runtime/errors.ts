/**
 * Errors the client throws. Messages and properties never hold the API key: URLs are redacted,
 * and every text taken from the store is scrubbed of the key before it is kept.
 */
import type { ValidationIssue } from './validation.js';
import { parseXml, type XmlElement } from './xml.js';

/** One `<error>` of the store: its numeric code (null for plain-text errors) and message. */
export interface StoreError {
  readonly code: number | null;
  readonly message: string;
}

/** What went wrong at the HTTP level. */
export type PrestaShopErrorKind =
  /** The store answered with a status that is not a success (see `status` and `errors`). */
  | 'http'
  /** The request took longer than the timeout. */
  | 'timeout'
  /** No answer: DNS, connection refused, reset, aborted by the caller. */
  | 'network'
  /** The store redirected to another origin (credentials are never sent there) or too often. */
  | 'redirect'
  /** The store answered 2xx with a body the client could not read. */
  | 'decode';

/**
 * An error from the store or on the way to it.
 *
 * `status` is the HTTP status (0 when there was no answer), `errors` the store's `{code, message}`
 * list parsed from its XML or JSON error document (empty for a 404 with an empty body), `method`
 * and `url` the request (the URL never carries credentials).
 */
export class PrestaShopError extends Error {
  override readonly name = 'PrestaShopError';
  readonly kind: PrestaShopErrorKind;
  readonly status: number;
  readonly errors: readonly StoreError[];
  readonly method: string;
  readonly url: string;
  /**
   * For a failed write (POST, PUT, PATCH): whether the object may have been saved all the same
   * (no answer, or an error the store raises after saving). Read the object back before retrying.
   * False when the store refused the write before saving; null for other requests.
   */
  readonly mayBeSaved: boolean | null;
  /**
   * True when the request was retried after an attempt that got no clear answer, so the store may
   * have applied it although this answer is an error (a DELETE answered 404 after a timeout).
   */
  readonly mayHaveSucceeded: boolean;
  /**
   * For a `network` error: the system or TLS code found in the cause chain (`ECONNREFUSED`,
   * `ENOTFOUND`, `ETIMEDOUT`, `CERT_HAS_EXPIRED`, …), whose hint the message gives; null otherwise.
   */
  readonly networkCode: string | null;

  constructor(init: {
    readonly kind: PrestaShopErrorKind;
    readonly status: number;
    readonly errors?: readonly StoreError[] | undefined;
    readonly method: string;
    readonly url: string;
    readonly message?: string | undefined;
    readonly cause?: unknown | undefined;
    readonly mayBeSaved?: boolean | null | undefined;
    readonly mayHaveSucceeded?: boolean | undefined;
    readonly networkCode?: string | null | undefined;
  }) {
    const errors = init.errors ?? [];
    const url = redactUrl(init.url);
    const retried = init.mayHaveSucceeded === true ? '; the call was retried after an attempt that got no clear answer, which may have been applied' : '';
    super(boundedMessage(init.message ?? `${describe(init.kind, init.status, errors, init.method, url)}${retried}`), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.errors = errors;
    this.method = init.method;
    this.url = url;
    this.mayBeSaved = init.mayBeSaved ?? null;
    this.mayHaveSucceeded = init.mayHaveSucceeded ?? false;
    this.networkCode = init.networkCode ?? null;
  }

  /** The first store error code, or null. */
  get code(): number | null {
    return this.errors[0]?.code ?? null;
  }
}

/** Thrown by `assertValid`, and by clients that validate before sending. */
export class ValidationError extends Error {
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[]) {
    super(boundedMessage(`${issues.length} invalid value${issues.length === 1 ? '' : 's'}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`));
    this.name = 'ValidationError';
    this.issues = issues;
  }
}

/**
 * A write body failed the generated validator; nothing was sent. A `ValidationError` (what the
 * validators' `assertValid` throws) that also names the resource and the operation.
 */
export class PrestaShopValidationError extends ValidationError {
  override readonly name = 'PrestaShopValidationError';
  constructor(
    readonly resource: string,
    readonly operation: 'create' | 'update' | 'patch',
    issues: readonly ValidationIssue[],
  ) {
    super(issues);
    const head = issues
      .slice(0, 5)
      .map((i) => `${i.path === '' ? '(body)' : i.path}: ${i.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    this.message = boundedMessage(`${resource}.${operation}: invalid input, nothing was sent: ${head}${more}`);
  }
}

function describe(kind: PrestaShopErrorKind, status: number, errors: readonly StoreError[], method: string, url: string): string {
  const where = `${method} ${url}`;
  const detail = errors.map((e) => (e.code === null ? e.message : `[${e.code}] ${e.message}`)).join('; ');
  switch (kind) {
    case 'http':
      return `${where} answered ${status}${detail === '' ? '' : `: ${detail}`}`;
    case 'timeout':
      return `${where} timed out`;
    case 'network':
      return `${where} failed: ${detail === '' ? 'no answer' : detail}`;
    case 'redirect':
    case 'decode':
      return `${where}: ${detail}`;
  }
}

/** Removes credentials from a URL: user info and the `ws_key` query parameter. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.replace(/([?&]ws_key=)[^&#]*/gi, '$1***').replace(/\/\/[^/@]*@/, '//');
  }
  u.username = '';
  u.password = '';
  if (u.searchParams.has('ws_key')) u.searchParams.set('ws_key', '***');
  return u.toString();
}

/**
 * Replaces the key in a text, ASCII case ignored: as is, URL-encoded (`encodeURIComponent`, the
 * form encoding of a `ws_key` query parameter, where `+` and `/` become `%2B` and `%2F`, and that
 * encoded once more), and base64 (alone, and as the Basic-auth token).
 */
export function scrubKey(text: string, key: string): string {
  if (key.length < 4) return text;
  const form = new URLSearchParams({ k: key }).toString().slice(2);
  const forms = [key, encodeURIComponent(key), form, encodeURIComponent(form), basicToken(key), btoa(key)];
  let out = text;
  for (const f of forms) out = replaceAsciiCaseless(out, f);
  return out;
}

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** `text` with every occurrence of `needle` (ASCII case ignored) replaced by `***`: one forward scan. */
function replaceAsciiCaseless(text: string, needle: string): string {
  const hay = asciiLower(text);
  const n = asciiLower(needle);
  let out = '';
  let from = 0;
  for (let at = hay.indexOf(n); at !== -1; at = hay.indexOf(n, from)) {
    out += `${text.slice(from, at)}***`;
    from = at + n.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The Basic-auth token of a key: base64 of `key:` (the password is empty). */
export function basicToken(key: string): string {
  return btoa(`${key}:`);
}

const MAX_MESSAGE = 2000;

/** The longest error message (the full lists stay in `errors` and `issues`). */
export const MAX_ERROR_MESSAGE = 4000;

/** The one bound of every error message: at most `MAX_ERROR_MESSAGE` characters, saying how much was cut. */
export function boundedMessage(text: string): string {
  if (text.length <= MAX_ERROR_MESSAGE) return text;
  return `${text.slice(0, MAX_ERROR_MESSAGE)}… (${text.length - MAX_ERROR_MESSAGE} more characters)`;
}

/**
 * The store's error list from an error body: the XML `<errors>` document, the JSON `{"errors":[…]}`
 * document, or plain text (a 401 without key, a PHP fatal). An empty body gives an empty list.
 */
export function parseStoreErrors(body: string): StoreError[] {
  const text = body.trim();
  if (text === '') return [];
  if (text.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(text);
      const list = (json as { errors?: unknown } | null)?.errors;
      if (Array.isArray(list)) return list.map(jsonError);
    } catch {
      // fall through to plain text
    }
  } else if (text.startsWith('<')) {
    try {
      const root = parseXml(text);
      const errors = findChild(root, 'errors');
      if (errors !== undefined) return errors.children.filter((c) => c.name === 'error').map(xmlError);
    } catch {
      // fall through to plain text
    }
  }
  return [{ code: null, message: clip(text) }];
}

function jsonError(entry: unknown): StoreError {
  const e = (entry ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'number' ? e.code : typeof e.code === 'string' && /^\d+$/.test(e.code) ? Number(e.code) : null;
  return { code, message: clip(typeof e.message === 'string' ? e.message : String(e.message ?? '')) };
}

function xmlError(el: XmlElement): StoreError {
  const code = findChild(el, 'code')?.text.trim() ?? '';
  return { code: /^\d+$/.test(code) ? Number(code) : null, message: clip(findChild(el, 'message')?.text ?? '') };
}

function findChild(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** Store error codes raised before anything is saved (validation, ids, parsing, refused position). */
const BEFORE_SAVE: ReadonlySet<number> = new Set([41, 46, 84, 85, 89, 90, 91, 92, 93, 127, 134, 135]);

/**
 * Whether a failed write may have saved the object: no answer (network, timeout), a 2xx the
 * client could not read, an unknown association (86, raised after the save), or a 5xx that is not
 * a refusal the store makes before saving (PHP warnings, codes 2–8, come after it as often as not).
 */
export function mayHaveSaved(error: PrestaShopError): boolean {
  // A retried PUT whose first attempt got no clear answer may have been applied, whatever came next.
  if (error.mayHaveSucceeded) return true;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'decode') return true;
  if (error.kind !== 'http') return false;
  const codes = error.errors.map((e) => e.code);
  if (codes.includes(86)) return true;
  if (error.status < 500) return false;
  return !codes.some((c) => c !== null && BEFORE_SAVE.has(c));
}

/** PHP's warning for `foreach` over a string, as PHP 8 and PHP 7 word it. */
const FOREACH_WARNING = /foreach\(\) argument must be of type array\|object|Invalid argument supplied for foreach\(\)/;

/**
 * The error of a failed write, saying whether the object may have been saved. `lacking`: why a
 * POST is known to fail before the save (it left out a field a modifier reads on create), or null;
 * a 500 made only of the `foreach` warning that modifier raises then saved nothing.
 */
export function writeError(error: unknown, lacking: string | null = null): unknown {
  if (!(error instanceof PrestaShopError) || error.mayBeSaved !== null) return error;
  const known = lacking !== null && error.kind === 'http' && error.status === 500 && error.errors.length > 0 && error.errors.every((e) => FOREACH_WARNING.test(e.message));
  const maybe = !known && mayHaveSaved(error);
  const hint = known ? ` (nothing was saved: ${lacking})` : maybe ? ' (the object may have been saved: read it back before retrying)' : ' (nothing was saved)';
  return new PrestaShopError({
    kind: error.kind,
    status: error.status,
    errors: error.errors,
    method: error.method,
    url: error.url,
    message: `${error.message}${hint}`,
    cause: error,
    mayBeSaved: maybe,
    mayHaveSucceeded: error.mayHaveSucceeded,
    networkCode: error.networkCode,
  });
}
