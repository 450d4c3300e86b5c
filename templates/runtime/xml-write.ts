/**
 * The writer of POST/PUT/PATCH bodies (writes are XML only in every PrestaShop generation), and
 * the part of a value read from the store that can be written back. Loaded with the write side.
 */
import { encodeScalar } from './codec.js';
import { languageEntries } from './lang.js';
import { extensionsKeyOf, type AssociationMeta, type FieldMeta, type ResourceMeta } from './meta.js';

/** The XML declaration and envelope every PrestaShop document uses. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';
export const XML_TAIL = '</prestashop>\n';

// Characters XML 1.0 cannot carry at all, even in CDATA.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text as a CDATA section; `]]>` inside the value is split across two sections. A carriage return
 * goes between sections as `&#13;`: an XML parser turns a literal `\r\n` (CDATA included) into
 * `\n` (XML 1.0 §2.11; the store's SimpleXML does), and keeps a character reference.
 */
export function cdata(value: string, path = 'value'): string {
  if (INVALID_XML_CHARS.test(value)) {
    throw new RangeError(`${path}: the value holds a character XML cannot carry (a control character or a lone surrogate)`);
  }
  return `<![CDATA[${value.split(']]>').join(']]]]><![CDATA[>').split('\r').join(']]>&#13;<![CDATA[')}]]>`;
}

/** Escapes text for an attribute value in double quotes. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface WriteBodyOptions {
  /** The id to put in `<id>` (PUT/PATCH need it: the store takes the id from the body); null for POST. */
  readonly id: number | null;
  /** Send keys the metadata does not know (module fields) as plain elements. Default true. */
  readonly passUnknown?: boolean | undefined;
}

/**
 * The XML body of a write: the envelope, then `<node>` with `<id>` (updates only), every field of
 * the body that the resource may write in metadata order (read-only fields are never sent),
 * multilingual fields as `<language id="N">` children, keys the metadata does not know (top-level
 * or under the extensions key: module fields), and `<associations>`.
 */
export function writeBody(meta: ResourceMeta, body: Readonly<Record<string, unknown>>, options: WriteBodyOptions): string {
  const parts: string[] = [XML_HEAD, `<${elementName(meta.node)}>\n`];
  const extensionsKey = extensionsKeyOf(meta);
  const known = new Set<string>(['id', 'associations', extensionsKey]);
  if (options.id !== null) parts.push(`<id>${cdata(String(options.id), 'id')}</id>\n`);
  // Store order: the store applies fields and associations in the order it lists them.
  for (const field of meta.fields) {
    known.add(field.name);
    if (field.name === 'id' || field.readOnly === true) continue;
    const value = body[field.name];
    if (value === undefined || !Object.prototype.hasOwnProperty.call(body, field.name)) continue;
    // `saveEntityFromXml` sets a field a PUT leaves out to null, which `allow_null` stores as NULL;
    // an empty element would be cast to 0 (`ObjectModel::formatValue`). A PATCH leaves it as it is.
    if (value === null && field.allowNull === true) continue;
    parts.push(fieldXml(field, value, field.name));
  }
  if (options.passUnknown !== false) {
    const unknown: [string, unknown][] = Object.keys(body)
      .filter((key) => !known.has(key))
      .map((key) => [key, body[key]]);
    const extensions = body[extensionsKey];
    if (typeof extensions === 'object' && extensions !== null && !Array.isArray(extensions)) {
      for (const key of Object.keys(extensions)) if (!known.has(key)) unknown.push([key, (extensions as Record<string, unknown>)[key]]);
    }
    for (const [key, value] of unknown) {
      if (value === undefined) continue;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new RangeError(`${key}: not a field name PrestaShop can receive`);
      // A module field given per language is written with <language> children.
      parts.push(fieldXml(Array.isArray(value) ? { name: key, kind: 'unknown', multilingual: true } : undefined, value, key));
    }
  }
  const associations = body['associations'];
  if (associations !== undefined && associations !== null) parts.push(associationsXml(meta.associations, associations));
  parts.push(`</${meta.node}>\n`, XML_TAIL);
  return parts.join('');
}

const ELEMENT_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A name the store sent, checked before it becomes an element name (a space would break the document). */
function elementName(name: string): string {
  if (!ELEMENT_RE.test(name) || /^xml/i.test(name)) throw new RangeError(`${JSON.stringify(name)} cannot be written as an XML element name`);
  return name;
}

