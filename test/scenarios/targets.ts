/**
 * The two stores the scenarios run against, and the one list of what the fake store cannot serve.
 *
 * - `npm test` (no `SCENARIO_TARGET`): the in-repo fake store (`startFakeStore` with the CRUD
 *   engine serving every resource of the snapshot, over the 8.2.0 seed records), on 127.0.0.1
 *   and a free port, and a client generated from the bundled 8.2.0 snapshot.
 * - `npm run test:store` (`vitest.store.config.ts` sets `SCENARIO_TARGET=store`): the store at
 *   `PRESTASHOP_URL` with `PRESTASHOP_KEY`, and a client generated from a fresh introspection
 *   (`store-setup.ts`). Without both variables every scenario is skipped, with a message.
 *
 * Each scenario is written once and gets the same `Target`; only the records differ (the fake
 * store's seeds, or what the scenario created on the real store, tagged with `stamp`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { FAKE_STORE_KEY, startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { loadSnapshot } from '../../src/api/snapshot.js';
import type { StoreSchema } from '../../src/model/index.js';
import { crudSchema } from '../client/helpers.js';
import { generate, writeShared } from '../client/generated.js';
import type { GeneratedModule } from '../client/module.js';
import { Cleanup } from './cleanup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot introspected from the real store by store-setup.ts ('' when no store is set). */
    scenarioSnapshot: string;
  }
}

export type TargetKind = 'fake' | 'store';
const TARGET: TargetKind = process.env['SCENARIO_TARGET'] === 'store' ? 'store' : 'fake';
const STORE_URL = process.env['PRESTASHOP_URL'] ?? '';
const STORE_KEY = process.env['PRESTASHOP_KEY'] ?? '';
/** Why every scenario is skipped, or null. */
const NO_STORE: string | null =
  TARGET === 'store' && (STORE_URL === '' || STORE_KEY === '')
    ? 'test:store needs PRESTASHOP_URL and PRESTASHOP_KEY (a real store to write to): skipped'
    : null;

/**
 * Scenarios the fake store cannot serve yet, with the reason. They run on a real store; on the
 * fake store they are skipped. Empty it as the fake store learns each behaviour (issue 20, items
 * 1–2, branch `fake`).
 */
export const FAKE_STORE_GAPS: Readonly<Record<string, string>> = {};

export type Dates = 'string' | 'Date';
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Client = any;

export interface Target {
  readonly kind: TargetKind;
  readonly url: string;
  /** The key the client sends (to check that what it hands out never contains it). */
  readonly key: string;
  readonly schema: StoreSchema;
  /** A unique tag for the records this run creates (names, references). */
  readonly stamp: string;
  /** The fake store (its engine holds the stored rows), or null on a real store. */
  readonly fake: FakeStore | null;
  /** The generated client (`--dates` mode), talking to the store. */
  client(dates?: Dates, options?: Record<string, unknown>): Promise<Client>;
  /** The generated module (operators `gt`, `between`, …, error classes). */
  module(dates?: Dates): Promise<GeneratedModule>;
  /** Records created, deleted in reverse order by `close()`. */
  readonly cleanup: Cleanup;
  /** A raw request with the key (cleanup, checks the client cannot make). */
  raw(method: string, path: string, body?: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

const modules = new Map<string, Promise<GeneratedModule>>();

/** The generated client of a snapshot in one `--dates` mode, generated once per worker. */
function generatedModule(tag: string, schema: StoreSchema, dates: Dates): Promise<GeneratedModule> {
  const id = `${tag}-${dates}`;
  let mod = modules.get(id);
  if (mod === undefined) {
    mod = (async () => {
      const dir = await writeShared(`scenarios-${id}`, await generate(schema, { dates }));
      return (await import(`${dir}/index.ts`)) as GeneratedModule;
    })();
    modules.set(id, mod);
  }
  return mod;
}

/** Opens the target of this run (a fresh fake store per test file, or the real store). */
async function openTarget(): Promise<Target> {
  const stamp = `scn${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
  let url: string;
  let key: string;
  let schema: StoreSchema;
  let fake: FakeStore | null = null;
  if (TARGET === 'store') {
    url = STORE_URL.replace(/\/+$/, '').replace(/\/api$/, '');
    key = STORE_KEY;
    schema = await loadSnapshot(inject('scenarioSnapshot'));
  } else {
    schema = crudSchema();
    fake = await startFakeStore({ crud: { schema } });
    url = fake.url;
    key = FAKE_STORE_KEY;
  }
  const raw = async (method: string, path: string, body?: string) => {
    const res = await fetch(`${url}/api/${path}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      ...(body === undefined ? {} : { body }),
    });
    return { status: res.status, text: await res.text() };
  };
  const cleanup = new Cleanup(raw);
  const tag = TARGET === 'store' ? 'store' : 'fake';
  return {
    kind: TARGET,
    url,
    key,
    schema,
    stamp,
    fake,
    cleanup,
    raw,
    module: (dates = 'string') => generatedModule(tag, schema, dates),
    async client(dates = 'string', options = {}) {
      const mod = await generatedModule(tag, schema, dates);
      const zone = dates === 'Date' ? { timeZone: schema.store.timeZone ?? 'UTC' } : {};
      return mod.createClient({ baseUrl: url, apiKey: key, retries: 0, ...zone, ...options } as Parameters<
        GeneratedModule['createClient']
      >[0]);
    },
    async close() {
      try {
        await cleanup.run();
      } finally {
        await fake?.close();
      }
    },
  };
}

/**
 * Opens the target before a file's scenarios (`use` gets it and its generated client, and may
 * create what they share) and closes it after them, deleting what they created, also when one
 * failed. Without a store to run on (`NO_STORE`) it opens nothing.
 */
export function useTarget(
  use: (target: Target, client: Client) => void | Promise<void>,
  dates: Dates = 'string',
  options: Record<string, unknown> = {},
): void {
  let target: Target | undefined;
  beforeAll(async () => {
    if (NO_STORE !== null) return;
    target = await openTarget();
    await use(target, await target.client(dates, options));
  });
  afterAll(() => target?.close());
}

/** Why a scenario is skipped on this target, or null when it runs. */
function skipReason(name: string): string | null {
  if (NO_STORE !== null) return NO_STORE;
  if (TARGET === 'fake' && Object.hasOwn(FAKE_STORE_GAPS, name)) return FAKE_STORE_GAPS[name]!;
  return null;
}

/** A scenario: `it`, or `it.skip` when this target cannot run it (see `FAKE_STORE_GAPS`). */
export function scenario(name: string, fn: () => Promise<void>, timeout?: number): void {
  const skip = skipReason(name);
  if (skip === null) it(name, fn, timeout);
  else it.skip(`${name} (skipped: ${skip})`, fn, timeout);
}

/**
 * A scenario of a real-store problem whose client fix (issue 21) has not landed: it asserts what a
 * correct client and store give, so it fails today (`it.fails`) and turns red when the fix lands.
 * `SCENARIO_KNOWN_BUGS=run` runs them as plain scenarios, to see how each fails (or that it passes).
 * @public (no scenario is a known bug today; kept for the next one)
 */
export function knownBug(name: string, fn: () => Promise<void>, timeout?: number): void {
  const skip = skipReason(name);
  if (skip !== null) it.skip(`${name} (skipped: ${skip})`, fn, timeout);
  else (process.env['SCENARIO_KNOWN_BUGS'] === 'run' ? it : it.fails)(name, fn, timeout);
}
