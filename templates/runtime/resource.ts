/**
 * The operations of one entity resource, untyped; the generated client modules wrap this class
 * with the resource's types and expose only the methods the store allows.
 *
 * Read mode: XML by default (`format: 'xml'`), because it is lossless in every generation for every
 * URL: nothing is dropped, multilingual values always carry their language ids, and empty lists
 * are plain empty elements. With `format: 'json'` every entity request carries `display=full`
 * (or the caller's display list), which makes 8.x/9.0 answer with the list form that is not
 * falsy-filtered; the decoder restores anything still missing.
 */
import type { BatchOptions, BatchResult, BatchUpdate } from './batch.js';
import type { Change, ChangesOptions } from './changes.js';
import { decodeJsonDocument, type DecodeContext, type Decoded, type Entity } from './decode.js';
import { decodeXmlText } from './decode-xml.js';
import { decodeError, parseJsonAnswer } from './http-body.js';
import type { HttpRequest, HttpResponse, Transport } from './http.js';
import type { Codec, HttpMethod, ResourceMeta } from './meta.js';
import {
  displayedFields,
  displayParam,
  languageParam,
  listParams,
  shopParams,
  type Display,
  type ListAllQuery,
  type ListQuery,
  type Params,
  type ReadOptions,
  type ShopContext,
  type Sort,
} from './query.js';
import { fromWallClock, shiftDates, shiftFilter } from './timezone.js';
import type { ValidationIssue } from './validation.js';

/** The result of a generated validator. */
export type ValidationOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
/** A generated validator; `operation` tells a POST (`create`) from a PUT (`update`), where the store normalises some values on create. */
export type Validator = (value: unknown, operation?: 'create' | 'update') => ValidationOutcome;

/** Settings shared by every resource of one client. */
export interface ClientContext {
  readonly transport: Transport;
  readonly codec: Codec;
  /** How answers are read (see the module comment). */
  readonly format: 'xml' | 'json';
  /** Default `language` of reads. */
  readonly language: number | readonly number[] | undefined;
  /** Default multistore context. */
  readonly shop: ShopContext | undefined;
  /** The store's language ids known from the snapshot. */
  readonly languages: readonly number[];
  /** Run the generated validators before each write (default true). */
  readonly validate: boolean;
  /** Complete partial multilingual values of `update`/`patch` from the current record (default true). */
  readonly fillLanguages: boolean;
  /** `auto` (default): `update` sends a PATCH where a PUT would empty fields the store refuses to receive. */
  readonly updateMode: 'auto' | 'put';
}

/** Options of a write. */
export interface WriteOptions {
  /** Skip the generated validator for this call. */
  readonly validate?: boolean | undefined;
  /**
   * `update`/`patch`: complete a multilingual value that leaves out some of the store's languages
   * with their current values (one extra GET). Default: the client's `fillLanguages` (true).
   */
  readonly fillLanguages?: boolean | undefined;
  readonly shop?: ShopContext | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Options of a write that can send an e-mail (`order_histories` create, `order_carriers` update). */
export interface EmailWriteOptions extends WriteOptions {
  /** `sendemail=1`: the store e-mails the customer (order state change, tracking number). */
  readonly sendemail?: boolean | undefined;
}

export interface DeleteOptions {
  readonly shop?: ShopContext | undefined;
  readonly signal?: AbortSignal | undefined;
}

type AnyListQuery = ListQuery<Readonly<Record<string, unknown>>, string, string>;

export class ResourceRuntime {
  constructor(
    readonly ctx: ClientContext,
    readonly meta: ResourceMeta,
  ) {}

  /** `GET /api/{resource}?display=…&filter[…]…`: the decoded items. */
  async list(query: AnyListQuery = {}, operation = 'list'): Promise<Entity[]> {
    const zone = this.zone();
    const q = zone === undefined || query.filter === undefined ? query : { ...query, filter: shiftFilter(this.meta, query.filter, zone) as AnyListQuery['filter'] };
    const params: Params = [...listParams(this.meta, q), ...this.readParams(q)];
    const res = await this.request({ method: 'GET', path: this.meta.name, params, signal: query.signal, format: this.readFormat(), operation, list: true });
    return this.decode(res, 'GET', query.display, query.language, this.readFormat()).items;
  }

