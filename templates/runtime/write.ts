/**
 * What the client adds to writes so that they never lose data on a real store:
 *
 * - **Languages.** A PUT stores '' in every language a multilingual field leaves out (the store
 *   nulls the property first; PrestaShop 1.7.8 – 9.0), and the answer to a PATCH shows those
 *   languages empty although the store kept them. So a multilingual value that does not carry
 *   every store language is completed from the current record (one GET of just those fields).
 * - **Outcome of a failed write.** Some errors come after the object was saved (PHP warnings while
 *   rendering the answer, a bad association, no answer at all): the error says so (`writeError`
 *   in errors.ts), so that nobody retries a POST that went through.
 *
 * It also holds `create`, `update` and `patch` of `ResourceRuntime`, which imports this module
 * (with XML writing and validation) on the first write: a program that only reads never loads it.
 */
import type { Entity } from './decode.js';
import { PrestaShopError, PrestaShopValidationError, writeError } from './errors.js';
import { languageEntries } from './lang.js';
import { refusedStoredFields, type FieldMeta, type ResourceMeta } from './meta.js';
import { shopParams, type Params } from './query.js';
import type { EmailWriteOptions, ResourceRuntime, Validator, WriteOptions } from './resource.js';
import { shiftDates, toWallClock } from './timezone.js';
import { writableView, writeBody } from './xml-write.js';

/** `POST /api/{resource}` with the XML body; the created item as the store saved it. Never retried. */
export async function create(rt: ResourceRuntime, input: unknown, validator: Validator | null, options: EmailWriteOptions): Promise<Entity> {
  const body = validated(rt, input, validator, 'create', options);
  // Fields a modifier reads on create (`products.name`): left out, the store fails before saving.
  const lacking = rt.meta.fields.filter((f) => f.createRequired === true && (body[f.name] === undefined || (Array.isArray(body[f.name]) && (body[f.name] as unknown[]).length === 0)));
  const why = lacking.length === 0 ? null : `the store needs ${lacking.map((f) => f.name).join(', ')} to create ${rt.meta.name}`;
  return send(rt, 'POST', rt.meta.name, writeBody(rt.meta, body, { id: null }), options, why);
}

/**
 * `PUT /api/{resource}/{id}`: a full replacement. Fields the input leaves out are reset by the
 * store (to empty / 0). A multilingual value that leaves out some languages is completed with
 * their current values first (one GET; `fillLanguages: false` to skip). Where the resource has
 * fields the store refuses to receive although a PUT empties them (`customers.secure_key` on
 * 9.0), the write is sent as a PATCH carrying the same body, which keeps them.
 */
export async function update(rt: ResourceRuntime, id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions): Promise<Entity> {
  const body = await withLanguages(rt, id, validated(rt, input, validator, 'update', options), options);
  const xml = writeBody(rt.meta, body, { id });
  if (rt.ctx.updateMode === 'auto' && refusedStoredFields(rt.meta).length > 0) {
    try {
      return await send(rt, 'PATCH', `${rt.meta.name}/${id}`, xml, options);
    } catch (error) {
      // 405: no PATCH on this store (1.7) or for this key; nothing was written, a PUT is all there is.
      if (!(error instanceof PrestaShopError && error.status === 405)) throw error;
    }
  }
  return send(rt, 'PUT', `${rt.meta.name}/${id}`, xml, options);
}

/**
 * `PATCH /api/{resource}/{id}` (PrestaShop 8.0+): only the fields given change. A multilingual
 * value that leaves out some languages is completed with their current values first, so that
 * the item returned is the one stored (one GET; `fillLanguages: false` to skip).
 */
export async function patch(rt: ResourceRuntime, id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions): Promise<Entity> {
  const body = await withLanguages(rt, id, validated(rt, input, validator, 'patch', options), options);
  return send(rt, 'PATCH', `${rt.meta.name}/${id}`, writeBody(rt.meta, body, { id }), options);
}

