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
import { decodeJsonDocument, decodeXmlDocument, type DecodeContext, type Decoded, type Entity } from './decode.js';
import { PrestaShopError, PrestaShopValidationError } from './errors.js';
import { decodeError, parseJsonAnswer } from './http-body.js';
import type { HttpRequest, HttpResponse, Transport } from './http.js';
import { refusedStoredFields, type Codec, type HttpMethod, type ResourceMeta } from './meta.js';
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
import { fromWallClock, shiftDates, shiftFilter, toWallClock } from './timezone.js';
import type { ValidationIssue } from './validation.js';
import { completeLanguages, partialLanguageFields, writeError } from './write.js';
import { parseXml, writableView, writeBody } from './xml.js';

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
  async list(query: AnyListQuery = {}): Promise<Entity[]> {
    const zone = this.zone();
    const q = zone === undefined || query.filter === undefined ? query : { ...query, filter: shiftFilter(this.meta, query.filter, zone) as AnyListQuery['filter'] };
    const params: Params = [...listParams(this.meta, q), ...this.readParams(q)];
    const res = await this.request({ method: 'GET', path: this.meta.name, params, signal: query.signal, format: this.readFormat() });
    return this.decode(res, 'GET', query.display, query.language, this.readFormat()).items;
  }

  /** Pages through every item with `limit=offset,count`, sorted by the query's sort then by id. */
  async *listAll(query: ListAllQuery<Readonly<Record<string, unknown>>, string, string> = {}): AsyncGenerator<Entity, void, undefined> {
    const pageSize = query.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize <= 0) throw new RangeError('pageSize: expected a positive integer');
    const sorts: Sort<string>[] = query.sort === undefined ? [] : typeof query.sort === 'string' ? [query.sort] : [...query.sort];
    // A stable order is what makes offset paging correct: the id breaks every tie.
    if (!sorts.some((s) => s === 'id_ASC' || s === 'id_DESC')) sorts.push('id_ASC');
    const { pageSize: _ignored, ...rest } = query;
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.list({ ...rest, sort: sorts, limit: { offset, count: pageSize } });
      yield* page;
      if (page.length < pageSize) return;
    }
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
    const body = this.validated(input, validator, 'create', options);
    return this.write('POST', this.meta.name, writeBody(this.meta, body, { id: null }), options);
  }

  /**
   * `PUT /api/{resource}/{id}`: a full replacement. Fields the input leaves out are reset by the
   * store (to empty / 0). A multilingual value that leaves out some languages is completed with
   * their current values first (one GET; `fillLanguages: false` to skip). Where the resource has
   * fields the store refuses to receive although a PUT empties them (`customers.secure_key` on
   * 9.0), the write is sent as a PATCH carrying the same body, which keeps them.
   */
  async update(id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions = {}): Promise<Entity> {
    checkId(id);
    const body = await this.withLanguages(id, this.validated(input, validator, 'update', options), options);
    const xml = writeBody(this.meta, body, { id });
    if (this.ctx.updateMode === 'auto' && refusedStoredFields(this.meta).length > 0) {
      try {
        return await this.write('PATCH', `${this.meta.name}/${id}`, xml, options);
      } catch (error) {
        // 405: no PATCH on this store (1.7) or for this key; nothing was written, a PUT is all there is.
        if (!(error instanceof PrestaShopError && error.status === 405)) throw error;
      }
    }
    return this.write('PUT', `${this.meta.name}/${id}`, xml, options);
  }

  /**
   * `PATCH /api/{resource}/{id}` (PrestaShop 8.0+): only the fields given change. A multilingual
   * value that leaves out some languages is completed with their current values first, so that
   * the item returned is the one stored (one GET; `fillLanguages: false` to skip).
   */
  async patch(id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions = {}): Promise<Entity> {
    checkId(id);
    const body = await this.withLanguages(id, this.validated(input, validator, 'patch', options), options);
    return this.write('PATCH', `${this.meta.name}/${id}`, writeBody(this.meta, body, { id }), options);
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

  private validated(input: unknown, validator: Validator | null, operation: 'create' | 'update' | 'patch', options: WriteOptions): Readonly<Record<string, unknown>> {
    // An item read from the store carries its id and read-only fields; the store refuses them (93).
    let value = writableView(this.meta, input);
    const zone = this.zone();
    if (zone !== undefined) value = shiftDates(this.meta, value, (d) => toWallClock(d, zone));
    if (validator !== null && (options.validate ?? this.ctx.validate)) {
      const outcome = operation === 'patch' ? validator(value) : validator(value, operation);
      if (!outcome.ok) throw new PrestaShopValidationError(this.meta.name, operation, outcome.issues);
      value = outcome.value;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new TypeError(`${this.meta.name}.${operation}: expected an object`);
    }
    return value as Readonly<Record<string, unknown>>;
  }

  /** The items of an XML answer of this resource (attachment uploads answer with the attachment). */
  decodeXml(text: string): Entity[] {
    return decodeXmlDocument(this.meta, parseXml(text), { codec: this.ctx.codec, fields: null, bareLanguage: null }).items;
  }

  /** Completes partial multilingual values from the current record (see `update`). */
  private async withLanguages(id: number, body: Readonly<Record<string, unknown>>, options: WriteOptions): Promise<Readonly<Record<string, unknown>>> {
    if (!(options.fillLanguages ?? this.ctx.fillLanguages)) return body;
    const partial = partialLanguageFields(this.meta, body, this.ctx.languages);
    if (partial.length === 0) return body;
    // Every language (no `language` parameter), just those fields, in the client's read format.
    const format = this.readFormat();
    const params: Params = [['display', `[${partial.map((f) => f.name).join(',')}]`], ...shopParams(options.shop ?? this.ctx.shop)];
    const res = await this.ctx.transport.send({ method: 'GET', path: `${this.meta.name}/${id}`, params, format: format === 'json' ? 'JSON' : 'XML', signal: options.signal });
    // No such id: the write itself gets the store's answer (404/92).
    if (res.status === 404) return body;
    if (res.status < 200 || res.status > 299) throw this.ctx.transport.httpError('GET', res);
    const current = this.decode(res, 'GET', partial.map((f) => f.name), [], format).items[0];
    return current === undefined ? body : completeLanguages(body, partial, current);
  }

  /**
   * Sends a write and decodes the saved item. The answer is always asked for in XML: the JSON
   * renderer of 8.x/9.0 fails (500, after the save) on an object that lacks a language.
   */
  private async write(method: 'POST' | 'PUT' | 'PATCH', path: string, xml: string, options: EmailWriteOptions): Promise<Entity> {
    const params: Params = [];
    if (options.sendemail === true) params.push(['sendemail', '1']);
    params.push(...shopParams(options.shop ?? this.ctx.shop));
    try {
      const res = await this.request({ method, path, params, body: xml, signal: options.signal, format: 'xml' });
      const item = this.decode(res, method, undefined, undefined, 'xml').items[0];
      if (item === undefined) {
        throw new PrestaShopError({ kind: 'decode', status: res.status, method, url: res.url, errors: [{ code: null, message: 'the store answered without the saved item' }] });
      }
      return item;
    } catch (error) {
      throw writeError(error);
    }
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
  private readFormat(): 'xml' | 'json' {
    return this.ctx.format === 'json' || this.meta.quirks?.includes('xml-item-500') === true ? 'json' : 'xml';
  }

  private zone(): string | undefined {
    return this.ctx.codec.dates === 'Date' ? this.ctx.codec.timeZone : undefined;
  }

  private request(req: Omit<HttpRequest, 'format'> & { readonly format?: 'xml' | 'json' }): Promise<HttpResponse> {
    const { format, ...rest } = req;
    return this.ctx.transport.expectOk({ ...rest, format: format === undefined ? this.wireFormat() : format === 'json' ? 'JSON' : 'XML' });
  }

  private decode(res: HttpResponse, method: HttpMethod, display: Display<string> | undefined, language: ReadOptions['language'], format: 'xml' | 'json' = this.ctx.format): Decoded {
    const ctx: DecodeContext = { codec: this.ctx.codec, fields: displayedFields(display), bareLanguage: this.bareLanguage(language) };
    try {
      const decoded = format === 'json' ? decodeJsonDocument(this.meta, parseJsonAnswer(res.text), ctx) : decodeXmlDocument(this.meta, parseXml(res.text), ctx);
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