function fieldXml(field: FieldMeta | undefined, value: unknown, name: string): string {
  elementName(name);
  if (field?.multilingual === true) {
    const langs = languageEntries(value, name)
      .map((e) => `<language id="${e.id}">${cdata(encodeScalar(field, e.value, `${name}[${e.id}]`), `${name}[${e.id}]`)}</language>`)
      .join('');
    return `<${name}>${langs}</${name}>\n`;
  }
  return `<${name}>${cdata(encodeScalar(field, value, name), name)}</${name}>\n`;
}

function associationsXml(metas: readonly AssociationMeta[], value: unknown): string {
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('associations: expected an object of lists');
  const record = value as Readonly<Record<string, unknown>>;
  const out: string[] = ['<associations>\n'];
  // Store order, never the caller's key order: `combinations` applies `product_option_values`
  // (whose setter deletes the image links) before `images`.
  for (const assoc of metas) {
    const items = record[assoc.name];
    if (items === undefined || items === null) continue;
    if (!Array.isArray(items)) throw new TypeError(`associations.${assoc.name}: expected a list`);
    out.push(`<${elementName(assoc.name)}>\n`);
    items.forEach((item: unknown, index) => out.push(associationItemXml(assoc, item, `associations.${assoc.name}[${index}]`)));
    out.push(`</${assoc.name}>\n`);
  }
  for (const key of Object.keys(record)) {
    if (!metas.some((a) => a.name === key) && record[key] !== undefined) {
      throw new RangeError(`associations.${key}: the resource has no such association`);
    }
  }
  out.push('</associations>\n');
  return out.join('');
}

function associationItemXml(assoc: AssociationMeta, item: unknown, path: string): string {
  // A bare id is accepted for the common `{ id }` item.
  const record: Readonly<Record<string, unknown>> =
    typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : { id: item };
  const inner = assoc.fields
    .filter((f) => f.readOnly !== true && record[f.name] !== undefined)
    .map((f) => `<${elementName(f.name)}>${cdata(encodeScalar(f, record[f.name], `${path}.${f.name}`), `${path}.${f.name}`)}</${f.name}>`)
    .join('');
  return `<${elementName(assoc.node)}>${inner}</${assoc.node}>\n`;
}

/**
 * The part of a value the store accepts in a write: without `id`, read-only fields (also inside
 * association items) and fields whose value read must not be sent back (`noWriteBack`:
 * `products.position_in_category`), so that an item read from the store can be written back as it
 * is. Server-managed fields (stored as sent) are kept: a PUT without them would empty them.
 */
export function writableView(meta: ResourceMeta, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const src = value as Readonly<Record<string, unknown>>;
  const dropped = new Set(meta.fields.filter((f) => f.readOnly === true || f.noWriteBack === true || f.name === 'id').map((f) => f.name));
  dropped.add('id');
  // A zero date read back ('0000-00-00 00:00:00', a column never set) is refused by `isDate` (85);
  // left out, it gets what the empty value gets: a PUT resets it, `date_add` becomes the write's time.
  for (const f of meta.fields) if (f.kind === 'date' && f.dateOnly !== true && isZeroDate(src[f.name])) dropped.add(f.name);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(src)) {
    if (dropped.has(key)) continue;
    Object.defineProperty(out, key, { value: src[key], enumerable: true, writable: true, configurable: true });
  }
  const assoc = src['associations'];
  if (typeof assoc === 'object' && assoc !== null && !Array.isArray(assoc)) {
    const lists: Record<string, unknown> = {};
    for (const key of Object.keys(assoc)) {
      const list = (assoc as Record<string, unknown>)[key];
      const meta1 = meta.associations.find((a) => a.name === key);
      const readOnly = new Set(meta1?.fields.filter((f) => f.readOnly === true).map((f) => f.name) ?? []);
      const items =
        Array.isArray(list) && readOnly.size > 0
          ? list.map((item: unknown) =>
              typeof item === 'object' && item !== null ? Object.fromEntries(Object.entries(item).filter(([k]) => !readOnly.has(k))) : item,
            )
          : list;
      Object.defineProperty(lists, key, { value: items, enumerable: true, writable: true, configurable: true });
    }
    out['associations'] = lists;
  }
  return out;
}

function isZeroDate(value: unknown): boolean {
  return typeof value === 'string' && /^0000-00-00( 00:00:00)?$/.test(value);
}
