/**
 * Typed errors. Each carries the exit code the CLI uses and a location (URL, resource, field,
 * path) so a user can act on it. Messages never hold the API key: build them from URLs passed
 * through `redactUrl` and never from request headers.
 *
 * A leaf module: it imports nothing from the project, so every layer (model included) can throw
 * these, and every error the CLI reports is a `CodegenError`.
 */

/**
 * Exit codes are a contract: 0 success, 1 the store (or a check) said no, 2 bad usage or input,
 * 3 an internal error (a bug in prestashop-codegen: please report it).
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;

/** The longest message printed or carried by an error (what a store sends can be any length). */
export const MAX_MESSAGE_CHARS = 4000;

/** The one bound of messages: at most `MAX_MESSAGE_CHARS` characters, saying how much was cut. */
export function boundedMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  return `${text.slice(0, MAX_MESSAGE_CHARS)}… (${text.length - MAX_MESSAGE_CHARS} more characters)`;
}

export abstract class CodegenError extends Error {
  abstract readonly exitCode: number;
  constructor(message: string, options?: { cause?: unknown }) {
    super(boundedMessage(message), options);
  }
}

/**
 * How an option is named in a message: a flag (`url` → `--url`), kept as is when it already
 * starts with `-`, or a config file option (`generate.decimals` → `config option "generate.decimals"`).
 */
function optionLabel(option: string): string {
  if (option.startsWith('-')) return option;
  if (option.includes('.')) return `config option "${option}"`;
  return `--${option}`;
}

/**
 * Bad flags, a bad config file, a bad option value. With `file`, the option is one of that config
 * file (`/p/prestashop-codegen.config.json: config option "introspect.timeout": …`).
 */
export class ConfigError extends CodegenError {
  override readonly name = 'ConfigError';
  readonly exitCode = EXIT_USAGE;
  constructor(
    message: string,
    readonly option: string | null = null,
    readonly file: string | null = null,
  ) {
    const label = option === null ? null : file === null ? optionLabel(option) : `config option "${option}"`;
    super(`${file === null ? '' : `${file}: `}${label === null ? '' : `${label}: `}${message}`);
  }
}

/** Something the user gave us cannot be read (a file, a git ref, a URL that is not a store). */
export class InputError extends CodegenError {
  override readonly name: string = 'InputError';
  readonly exitCode = EXIT_USAGE;
  constructor(
    message: string,
    readonly location: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(location === null ? message : `${location}: ${message}`, options);
  }
}

/**
 * A snapshot that cannot be read, or a model that breaks an invariant: bad input (an `InputError`, exit 2). `path`
 * points at the bad item (`$.resources[3].fields`), `source` names the file when there is one.
 */
export class SnapshotError extends InputError {
  override readonly name = 'SnapshotError';
  constructor(
    message: string,
    readonly path: string,
    readonly source: string | null = null,
  ) {
    super(source === null ? `${path}: ${message}` : `${source}: ${path}: ${message}`);
  }
}

/** One PrestaShop `<error>`: its numeric code (null for plain-text errors) and message. */
export interface StoreErrorEntry {
  readonly code: number | null;
  readonly message: string;
}

/** The store answered with an error, or could not be reached after all retries. */
export class IntrospectError extends CodegenError {
  override readonly name = 'IntrospectError';
  readonly exitCode: number;
  constructor(
    message: string,
    readonly details: {
      /** The URL, already redacted. */
      readonly url: string;
      readonly resource?: string | null;
      readonly status?: number | null;
      readonly errors?: readonly StoreErrorEntry[];
      /** Input problems (not a store at all, bad URL) exit 2; store failures exit 1. */
      readonly exitCode?: number;
    },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.exitCode = details.exitCode ?? EXIT_FAILURE;
  }
}

/** An emitter failed on a model item. */
export class EmitError extends CodegenError {
  override readonly name = 'EmitError';
  readonly exitCode = EXIT_USAGE;
  constructor(
    message: string,
    readonly emitter: string,
    readonly resource: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(`${emitter}${resource === null ? '' : ` (${resource})`}: ${message}`, options);
  }
}

