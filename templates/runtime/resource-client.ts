/**
 * The client of one resource, written once for every resource: `ResourceClient<T>` with the
 * methods and their documentation, and `createResourceClient`, which builds it on a shared
 * context. Each generated `clients/<file>.ts` names its types (`T`) and keeps only the methods the
 * store allows on the resource (`Pick<ResourceClient<T>, ...>`), so calling another is a compile error.
 */
import type { BatchOptions, BatchResult, BatchUpdate } from './batch.js';
import type { Change, ChangesOptions, IdChange } from './changes.js';
import type { ResourceMeta } from './meta.js';
import type { Display, GetQuery, ListAllQuery, ListQuery, ReadOptions, Selected } from './query.js';
import { ResourceRuntime, type ClientContext, type DeleteOptions, type EmailWriteOptions, type Validator, type WriteOptions } from './resource.js';

/** The types of one resource's client. */
export interface ResourceTypes {
  /** An item as read (`Product`). */
  readonly item: unknown;
  /** A POST/PUT body (`ProductInput`) and a PATCH body (`ProductPatch`). */
  readonly input: unknown;
  readonly patch: unknown;
  /** Filterable fields and their values (the sortable fields are its keys), displayable fields. */
  readonly filter: object;
  readonly field: string;
  /** `EmailWriteOptions` where the store reads `sendemail` (default `WriteOptions`). */
  readonly writeOptions?: WriteOptions;
  /** `date` where the resource has a filterable `date_upd` (see `changes`); absent: an id feed. */
  readonly feed?: 'date';
}

type Sort<T extends ResourceTypes> = keyof T['filter'] & string;
type Options<T extends ResourceTypes> = T extends { readonly writeOptions: infer W } ? W : WriteOptions;
/** An event of the resource's feed: an id feed cannot claim updates, nor take `since`. */
type FeedEvent<T extends ResourceTypes> = T extends { readonly feed: 'date' } ? Change<T['item']> : IdChange<T['item']>;
type FeedOptions<T extends ResourceTypes> = T extends { readonly feed: 'date' } ? ChangesOptions : Omit<ChangesOptions, 'since'>;

export interface ResourceClient<T extends ResourceTypes> {
  /**
   * `GET /api/<resource>`: the items matching the query. `display` is `'full'` by default (every field and association);
   * a list of fields returns only those, and the result type says so. `date=1` is added when a filter or sort uses a date.
   */
  list<const D extends Display<T['field']> = 'full'>(
    query?: ListQuery<T['filter'], Sort<T>, T['field']> & { readonly display?: D },
  ): Promise<Selected<T['item'], D>[]>;
  /**
   * Every item matching the query, page by page (`limit=offset,count`, `pageSize` items per request, default 100),
   * sorted by the query's `sort` then by id so that pages never overlap.
   */
  listAll<const D extends Display<T['field']> = 'full'>(
    query?: ListAllQuery<T['filter'], Sort<T>, T['field']> & { readonly display?: D },
  ): AsyncGenerator<Selected<T['item'], D>, void, undefined>;
  /**
   * The number of items matching the query (the store sends no total): ids only, `pageSize` per
   * request (default 1000), paged like `listAll`.
   */
  count(query?: Omit<ListAllQuery<T['filter'], Sort<T>, T['field']>, 'display'>): Promise<number>;
  /**
   * What was created, updated and deleted since `since` or a stored `cursor`, oldest first; every
   * event carries the cursor to resume after it. Resources without `date_upd` get creations and
   * deletions only. See docs/clients.md, "Change feed".
   */
  changes(options?: FeedOptions<T>): AsyncGenerator<FeedEvent<T>, void, undefined>;
  /** `GET /api/<resource>/{id}`: the item, or `null` when the store has no such id (it answers 404 with an empty body). */
  get<const D extends Display<T['field']> = 'full'>(
    id: number,
    query?: GetQuery<T['field']> & { readonly display?: D },
  ): Promise<Selected<T['item'], D> | null>;
  /** `HEAD /api/<resource>/{id}`: whether the id exists. */
  head(id: number, options?: ReadOptions): Promise<boolean>;
  /**
   * `POST /api/<resource>` (XML body): creates an item and returns it as saved, with its id. The input is validated
   * first (unless validation is off); invalid input throws `PrestaShopValidationError` and nothing is sent.
   */
  create(input: T['input'], options?: Options<T>): Promise<T['item']>;
  /**
   * `PUT /api/<resource>/{id}`: a full replacement. Fields the input leaves out are reset by the store, and so are the
   * languages a multilingual value leaves out: the client first completes such a value from the stored record (one extra
   * GET; `fillLanguages: false` turns it off). Associations left out are kept (a combination's `images` too: setting its
   * `product_option_values` alone would delete them, so the client sends them as stored). `patch` changes some fields only.
   */
  update(id: number, input: T['input'], options?: Options<T>): Promise<T['item']>;
  /**
   * Several creates in few requests (`chunkSize` entities per POST, default 25; `concurrency`
   * requests at once, default 2): one result per input, in input order — `saved` (with the item),
   * `failed` (nothing saved) or `unknown` (the store saved the entities before the one it refused
   * and does not say which). A chunk is never sent twice.
   */
  createMany(inputs: readonly T['input'][], options?: BatchOptions): Promise<BatchResult<T['item']>[]>;
  /** Several `update`s (full replacements) in few requests; results as `createMany`'s. */
  updateMany(items: readonly BatchUpdate<T['input']>[], options?: BatchOptions): Promise<BatchResult<T['item']>[]>;
  /** `PATCH /api/<resource>/{id}` (PrestaShop 8.0+): changes only the fields given. */
  patch(id: number, input: T['patch'], options?: Options<T>): Promise<T['item']>;
  /** `DELETE /api/<resource>/{id}`, or `?id=[…]` for a list; an unknown id throws `PrestaShopError` (404, code 87). */
  delete(ids: number | readonly number[], options?: DeleteOptions): Promise<void>;
}

