/** How the fake store writes an answer: Content-Sha1, Content-Length, and the body faults (cut, dropped, trickled). */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sleep, type Answer } from './request.js';
import type { FaultRule } from './types.js';

/** Encoded bodies and their SHA-1 kept at most (a cached read answers the same string again and again). */
const ENCODED_LIMIT = 64;
/** Bodies shorter than this are encoded and hashed each time (cheaper than keeping them). */
const ENCODED_MIN_CHARS = 512;
/** Bodies longer than this are not kept either (the cache holds at most 64 MiB of text). */
const ENCODED_MAX_CHARS = 1024 * 1024;
const encoded = new Map<string, { readonly bytes: Buffer; readonly sha1: string }>();

function sha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** The body's bytes and SHA-1, from the cache for a long string answered before. */
function encode(body: string | Uint8Array): { readonly bytes: Buffer; readonly sha1: string | null } {
  if (typeof body !== 'string') return { bytes: Buffer.from(body), sha1: null };
  if (body.length < ENCODED_MIN_CHARS || body.length > ENCODED_MAX_CHARS)
    return { bytes: Buffer.from(body, 'utf8'), sha1: null };
  const kept = encoded.get(body);
  if (kept !== undefined) return kept;
  const bytes = Buffer.from(body, 'utf8');
  const made = { bytes, sha1: sha1(bytes) };
  if (encoded.size >= ENCODED_LIMIT) encoded.clear();
  encoded.set(body, made);
  return made;
}

export async function send(res: ServerResponse, answer: Answer, fault: FaultRule | null): Promise<void> {
  const enc = encode(answer.body);
  let body = enc.bytes;
  // Every answer has headers of its own: they are completed in place. A fault's own
  // `content-sha1` header stands (an altered body with a valid length).
  const headers = answer.headers;
  if (answer.status >= 200 && answer.status < 300 && body.length > 0 && headers['content-sha1'] === undefined) {
    headers['content-sha1'] = enc.sha1 ?? sha1(body);
  }
  if (fault?.truncateTo !== undefined) body = body.subarray(0, fault.truncateTo);
  if (fault?.truncateFraction !== undefined) body = body.subarray(0, Math.floor(body.length * fault.truncateFraction));
  if (fault?.drop === 'mid-body' || fault?.drop === 'mid-body-chunked') {
    if (fault.drop === 'mid-body') headers['content-length'] = String(body.length);
    res.writeHead(answer.status, headers);
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    await sleep(5);
    res.socket?.destroy();
    return;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  const trickle = fault?.trickle;
  if (trickle !== undefined && body.length > 0) {
    const step = Math.max(1, trickle.bytes);
    for (let at = 0; at < body.length && !res.destroyed; at += step) {
      res.write(body.subarray(at, at + step));
      if (at + step < body.length) await sleep(trickle.intervalMs);
    }
    if (!res.destroyed) res.end();
    return;
  }
  res.end(body);
}
