/**
 * A stateful fake PrestaShop webservice engine for every resource of a snapshot (core and module
 * resources), or the ones named by `resources`.
 *
 * It follows real 1.7.8–9.0 stores (docs/clients.md, "Writes that never lose data"): XML-only writes parsed like
 * `saveEntityFromXml` (91, 90, 92, 93, 41, 84/85, 86, 127), POST 201 / PUT, PATCH 200, PUT resets
 * omitted fields and PATCH does not, DELETE one or `?id=[…]` (87), a missing id answers 404 with
 * an empty body, filters / sort / limit / display / language with their error codes, and the JSON
 * of the chosen generation (1.7.8, 8.x falsy-filtering, 9.0 native integers). Methods are the
 * snapshot's `keyMethods` less the release's `forbidden_method` (405/101); a method PrestaShop does
 * not know is 405/23 (`WebserviceRequest::checkHTTPMethod`, 8.2.0 964-977).
 *
 * The engine has no I/O: `handle(request)` returns the answer. `startCrudStore` (server.ts)
 * puts it on HTTP; the bundled fake store mounts it with its `crud` option. Tests and users read
 * and add records with `records(resource)` and `insert(resource, record)`; `reset()` puts the
 * seed back.
 */
import type { HttpMethod } from '../../model/index.js';
import type { CrudAnswer, CrudEngineOptions, CrudRequest } from './types.js';
import { crudResourceOf, nullValue, type CrudResource } from './model.js';
import { DELETE_SITE, phpError, phpFailure, XML_FIELD_SITE } from './php.js';
import { applyListParams, parseDisplay, parseLanguages, parseListParams, WsError, type StoredItem } from './query.js';
import { jsonItems, jsonList, xmlItems, xmlList, type CrudGeneration, type RenderContext } from './render.js';
import { attachmentEntityPost, handleAttachmentFiles, type AttachmentFile } from './attachments.js';
import { afterDelete } from './effects.js';
import { derivedRecords } from './derive.js';
import { withGetterAssociations } from './getters.js';
import { formatDate, writeEntities } from './save.js';
import { fillFromSeed, recordOf, type SeedRecord } from './seed.js';
import { checkShopParams, handleImages, handleSearch, type ImageRecord } from './special.js';
import { renderErrors } from '../wire.js';

export type { StoredItem } from './query.js';
export type { CrudGeneration } from './render.js';
export type { SeedRecord } from './seed.js';

/** The five resources the CRUD store served before it served every resource (`startCrudStore`'s default). */
export const CRUD_RESOURCES: readonly string[] = [
  'categories',
  'customers',
  'order_histories',
  'products',
  'stock_availables',
];

/** HTTP methods PrestaShop knows (`checkHTTPMethod`; 1.7.8 has no PATCH). */
const KNOWN_METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'HEAD'];

/** Whether the release knows the (upper-case) method; any other is 405/23 (`WebserviceRequest::checkHTTPMethod`, 8.2.0 966-967). */
export function knownMethod(method: string, generation: CrudGeneration): boolean {
  return KNOWN_METHODS.includes(method) && !(method === 'PATCH' && generation === '1.7');
}

/**
 * What the store starts with:
 * - `true` (default): a record set for every resource served: `demo` records where given (the 8.2.0
 *   demo-like records), records derived from the field plan for the others (derive.ts);
 * - `'install'`: categories 1 (Root) and 2 (Home) only, like a fresh install without demo data;
 * - `false`: nothing;
 * - a function: the `true` set, then the function adds records (`store.insert(resource, record)`).
 */
export type CrudSeed = boolean | 'install' | ((store: CrudEngine) => void);

export type { CrudAnswer, CrudEngineOptions, CrudRequest, UploadedFile } from './types.js';

