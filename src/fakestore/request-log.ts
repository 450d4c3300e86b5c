/**
 * The fake store's bounded memory of what it received: the request log (a ring of the last
 * `limit` requests, each kept as it arrived and turned into a `RecordedRequest` only when read) and
 * the fault dice's count of how often each request line was seen (emptied when it holds too many
 * lines, and kept only while a fault rule exists).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { faultRoll, keyOf } from './request.js';
import type { RecordedRequest } from './types.js';

/** Requests the log keeps by default (the oldest are forgotten first). */
export const REQUEST_LOG_LIMIT = 1000;
/** Request lines the dice counts at most before it starts counting afresh. */
const DICE_LINES_LIMIT = 10_000;

interface Arrival {
  readonly method: string;
  /** The request target as sent (`/api/products?display=full`). */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly stripAuthorization: boolean;
  recorded?: RecordedRequest;
}

function record(a: Arrival): RecordedRequest {
  const url = new URL(a.target, 'http://fake.invalid');
  const { key, hadAuthorization } = keyOf(a.headers, url.searchParams, a.stripAuthorization);
  return {
    method: a.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    key,
    hadAuthorization,
    rawQuery: url.search.slice(1),
    headers: Object.fromEntries(
      Object.entries(a.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    ),
    body: a.body.toString('utf8'),
  };
}

export class RequestLog {
  private readonly ring: Arrival[] = [];

  constructor(private readonly limit: number) {}

  add(method: string, target: string, headers: IncomingHttpHeaders, body: Buffer, stripAuthorization: boolean): void {
    if (this.limit <= 0) return;
    if (this.ring.length >= this.limit) this.ring.shift();
    this.ring.push({ method, target, headers, body, stripAuthorization });
  }

  /** The kept requests, oldest first. */
  list(): RecordedRequest[] {
    return this.ring.map((a) => (a.recorded ??= record(a)));
  }

  clear(): void {
    this.ring.length = 0;
  }
}

/** The `probability` dice: one roll per request from the seed, its line and how often it was seen. */
export class FaultDice {
  private readonly seen = new Map<string, number>();

  constructor(public seed: number) {}

  /** Counts the request; returns its roll, computed on the first call only (no hashing for rules without a probability). */
  count(line: string): () => number {
    if (this.seen.size >= DICE_LINES_LIMIT && !this.seen.has(line)) this.seen.clear();
    const occurrence = (this.seen.get(line) ?? 0) + 1;
    this.seen.set(line, occurrence);
    let roll: number | undefined;
    return () => (roll ??= faultRoll(this.seed, line, occurrence));
  }

  restart(seed = this.seed): void {
    this.seed = seed;
    this.seen.clear();
  }
}
