/** How the fake store reads a request: its body (multipart too), output format, key and fault rules. */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { UploadedFile } from './crud/engine.js';
import type { FaultRule } from './types.js';
import type { WireFormat } from './wire.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** What the router needs from a request besides its headers: the body, read beforehand. */
export interface RequestBody {
  readonly text: string;
  readonly multipart: ReadonlyMap<string, UploadedFile> | undefined;
}

const NO_BODY: RequestBody = { text: '', multipart: undefined };
const EMPTY = Buffer.alloc(0);

/**
 * The request body, or null when it is over `maxBytes` (Apache's `LimitRequestBody`): past the cap
 * nothing more is kept; the rest is read and dropped so that the 413 answer reaches the client.
 */
export async function readRequestBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ raw: Buffer; body: RequestBody } | null> {
  const declared = req.headers['content-length'];
  if ((declared === undefined || declared === '0') && req.headers['transfer-encoding'] === undefined) {
    // No body (a GET): nothing to wait for.
    req.resume();
    return { raw: EMPTY, body: NO_BODY };
  }
  const chunks: Buffer[] = [];
  let size = declared !== undefined && Number(declared) > maxBytes ? Infinity : 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (size > maxBytes) return null;
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return { raw, body: { text: raw.toString('utf8'), multipart: undefined } };
  const multipart = new Map<string, UploadedFile>();
  try {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form) {
      if (typeof value !== 'string')
        multipart.set(name, {
          bytes: new Uint8Array(await value.arrayBuffer()),
          type: value.type,
          filename: value.name,
        });
      else multipart.set(name, { bytes: new TextEncoder().encode(value), type: '', filename: '', text: value });
    }
  } catch {
    // An unreadable multipart body: PHP would see no files.
  }
  return { raw, body: { text: '', multipart } };
}

export interface FaultState {
  readonly rule: FaultRule;
  hits: number;
  removed: boolean;
}

export function outputFormat(req: IncomingMessage, query: URLSearchParams): WireFormat {
  const pick =
    (req.headers['io-format'] as string | undefined) ??
    (req.headers['output-format'] as string | undefined) ??
    query.get('output_format') ??
    query.get('io_format');
  return pick === 'JSON' ? 'JSON' : 'XML';
}

/** Decoded `Authorization: Basic` user names, by header (a client sends the same one each time). */
const basicUsers = new Map<string, string>();

function basicUser(auth: string): string {
  const kept = basicUsers.get(auth);
  if (kept !== undefined) return kept;
  const user = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8').split(':')[0] ?? '';
  if (basicUsers.size >= 16) basicUsers.clear();
  basicUsers.set(auth, user);
  return user;
}

export function keyOf(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  stripAuthorization = false,
): { key: string | null; hadAuthorization: boolean } {
  const auth = headers.authorization;
  if (!stripAuthorization && typeof auth === 'string' && /^basic /i.test(auth)) {
    const user = basicUser(auth);
    if (user !== '') return { key: user, hadAuthorization: true };
  }
  return { key: query.get('ws_key'), hadAuthorization: typeof auth === 'string' };
}

export function matches(rule: FaultRule, path: string, query: URLSearchParams): boolean {
  if (rule.path !== undefined) {
    if (typeof rule.path === 'string' ? rule.path !== path : !rule.path.test(path)) return false;
  }
  for (const [k, v] of Object.entries(rule.query ?? {})) if (query.get(k) !== v) return false; // get() is null when absent
  return true;
}

/** Apache's answer to a body over `LimitRequestBody` (413, its HTML page naming the path). */
export function tooLargeAnswer(method: string, path: string): Answer {
  const escaped = path.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body =
    '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>413 Request Entity Too Large</title>\n</head><body>\n<h1>Request Entity Too Large</h1>\n' +
    `The requested resource<br />${escaped}<br />\ndoes not allow request data with ${method} requests, or the amount of data provided in\nthe request exceeds the capacity limit.\n</body></html>\n`;
  return { status: 413, headers: { 'content-type': 'text/html; charset=iso-8859-1', connection: 'close' }, body };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A number in [0, 1) from the seed, the request line and its occurrence: the dice of `probability`. */
export function faultRoll(seed: number, requestLine: string, occurrence: number): number {
  const digest = createHash('sha256').update(`${seed}\u0000${requestLine}\u0000${occurrence}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}