/** Writing the output failed, or a path would leave the output directory. */
export class WriteError extends CodegenError {
  override readonly name = 'WriteError';
  readonly exitCode = EXIT_USAGE;
  constructor(
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${message}`, options);
  }
}

/** Network failures seen in store errors, with what to check. */
const NETWORK_HINTS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\bECONNREFUSED\b/,
    'nothing answers at this address: check the host and port of --url, and that the store is running',
  ],
  [
    /\b(?:ENOTFOUND|EAI_AGAIN)\b/,
    'this host name does not resolve: check the spelling of --url, or your DNS and network',
  ],
  [
    /\bECONNRESET\b/,
    'the connection was cut: a proxy or firewall may be in the way; try again, or lower --concurrency',
  ],
  [
    /\b(?:ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b|timed out/i,
    'the store is slow or unreachable: raise --timeout, lower --concurrency, or check the network',
  ],
  [/\b(?:EHOSTUNREACH|ENETUNREACH)\b/, 'the host cannot be reached from this machine: check the network or VPN'],
];

/** What to check for a network failure named in `message`, or null when none applies. */
export function networkHint(message: string): string | null {
  for (const [re, hint] of NETWORK_HINTS) if (re.test(message)) return hint;
  return null;
}

/** Removes credentials from a URL: user info and the `ws_key` query parameter. */
export function redactUrl(url: string | URL): string {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    return String(url).replace(/([?&]ws_key=)[^&#]*/gi, '$1***');
  }
  if (u.username !== '' || u.password !== '') {
    u.username = '';
    u.password = '';
  }
  if (u.searchParams.has('ws_key')) u.searchParams.set('ws_key', '***');
  return u.toString();
}

/**
 * Every form a secret can take in text: as is, URL-encoded (`encodeURIComponent` and the form
 * encoding of query strings, whose `+`/`/` become `%2B`/`%2F`), and base64 (alone, and as the
 * `key:` of an HTTP Basic token). Matched ignoring ASCII case, which also covers `%2b`.
 */
function secretForms(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ k: secret }).toString().slice(2),
    Buffer.from(`${secret}:`).toString('base64'),
    Buffer.from(secret).toString('base64'),
  ];
  return forms.filter((f, i) => f.length >= 4 && forms.indexOf(f) === i);
}

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Replaces `needle` (ASCII case ignored) in `text` with `***`; one `indexOf` pass, linear. */
function replaceIgnoringCase(text: string, needle: string): string {
  const hay = asciiLower(text);
  const n = asciiLower(needle);
  let at = hay.indexOf(n);
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    out += `${text.slice(from, at)}***`;
    from = at + n.length;
    at = hay.indexOf(n, from);
  }
  return out + text.slice(from);
}

/**
 * Replaces every form of each secret in a text (`secretForms`): the one scrubber of messages,
 * logs and every store-supplied string that reaches a file.
 */
export function scrubSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s === null || s === undefined || s.length < 4) continue;
    for (const form of secretForms(s)) out = replaceIgnoringCase(out, form);
  }
  return out;
}

/**
 * Text safe to print on a terminal: control characters (except newline and tab), line and paragraph
 * separators and bidirectional overrides are shown as `\u001b`-style escapes, so a store cannot
 * move the cursor, recolour, rewrite or reorder what the user reads.
 */
export function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this escapes
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    escapeChar,
  );
}

/** `printable` for text that must stay on one line (a name, a value in a table): tabs and newlines are escaped too. */
export function printableLine(text: string): string {
  return printable(text).replace(/[\t\n]/g, escapeChar);
}

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** What to do about a system error code a user can fix (`EACCES`, `ENOSPC`, ...), or undefined. */
export const ERRNO_FIX: Readonly<Record<string, string>> = {
  EACCES: 'permission denied; choose a location you can write to, or fix its permissions',
  EPERM: 'operation not permitted; choose a location you can write to, or fix its permissions',
  EROFS: 'the file system is read-only; choose another location',
  ENOSPC: 'no space left on the device; free some space or choose another location',
  EDQUOT: 'disk quota exceeded; free some space or choose another location',
  EISDIR: 'is a directory; name a file instead',
  ENOTDIR: 'a part of this path is a file, not a directory; check the path',
  EEXIST: 'already exists and is in the way; remove it or choose another path',
  ENOENT: 'no such file or directory; check the path',
  EMFILE: 'too many open files; lower --concurrency or raise the limit (ulimit -n)',
  EADDRINUSE: 'the port is already in use; choose another with --port (0 picks a free one)',
  EADDRNOTAVAIL: 'this address is not available on this machine',
};
