/**
 * What the client adds to writes so that they never lose data on a real store:
 *
 * - **Languages.** A PUT stores '' in every language a multilingual field leaves out (the store
 *   nulls the property first; PrestaShop 1.7.8 – 9.0), and the answer to a PATCH shows those
 *   languages empty although the store kept them. So a multilingual value that does not carry
 *   every store language is completed from the current record (one GET of just those fields).
 * - **Associations.** Setting a combination's `product_option_values` deletes its image links too
 *   (`deleteAssociations()`), so a body that sets them without `images` gets the current images
 *   (the same GET, of the whole record).
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
  const answer = await send(rt, 'POST', rt.meta.name, writeBody(rt.meta, body, { id: null }), options, body, why);
  if (!(rt.meta.quirks ?? []).includes('create-reads-back')) return answer;
  // The store saved another object than the one it answers with (`orders`: built from the cart).
  const id = answer['id'];
  let stored: Entity | null = null;
  let cause: unknown = undefined;
  try {
    if (typeof id === 'number' && id > 0) stored = await rt.get(id, { shop: options.shop, signal: options.signal });
  } catch (error) {
    cause = error;
  }
  if (stored !== null) return stored;
  const message = `POST ${rt.meta.name}: the store created ${rt.meta.node} ${String(id)}, but reading it back failed; the object was saved: read it back with get(${String(id)}) rather than retrying`;
  throw new PrestaShopError({ kind: 'decode', status: 201, method: 'POST', url: rt.meta.name, message, cause, mayBeSaved: true });
}

/**
 * `PUT /api/{resource}/{id}`: a full replacement. Fields the input leaves out are reset by the
 * store (to empty / 0). A multilingual value that leaves out some languages is completed with
 * their current values first (one GET; `fillLanguages: false` to skip). Where the resource has
 * fields the store refuses to receive although a PUT empties them (`customers.secure_key` on
 * 9.0), the write is sent as a PATCH carrying the same body, which keeps them.
 */
export async function update(rt: ResourceRuntime, id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions): Promise<Entity> {
  const body = await completed(rt, id, validated(rt, input, validator, 'update', options), options);
  const xml = writeBody(rt.meta, body, { id });
  if (rt.ctx.updateMode === 'auto' && refusedStoredFields(rt.meta).length > 0) {
    try {
      return await send(rt, 'PATCH', `${rt.meta.name}/${id}`, xml, options, body);
    } catch (error) {
      // 405: no PATCH on this store (1.7) or for this key; nothing was written, a PUT is all there is.
      if (!(error instanceof PrestaShopError && error.status === 405)) throw error;
    }
  }
  return send(rt, 'PUT', `${rt.meta.name}/${id}`, xml, options, body);
}

/**
 * `PATCH /api/{resource}/{id}` (PrestaShop 8.0+): only the fields given change. A multilingual
 * value that leaves out some languages is completed with their current values first, so that
 * the item returned is the one stored (one GET; `fillLanguages: false` to skip).
 */
export async function patch(rt: ResourceRuntime, id: number, input: unknown, validator: Validator | null, options: EmailWriteOptions): Promise<Entity> {
  const body = await completed(rt, id, validated(rt, input, validator, 'patch', options), options);
  return send(rt, 'PATCH', `${rt.meta.name}/${id}`, writeBody(rt.meta, body, { id }), options, body);
}

