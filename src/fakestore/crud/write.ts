/**
 * How the CRUD fake store applies one entity of a write body, the way
 * `WebserviceRequest::saveEntityFromXml` and `ObjectModel` do it (PrestaShop 1.7.8 – 9.0):
 *
 * - fields in the resource's order; PATCH skips the fields it does not carry;
 * - a sent field whose setter is `false` → 400/93; a setter takes the value (`setWsPasswd` hashes
 *   it unless it equals the stored hash; `setWsPositionInCategory` refuses 0 with 500/134 and
 *   raises a PHP warning otherwise);
 * - a required field left out of a PUT/POST → 400/41; any other field left out, or multilingual
 *   and not required even when sent, is set to null first — so a multilingual field sent in some
 *   languages keeps only those in the object, and an `allow_null` field left out is stored as NULL
 *   (an empty value sent is cast: 0);
 * - `ObjectModel::formatFields` then stores, per store language, the value the object holds, ''
 *   for a language it lacks (the default language's value when the field is required), except on
 *   PATCH, whose `update_fields` restricts the update to the languages sent: languages left out
 *   of a PATCH keep their stored values;
 * - associations are applied in body order, each setter replacing its list
 *   (`Combination::setWsProductOptionValues` deletes the combination's image links).
 *
 * The answer renders the object in memory, not the stored row: languages the object lacks render
 * as empty in XML and make the JSON renderer warn (`Undefined array key 2`), see engine.ts.
 */
import { checkValue, nullValue, storedValue, zeroValue, type CrudField, type CrudResource } from './model.js';
import { hashPassword, LINK_REWRITE_SITE, phpFailure, POSITION_SITE } from './php.js';
import { WsError, type StoredItem } from './query.js';
import type { CrudGeneration } from './render.js';
import { child, type Node } from './xml.js';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH';

/** A saved entity: the stored row, and the languages its object lacked (rendered empty). */
export interface SavedEntity {
  readonly item: StoredItem;
  /** Field name → language ids the object in memory had no value for. */
  readonly missing: ReadonlyMap<string, readonly number[]>;
}

export interface WriteContext {
  readonly generation: CrudGeneration;
  /** Store languages, the default (`PS_LANG_DEFAULT`) first. */
  readonly languages: readonly number[];
}

/** PHP's `empty()` on a string. */
const phpEmpty = (v: string | undefined): boolean => v === undefined || v === '' || v === '0';

/**
 * Applies the fields of `entity` to `target` (a copy of the stored item, or an empty item for a
 * POST). Throws `WsError` for the errors the store answers before saving.
 */
export function applyFields(
  def: CrudResource,
  method: WriteMethod,
  entity: Node,
  target: StoredItem,
  existing: StoredItem | undefined,
  ctx: WriteContext,
): Map<string, number[]> {
  target.sent = new Set();
  const missing = new Map<string, number[]>();
  for (const field of def.fields) {
    if (field.name === 'id') continue;
    const el = child(entity, field.name);
    if (method === 'PATCH' && el === undefined) continue;
    if (field.multilingual) {
      const lacking = applyLanguages(field, method, el, target, existing, ctx);
      if (lacking.length > 0) missing.set(field.name, lacking);
      continue;
    }
    if (el !== undefined) {
      if (field.write === 'refused')
        throw new WsError(400, 93, `parameter "${field.name}" not writable. Please remove this attribute of this XML`);
      target.sent.add(field.name);
      target.values.set(field.name, setValue(field, el.text, existing, ctx));
    } else if (field.required) {
      throw new WsError(400, 41, `parameter "${field.name}" required`);
    } else if (!field.computed) {
      // A getter's field has no column: nulling its property changes nothing stored. A null
      // `date_add` is filled with the current time by `ObjectModel::update()` (`== null`). An
      // `allow_null` field keeps the null: `ObjectModel::formatValue($value, $type, …, $allow_null)`
      // returns SQL NULL for it (classes/ObjectModel.php, 8.2.0 line 493), rendered empty.
      target.values.set(field.name, field.name === 'date_add' ? '' : nullValue(field));
    }
  }
  return missing;
}

function setValue(field: CrudField, text: string, existing: StoredItem | undefined, ctx: WriteContext): string {
  if (field.write === 'hashed') {
    // Customer::setWsPasswd: `if ($this->id == 0 || $this->passwd != $passwd) hash`.
    const stored = existing?.values.get(field.name);
    return existing !== undefined && stored === text ? text : hashPassword(text);
  }
  if (field.setter === 'setWsPositionInCategory') {
    if (!(Number(text) > 0)) throw new WsError(500, 134, 'You cannot set 0 or a negative position, the minimum is 1.');
    throw phpFailure(ctx.generation, { kind: 'offset-on-null' }, POSITION_SITE);
  }
  return storedValue(field, text, existing?.values.get(field.name));
}