export class CrudEngine {
  readonly generation: CrudGeneration;
  readonly languages: readonly number[];
  private readonly defs = new Map<string, CrudResource>();
  private readonly items = new Map<string, Map<number, StoredItem>>();
  private readonly nextId = new Map<string, number>();
  /** Product images: product id → images. */
  readonly images = new Map<number, ImageRecord[]>();
  private nextImageId = 1;
  /** Attachment files by their `file` id (sha1). */
  readonly attachmentFiles = new Map<string, AttachmentFile>();
  private readonly now: () => Date;
  private readonly options: CrudEngineOptions;

  constructor(options: CrudEngineOptions) {
    this.options = options;
    this.generation = options.generation ?? '8.x';
    const langs = options.schema.store.languages.map((l) => l.id);
    this.languages = langs.length === 0 ? [1] : [...langs].sort((a, b) => a - b);
    const wanted = options.resources === undefined ? null : new Set(options.resources);
    for (const r of options.schema.resources) {
      if ((wanted !== null && !wanted.has(r.name)) || r.nodeName === null) continue;
      this.defs.set(r.name, crudResourceOf(r, this.generation));
    }
    let tick = Date.UTC(2026, 0, 1, 0, 0, 0);
    this.now = options.now ?? (() => new Date((tick += 1000)));
    this.reset();
  }

  /** Empties the store and seeds it again as the options say (the clock goes on). */
  reset(): void {
    for (const name of this.defs.keys()) {
      this.items.set(name, new Map());
      this.nextId.set(name, 1);
    }
    this.images.clear();
    this.attachmentFiles.clear();
    this.nextImageId = 1;
    const { records, seed = true, demo } = this.options;
    if (records !== undefined) {
      for (const [name, list] of Object.entries(records.records))
        for (const record of list) if (this.defs.has(name)) this.insert(name, record);
    } else if (seed === 'install') {
      if (this.defs.has('categories')) {
        this.insertRaw(
          'categories',
          { active: '1', id_parent: '0', is_root_category: '0', level_depth: '0' },
          { name: 'Root', link_rewrite: 'root' },
        );
        this.insertRaw(
          'categories',
          { active: '1', id_parent: '1', is_root_category: '1', level_depth: '1' },
          { name: 'Home', link_rewrite: 'home' },
        );
      }
    } else if (seed !== false) {
      const defs = [...this.defs.values()];
      const given = demo?.records ?? {};
      for (const [name, list] of Object.entries(derivedRecords(defs, given, this.options.schema, this.generation))) {
        for (const record of list) this.insert(name, record);
      }
      if (typeof seed === 'function') seed(this);
    }
  }

  /** The resources served, in snapshot order. */
  names(): string[] {
    return [...this.defs.keys()];
  }

  /** Whether this engine answers requests for the resource (or the images/search it backs). */
  handles(resource: string): boolean {
    return (
      this.defs.has(resource) ||
      (resource === 'images' && this.defs.has('products')) ||
      (resource === 'search' && this.defs.has('products'))
    );
  }

  resource(name: string): CrudResource | undefined {
    return this.defs.get(name);
  }

  /** Stored items of a resource, by id (tests inspect them). */
  stored(name: string): ReadonlyMap<number, StoredItem> {
    return this.items.get(name) ?? new Map();
  }

  /** The records of a resource as plain objects (the seed file's shape), by id. */
  records(name: string): SeedRecord[] {
    return [...this.stored(name).values()].sort((a, b) => a.id - b.id).map(recordOf);
  }

  /**
   * Adds a record without the write checks (seeding, tests): scalar values as strings or numbers,
   * multilingual values by language id (or one string for every language), associations as lists.
   * Without an id it takes the next one. Returns the id.
   */
  insert(name: string, record: Readonly<Record<string, unknown>> & { readonly id?: number }): number {
    const def = this.defs.get(name);
    if (def === undefined)
      throw new Error(`fake store: no resource "${name}" is served (served: ${this.names().join(', ')})`);
    const id = record.id ?? this.nextId.get(name)!;
    const item = this.emptyItem(def, id);
    fillFromSeed(item, { ...record, id } as SeedRecord, def);
    this.items.get(name)!.set(id, item);
    this.nextId.set(name, Math.max(this.nextId.get(name)!, id + 1));
    return id;
  }

