/**
 * Why a request got no answer, in plain words: the system or TLS code found in a failed `fetch`'s
 * cause chain (Node's `fetch` throws `TypeError: fetch failed` and keeps the reason as its cause)
 * and what to check. The CLI has the same table for its own flags (src/errors.ts, NETWORK_HINTS).
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */

/** The code of a network failure and what to do about it. */
export interface NetworkCause {
  /** The system or TLS code: `ECONNREFUSED`, `ENOTFOUND`, `ETIMEDOUT`, `CERT_HAS_EXPIRED`, … */
  readonly code: string;
  /** One line: what to check. */
  readonly hint: string;
}

const UNTRUSTED =
  "the store's certificate is not signed by an authority Node trusts: for a private CA or a self-signed certificate, " +
  'start Node with NODE_EXTRA_CA_CERTS=<ca.pem>, or pass a fetch whose dispatcher trusts it';
const EXPIRED = "the store's certificate is outside its validity dates: renew it on the server";
const HANDSHAKE = 'the TLS handshake failed: does the store speak HTTPS on this port (or is baseUrl meant to be http://)?';
const TIMEOUT = 'the store is slow or unreachable: check the network, or raise timeoutMs';
const UNREACHABLE = 'the host cannot be reached from this machine: check the network or VPN';
const DNS = 'this host name does not resolve: check the spelling of baseUrl, or your DNS and network';
const CUT = 'the connection was cut: a proxy or firewall may be in the way; try again';

const HINTS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answers at this address: check the host and port of baseUrl, and that the store is running',
  ENOTFOUND: DNS,
  EAI_AGAIN: DNS,
  ECONNRESET: CUT,
  EPIPE: CUT,
  UND_ERR_SOCKET: CUT,
  ETIMEDOUT: TIMEOUT,
  UND_ERR_CONNECT_TIMEOUT: TIMEOUT,
  EHOSTUNREACH: UNREACHABLE,
  ENETUNREACH: UNREACHABLE,
  CERT_HAS_EXPIRED: EXPIRED,
  CERT_NOT_YET_VALID: EXPIRED,
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is not for this host name: use in baseUrl the host name the certificate names',
  EPROTO: HANDSHAKE,
  ERR_SSL_WRONG_VERSION_NUMBER: HANDSHAKE,
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  CERT_UNTRUSTED: UNTRUSTED,
  CERT_SIGNATURE_FAILURE: UNTRUSTED,
  CERT_REVOKED: "the store's certificate has been revoked: replace it on the server",
};

/** How deep the cause chain is searched (`fetch failed` → the socket error → …). */
const MAX_DEPTH = 4;

/**
 * The first code of `error`'s cause chain (the error itself, its `cause`, the first of an
 * `AggregateError`'s `errors`) that has a hint, or null.
 */
export function networkCause(error: unknown): NetworkCause | null {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.prototype.hasOwnProperty.call(HINTS, code)) return { code, hint: HINTS[code]! };
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    current = cause !== undefined ? cause : Array.isArray(errors) ? errors[0] : undefined;
  }
  return null;
}

/** The message of the innermost cause (at most `MAX_DEPTH` down), for a failure without a known code. */
export function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : 'request failed';
  let current: unknown = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; depth < MAX_DEPTH && current instanceof Error; depth++) {
    if (current.message !== '' && !message.includes(current.message)) message = `${message}: ${current.message}`;
    current = current.cause;
  }
  return message;
}