export function validated(rt: ResourceRuntime, input: unknown, validator: Validator | null, operation: 'create' | 'update' | 'patch', options: WriteOptions): Readonly<Record<string, unknown>> {
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

/**
 * Completes a write body from the current record, with one GET when something needs it:
 * multilingual values that leave out a language (see `update`), and a combination's `images`
 * when the body sets its `product_option_values` without them (see `resetAssociations`).
 */
export async function completed(rt: ResourceRuntime, id: number, body: Readonly<Record<string, unknown>>, options: WriteOptions): Promise<Readonly<Record<string, unknown>>> {
  const partial = (options.fillLanguages ?? rt.ctx.fillLanguages) ? partialLanguageFields(rt.meta, body, rt.ctx.languages) : [];
  const reset = resetAssociations(rt.meta, body);
  if (partial.length === 0 && reset.length === 0) return body;
  // Every language (no `language` parameter), in the client's read format: just those fields, or
  // the whole record for associations (a display of `images[id]` renders the items without ids).
  const format = rt.readFormat();
  const display = reset.length > 0 ? 'full' : `[${partial.map((f) => f.name).join(',')}]`;
  const params: Params = [['display', display], ...shopParams(options.shop ?? rt.ctx.shop)];
  const res = await rt.ctx.transport.send({ method: 'GET', path: `${rt.meta.name}/${id}`, params, format: format === 'json' ? 'JSON' : 'XML', signal: options.signal });
  // No such id: the write itself gets the store's answer (404/92).
  if (res.status === 404) return body;
  if (res.status < 200 || res.status > 299) throw rt.ctx.transport.httpError('GET', res);
  const current = rt.decode(res, 'GET', reset.length > 0 ? undefined : partial.map((f) => f.name), [], format).items[0];
  if (current === undefined) return body;
  return completeAssociations(completeLanguages(body, partial, current), reset, current);
}

/**
 * Associations the store empties although the body leaves them out: `Combination::setWsProductOptionValues`
 * runs `deleteAssociations()`, which deletes the combination's image links too (1.7.8 – 9.0). So
 * when a body sets `product_option_values` without `images`, the images are sent as they are.
 */
export function resetAssociations(meta: ResourceMeta, body: Readonly<Record<string, unknown>>): string[] {
  const names = new Set(meta.associations.map((a) => a.name));
  if (!names.has('product_option_values') || !names.has('images')) return [];
  const sent = body['associations'];
  if (typeof sent !== 'object' || sent === null) return [];
  const lists = sent as Readonly<Record<string, unknown>>;
  return lists['product_option_values'] !== undefined && lists['images'] === undefined ? ['images'] : [];
}

/** The body with the associations `names` taken from the current record. */
function completeAssociations(body: Readonly<Record<string, unknown>>, names: readonly string[], current: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (names.length === 0) return body;
  const stored = (current['associations'] ?? {}) as Readonly<Record<string, unknown>>;
  const lists: Record<string, unknown> = { ...(body['associations'] as Readonly<Record<string, unknown>>) };
  for (const name of names) lists[name] = Array.isArray(stored[name]) ? stored[name] : [];
  return { ...body, associations: lists };
}

/**
 * Sends a write and decodes the saved item. The answer is always asked for in XML: the JSON
 * renderer of 8.x/9.0 fails (500, after the save) on an object that lacks a language.
 */
async function send(
  rt: ResourceRuntime,
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  xml: string,
  options: EmailWriteOptions,
  body: Readonly<Record<string, unknown>>,
  lacking: string | null = null,
): Promise<Entity> {
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
    throw writeError(await withUnknownReferences(rt, error, body, options), lacking);
  }
}

/** At most this many references are looked up after a 500 without an error message. */
const MAX_REFERENCE_CHECKS = 8;

/**
 * A 500 with an empty body is a PHP fatal error whose message only the store's log holds. The
 * common one is a reference to an id that does not exist (`categories.id_parent`: "Parent category
 * 99999 does not exist", thrown by `Category::add`): the reference fields the body sets are looked
 * up (`HEAD`, a few at most), and the error names those the store does not have.
 */
async function withUnknownReferences(rt: ResourceRuntime, error: unknown, body: Readonly<Record<string, unknown>>, options: WriteOptions): Promise<unknown> {
  if (!(error instanceof PrestaShopError) || error.kind !== 'http' || error.status !== 500 || error.errors.length > 0) return error;
  const refs = rt.meta.fields.filter((f) => f.references !== undefined && typeof body[f.name] === 'number' && (body[f.name] as number) > 0);
  const unknown: string[] = [];
  for (const f of refs.slice(0, MAX_REFERENCE_CHECKS)) {
    const id = body[f.name] as number;
    const res = await rt.ctx.transport
      .send({ method: 'HEAD', path: `${f.references!}/${id}`, params: shopParams(options.shop ?? rt.ctx.shop), format: 'XML', signal: options.signal })
      .catch(() => null);
    if (res?.status === 404) unknown.push(`${f.name} ${id} (the store has no ${f.references!} ${id})`);
  }
  const message =
    unknown.length > 0
      ? `unknown reference: ${unknown.join(', ')}; send an existing id`
      : 'the store failed without an error message (a PHP fatal error: its error log has the cause)';
  return new PrestaShopError({ kind: 'http', status: 500, errors: [{ code: null, message }], method: error.method, url: error.url, cause: error, mayHaveSucceeded: error.mayHaveSucceeded });
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