  get(name: string, id: number): StoredItem | undefined {
    return this.items.get(name)?.get(id);
  }

  /** The next id of a resource (auto-increment). */
  allocateId(name: string): number {
    const id = this.nextId.get(name)!;
    this.nextId.set(name, id + 1);
    return id;
  }

  /** Stores an item as it is. */
  put(name: string, item: StoredItem): void {
    this.items.get(name)!.set(item.id, item);
  }

  /** The time a write stamps. */
  clock(): Date {
    return this.now();
  }

  handle(req: CrudRequest): CrudAnswer {
    try {
      return this.route(req);
    } catch (error) {
      if (error instanceof WsError) {
        if (error.code === null && error.message === '') return { status: error.status, contentType: '', body: '' };
        return this.error(req.format, error.status, [{ code: error.code, message: error.message }, ...error.more]);
      }
      throw error;
    }
  }

  error(
    format: 'XML' | 'JSON',
    status: number,
    errors: readonly { code: number | null; message: string }[],
  ): CrudAnswer {
    return {
      status,
      contentType: format === 'JSON' ? 'application/json' : 'text/xml',
      body: renderErrors(errors, format),
    };
  }

  private route(req: CrudRequest): CrudAnswer {
    const name = req.segments[0] ?? '';
    const method = req.method.toUpperCase();
    if (!knownMethod(method, this.generation)) throw new WsError(405, 23, `Method ${method} is not valid`);
    checkShopParams(this, req.query);
    if (name === 'images') return handleImages(this, req);
    if (name === 'search') return handleSearch(this, req);
    const def = this.defs.get(name);
    if (def === undefined) throw new WsError(400, 27, `Resource of type "${name}" does not exists`);
    if (def.forbidden.includes(method as HttpMethod))
      throw new WsError(405, 101, `Method ${method} is not allowed for the resource ${name}`);
    if (!(req.keyMethods ?? def.methods).includes(method as HttpMethod))
      throw new WsError(
        405,
        25,
        `Method ${method} is not allowed for the resource ${name} with this authentication key`,
      );
    const id = req.segments[1];
    if (name === 'attachments' && id === 'file') return handleAttachmentFiles(this, req);
    if (name === 'attachments' && method === 'POST') return attachmentEntityPost(req);
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const answer = id === undefined || id === '' ? this.list(def, req) : this.item(def, id, req);
        return method === 'HEAD' ? { ...answer, body: '' } : answer;
      }
      case 'DELETE':
        return this.remove(def, id, req);
      default:
        return writeEntities(this, def, method as 'POST' | 'PUT' | 'PATCH', req);
    }
  }

  renderContext(req: CrudRequest): RenderContext {
    return {
      wsUrl: req.wsUrl,
      generation: this.generation,
      languages: parseLanguages(req.query.get('language'), this.languages),
    };
  }

  private list(def: CrudResource, req: CrudRequest): CrudAnswer {
    const ctx = this.renderContext(req);
    const params = parseListParams(def, req.query);
    const display = parseDisplay(def, req.query.get('display'), 'minimum');
    const items = applyListParams([...this.stored(def.name).values()], params, ctx.languages).map((i) =>
      this.rendered(def, i),
    );
    return req.format === 'JSON'
      ? { status: 200, contentType: 'application/json', body: jsonList(def, items, display, ctx) }
      : { status: 200, contentType: 'text/xml', body: xmlList(def, items, display, ctx) };
  }

  private item(def: CrudResource, rawId: string, req: CrudRequest): CrudAnswer {
    const ctx = this.renderContext(req);
    const display = parseDisplay(def, req.query.get('display'), 'full');
    const item = this.get(def.name, parseInt(rawId, 10) || 0);
    if (item === undefined) return { status: 404, contentType: '', body: '' };
    // WebserviceOutputXML::renderField casts the array value of translated_configurations to a string.
    if (req.format === 'XML' && def.name === 'translated_configurations') {
      throw phpFailure(this.generation, { kind: 'array-to-string' }, XML_FIELD_SITE);
    }
    return this.renderItems(def, [item], req, ctx, display, 200);
  }

  /** An attachment rendered as a GET of it (the answer of an upload). */
  renderAttachment(id: number, req: CrudRequest): CrudAnswer {
    return this.item(this.defs.get('attachments')!, String(id), {
      ...req,
      method: 'GET',
      query: new URLSearchParams(),
    });
  }

  /** Removes an item without the DELETE checks. */
  deleteRaw(resource: string, id: number): void {
    this.items.get(resource)?.delete(id);
  }

  /** The item as the store renders it (associations a getter computes from other rows). */
  private rendered(def: CrudResource, item: StoredItem): StoredItem {
    return withGetterAssociations(def.name, item, (r) => this.stored(r));
  }

  renderItems(
    def: CrudResource,
    stored: StoredItem[],
    req: CrudRequest,
    ctx: RenderContext,
    display: ReturnType<typeof parseDisplay>,
    status: number,
  ): CrudAnswer {
    const items = stored.map((i) => this.rendered(def, i));
    return req.format === 'JSON'
      ? { status, contentType: 'application/json', body: jsonItems(def, items, display, ctx, req.query.has('display')) }
      : { status, contentType: 'text/xml', body: xmlItems(def, items, display, ctx) };
  }

  private remove(def: CrudResource, rawId: string | undefined, req: CrudRequest): CrudAnswer {
    let ids: string[];
    const listed = req.query.get('id');
    if (listed !== null) {
      const m = /^\[(.*)\]$/.exec(listed);
      ids = m === null ? [] : m[1]!.split(',');
    } else {
      ids = [String(parseInt(rawId ?? '', 10) || 0)];
    }
    const store = this.items.get(def.name)!;
    const missing = ids.filter((id) => !store.has(parseInt(id, 10) || 0));
    if (missing.length > 0 || ids.length === 0) {
      const notFound = { code: 87, message: `Id(s) not exists: ${missing.join(', ')}` };
      // `(int) $this->urlSegment[1]` without a segment: a PHP warning first.
      if (listed === null && (rawId === undefined || rawId === '')) {
        return this.error(req.format, 404, [
          phpError(this.generation, { kind: 'undefined-key', key: 1 }, DELETE_SITE),
          notFound,
        ]);
      }
      throw new WsError(404, notFound.code, notFound.message);
    }
    for (const id of ids) {
      const n = parseInt(id, 10);
      const item = store.get(n)!;
      store.delete(n);
      // Attachment::delete() unlinks the file in download/ with the row (classes/Attachment.php).
      if (def.name === 'attachments') this.attachmentFiles.delete(item.values.get('file') ?? '');
      afterDelete(this, def.name, item);
    }
    return { status: 200, contentType: '', body: '' };
  }

  /** Stores an item without the write checks (side effects); dates are stamped now. */
  insertRaw(
    resource: string,
    values: Readonly<Record<string, string>>,
    langs: Readonly<Record<string, string>> = {},
  ): StoredItem {
    const stamp = formatDate(this.now());
    const dates = Object.fromEntries(
      ['date_add', 'date_upd']
        .filter((k) => this.defs.get(resource)!.fields.some((f) => f.name === k))
        .map((k) => [k, stamp]),
    );
    const id = this.insert(resource, { ...values, ...langs, ...dates });
    return this.get(resource, id)!;
  }

  emptyItem(def: CrudResource, id: number): StoredItem {
    const item: StoredItem = { id, values: new Map(), langs: new Map(), associations: new Map() };
    for (const f of def.fields) {
      if (f.name === 'id') continue;
      if (f.multilingual) item.langs.set(f.name, new Map(this.languages.map((l) => [l, ''])));
      else item.values.set(f.name, nullValue(f));
    }
    for (const a of def.associations) item.associations.set(a.name, []);
    return item;
  }

  newImageId(): number {
    return this.nextImageId++;
  }
}
