/**
 * Decoding the store's answers into the shapes the generated types declare, driven by metadata.
 *
 * Both formats and every generation end up identical:
 * - fields the 8.x/9.0 JSON renderer dropped because their value was falsy are restored with the
 *   falsy value of their kind (0, false, "", "0" decimals), and missing associations become `[]`;
 * - an empty JSON list (`[]` instead of `{"products":[]}`) is an empty list;
 * - multilingual values, whether `<language id>` children, `[{id, value}]` or a bare string
 *   (one language rendered), become one `Multilang` shape;
 * - ids and integers become numbers, `"0"`/`"1"` booleans, decimals and dates what `Codec` says.
 * Keys the metadata does not know (module fields) are kept under the resource's extensions key
 * (`extensions`), with the value the store sent.
 */
import { decodeScalar, type WireScalar } from './codec.js';
import { makeMultilang, type LanguageEntry } from './lang.js';
import { extensionsKeyOf, type AssociationMeta, type Codec, type FieldMeta, type ResourceMeta } from './meta.js';
import { child, type XmlElement } from './xml.js';

export type Entity = Record<string, unknown>;

export interface DecodeContext {
  readonly codec: Codec;
  /** The fields asked for with `display=[…]`; null when every field (and the associations) was asked for. */
  readonly fields: ReadonlySet<string> | null;
  /**
   * The language a bare JSON string belongs to (the JSON renderer collapses a multilingual value to
   * a string when exactly one language is rendered): the `language` the request asked for, else
   * the store's only language. Null when unknown: the value is then kept under language 0.
   */
  readonly bareLanguage: number | null;
}

/** What a document held: a list (`<products>` / `{"products":[…]}` / `[]`) or one item. */
export interface Decoded {
  readonly form: 'list' | 'item';
  readonly items: Entity[];
}

export interface Index {
  readonly fields: ReadonlyMap<string, FieldMeta>;
  readonly associations: ReadonlyMap<string, AssociationMeta>;
}

const INDEXES = new WeakMap<ResourceMeta, Index>();

/** The fields and associations of a resource by name, built once per metadata object. */
function indexOf(meta: ResourceMeta): Index {
  let index = INDEXES.get(meta);
  if (index === undefined) {
    index = { fields: new Map(meta.fields.map((f) => [f.name, f])), associations: new Map(meta.associations.map((a) => [a.name, a])) };
    INDEXES.set(meta, index);
  }
  return index;
}

/** What decoding the entities of one document needs, worked out once per document. */
export interface EntityPlan {
  readonly meta: ResourceMeta;
  readonly index: Index;
  /** The fields a decoded entity must have, given what was asked for. */
  readonly expected: readonly FieldMeta[];
  readonly associations: boolean;
  readonly ctx: DecodeContext;
  /**
   * An object with the keys of a decoded entity in their order (the expected fields, then
   * `associations`): each entity starts as a copy of it, so that setting its values changes no
   * object shape (much faster than adding ninety keys one by one).
   */
  readonly shape: Entity;
  /** The expected fields whose names Object.prototype has too (`constructor`, `toString`): read with an own-key check. */
  readonly inherited: ReadonlySet<string>;
}

export function entityPlan(meta: ResourceMeta, ctx: DecodeContext): EntityPlan {
  const expected = ctx.fields === null ? meta.fields : meta.fields.filter((f) => ctx.fields!.has(f.name));
  const associations = wantsAssociations(meta, ctx);
  const shape: Entity = {};
  for (const field of expected) setKey(shape, field.name, null);
  if (associations) setKey(shape, 'associations', null);
  const inherited = new Set(expected.filter((f) => f.name in Object.prototype).map((f) => f.name));
  return { meta, index: indexOf(meta), expected, associations, ctx, shape, inherited };
}

// ---------------------------------------------------------------------------------------------
// XML. The tree path (`decodeXmlDocument`) and the single-pass decoder (decode-xml.ts) both read
// an entity into the same parts (field values, association lists as name/text pairs) and build it
// here, so they give the same records.

