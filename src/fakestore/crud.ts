/**
 * A CRUD-capable fake PrestaShop webservice engine for a handful of resources (products,
 * categories, customers, stock_availables, order_histories by default), built from a snapshot.
 *
 * It follows the reference (prestashop-webservice.md §3–§6): XML-only writes parsed like
 * `saveEntityFromXml` (91, 90, 92, 93, 41, 84/85, 86, 127), POST 201 / PUT, PATCH 200, PUT resets
 * omitted fields and PATCH does not, DELETE one or `?id=[…]` (87), a missing id answers 404 with
 * an empty body, filters / sort / limit / display / language with their error codes, and the JSON
 * of the chosen generation (1.7.8, 8.x falsy-filtering, 9.0 native integers).
 *
 * The engine has no I/O: `handle(request)` returns the answer. `startCrudStore` (crud-server.ts)
 * puts it on HTTP; the bundled fake store mounts it with its `crud` option.
 */
import type { HttpMethod, StoreSchema } from '../model/index.js';
import { crudResourceOf, zeroValue, type CrudResource } from './crud-model.js';
import { DELETE_SITE, JSON_LANGUAGE_SITE, phpError, phpFailure, XML_FIELD_SITE } from './crud-php.js';
import { applyListParams, parseDisplay, parseLanguages, parseListParams, WsError, type StoredItem } from './crud-query.js';
import { jsonItems, jsonList, xmlItems, xmlList, type CrudGeneration, type RenderContext } from './crud-render.js';
import { handleAttachmentFiles, type AttachmentFile } from './crud-attachments.js';
import { fillFromSeed, type SeedRecords } from './crud-seed.js';
import { handleImages, handleSearch, type ImageRecord } from './crud-special.js';
import { applyAssociations, applyFields, linkRewriteModifier, validateItem, type SavedEntity, type WriteMethod } from './crud-write.js';
import { child, parseBody, type Node } from './crud-xml.js';
import { renderErrors } from './wire.js';

export { WsError, type StoredItem } from './crud-query.js';
export type { CrudGeneration } from './crud-render.js';

/** The resources the CRUD store serves unless told otherwise. */
export const CRUD_RESOURCES: readonly string[] = ['categories', 'customers', 'order_histories', 'products', 'stock_availables'];

export interface CrudEngineOptions {
  /** The store model (a snapshot): node names, fields, associations, methods. */
  readonly schema: StoreSchema;
  /** Resources served with CRUD (default `CRUD_RESOURCES`, those the schema has). */
  readonly resources?: readonly string[];
  /** JSON behaviour: 1.7.8 (nothing dropped), 8.x (falsy-filtered item form), 9.0 (8.x + native ints). Default 8.x. */
  readonly generation?: CrudGeneration;
  /** Seed categories 1 (Root) and 2 (Home) like a fresh install (default true). */
  readonly seed?: boolean;
  /** Records to start with instead (`loadSeedRecords()`: the 8.2.0 seed), for the resources served. */
  readonly records?: SeedRecords;
  /** Clock for date_add/date_upd (default: a fixed clock that advances one second per write). */
  readonly now?: () => Date;
}

export interface CrudRequest {
  /** The method after the `ps_method` override. */
  readonly method: string;
  /** Path segments after `/api/` (`['products', '5']`). */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
  readonly body: string;
  /** The parts of a multipart body (image uploads), by field name. */
  readonly multipart?: ReadonlyMap<string, UploadedFile>;
  readonly format: 'XML' | 'JSON';
  /** `http://127.0.0.1:port/api/` */
  readonly wsUrl: string;
  /** The methods the key's flags allow on the resource (default: the model's methods). */
  readonly keyMethods?: readonly HttpMethod[];
}

export interface UploadedFile {
  readonly bytes: Uint8Array;
  readonly type: string;
  readonly filename: string;
  /** Set for a plain form field (`name` of an attachment upload), which PHP puts in `$_POST`. */
  readonly text?: string;
}