function validated(rt: ResourceRuntime, input: unknown, validator: Validator | null, operation: 'create' | 'update' | 'patch', options: WriteOptions): Readonly<Record<string, unknown>> {
  // An item read from the store carries its id and read-only fields; the store refuses them (93).
  let value = writableView(rt.meta, input);
  const zone = rt.zone();
  if (zone !== undefined) value = shiftDates(rt.meta, value, (d) => toWallClock(d, zone));
  if (validator !== null && (options.validate ?? rt.ctx.validate)) {
    const outcome = operation === 'patch' ? validator(value) : validator(value, operation);
    if (!outcome.ok) throw new PrestaShopValidationError(rt.meta.name, operation, outcome.issues);
    value = outcome.value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${rt.meta.name}.${operation}: expected an object`);
  }
  return value as Readonly<Record<string, unknown>>;
}

/** Completes partial multilingual values from the current record (see `update`). */
async function withLanguages(rt: ResourceRuntime, id: number, body: Readonly<Record<string, unknown>>, options: WriteOptions): Promise<Readonly<Record<string, unknown>>> {
  if (!(options.fillLanguages ?? rt.ctx.fillLanguages)) return body;
  const partial = partialLanguageFields(rt.meta, body, rt.ctx.languages);
  if (partial.length === 0) return body;
  // Every language (no `language` parameter), just those fields, in the client's read format.
  const format = rt.readFormat();
  const params: Params = [['display', `[${partial.map((f) => f.name).join(',')}]`], ...shopParams(options.shop ?? rt.ctx.shop)];
  const res = await rt.ctx.transport.send({ method: 'GET', path: `${rt.meta.name}/${id}`, params, format: format === 'json' ? 'JSON' : 'XML', signal: options.signal });
  // No such id: the write itself gets the store's answer (404/92).
  if (res.status === 404) return body;
  if (res.status < 200 || res.status > 299) throw rt.ctx.transport.httpError('GET', res);
  const current = rt.decode(res, 'GET', partial.map((f) => f.name), [], format).items[0];
  return current === undefined ? body : completeLanguages(body, partial, current);
}

/**
 * Sends a write and decodes the saved item. The answer is always asked for in XML: the JSON
 * renderer of 8.x/9.0 fails (500, after the save) on an object that lacks a language.
 */
async function send(rt: ResourceRuntime, method: 'POST' | 'PUT' | 'PATCH', path: string, xml: string, options: EmailWriteOptions, lacking: string | null = null): Promise<Entity> {
  const params: Params = [];
  if (options.sendemail === true) params.push(['sendemail', '1']);
  params.push(...shopParams(options.shop ?? rt.ctx.shop));
  try {
    const res = await rt.request({ method, path, params, body: xml, signal: options.signal, format: 'xml' });
    const item = rt.decode(res, method, undefined, undefined, 'xml').items[0];
    if (item === undefined) {
      throw new PrestaShopError({ kind: 'decode', status: res.status, method, url: res.url, errors: [{ code: null, message: 'the store answered without the saved item' }] });
    }
    return item;
  } catch (error) {
    throw writeError(error, lacking);
  }
}

/** The multilingual fields of a write body that miss one of the store's languages. */
export function partialLanguageFields(meta: ResourceMeta, body: Readonly<Record<string, unknown>>, languages: readonly number[]): FieldMeta[] {
  if (languages.length <= 1) return [];
  return meta.fields.filter((f) => {
    if (f.multilingual !== true || !Object.prototype.hasOwnProperty.call(body, f.name) || body[f.name] === undefined) return false;
    const sent = new Set(languageEntries(body[f.name], f.name).map((e) => e.id));
    return languages.some((l) => !sent.has(l));
  });
}

/**
 * The body with each partial field completed: the languages sent, then every other language of
 * the current record with its current value.
 */
export function completeLanguages(body: Readonly<Record<string, unknown>>, fields: readonly FieldMeta[], current: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const f of fields) {
    const sent = languageEntries(body[f.name], f.name);
    const ids = new Set(sent.map((e) => e.id));
    const stored = Array.isArray(current[f.name]) ? languageEntries(current[f.name], f.name) : [];
    out[f.name] = [...sent, ...stored.filter((e) => !ids.has(e.id) && e.id > 0)].map((e) => ({ id: e.id, value: e.value }));
  }
  return out;
}