/** Sets a multilingual field; returns the store languages the object in memory lacks. */
function applyLanguages(
  field: CrudField,
  method: WriteMethod,
  el: Node | undefined,
  target: StoredItem,
  existing: StoredItem | undefined,
  ctx: WriteContext,
): number[] {
  const stored = existing?.langs.get(field.name);
  const languageNodes = el?.children.filter((c) => c.name === 'language') ?? [];
  // A required i18n field is not nulled: the loaded object (all languages) is kept and amended.
  if (el === undefined || languageNodes.length === 0) {
    // `$object->field = (string) $node`: one string for every language ('' when absent).
    const text = el?.text ?? '';
    target.langs.set(field.name, new Map(ctx.languages.map((l) => [l, text])));
    return [];
  }
  const memory = new Map<number, string>(field.required && stored !== undefined ? stored : []);
  for (const node of languageNodes) memory.set(parseInt(node.attrs['id'] ?? '', 10) || 0, node.text);
  const result = new Map(stored ?? []);
  const defaultLang = ctx.languages[0]!;
  for (const l of ctx.languages) {
    // PATCH: update_fields holds the languages sent; the others are not written.
    if (method === 'PATCH' && !languageNodes.some((n) => parseInt(n.attrs['id'] ?? '', 10) === l)) continue;
    const value = memory.get(l);
    result.set(l, !phpEmpty(value) ? value! : field.required ? (memory.get(defaultLang) ?? '') : '');
  }
  target.langs.set(field.name, result);
  return ctx.languages.filter((l) => !memory.has(l));
}

/** `validateFieldsLang` (84) then `validateFields` (85), in field order. */
export function validateItem(def: CrudResource, item: StoredItem, languages: readonly number[]): void {
  const fields = def.fields.filter((f) => f.name !== 'id' && f.write !== 'refused');
  for (const field of fields.filter((f) => f.multilingual)) {
    const langs = item.langs.get(field.name) ?? new Map<number, string>();
    if (field.required && (langs.get(languages[0]!) ?? '') === '') {
      throw new WsError(400, 84, `Validation error: "Property ${def.className}-&gt;${field.name} is empty."`);
    }
    for (const [lang, value] of langs) {
      const problem = checkValue(def, field, value, lang);
      if (problem !== null) throw new WsError(400, problem.code, problem.message);
    }
  }
  for (const field of fields.filter((f) => !f.multilingual && f.write !== 'hashed')) {
    const value = item.values.get(field.name) ?? '';
    // A property left null (the zero a column reads as) is empty to `validateField`: not checked.
    if (item.sent?.has(field.name) !== true && value === zeroValue(field)) continue;
    if (field.required && value === '')
      throw new WsError(400, 85, `Validation error: "Property ${def.className}-&gt;${field.name} is empty."`);
    const problem = checkValue(def, field, value, null);
    if (problem !== null) throw new WsError(400, problem.code, problem.message);
  }
}

/**
 * `<associations>`: each list, in body order, replaces the association through its setter;
 * lists without a setter are ignored; an unknown one is 400/86.
 */
export function applyAssociations(def: CrudResource, item: StoredItem, el: Node): void {
  for (const list of el.children) {
    const assoc = def.associations.find((a) => a.name === list.name);
    if (assoc === undefined) {
      if (list.name === 'i18n') continue;
      throw new WsError(400, 86, `The association "${list.name}" does not exists`);
    }
    if (!assoc.writable) continue;
    const entries = list.children.map((entry) =>
      Object.fromEntries(
        assoc.fields.map((f) => [f.name, child(entry, f.name)?.text.trim() ?? (f.name === 'id' ? '' : '0')]),
      ),
    );
    item.associations.set(assoc.name, entries);
    // Combination::setAttributes → deleteAssociations() deletes product_attribute_image rows too.
    if (def.name === 'combinations' && assoc.name === 'product_option_values' && item.associations.has('images'))
      item.associations.set('images', []);
  }
}

/**
 * The POST `ws_modifier` of products and categories (`modifierWsLinkRewrite`): it walks the
 * languages of `name` the object holds and fills each empty `link_rewrite` from it.
 */
export function linkRewriteModifier(
  def: CrudResource,
  entity: Node,
  item: StoredItem,
  missing: Map<string, number[]>,
  ctx: WriteContext,
): void {
  if ((def.name !== 'products' && def.name !== 'categories') || !item.langs.has('name')) return;
  const languages = ctx.languages;
  // `foreach ($this->name as …)` over the string a plain or absent <name> leaves (Product.php).
  const name = child(entity, 'name');
  if (def.name === 'products' && (name === undefined || !name.children.some((c) => c.name === 'language'))) {
    throw phpFailure(ctx.generation, { kind: 'foreach-string' }, LINK_REWRITE_SITE);
  }
  const names = item.langs.get('name')!;
  const nameMissing = missing.get('name') ?? [];
  const rewrites = new Map(item.langs.get('link_rewrite') ?? []);
  for (const l of languages) {
    if (!nameMissing.includes(l) && (rewrites.get(l) ?? '') === '') rewrites.set(l, slug(names.get(l) ?? ''));
  }
  item.langs.set('link_rewrite', rewrites);
  const rewriteMissing = (missing.get('link_rewrite') ?? []).filter((l) => nameMissing.includes(l));
  if (rewriteMissing.length > 0) missing.set('link_rewrite', rewriteMissing);
  else missing.delete('link_rewrite');
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