/** A `<language id="N">` child of a field: its `id` attribute and its text. */
export interface XmlLanguage {
  readonly id: string | undefined;
  readonly text: string;
}

/** One association item: its children's name/text pairs, in document order. */
export type XmlPairs = (readonly [string, string])[];
/** An entity's `<associations>`: each list by name (the first of a name), in document order. */
export type XmlAssociationLists = Map<string, XmlPairs[]>;

/** Decodes a parsed `<prestashop>` document of a resource. */
export function decodeXmlDocument(meta: ResourceMeta, root: XmlElement, ctx: DecodeContext): Decoded {
  const plan = entityPlan(meta, ctx);
  const list = child(root, meta.nodes);
  if (list !== undefined && meta.nodes !== meta.node) {
    return { form: 'list', items: list.children.filter((c) => c.name === meta.node).map((el) => decodeXmlEntity(plan, el)) };
  }
  // A write of several entities (createMany/updateMany) answers with each of them, in order.
  const items = root.children.filter((c) => c.name === meta.node);
  if (items.length > 0) return { form: 'item', items: items.map((el) => decodeXmlEntity(plan, el)) };
  throw new SyntaxError(`expected <${meta.nodes}> or <${meta.node}> in the answer`);
}

function decodeXmlEntity(plan: EntityPlan, el: XmlElement): Entity {
  // Minimal list item: <product id="1" xlink:href="…"/>
  if (el.children.length === 0 && el.attrs['id'] !== undefined && el.text.trim() === '') return minimalEntity(plan, el.attrs['id']);
  const raw = new Map<string, unknown>();
  let associations: XmlElement | undefined;
  for (const c of el.children) {
    if (c.name === 'associations') associations = c;
    else {
      const languages = c.children.filter((l) => l.name === 'language').map((l) => ({ id: l.attrs['id'], text: l.text }));
      raw.set(c.name, xmlFieldValue(plan.index.fields.get(c.name), c.text, languages, plan.ctx));
    }
  }
  let lists: XmlAssociationLists | undefined;
  if (plan.associations && associations !== undefined) {
    lists = new Map();
    for (const list of associations.children) {
      if (!lists.has(list.name)) lists.set(list.name, list.children.map((item) => item.children.map((c) => [c.name, c.text] as const)));
    }
  }
  return xmlEntity(plan, raw, lists);
}

/** A list item that carries only its id (`<product id="1" xlink:href="…"/>`). */
export function minimalEntity(plan: EntityPlan, id: string): Entity {
  return { id: decodeScalar(plan.index.fields.get('id') ?? ID_FIELD, id, plan.ctx.codec) };
}

/** An entity from its fields' values (by element name, first seen first) and its association lists. */
export function xmlEntity(plan: EntityPlan, raw: Map<string, unknown>, lists: XmlAssociationLists | undefined): Entity {
  const out: Entity = { ...plan.shape };
  for (const field of plan.expected) {
    const name = field.name;
    const value = raw.get(name);
    out[name] = value !== undefined || raw.has(name) ? value : missingValue(field, plan.ctx);
    raw.delete(name);
  }
  if (plan.associations) setKey(out, 'associations', xmlAssociations(plan.meta, lists, plan.ctx));
  addExtensions(plan.meta, plan.index, out, raw);
  return out;
}

const ID_FIELD: FieldMeta = { name: 'id', kind: 'id' };

/** A field's value from its own text and its `<language>` children. */
export function xmlFieldValue(field: FieldMeta | undefined, text: string, languages: readonly XmlLanguage[], ctx: DecodeContext): unknown {
  if (field === undefined) {
    // A module field: keep the text, or the per-language entries.
    return languages.length > 0 ? makeMultilang(languages.map((l) => ({ id: Number(l.id), value: l.text }))) : text;
  }
  if (field.multilingual === true) {
    const entries: LanguageEntry[] =
      languages.length > 0 ? languages.map((l) => ({ id: Number(l.id), value: decodeScalar(field, l.text, ctx.codec) })) : bareEntries(field, text, ctx);
    return makeMultilang(entries);
  }
  // A field the snapshot says is not multilingual but the store renders per language: first language.
  return decodeScalar(field, languages.length > 0 ? languages[0]!.text : text, ctx.codec);
}

