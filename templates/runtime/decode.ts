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

interface Index {
  readonly fields: ReadonlyMap<string, FieldMeta>;
  readonly associations: ReadonlyMap<string, AssociationMeta>;
}

function indexOf(meta: ResourceMeta): Index {
  return {
    fields: new Map(meta.fields.map((f) => [f.name, f])),
    associations: new Map(meta.associations.map((a) => [a.name, a])),
  };
}

/** The fields a decoded entity must have, given what was asked for. */
function expectedFields(meta: ResourceMeta, ctx: DecodeContext): FieldMeta[] {
  return ctx.fields === null ? [...meta.fields] : meta.fields.filter((f) => ctx.fields!.has(f.name));
}

// ---------------------------------------------------------------------------------------------
// XML

/** Decodes a parsed `<prestashop>` document of a resource. */
export function decodeXmlDocument(meta: ResourceMeta, root: XmlElement, ctx: DecodeContext): Decoded {
  const index = indexOf(meta);
  const list = child(root, meta.nodes);
  if (list !== undefined && meta.nodes !== meta.node) {
    return { form: 'list', items: list.children.filter((c) => c.name === meta.node).map((el) => decodeXmlEntity(meta, index, el, ctx)) };
  }
  // A write of several entities (createMany/updateMany) answers with each of them, in order.
  const items = root.children.filter((c) => c.name === meta.node);
  if (items.length > 0) return { form: 'item', items: items.map((el) => decodeXmlEntity(meta, index, el, ctx)) };
  throw new SyntaxError(`expected <${meta.nodes}> or <${meta.node}> in the answer`);
}

function decodeXmlEntity(meta: ResourceMeta, index: Index, el: XmlElement, ctx: DecodeContext): Entity {
  // Minimal list item: <product id="1" xlink:href="…"/>
  if (el.children.length === 0 && el.attrs['id'] !== undefined && el.text.trim() === '') {
    return { id: decodeScalar(index.fields.get('id') ?? ID_FIELD, el.attrs['id'], ctx.codec) };
  }
  const raw = new Map<string, unknown>();
  let associations: XmlElement | undefined;
  for (const c of el.children) {
    if (c.name === 'associations') associations = c;
    else raw.set(c.name, xmlFieldValue(index.fields.get(c.name), c, ctx));
  }
  const out: Entity = {};
  for (const field of expectedFields(meta, ctx)) {
    setKey(out, field.name, raw.has(field.name) ? raw.get(field.name) : missingValue(field, ctx));
    raw.delete(field.name);
  }
  if (wantsAssociations(meta, ctx)) setKey(out, 'associations', decodeXmlAssociations(meta, associations, ctx));
  addExtensions(meta, index, out, raw);
  return out;
}

const ID_FIELD: FieldMeta = { name: 'id', kind: 'id' };

function xmlFieldValue(field: FieldMeta | undefined, el: XmlElement, ctx: DecodeContext): unknown {
  const languages = el.children.filter((c) => c.name === 'language');
  if (field === undefined) {
    // A module field: keep the text, or the per-language entries.
    return languages.length > 0 ? makeMultilang(languages.map((l) => ({ id: Number(l.attrs['id']), value: l.text }))) : el.text;
  }
  if (field.multilingual === true) {
    const entries: LanguageEntry[] =
      languages.length > 0
        ? languages.map((l) => ({ id: Number(l.attrs['id']), value: decodeScalar(field, l.text, ctx.codec) }))
        : bareEntries(field, el.text, ctx);
    return makeMultilang(entries);
  }
  // A field the snapshot says is not multilingual but the store renders per language: first language.
  return decodeScalar(field, languages.length > 0 ? languages[0]!.text : el.text, ctx.codec);
}

function decodeXmlAssociations(meta: ResourceMeta, el: XmlElement | undefined, ctx: DecodeContext): Entity {
  const out: Entity = {};
  for (const assoc of meta.associations) {
    const list = el === undefined ? undefined : child(el, assoc.name);
    setKey(out, assoc.name, list === undefined ? [] : list.children.map((item) => decodeXmlAssociationItem(assoc, item, ctx)));
  }
  if (el !== undefined) {
    for (const list of el.children) {
      if (!hasOwn(out, list.name)) setKey(out, list.name, list.children.map((item) => xmlLooseItem(item)));
    }
  }
  return out;
}

function decodeXmlAssociationItem(assoc: AssociationMeta, el: XmlElement, ctx: DecodeContext): Entity {
  const out: Entity = {};
  for (const field of assoc.fields) {
    const c = child(el, field.name);
    setKey(out, field.name, decodeScalar(field, c?.text, ctx.codec));
  }
  for (const c of el.children) if (!hasOwn(out, c.name)) setKey(out, c.name, c.text);
  return out;
}

function xmlLooseItem(el: XmlElement): Entity {
  const out: Entity = {};
  for (const c of el.children) setKey(out, c.name, c.text);
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Decodes a parsed JSON answer of a resource (any generation, list or item form). */
export function decodeJsonDocument(meta: ResourceMeta, json: unknown, ctx: DecodeContext): Decoded {
  const index = indexOf(meta);
  // An empty list is rendered as a bare [] (and so is an empty answer of some specific resources).
  if (Array.isArray(json)) {
    if (json.length === 0) return { form: 'list', items: [] };
    throw new SyntaxError('expected an object or [] in the answer');
  }
  if (typeof json !== 'object' || json === null) throw new SyntaxError('expected a JSON object in the answer');
  const doc = json as Record<string, unknown>;
  if (meta.nodes !== meta.node && Array.isArray(doc[meta.nodes])) {
    return { form: 'list', items: (doc[meta.nodes] as unknown[]).map((item) => decodeJsonEntity(meta, index, item, ctx)) };
  }
  const item = doc[meta.node];
  if (item !== undefined) return { form: 'item', items: [decodeJsonEntity(meta, index, item, ctx)] };
  throw new SyntaxError(`expected "${meta.nodes}" or "${meta.node}" in the answer`);
}

function decodeJsonEntity(meta: ResourceMeta, index: Index, value: unknown, ctx: DecodeContext): Entity {
  // {"customer":[]} (8.0.0-dev) and falsy-filtered empties: treat as an object with every field dropped.
  const src = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const out: Entity = {};
  for (const field of expectedFields(meta, ctx)) {
    setKey(out, field.name, hasOwn(src, field.name) ? jsonFieldValue(field, src[field.name], ctx) : missingValue(field, ctx));
  }
  if (wantsAssociations(meta, ctx)) setKey(out, 'associations', decodeJsonAssociations(meta, src['associations'], ctx));
  const unknown = new Map<string, unknown>();
  for (const key of Object.keys(src)) {
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
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
