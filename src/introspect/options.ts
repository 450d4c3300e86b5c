/**
 * The introspector's options: their public type, validation and defaults.
 */
import type { Dispatcher } from 'undici';
import { ConfigError } from '../errors.js';
import { trimSlashes } from '../text.js';
import { isStoreName, STORE_NAME_RULE } from './names.js';

export type SynopsisFormat = 'auto' | 'json' | 'xml';

export interface IntrospectOptions {
  /** Store base URL, without `/api` (a trailing `/api` is removed with a warning). */
  url: string;
  /** Webservice key; sent as the HTTP Basic user name with an empty password. */
  key: string;
  /** Parallel requests (default 8). */
  concurrency?: number;
  /** Extra resources to read even if the listing does not show them. */
  include?: string[];
  /** Resources to leave out. */
  exclude?: string[];
  /** `auto` (default): JSON first, XML when the JSON has no metadata; or force one. */
  synopsisFormat?: SynopsisFormat;
  /** Per-attempt timeout in milliseconds (default 30000). */
  timeoutMs?: number;
  /** Retries per request on network errors, 5xx, 429 and 503 (default 4). */
  retries?: number;
  /** Called after each resource is done. */
  onProgress?: (done: number, total: number, resource: string) => void;
  /** Called for each warning (also collected in the summary). */
  onWarning?: (message: string) => void;
  /** undici dispatcher to use (tests, proxies); by default a private Agent per run. */
  dispatcher?: Dispatcher;
  /** Send the key as the `ws_key` query parameter instead of HTTP Basic (leaks into server logs). */
  wsKey?: boolean;
  /** Extra CA certificates to trust for https:// stores (PEM text, e.g. the content of `--ca <file>`). */
  ca?: string;
  /** Do not verify the store's TLS certificate (`--insecure`); a warning says so. */
  insecure?: boolean;
  /** First backoff step between retries, in ms (default 250, doubling); mainly for tests. */
  backoffBaseMs?: number;
  /**
   * Apply the bundled store-behaviour catalog of the store's generation (default true): PHP types,
   * allowed values and write behaviour for core fields whose synopsis agrees with it.
   */
  catalog?: boolean;
}

export interface ResolvedOptions {
  readonly base: URL;
  readonly key: string;
  readonly concurrency: number;
  readonly include: readonly string[];
  readonly exclude: ReadonlySet<string>;
  readonly synopsisFormat: SynopsisFormat;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly wsKey: boolean;
  readonly ca: string | null;
  readonly insecure: boolean;
  readonly backoffBaseMs: number;
  readonly catalog: boolean;
}

function positiveInt(value: number | undefined, fallback: number, option: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min)
    throw new ConfigError(`expected an integer ≥ ${min}, got ${String(value)}`, option);
  return value;
}

/** Validates options and normalises the base URL. */
export function resolveIntrospectOptions(options: IntrospectOptions, warn: (m: string) => void): ResolvedOptions {
  if (typeof options.url !== 'string' || options.url.trim() === '') {
    throw new ConfigError('no store URL: pass --url or set PRESTASHOP_URL');
  }
  let base: URL;
  try {
    base = new URL(options.url.trim());
  } catch {
    throw new ConfigError('not a URL; expected e.g. https://shop.example', 'url');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ConfigError('expected an http:// or https:// URL', 'url');
  if (base.username !== '' || base.password !== '') {
    throw new ConfigError('the URL must not hold credentials; pass the key with --key or PRESTASHOP_API_KEY', 'url');
  }
  base.search = '';
  base.hash = '';
  let path = trimSlashes(base.pathname);
  if (/\/api$/i.test(path)) {
    path = path.slice(0, -4);
    warn(`--url should be the shop's base address; the trailing "/api" was removed (${base.origin}${path || '/'})`);
  }
  base.pathname = path === '' ? '/' : path;
  if (typeof options.key !== 'string' || options.key === '')
    throw new ConfigError('no API key: pass --key or set PRESTASHOP_API_KEY');
  if (/[\s:]/.test(options.key)) throw new ConfigError('the API key must not contain spaces or ":"', 'key');
  const names = (list: readonly string[] | undefined, option: string): string[] =>
    (list ?? []).map((n) => {
      const name = n.trim();
      if (!isStoreName(name))
        throw new ConfigError(`${JSON.stringify(n)} is not a resource name (${STORE_NAME_RULE})`, option);
      return name;
    });
  // --exclude only filters the listing, so it takes any name, including one the tool refuses to use.
  const excluded = (list: readonly string[] | undefined): string[] =>
    (list ?? []).map((n) => {
      const name = n.trim();
      // eslint-disable-next-line no-control-regex
      if (name === '' || name.length > 256 || /[\u0000-\u001f\u007f]/.test(name)) {
        throw new ConfigError(`${JSON.stringify(n)} is not a resource name`, 'exclude');
      }
      return name;
    });
  if (options.ca !== undefined && options.insecure === true) {
    throw new ConfigError('--ca and --insecure contradict each other; keep --ca', 'insecure');
  }
  if (options.ca !== undefined && !/-----BEGIN CERTIFICATE-----/.test(options.ca)) {
    throw new ConfigError('expected PEM certificates (-----BEGIN CERTIFICATE-----)', 'ca');
  }
  const format = options.synopsisFormat ?? 'auto';
  if (!['auto', 'json', 'xml'].includes(format)) throw new ConfigError('expected auto, json or xml', 'synopsis-format');
  return {
    base,
    key: options.key,
    concurrency: positiveInt(options.concurrency, 8, 'concurrency', 1),
    include: [...new Set(names(options.include, 'include'))],
    exclude: new Set(excluded(options.exclude)),
    synopsisFormat: format,
    timeoutMs: positiveInt(options.timeoutMs, 30_000, 'timeout', 1),
    retries: positiveInt(options.retries, 4, 'retries', 0),
    wsKey: options.wsKey === true,
    ca: options.ca ?? null,
    insecure: options.insecure === true,
    backoffBaseMs:
      options.backoffBaseMs === undefined ? 250 : positiveInt(options.backoffBaseMs, 250, 'backoffBaseMs', 0),
    catalog: options.catalog !== false,
  };
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Warnings about how the key travels: `ws_key`, plain http to another host, `--insecure`. */
export function transportWarnings(opts: Pick<ResolvedOptions, 'base' | 'wsKey' | 'insecure' | 'ca'>): string[] {
  const out: string[] = [];
  if (opts.wsKey) out.push("the key is sent as the ws_key query parameter: it will appear in the store's access logs");
  if (opts.base.protocol === 'http:' && !LOOPBACK_HOSTS.test(opts.base.hostname)) {
    out.push(`${opts.base.origin} is plain http: the key travels unencrypted; use https:// if the store offers it`);
  }
  if (opts.insecure) {
    out.push(
      'TLS CERTIFICATE VERIFICATION IS OFF (--insecure): anyone between you and the store can read the API key and change the answers. ' +
        "Pass the store's certificate with --ca <file.pem> instead.",
    );
  }
  if (opts.ca !== null && opts.base.protocol === 'http:') out.push('--ca has no effect on an http:// URL');
  return out;
}
