/**
 * The store's time zone for `dates: 'Date'`. PrestaShop stores and sends wall-clock times of its
 * own zone (`PS_TIMEZONE`) without an offset. The codec turns them into `Date`s whose UTC fields
 * hold that wall-clock time; with a `timeZone`, the resource runtime shifts those to the real
 * instant on read, and back on write and in filters. Date-only fields (`birthday`) are calendar
 * dates and are never shifted. Uses `Intl` only (Node ≥ 18, browsers).
 */
import type { FieldMeta, ResourceMeta } from './meta.js';
import { mapFilterOperands } from './query.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Throws a clear error for a zone `Intl` does not know. */
export function checkTimeZone(zone: string): void {
  try {
    formatter(zone);
  } catch {
    throw new RangeError(`timeZone: ${JSON.stringify(zone)} is not an IANA time zone (e.g. "Europe/Paris"); use the store's PS_TIMEZONE`);
  }
}

/** Wall clock of `zone` minus UTC, in milliseconds, at the instant `t`. */
function offsetAt(t: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']! % 24, parts['minute']!, parts['second']!);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/** A wall-clock `Date` (UTC fields = the store's time) → the real instant. */
export function fromWallClock(date: Date, zone: string): Date {
  const wall = date.getTime();
  if (Number.isNaN(wall)) return date;
  // Two passes settle the offset around a DST change (an hour that does not exist moves forward).
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  return new Date(t);
}

/** A real instant → a wall-clock `Date` (UTC fields = the store's time). */
export function toWallClock(date: Date, zone: string): Date {
  const t = date.getTime();
  if (Number.isNaN(t)) return date;
  return new Date(t + offsetAt(t, zone));
}

const shifted = (f: FieldMeta): boolean => f.kind === 'date' && f.dateOnly !== true;

function mapRecord(record: Record<string, unknown>, fields: readonly FieldMeta[], shift: (d: Date) => Date): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const f of fields) {
    if (!shifted(f)) continue;
    const v = out[f.name];
    if (v instanceof Date) out[f.name] = shift(v);
  }
  return out;
}

/** An entity or write input with its date-time values shifted (associations included). */
export function shiftDates(meta: ResourceMeta, value: unknown, shift: (d: Date) => Date): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out = mapRecord(value as Record<string, unknown>, meta.fields, shift);
  const assoc = out['associations'];
  if (typeof assoc === 'object' && assoc !== null && !Array.isArray(assoc)) {
    const lists: Record<string, unknown> = { ...(assoc as Record<string, unknown>) };
    for (const a of meta.associations) {
      const list = lists[a.name];
      if (Array.isArray(list) && a.fields.some(shifted)) {
        lists[a.name] = list.map((item: unknown) => (typeof item === 'object' && item !== null ? mapRecord(item as Record<string, unknown>, a.fields, shift) : item));
      }
    }
    out['associations'] = lists;
  }
  return out;
}

/**
 * A list filter with its `Date` operands turned into the store's wall clock, in plain values and
 * in every operator (`gt`, `between`, …). Text operands are the store's wall clock already.
 */
export function shiftFilter(meta: ResourceMeta, filter: unknown, zone: string): unknown {
  if (typeof filter !== 'object' || filter === null) return filter;
  const out: Record<string, unknown> = { ...(filter as Record<string, unknown>) };
  for (const f of meta.fields) {
    if (!shifted(f) || out[f.name] === undefined) continue;
    out[f.name] = mapFilterOperands(out[f.name], (x) => (x instanceof Date ? toWallClock(x, zone) : x));
  }
  return out;
}