function xmlAssociations(meta: ResourceMeta, lists: XmlAssociationLists | undefined, ctx: DecodeContext): Entity {
  const out: Entity = {};
  for (const assoc of meta.associations) {
    const items = lists?.get(assoc.name);
    setKey(out, assoc.name, items === undefined ? [] : items.map((pairs) => xmlAssociationItem(assoc, pairs, ctx)));
  }
  if (lists !== undefined) {
    for (const [name, items] of lists) if (!hasOwn(out, name)) setKey(out, name, items.map(xmlLooseItem));
  }
  return out;
}

function xmlAssociationItem(assoc: AssociationMeta, pairs: XmlPairs, ctx: DecodeContext): Entity {
  const out: Entity = {};
  for (const field of assoc.fields) setKey(out, field.name, decodeScalar(field, pairs.find((p) => p[0] === field.name)?.[1], ctx.codec));
  for (const [name, text] of pairs) if (!hasOwn(out, name)) setKey(out, name, text);
  return out;
}

function xmlLooseItem(pairs: XmlPairs): Entity {
  const out: Entity = {};
  for (const [name, text] of pairs) setKey(out, name, text);
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Decodes a parsed JSON answer of a resource (any generation, list or item form). */
export function decodeJsonDocument(meta: ResourceMeta, json: unknown, ctx: DecodeContext): Decoded {
  const plan = entityPlan(meta, ctx);
  // An empty list is rendered as a bare [] (and so is an empty answer of some specific resources).
  if (Array.isArray(json)) {
    if (json.length === 0) return { form: 'list', items: [] };
    throw new SyntaxError('expected an object or [] in the answer');
  }
  if (typeof json !== 'object' || json === null) throw new SyntaxError('expected a JSON object in the answer');
  const doc = json as Record<string, unknown>;
  if (meta.nodes !== meta.node && Array.isArray(doc[meta.nodes])) {
    return { form: 'list', items: (doc[meta.nodes] as unknown[]).map((item) => decodeJsonEntity(plan, item)) };
  }
  const item = doc[meta.node];
  if (item !== undefined) return { form: 'item', items: [decodeJsonEntity(plan, item)] };
  throw new SyntaxError(`expected "${meta.nodes}" or "${meta.node}" in the answer`);
}

function decodeJsonEntity(plan: EntityPlan, value: unknown): Entity {
  const { meta, index, ctx } = plan;
  // {"customer":[]} (8.0.0-dev) and falsy-filtered empties: treat as an object with every field dropped.
  const src = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const out: Entity = { ...plan.shape };
  let known = 0;
  const checkOwn = plan.inherited.size > 0;
  for (const field of plan.expected) {
    const name = field.name;
    // A JSON value is never undefined: undefined is a missing key (or an inherited one, checked).
    const v = src[name];
    const own = v !== undefined && (!checkOwn || !plan.inherited.has(name) || hasOwn(src, name));
    if (own) known++;
    // `out` already has every expected key as its own data property (`__proto__` too): a plain assignment sets it.
    out[name] = own ? jsonFieldValue(field, v, ctx) : missingValue(field, ctx);
  }
  if (plan.associations) setKey(out, 'associations', decodeJsonAssociations(meta, src['associations'], ctx));
  const keys = Object.keys(src);
  // Only known keys: every one was read above (the common case, no per-key lookup).
  if (keys.length === known + (hasOwn(src, 'associations') ? 1 : 0) && ctx.fields === null) return out;
  const unknown = new Map<string, unknown>();
  for (const key of keys) {
    if (key !== 'associations' && !index.fields.has(key)) unknown.set(key, jsonExtensionValue(src[key]));
  }
  addExtensions(meta, index, out, unknown);
  return out;
}

function jsonFieldValue(field: FieldMeta, value: unknown, ctx: DecodeContext): unknown {
  if (field.multilingual === true) {
    if (Array.isArray(value)) {
      return makeMultilang(
        value.map((e: unknown) => {
          const entry = (e ?? {}) as { id?: unknown; value?: unknown };
          return { id: Number(entry.id), value: decodeScalar(field, entry.value as WireScalar, ctx.codec) };
        }),
      );
    }
    return makeMultilang(bareEntries(field, value as WireScalar, ctx));
  }
  if (Array.isArray(value)) {
    // Per-language list on a field the snapshot says is not multilingual: first language.
    const first = (value[0] ?? {}) as { value?: unknown };
    return decodeScalar(field, first.value as WireScalar, ctx.codec);
  }
  return decodeScalar(field, value as WireScalar, ctx.codec);
}

function decodeJsonAssociations(meta: ResourceMeta, value: unknown, ctx: DecodeContext): Entity {
  const src = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const out: Entity = {};
  for (const assoc of meta.associations) {
    const list = src[assoc.name];
    // Empty associations are omitted in JSON.
    setKey(out, assoc.name, Array.isArray(list) ? list.map((item) => decodeJsonAssociationItem(assoc, item, ctx)) : []);
  }
  for (const key of Object.keys(src)) if (!hasOwn(out, key)) setKey(out, key, src[key]);
  return out;
}

function decodeJsonAssociationItem(assoc: AssociationMeta, value: unknown, ctx: DecodeContext): Entity {
  const src = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : { id: value };
  const out: Entity = {};
  for (const field of assoc.fields) setKey(out, field.name, decodeScalar(field, (hasOwn(src, field.name) ? src[field.name] : undefined) as WireScalar, ctx.codec));
  for (const key of Object.keys(src)) if (!hasOwn(out, key)) setKey(out, key, src[key]);
  return out;
}

// ---------------------------------------------------------------------------------------------

/** Associations are part of every full read of a resource that has some; a `display=[…]` read has none. */
function wantsAssociations(meta: ResourceMeta, ctx: DecodeContext): boolean {
  return ctx.fields === null && meta.associations.length > 0;
}

/** Puts the fields the metadata does not know (module fields) under the resource's extensions key. */
function addExtensions(meta: ResourceMeta, index: Index, out: Entity, values: ReadonlyMap<string, unknown>): void {
  const extensions: Entity = {};
  let any = false;
  for (const [name, value] of values) {
    if (index.fields.has(name) || name === 'associations') continue;
    setKey(extensions, name, value);
    any = true;
  }
  if (any) setKey(out, extensionsKeyOf(meta), extensions);
}

/** A module field's JSON value: a per-language list becomes `Multilang`, anything else stays. */
function jsonExtensionValue(value: unknown): unknown {
  if (Array.isArray(value) && value.length > 0 && value.every((e) => typeof e === 'object' && e !== null && 'id' in e && 'value' in e)) {
    return makeMultilang(value.map((e: { id: unknown; value: unknown }) => ({ id: Number(e.id), value: e.value === null ? '' : String(e.value) })));
  }
  return value;
}

/** The value of a field the store left out: the falsy value of its kind. */
function missingValue(field: FieldMeta, ctx: DecodeContext): unknown {
  if (field.multilingual === true) return makeMultilang(ctx.bareLanguage === null ? [] : [{ id: ctx.bareLanguage, value: decodeScalar(field, '', ctx.codec) }]);
  return decodeScalar(field, undefined, ctx.codec);
}

/** A bare string for a multilingual field: the value of the one language rendered. */
function bareEntries(field: FieldMeta, value: WireScalar, ctx: DecodeContext): LanguageEntry[] {
  return [{ id: ctx.bareLanguage ?? 0, value: decodeScalar(field, value, ctx.codec) }];
}

function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Sets a key the store chose as an own property (`__proto__` stays an ordinary key). */
function setKey(obj: Entity, key: string, value: unknown): void {
  // A plain assignment creates the same own property, faster; `__proto__` is the one accessor of Object.prototype.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
