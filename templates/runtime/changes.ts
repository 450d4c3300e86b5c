/**
 * `client.<resource>.changes({ since | cursor, pageSize, signal })`: what was created, updated and
 * deleted, as an async iterator of `{ type, id, record?, cursor }`. PrestaShop has no webhooks and
 * no change log, so the feed reads the records themselves:
 *
 * - **Date feed** (resources with a filterable `date_upd`): `filter[date_upd]`, `sort=[date_upd_ASC,
 *   id_ASC]` and `date=1` (without it the store refuses date filters). The store's dates are
 *   wall-clock seconds of its own zone (`PS_TIMEZONE`): `since` as a `Date` is turned into that
 *   wall clock with the snapshot's zone (or the client's `timeZone`). Keyset paging: the records of
 *   the cursor's second with a larger id, then the records of later seconds; many records of one
 *   second are all read, and a record updated during the walk moves to a later second and is read
 *   again. The cursor keeps the ids already seen in its last second, because a record can still be
 *   updated within that second after the walk has passed it: a resumed walk reads that second again
 *   and yields only those it has not seen.
 * - **Id feed** (no `date_upd`): only creations (`filter[id]=>[last]`) and deletions; its type
 *   cannot claim updates.
 * - **Deletions**: the cursor holds the ids it knows (as ranges); at the end of a walk the current
 *   ids are listed (ids only, in pages) and every known id that is gone is yielded as `deleted`.
 *   `deletions: 'only'` runs that check alone, `false` skips it.
 *
 * Every event carries the cursor after it: store any one and pass it back to resume exactly there.
 * The first walk (no cursor) lists the current ids first, so that later walks tell a creation from
 * an update; in it a record counts as created when its `date_add` is at or after `since`.
 */
import type { Entity } from './decode.js';
import { PrestaShopError } from './errors.js';
import { eq, gt, type ReadOptions } from './query.js';
import type { ResourceRuntime } from './resource.js';
import { toWallClock } from './timezone.js';

/** An event of a date feed. */
export interface Change<T> {
  readonly type: 'created' | 'updated' | 'deleted';
  readonly id: number;
  /** The record as read (created / updated); absent for `deleted`. */
  readonly record?: T | undefined;
  /** Where to resume after this event (an opaque, serialisable string). */
  readonly cursor: string;
}

/** An event of an id feed (a resource without `date_upd`): creations and deletions only. */
export interface IdChange<T> extends Omit<Change<T>, 'type'> {
  readonly type: 'created' | 'deleted';
}

export interface ChangesOptions extends Pick<ReadOptions, 'language' | 'shop' | 'signal'> {
  /**
   * Date feed only: changes at or after this instant (a `Date`) or store wall-clock time
   * (`"2026-01-31 23:00:00"`). Neither `since` nor `cursor`: every record, oldest change first.
   */
  readonly since?: Date | string | undefined;
  /** A cursor from an earlier event: resume after it. */
  readonly cursor?: string | undefined;
  /** Records per request (default 100, at most 1000). */
  readonly pageSize?: number | undefined;
  /** Compare id sets at the end of the walk (default true); `'only'`: that comparison alone. */
  readonly deletions?: boolean | 'only' | undefined;
}

/** What a cursor holds. */
interface State {
  /** Wall-clock second of the last record seen (date feed; '' before the first). */
  date: string;
  /** Id feed: the last id seen. */
  id: number;
  /** Date feed: ids already yielded at `date`. */
  tip: Set<number>;
  /** Ids known to exist; null before the first walk's baseline. */
  known: Set<number> | null;
}

const PREFIX = 'pscf1.';
const MAX_CURSOR = 4 * 1024 * 1024;
const MAX_IDS = 10_000_000;
const WALL_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Ids as ascending ranges: `1-5,7,9-12`. */
function encodeIds(ids: Iterable<number>): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

function decodeIds(text: string): Set<number> {
  const ids = new Set<number>();
  if (text === '') return ids;
  for (const part of text.split(',')) {
    const [a, b] = part.split('-');
    const from = Number(a);
    const to = b === undefined ? from : Number(b);
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from || ids.size + (to - from) >= MAX_IDS) throw badCursor();
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return ids;
}

