/**
 * `createMany` and `updateMany`: several entities per POST/PUT, the way
 * `WebserviceRequest::saveEntityFromXml` (PrestaShop 1.7.8 – 9.0) takes them: every child of the
 * envelope is one entity, saved one after the other. XML only: the store renders every saved
 * entity in XML, while a JSON answer keeps only the last one.
 *
 * When one entity of a request fails, the entities before it are already saved (each `add()` /
 * `update()` commits), it and the ones after it are not, and the answer is the error alone: it
 * does not say which entity failed. So a chunk's results are honest:
 *
 * - `saved` with the item as stored, when the request succeeded;
 * - `failed` when nothing of the chunk can have been saved (invalid input, caught before sending;
 *   errors the store raises before its loop: 89, 90, 91, 127; a one-item chunk refused before save);
 * - `unknown` otherwise: the store saved the entities before the one it refused, and the answer
 *   does not say which one that was; read them back before writing them again.
 *
 * A chunk is never sent again (a POST that may be partly saved would duplicate records).
 */
import type { Entity } from './decode.js';
import { mayHaveSaved, PrestaShopError, PrestaShopValidationError } from './errors.js';
import { refusedStoredFields } from './meta.js';
import { shopParams, type Params } from './query.js';
import type { ResourceRuntime, Validator, WriteOptions } from './resource.js';
import { completed, validated } from './write.js';
import { writeBody, XML_HEAD, XML_TAIL } from './xml-write.js';

/** Options of `createMany` / `updateMany`. */
export interface BatchOptions extends WriteOptions {
  /** Entities per request (default 25, at most 100). */
  readonly chunkSize?: number | undefined;
  /** Requests in flight at once (default 2, at most 8). */
  readonly concurrency?: number | undefined;
}

/** The outcome of one item, at its input position (`index`). */
export type BatchResult<T> =
  | { readonly status: 'saved'; readonly index: number; readonly item: T }
  | { readonly status: 'failed'; readonly index: number; readonly error: PrestaShopError | PrestaShopValidationError | Error }
  | { readonly status: 'unknown'; readonly index: number; readonly error: PrestaShopError };

/** One item of `updateMany`: the id and the full replacement, as `update(id, input)` takes them. */
export interface BatchUpdate<I> {
  readonly id: number;
  readonly input: I;
}

/** Store errors raised before the first entity is looked at: nothing of the request was saved. */
const BEFORE_LOOP: ReadonlySet<number> = new Set([89, 90, 91, 127]);

interface Prepared {
  readonly index: number;
  readonly xml: string;
}

function bounded(value: number | undefined, fallback: number, max: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1 || v > max) throw new RangeError(`${name}: expected an integer from 1 to ${max}`);
  return v;
}

/** `POST /api/{resource}` with several entities per request. */
export async function createMany(rt: ResourceRuntime, inputs: readonly unknown[], validator: Validator | null, options: BatchOptions): Promise<BatchResult<Entity>[]> {
  return run(rt, 'POST', 'createMany', inputs.length, options, async (i) => {
    const body = validated(rt, inputs[i], validator, 'create', options);
    return writeBody(rt.meta, body, { id: null });
  });
}

/**
 * `PUT /api/{resource}` with several entities per request: each a full replacement, completed
 * like `update` (partial multilingual values from the stored record). Where `update` would send a
 * PATCH (fields the store refuses although a PUT empties them), the chunk is a PATCH too.
 */
export async function updateMany(rt: ResourceRuntime, items: readonly BatchUpdate<unknown>[], validator: Validator | null, options: BatchOptions): Promise<BatchResult<Entity>[]> {
  const method = rt.ctx.updateMode === 'auto' && refusedStoredFields(rt.meta).length > 0 ? 'PATCH' : 'PUT';
  const ids = new Set<number>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !Number.isInteger(item.id) || item.id <= 0) throw new RangeError(`${rt.meta.name}.updateMany: each item is { id, input } with a positive integer id`);
    // The store refuses a request with a duplicate id (89): one result per id keeps the outcome clear.
    if (ids.has(item.id)) throw new RangeError(`${rt.meta.name}.updateMany: id ${item.id} is given twice; merge the two updates`);
    ids.add(item.id);
  }
  return run(rt, method, 'updateMany', items.length, options, async (i) => {
    const { id, input } = items[i]!;
    const body = await completed(rt, id, validated(rt, input, validator, 'update', options), options);
    return writeBody(rt.meta, body, { id });
  });
}

async function run(
  rt: ResourceRuntime,
  method: 'POST' | 'PUT' | 'PATCH',
  operation: string,
  count: number,
  options: BatchOptions,
  prepare: (index: number) => Promise<string>,
): Promise<BatchResult<Entity>[]> {
  const chunkSize = bounded(options.chunkSize, 25, 100, 'chunkSize');
  const concurrency = bounded(options.concurrency, 2, 8, 'concurrency');
  const results: BatchResult<Entity>[] = new Array(count);
  const ready: Prepared[] = [];
  for (let index = 0; index < count; index++) {
    try {
      ready.push({ index, xml: await prepare(index) });
    } catch (error) {
      // Invalid input is never sent: nothing of it is saved.
      results[index] = { status: 'failed', index, error: error instanceof Error ? error : new Error(String(error)) };
    }
  }
  const chunks: Prepared[][] = [];
  for (let i = 0; i < ready.length; i += chunkSize) chunks.push(ready.slice(i, i + chunkSize));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      for (const r of await sendChunk(rt, method, operation, chunk, options)) results[r.index] = r;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return results;
}

async function sendChunk(rt: ResourceRuntime, method: 'POST' | 'PUT' | 'PATCH', operation: string, chunk: readonly Prepared[], options: BatchOptions): Promise<BatchResult<Entity>[]> {
  const inner = chunk.map((p) => p.xml.slice(XML_HEAD.length, p.xml.length - XML_TAIL.length)).join('');
  const params: Params = [...shopParams(options.shop ?? rt.ctx.shop)];
  let error: PrestaShopError;
  try {
    const res = await rt.request({ method, path: rt.meta.name, params, body: `${XML_HEAD}${inner}${XML_TAIL}`, signal: options.signal, format: 'xml', operation });
    const items = rt.decode(res, method, undefined, undefined, 'xml').items;
    if (items.length === chunk.length) return chunk.map((p, i) => ({ status: 'saved', index: p.index, item: items[i]! }));
    error = new PrestaShopError({
      kind: 'decode', status: res.status, method, url: res.url,
      errors: [{ code: null, message: `the store answered with ${items.length} items for ${chunk.length} sent` }],
    });
  } catch (caught) {
    if (!(caught instanceof PrestaShopError)) throw caught;
    error = caught;
  }
  const codes = error.errors.map((e) => e.code);
  const nothingSaved = error.kind === 'http' && !error.mayHaveSucceeded && (codes.some((c) => c !== null && BEFORE_LOOP.has(c)) || (chunk.length === 1 && !mayHaveSaved(error)));
  return chunk.map((p) => (nothingSaved ? { status: 'failed', index: p.index, error } : { status: 'unknown', index: p.index, error }));
}