/** The validators of a resource's write bodies; a generated client imports its module on the first write. */
export type LoadValidators = () => Promise<{ readonly input?: Validator; readonly patch?: Validator }>;

/** The name of a client method. */
export type ClientMethod = keyof ResourceClient<ResourceTypes>;

/**
 * The client of the resource `meta` describes, on a shared context, with only `methods` (those
 * the store allows: a method it refuses does not exist at run time either). `validators` loads
 * the checks of write bodies (null: not checked) when a write needs them, so that a program that
 * only reads bundles neither them nor the write side of the runtime.
 */
export function createResourceClient<T extends ResourceTypes, M extends ClientMethod = ClientMethod>(
  ctx: ClientContext,
  meta: ResourceMeta,
  validators: LoadValidators | null,
  methods: readonly M[],
): Pick<ResourceClient<T>, M> {
  const all = allMethods<T>(ctx, meta, validators);
  const out: Partial<ResourceClient<T>> = {};
  for (const m of methods) {
    if (!Object.prototype.hasOwnProperty.call(all, m)) throw new RangeError(`${meta.name}: no client method ${JSON.stringify(m)}`);
    (out as Record<string, unknown>)[m] = all[m];
  }
  return out as Pick<ResourceClient<T>, M>;
}

function allMethods<T extends ResourceTypes>(ctx: ClientContext, meta: ResourceMeta, validators: LoadValidators | null): ResourceClient<T> {
  const runtime = new ResourceRuntime(ctx, meta);
  const options = (o: WriteOptions | undefined): EmailWriteOptions | undefined => o;
  // Loaded only when this write is validated (validation can be off for the client or the call).
  const check = async (which: 'input' | 'patch', o: WriteOptions | undefined): Promise<Validator | null> =>
    validators !== null && (o?.validate ?? ctx.validate) ? ((await validators())[which] ?? null) : null;
  return {
    list: (query) => runtime.list(query as never) as Promise<never>,
    listAll: (query) => runtime.listAll(query as never) as AsyncGenerator<never, void, undefined>,
    get: (id, query) => runtime.get(id, query) as Promise<never>,
    head: (id, o) => runtime.head(id, o),
    count: (query) => runtime.count(query as never),
    changes: (o) => runtime.changes(o) as AsyncGenerator<never, void, undefined>,
    createMany: async (inputs, o) => runtime.createMany(inputs, await check('input', o), o) as Promise<never>,
    updateMany: async (items, o) => runtime.updateMany(items, await check('input', o), o) as Promise<never>,
    create: async (input, o) => runtime.create(input, await check('input', o), options(o)) as Promise<never>,
    update: async (id, input, o) => runtime.update(id, input, await check('input', o), options(o)) as Promise<never>,
    patch: async (id, input, o) => runtime.patch(id, input, await check('patch', o), options(o)) as Promise<never>,
    delete: (ids, o) => runtime.delete(ids, o),
  };
}