function badCursor(): RangeError {
  return new RangeError('changes: the cursor is not one this client made (pass the `cursor` of an event unchanged)');
}

export function encodeCursor(mode: 'date' | 'id', s: State): string {
  const json = JSON.stringify({ m: mode, d: s.date, i: s.id, t: encodeIds(s.tip), k: s.known === null ? null : encodeIds(s.known) });
  return PREFIX + btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(mode: 'date' | 'id', cursor: string): State {
  if (typeof cursor !== 'string' || !cursor.startsWith(PREFIX) || cursor.length > MAX_CURSOR) throw badCursor();
  let raw: { m?: unknown; d?: unknown; i?: unknown; t?: unknown; k?: unknown };
  try {
    raw = JSON.parse(atob(cursor.slice(PREFIX.length).replace(/-/g, '+').replace(/_/g, '/'))) as typeof raw;
  } catch {
    throw badCursor();
  }
  if (typeof raw !== 'object' || raw === null || raw.m !== mode) throw new RangeError(`changes: the cursor belongs to ${mode === 'date' ? 'an id' : 'a date'} feed, not this resource's`);
  if (typeof raw.d !== 'string' || (raw.d !== '' && !WALL_RE.test(raw.d)) || !Number.isSafeInteger(raw.i) || typeof raw.t !== 'string' || (raw.k !== null && typeof raw.k !== 'string')) throw badCursor();
  return { date: raw.d, id: raw.i as number, tip: decodeIds(raw.t), known: raw.k === null ? null : decodeIds(raw.k) };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** A `Date` whose UTC fields are a wall-clock time → `YYYY-MM-DD HH:MM:SS`. */
function wallText(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A decoded date value (text, or a `Date` shifted to the real instant when the client has a zone) → the store's wall clock. */
function storeWall(rt: ResourceRuntime, value: unknown): string {
  if (typeof value === 'string') return value;
  if (!(value instanceof Date)) return '';
  const zone = rt.zone();
  return wallText(zone === undefined ? value : toWallClock(value, zone));
}

/** `since` → the store's wall clock, with the snapshot's (or the client's) zone, UTC without one. */
function sinceWall(rt: ResourceRuntime, since: Date | string): string {
  if (typeof since === 'string') {
    if (!WALL_RE.test(since)) throw new RangeError(`changes: since ${JSON.stringify(since)} is not "YYYY-MM-DD HH:MM:SS" (the store's wall clock) or a Date`);
    return since;
  }
  if (!(since instanceof Date) || Number.isNaN(since.getTime())) throw new RangeError('changes: since must be a valid Date or "YYYY-MM-DD HH:MM:SS"');
  return wallText(toWallClock(since, rt.ctx.codec.timeZone ?? 'UTC'));
}

/** Which feed a resource has: the plan writes `feed: 'date'` into the metadata of resources with a filterable `date_upd`. */
export function feedOf(rt: ResourceRuntime): 'date' | 'id' {
  return rt.meta.feed === 'date' ? 'date' : 'id';
}

export async function* changes(rt: ResourceRuntime, options: ChangesOptions): AsyncGenerator<Change<Entity>, void, undefined> {
  const mode = feedOf(rt);
  const pageSize = options.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw new RangeError('changes: pageSize must be an integer from 1 to 1000');
  if (options.since !== undefined && options.cursor !== undefined) throw new RangeError('changes: pass since or cursor, not both');
  if (options.since !== undefined && mode === 'id') throw new RangeError(`changes: ${rt.meta.name} has no date_upd; its feed starts from the first id or a cursor`);
  const since = options.since === undefined ? null : sinceWall(rt, options.since);
  const state: State = options.cursor !== undefined ? decodeCursor(mode, options.cursor) : { date: since ?? '', id: 0, tip: new Set(), known: null };
  const read = { language: options.language, shop: options.shop, signal: options.signal };
  const event = (type: Change<Entity>['type'], id: number, record?: Entity): Change<Entity> => ({ type, id, ...(record === undefined ? {} : { record }), cursor: encodeCursor(mode, state) });
  const baseline = state.known === null;
  if (baseline) state.known = await currentIds(rt, read);
  const known = state.known!;
  if (options.deletions !== 'only') {
    const walk = mode === 'date' ? dateWalk(rt, state, pageSize, read) : idWalk(rt, state, pageSize, read);
    // The first walk knows the ids that existed before it: a record of those is new when its
    // date_add is at or after `since` (every record without `since`), and only the first time.
    const seen = new Set<number>();
    for await (const record of walk) {
      const id = record['id'] as number;
      const created = baseline ? !seen.has(id) && (since === null || storeWall(rt, record['date_add']) >= since) : !known.has(id);
      known.add(id);
      seen.add(id);
      yield event(mode === 'id' || created ? 'created' : 'updated', id, record);
    }
  }
  if (options.deletions === false) return;
  const current = await currentIds(rt, read);
  for (const id of [...known].sort((a, b) => a - b)) {
    if (current.has(id)) continue;
    known.delete(id);
    state.tip.delete(id);
    yield event('deleted', id);
  }
}

type Read = Pick<ChangesOptions, 'language' | 'shop' | 'signal'>;

/** The ids that exist now: ids only, 1000 per request. */
async function currentIds(rt: ResourceRuntime, read: Read): Promise<Set<number>> {
  const ids = new Set<number>();
  for await (const item of rt.listAll({ display: ['id'], pageSize: 1000, ...read }, 'changes')) ids.add(item['id'] as number);
  return ids;
}

/** Records by `[date_upd, id]` after the state's position; updates `state` as it goes. */
async function* dateWalk(rt: ResourceRuntime, state: State, pageSize: number, read: Read): AsyncGenerator<Entity, void, undefined> {
  // The cursor's second is read again from its first id: the tip says which were already yielded.
  let afterId = 0;
  for (;;) {
    if (state.date !== '') {
      for (;;) {
        const page = await rt.list({ ...read, filter: { date_upd: eq(state.date), id: gt(afterId) }, sort: ['id_ASC'], limit: pageSize }, 'changes');
        for (const record of page) {
          // Keyset paging only ends if every page moves on: a store that ignored the filter would loop.
          if (!((record['id'] as number) > afterId) || storeWall(rt, record['date_upd']) !== state.date) throw outside(rt);
          afterId = record['id'] as number;
          if (state.tip.has(afterId)) continue;
          state.tip.add(afterId);
          yield record;
        }
        if (page.length < pageSize) break;
      }
    }
    const filter = state.date === '' ? {} : { date_upd: gt(state.date) };
    const page = await rt.list({ ...read, filter, sort: ['date_upd_ASC', 'id_ASC'], limit: pageSize }, 'changes');
    if (page.length === 0) return;
    const from = state.date;
    for (const record of page) {
      const date = storeWall(rt, record['date_upd']);
      if (!(date > from) || date < state.date) throw outside(rt);
      if (date !== state.date) {
        state.date = date;
        state.tip = new Set();
      }
      afterId = record['id'] as number;
      state.tip.add(afterId);
      yield record;
    }
  }
}

/** The error for an answer that does not follow the feed's filter and sort (a proxy or module that changed the list). */
function outside(rt: ResourceRuntime): PrestaShopError {
  const message = `the store answered ${rt.meta.name} outside the filter or order the feed asked for (filter[date_upd], filter[id], sort); the walk stops instead of looping`;
  return new PrestaShopError({ kind: 'decode', status: 200, method: 'GET', url: rt.ctx.transport.url(rt.meta.name), errors: [{ code: null, message }] });
}

/** Records with an id above the state's, in id order (resources without `date_upd`). */
async function* idWalk(rt: ResourceRuntime, state: State, pageSize: number, read: Read): AsyncGenerator<Entity, void, undefined> {
  for (;;) {
    const page = await rt.list({ ...read, filter: { id: gt(state.id) }, sort: ['id_ASC'], limit: pageSize }, 'changes');
    for (const record of page) {
      if (!((record['id'] as number) > state.id)) throw outside(rt);
      state.id = record['id'] as number;
      yield record;
    }
    if (page.length < pageSize) return;
  }
}
