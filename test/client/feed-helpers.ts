/**
 * Helpers of the change-feed, batch, count and hooks suites: a generated client over the CRUD fake
 * store, whose clock the test moves by hand (wall-clock time of the store's zone, as PrestaShop
 * stores it), and the store's zone in the snapshot.
 */
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud-server.js';
import type { StoreSchema } from '../../src/model/index.js';
import { generate, writeShared } from './generated.js';
import { crudSchema } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface FeedHarness {
  readonly store: CrudStore;
  /** The generated module (`createClient`, …). */
  readonly mod: any;
  /** A client of the store (retries off unless given). */
  client(options?: Record<string, unknown>): any;
  /** The store's wall clock (its UTC fields are the store's local time). */
  clock: Date;
  /** Moves the store clock on by `seconds`. */
  tick(seconds?: number): void;
  close(): Promise<void>;
}

const FEED_RESOURCES = ['manufacturers', 'tags', 'products', 'categories', 'stock_availables'];

/** A store in `timeZone` whose clock starts at `start` (store wall clock) and moves only with `tick`. */
export async function startFeedHarness(options: {
  readonly timeZone: string;
  readonly dates: 'string' | 'Date';
  readonly start: string;
}): Promise<FeedHarness> {
  const base = crudSchema();
  const schema: StoreSchema = { ...base, store: { ...base.store, timeZone: options.timeZone } };
  const harness = {
    clock: new Date(`${options.start.replace(' ', 'T')}Z`),
    tick(seconds = 1): void {
      harness.clock = new Date(harness.clock.getTime() + seconds * 1000);
    },
  };
  const store = await startCrudStore({ schema, resources: FEED_RESOURCES, now: () => harness.clock });
  const dir = await writeShared(`feed-${options.dates}`, await generate(schema, { dates: options.dates }));
  const mod = (await import(`${dir}/index.ts`)) as any;
  return Object.assign(harness, {
    store,
    mod,
    client: (o: Record<string, unknown> = {}) =>
      mod.createClient({ baseUrl: store.url, apiKey: store.apiKey, retries: 0, ...o }),
    close: () => store.close(),
  });
}

/** A manufacturer input. */
export const maker = (name: string): Record<string, unknown> => ({ name, active: true });

/** Every event of a walk, as `type id` strings, and the last cursor. */
export async function walk(
  feed: AsyncIterable<{ type: string; id: number; cursor: string }>,
  stopAfter = Infinity,
  onEvent?: (n: number) => Promise<void> | void,
): Promise<{ events: string[]; cursor: string | null }> {
  const events: string[] = [];
  let cursor: string | null = null;
  for await (const e of feed) {
    events.push(`${e.type} ${e.id}`);
    cursor = e.cursor;
    await onEvent?.(events.length);
    if (events.length >= stopAfter) break;
  }
  return { events, cursor };
}
