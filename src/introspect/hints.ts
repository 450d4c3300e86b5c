/** Plain-words hints for transport failures: TLS, and the base URL to suggest after a redirect. */

/** What to do about a TLS failure, in plain words. */
export function tlsHint(code: string): string {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return 'The certificate is not for this host name: check --url (the host name must match the certificate).';
  }
  if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
    return 'The TLS handshake failed: does the store speak HTTPS on this port (or is --url meant to be http://)?';
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return "The store's certificate is outside its validity dates: renew it on the server.";
  }
  return (
    "The store's certificate is not signed by a trusted authority. If it uses a private CA or a " +
    'self-signed certificate, pass that certificate with --ca <file.pem>; --insecure turns verification off (not recommended).'
  );
}

/** The base URL to suggest from a redirect target: everything before `/api`. */
export function suggestBase(target: URL): string {
  const u = new URL(target.href);
  u.search = '';
  u.hash = '';
  u.username = '';
  u.password = '';
  const i = u.pathname.search(/\/api(\/|$)/);
  u.pathname = i >= 0 ? u.pathname.slice(0, i) || '/' : u.pathname;
  return u.href.replace(/\/$/, '');
}

/** Drops trailing `:`, `.` and white space (a loop: `/[:.\s]+$/` is quadratic on a long run). */
export function trimPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && /[:.\s]/.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}