export interface CrudAnswer {
  readonly status: number;
  /** '' when there is no body (DELETE, 404), as PrestaShop sends `Content-Type: `. */
  readonly contentType: string;
  readonly body: string | Uint8Array;
  /** More headers (`Content-Disposition` of a download). */
  readonly headers?: Readonly<Record<string, string>>;
}

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

  constructor(options: CrudEngineOptions) {
    this.generation = options.generation ?? '8.x';
    const langs = options.schema.store.languages.map((l) => l.id);
    this.languages = langs.length === 0 ? [1] : [...langs].sort((a, b) => a - b);
    const wanted = new Set(options.resources ?? CRUD_RESOURCES);
    for (const r of options.schema.resources) {
      if (!wanted.has(r.name) || r.nodeName === null) continue;
      this.defs.set(r.name, crudResourceOf(r));
      this.items.set(r.name, new Map());
      this.nextId.set(r.name, 1);
    }
    let tick = Date.UTC(2026, 0, 1, 0, 0, 0);
    this.now = options.now ?? (() => new Date((tick += 1000)));
    if (options.records !== undefined) {
      for (const [name, list] of Object.entries(options.records.records)) {
        if (!this.defs.has(name)) continue;
        for (const record of list) {
          const item = this.emptyItem(this.defs.get(name)!, record.id);
          fillFromSeed(item, record, this.defs.get(name));
          this.items.get(name)!.set(record.id, item);
          this.nextId.set(name, Math.max(this.nextId.get(name)!, record.id + 1));
        }
      }
    } else if (options.seed !== false && this.defs.has('categories')) {
      this.insertRaw('categories', { active: '1', id_parent: '0', is_root_category: '0', level_depth: '0' }, { name: 'Root', link_rewrite: 'root' });
      this.insertRaw('categories', { active: '1', id_parent: '1', is_root_category: '1', level_depth: '1' }, { name: 'Home', link_rewrite: 'home' });
    }
  }

  /** Whether this engine answers requests for the resource (or the images/search it backs). */
  handles(resource: string): boolean {
    return this.defs.has(resource) || (resource === 'images' && this.defs.has('products')) || (resource === 'search' && this.defs.has('products'));
  }

  resource(name: string): CrudResource | undefined {
    return this.defs.get(name);
  }

  /** Stored items of a resource, by id (tests inspect them). */
  stored(name: string): ReadonlyMap<number, StoredItem> {
    return this.items.get(name) ?? new Map();
  }

  get(name: string, id: number): StoredItem | undefined {
    return this.items.get(name)?.get(id);
  }

  handle(req: CrudRequest): CrudAnswer {
    try {
      return this.route(req);
    } catch (error) {
      if (error instanceof WsError) {
        if (error.code === null && error.message === '') return { status: error.status, contentType: '', body: '' };
        return this.error(req.format, error.status, [{ code: error.code, message: error.message }]);
      }
      throw error;
    }
  }

  error(format: 'XML' | 'JSON', status: number, errors: readonly { code: number | null; message: string }[]): CrudAnswer {
    return { status, contentType: format === 'JSON' ? 'application/json' : 'text/xml', body: renderErrors(errors, format) };
  }

  private route(req: CrudRequest): CrudAnswer {
    const name = req.segments[0] ?? '';
    const method = req.method.toUpperCase();
    if (method === 'PATCH' && this.generation === '1.7') throw new WsError(405, 23, 'Method PATCH is not valid');
    if (name === 'images') return handleImages(this, req);
    if (name === 'search') return handleSearch(this, req);
    const def = this.defs.get(name);
    if (def === undefined) throw new WsError(400, 27, `Resource of type "${name}" does not exists`);
    if (def.forbidden.includes(method as HttpMethod)) throw new WsError(405, 101, `Method ${method} is not allowed for the resource ${name}`);
    if (!(req.keyMethods ?? def.methods).includes(method as HttpMethod)) throw new WsError(405, 25, `Method ${method} is not allowed for the resource ${name} with this authentication key`);
    const id = req.segments[1];
    if (name === 'attachments' && id === 'file') return handleAttachmentFiles(this, req);
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const answer = id === undefined || id === '' ? this.list(def, req) : this.item(def, id, req);
        return method === 'HEAD' ? { ...answer, body: '' } : answer;
      }
      case 'POST':
        return this.write(def, 'POST', req);
      case 'PUT':
      case 'PATCH':
        return this.write(def, method, req);
      case 'DELETE':
        return this.remove(def, id, req);
      default:
        throw new WsError(405, 23, `Method ${method} is not valid`);
    }
  }

  renderContext(req: CrudRequest): RenderContext {
    return { wsUrl: req.wsUrl, generation: this.generation, languages: parseLanguages(req.query.get('language'), this.languages) };
  }

  private list(def: CrudResource, req: CrudRequest): CrudAnswer {
    const ctx = this.renderContext(req);
    const params = parseListParams(def, req.query);
    const display = parseDisplay(def, req.query.get('display'), 'minimum');
    const items = applyListParams([...this.stored(def.name).values()], params, ctx.languages);
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
    return this.item(this.defs.get('attachments')!, String(id), { ...req, method: 'GET', query: new URLSearchParams() });
  }

  /** Removes an item without the DELETE checks. */
  deleteRaw(resource: string, id: number): void {
    this.items.get(resource)?.delete(id);
  }

  renderItems(def: CrudResource, items: StoredItem[], req: CrudRequest, ctx: RenderContext, display: ReturnType<typeof parseDisplay>, status: number): CrudAnswer {
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
        return this.error(req.format, 404, [phpError(this.generation, { kind: 'undefined-key', key: 1 }, DELETE_SITE), notFound]);
      }
      throw new WsError(404, notFound.code, notFound.message);
    }
    for (const id of ids) {
      const n = parseInt(id, 10);
      store.delete(n);
      if (def.name === 'products') this.images.delete(n);
    }
    return { status: 200, contentType: '', body: '' };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  private write(def: CrudResource, method: WriteMethod, req: CrudRequest): CrudAnswer {
    const root = parseBody(req.body);
    // The ids of every entity first: 89 for a duplicate, 90 for one without, 91 on a POST.
    const ids = root.children.map((e) => child(e, 'id')?.text.trim() ?? '').filter((id) => id !== '');
    if (method !== 'POST') {
      if (new Set(ids.map((id) => parseInt(id, 10) || 0)).size !== ids.length) throw new WsError(400, 89, 'id is duplicate in request');
      if (ids.length !== root.children.length) throw new WsError(400, 90, 'id is required when modifying a resource');
    } else if (ids.length > 0) {
      throw new WsError(400, 91, 'id is forbidden when adding a new resource');
    }
    const saved: SavedEntity[] = [];
    for (const entity of root.children) saved.push(this.saveEntity(def, method, entity));
    if (saved.length === 0) throw new WsError(400, 89, 'The XML has no entity to save');
    const ctx = { ...this.renderContext(req), languages: this.languages };
    // The answer renders the objects in memory: languages they lack are empty…
    const rendered = saved.map((s) => inMemory(s));
    const status = method === 'POST' ? 201 : 200;
    // …and in JSON each one is a PHP warning (`$field['value'][$id_lang]`), after the save: 500.
    const warnings = req.format === 'JSON' ? saved.flatMap((s) => [...s.missing.values()].flat()) : [];
    if (warnings.length > 0) {
      return this.error('JSON', 500, warnings.map((l) => phpError(this.generation, { kind: 'undefined-key', key: l }, JSON_LANGUAGE_SITE)));
    }
    return this.renderItems(def, rendered, req, ctx, { kind: 'full' }, status);
  }

  private saveEntity(def: CrudResource, method: WriteMethod, entity: Node): SavedEntity {
    const idText = child(entity, 'id')?.text.trim() ?? '';
    let existing: StoredItem | undefined;
    if (method === 'POST') {
      if (idText !== '') throw new WsError(400, 91, 'id is forbidden when adding a new resource');
    } else {
      if (idText === '') throw new WsError(400, 90, 'id is required when modifying a resource');
      existing = this.get(def.name, parseInt(idText, 10) || 0);
      if (existing === undefined) throw new WsError(404, 92, 'Invalid ID');
    }
    const target: StoredItem = existing === undefined ? this.emptyItem(def, 0) : cloneItem(existing);
    const missing = applyFields(def, method, entity, target, existing, { generation: this.generation, languages: this.languages });
    if (method === 'POST') linkRewriteModifier(def, entity, target, missing, { generation: this.generation, languages: this.languages });
    validateItem(def, target, this.languages);
    // Category::add()/update(): `$this->level_depth = $this->calcLevelDepth()` (parent's + 1, 0 at the root).
    if (def.name === 'categories') {
      const parent = this.get('categories', Number(target.values.get('id_parent') ?? '0'));
      target.values.set('level_depth', parent === undefined ? '0' : String(Number(parent.values.get('level_depth') ?? '0') + 1));
    }
    const stamp = formatDate(this.now());
    if (def.fields.some((f) => f.name === 'date_upd')) target.values.set('date_upd', stamp);
    if (def.fields.some((f) => f.name === 'date_add') && (method === 'POST' || (target.values.get('date_add') ?? '') === '')) {
      target.values.set('date_add', stamp);
    }
    if (existing === undefined) {
      target.id = this.nextId.get(def.name)!;
      this.nextId.set(def.name, target.id + 1);
      this.afterCreate(def, target);
    }
    delete target.sent;
    this.items.get(def.name)!.set(target.id, target);
    // Associations are applied after the object is saved, in body order (an unknown one, 400/86,
    // leaves the object saved).
    const assoc = child(entity, 'associations');
    if (assoc !== undefined) applyAssociations(def, target, assoc);
    return { item: target, missing };
  }

  /** A new product gets its stock_available row, as `Product::addWs` does. */
  private afterCreate(def: CrudResource, item: StoredItem): void {
    if (def.name !== 'products' || !this.defs.has('stock_availables')) return;
    const stock = this.insertRaw('stock_availables', {
      id_product: String(item.id),
      id_product_attribute: '0',
      id_shop: '1',
      id_shop_group: '0',
      quantity: '0',
      depends_on_stock: '0',
      out_of_stock: '2',
    });
    item.associations.set('stock_availables', [{ id: String(stock.id), id_product_attribute: '0' }]);
  }

  /** Stores an item without the write checks (seeding, side effects). */
  insertRaw(resource: string, values: Readonly<Record<string, string>>, langs: Readonly<Record<string, string>> = {}): StoredItem {
    const def = this.defs.get(resource)!;
    const id = this.nextId.get(resource)!;
    this.nextId.set(resource, id + 1);
    const item = this.emptyItem(def, id);
    for (const [k, v] of Object.entries(values)) item.values.set(k, v);
    for (const [k, v] of Object.entries(langs)) item.langs.set(k, new Map(this.languages.map((l) => [l, v])));
    const stamp = formatDate(this.now());
    for (const k of ['date_add', 'date_upd']) if (def.fields.some((f) => f.name === k)) item.values.set(k, stamp);
    this.items.get(resource)!.set(id, item);
    return item;
  }

  emptyItem(def: CrudResource, id: number): StoredItem {
    const item: StoredItem = { id, values: new Map(), langs: new Map(), associations: new Map() };
    for (const f of def.fields) {
      if (f.name === 'id') continue;
      if (f.multilingual) item.langs.set(f.name, new Map(this.languages.map((l) => [l, ''])));
      else item.values.set(f.name, zeroValue(f));
    }
    for (const a of def.associations) item.associations.set(a.name, []);
    return item;
  }

  newImageId(): number {
    return this.nextImageId++;
  }
}

/** The stored item as its object in memory renders: languages the object lacked are empty. */
function inMemory(saved: SavedEntity): StoredItem {
  if (saved.missing.size === 0) return saved.item;
  const item = cloneItem(saved.item);
  for (const [field, langs] of saved.missing) for (const l of langs) item.langs.get(field)?.set(l, '');
  return item;
}

function cloneItem(item: StoredItem): StoredItem {
  return {
    id: item.id,
    values: new Map(item.values),
    langs: new Map([...item.langs].map(([k, v]) => [k, new Map(v)])),
    associations: new Map([...item.associations].map(([k, v]) => [k, v.map((e) => ({ ...e }))])),
  };
}

function formatDate(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