  /** Pages through every item with `limit=offset,count`, sorted by the query's sort then by id. */
  async *listAll(query: ListAllQuery<Readonly<Record<string, unknown>>, string, string> = {}, operation = 'listAll'): AsyncGenerator<Entity, void, undefined> {
    const pageSize = query.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize <= 0) throw new RangeError('pageSize: expected a positive integer');
    const sorts: Sort<string>[] = query.sort === undefined ? [] : typeof query.sort === 'string' ? [query.sort] : [...query.sort];
    // A stable order is what makes offset paging correct: the id breaks every tie.
    if (!sorts.some((s) => s === 'id_ASC' || s === 'id_DESC')) sorts.push('id_ASC');
    const rest = { ...query };
    delete rest.pageSize;
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.list({ ...rest, sort: sorts, limit: { offset, count: pageSize } }, operation);
      yield* page;
      if (page.length < pageSize) return;
    }
  }

  /**
   * The number of items matching the query (PrestaShop sends no total): the ids only
   * (`display=[id]`), `pageSize` per request (default 1000), as `listAll` pages.
   */
  async count(query: ListAllQuery<Readonly<Record<string, unknown>>, string, string> = {}): Promise<number> {
    let n = 0;
    for await (const item of this.listAll({ ...query, display: ['id'], pageSize: query.pageSize ?? 1000 }, 'count')) if (item !== undefined) n++;
    return n;
  }

  /** `GET /api/{resource}/{id}`: the item, or null when the store has no such id (404). */
  async get(id: number, query: ReadOptions & { readonly display?: Display<string> } = {}): Promise<Entity | null> {
    checkId(id);
    const params: Params = [];
    const format = this.readFormat();
    if (query.display !== undefined || format === 'json') params.push(['display', displayParam(this.meta, query.display)]);
    params.push(...this.readParams(query));
    const res = await this.ctx.transport.send({ method: 'GET', path: `${this.meta.name}/${id}`, params, format: format === 'json' ? 'JSON' : 'XML', signal: query.signal });
    // 404 with an empty body: no such id; code 131: the id exists but not in this shop context.
    if (res.status === 404) {
      const error = this.ctx.transport.httpError('GET', res);
      if (error.errors.length === 0 || error.code === 131) return null;
      throw error;
    }
    if (res.status < 200 || res.status > 299) throw this.ctx.transport.httpError('GET', res);
    return this.decode(res, 'GET', query.display, query.language, format).items[0] ?? null;
  }

  /** `HEAD /api/{resource}/{id}`: whether the id exists. */
  async head(id: number, options: ReadOptions = {}): Promise<boolean> {
    checkId(id);
    const res = await this.ctx.transport.send({ method: 'HEAD', path: `${this.meta.name}/${id}`, params: this.readParams(options), format: this.wireFormat(), signal: options.signal });
    if (res.status === 404) return false;
    if (res.status < 200 || res.status > 299) throw this.ctx.transport.httpError('HEAD', res);
    return true;
  }

  /** `POST /api/{resource}` with the XML body; the created item as the store saved it. Never retried. */
  async create(input: unknown, validator: Validator | null, options: EmailWriteOptions = {}): Promise<Entity> {
    return (await import('./write.js')).create(this, input, validator, options);
  }

  /**
   * `PUT /api/{resource}/{id}`: a full replacement (see `update` in write.ts). The write side
   * (XML bodies, language completion) is loaded on the first write, so read-only programs skip it.
   */
  async update(id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions = {}): Promise<Entity> {
    checkId(id);
    return (await import('./write.js')).update(this, id, input, validator, options);
  }

  /** `PATCH /api/{resource}/{id}` (PrestaShop 8.0+): only the fields given change (see write.ts). */
  async patch(id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions = {}): Promise<Entity> {
    checkId(id);
    return (await import('./write.js')).patch(this, id, input, validator, options);
  }

  /** Several `create`s in few requests (see batch.ts); a result per input, in input order. */
  async createMany(inputs: readonly unknown[], validator: Validator | null, options: BatchOptions = {}): Promise<BatchResult<Entity>[]> {
    return (await import('./batch.js')).createMany(this, inputs, validator, options);
  }

  /** Several `update`s in few requests (see batch.ts); a result per item, in input order. */
  async updateMany(items: readonly BatchUpdate<unknown>[], validator: Validator | null, options: BatchOptions = {}): Promise<BatchResult<Entity>[]> {
    return (await import('./batch.js')).updateMany(this, items, validator, options);
  }

  /** The change feed (see changes.ts). */
  async *changes(options: ChangesOptions = {}): AsyncGenerator<Change<Entity>, void, undefined> {
    yield* (await import('./changes.js')).changes(this, options);
  }

  /** `DELETE /api/{resource}/{id}`, or `?id=[1,2,3]` for several; throws 404 (code 87) for unknown ids. */
  async delete(ids: number | readonly number[], options: DeleteOptions = {}): Promise<void> {
    const list = typeof ids === 'number' ? [ids] : [...ids];
    list.forEach(checkId);
    if (list.length === 0) return;
    const shop = shopParams(options.shop ?? this.ctx.shop);
    const req: HttpRequest =
      typeof ids === 'number'
        ? { method: 'DELETE', path: `${this.meta.name}/${ids}`, params: shop, format: this.wireFormat(), signal: options.signal }
        : { method: 'DELETE', path: this.meta.name, params: [['id', `[${list.join(',')}]`], ...shop], format: this.wireFormat(), signal: options.signal };
    await this.ctx.transport.expectOk(req);
  }

  /** The items of an XML answer of this resource (attachment uploads answer with the attachment). */
  decodeXml(text: string): Entity[] {
    return decodeXmlText(this.meta, text, { codec: this.ctx.codec, fields: null, bareLanguage: null }).items;
  }

  private readParams(options: ReadOptions): Params {
    const params: Params = [];
    const language = options.language ?? this.ctx.language;
    if (language !== undefined) params.push(['language', languageParam(language)]);
    params.push(...shopParams(options.shop ?? this.ctx.shop));
    return params;
  }

  private wireFormat(): 'XML' | 'JSON' {
    return this.ctx.format === 'json' ? 'JSON' : 'XML';
  }

  /** How reads are sent: the client's format, but JSON for a resource whose XML item read fails (`xml-item-500`). */
  // readFormat, zone, request and decode are used by the write side too (write.ts).
  readFormat(): 'xml' | 'json' {
    return this.ctx.format === 'json' || this.meta.quirks?.includes('xml-item-500') === true ? 'json' : 'xml';
  }

  zone(): string | undefined {
    return this.ctx.codec.dates === 'Date' ? this.ctx.codec.timeZone : undefined;
  }

  request(req: Omit<HttpRequest, 'format'> & { readonly format?: 'xml' | 'json' }): Promise<HttpResponse> {
    const { format, ...rest } = req;
    return this.ctx.transport.expectOk({ ...rest, format: format === undefined ? this.wireFormat() : format === 'json' ? 'JSON' : 'XML' });
  }

  decode(res: HttpResponse, method: HttpMethod, display: Display<string> | undefined, language: ReadOptions['language'], format: 'xml' | 'json' = this.ctx.format): Decoded {
    const ctx: DecodeContext = { codec: this.ctx.codec, fields: displayedFields(display), bareLanguage: this.bareLanguage(language) };
    try {
      const decoded = format === 'json' ? decodeJsonDocument(this.meta, parseJsonAnswer(res.text), ctx) : decodeXmlText(this.meta, res.text, ctx);
      const zone = this.zone();
      if (zone === undefined) return decoded;
      return { ...decoded, items: decoded.items.map((item) => shiftDates(this.meta, item, (d) => fromWallClock(d, zone)) as Entity) };
    } catch (error) {
      throw decodeError(error, res.status, method, res.url, this.ctx.transport.apiKey);
    }
  }

  /** The language of a bare JSON string: the one asked for, else the store's only language. */
  private bareLanguage(language: ReadOptions['language']): number | null {
    const asked = language ?? this.ctx.language;
    if (typeof asked === 'number') return asked;
    if (asked !== undefined && asked.length === 1) return asked[0]!;
    return this.ctx.languages.length === 1 ? this.ctx.languages[0]! : null;
  }
}

function checkId(id: number): void {
  if (!Number.isInteger(id) || id <= 0) throw new RangeError(`id: expected a positive integer, got ${String(id)}`);
}
