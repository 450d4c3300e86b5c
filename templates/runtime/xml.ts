/**
 * XML for the Webservice: a small non-validating parser for the store's answers, and the writer
 * of POST/PUT/PATCH bodies. Writes are XML only in every PrestaShop generation.
 */
import { encodeScalar } from './codec.js';
import { languageEntries } from './lang.js';
import { extensionsKeyOf, type AssociationMeta, type FieldMeta, type ResourceMeta } from './meta.js';

/** A parsed element: its name, attributes, child elements and its own text (character data + CDATA). */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

/** The XML declaration and envelope every PrestaShop document uses. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';
export const XML_TAIL = '</prestashop>\n';

const MAX_DEPTH = 512;
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * Parses a document and returns its root element. Throws a `SyntaxError` on malformed input.
 * Comments, processing instructions and a DOCTYPE are skipped; only the five predefined and
 * numeric character references are decoded (no entity expansion, so no entity bombs).
 */
export function parseXml(source: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const chunkEnd = lt === -1 ? n : lt;
    if (chunkEnd > i) {
      const chunk = text.slice(i, chunkEnd);
      const top = stack[stack.length - 1];
      if (top !== undefined) top.text += decodeEntities(chunk);
      else if (chunk.trim() !== '') throw new SyntaxError(`XML: text outside the root element at ${i}`);
    }
    if (lt === -1) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      i = skipTo(text, '-->', i);
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) throw new SyntaxError('XML: unterminated CDATA section');
      const top = stack[stack.length - 1];
      if (top === undefined) throw new SyntaxError('XML: CDATA outside the root element');
      top.text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      i = skipTo(text, '?>', i);
    } else if (text.startsWith('<!', i)) {
      i = skipDeclaration(text, i);
    } else if (text.startsWith('</', i)) {
      const end = text.indexOf('>', i);
      if (end === -1) throw new SyntaxError('XML: unterminated end tag');
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (open === undefined || open.name !== name) throw new SyntaxError(`XML: unexpected </${name}>`);
      i = end + 1;
    } else {
      const { element, selfClosing, next } = readStartTag(text, i);
      const parent = stack[stack.length - 1];
      if (parent !== undefined) parent.children.push(element);
      else if (root === undefined) root = element;
      else throw new SyntaxError('XML: more than one root element');
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) throw new SyntaxError('XML: nesting too deep');
        stack.push(element);
      }
      i = next;
    }
  }
  if (stack.length > 0) throw new SyntaxError(`XML: <${stack[stack.length - 1]!.name}> is not closed`);
  if (root === undefined) throw new SyntaxError('XML: no root element');
  return root;
}

function skipTo(text: string, terminator: string, from: number): number {
  const end = text.indexOf(terminator, from);
  if (end === -1) throw new SyntaxError(`XML: missing ${terminator}`);
  return end + terminator.length;
}

/** Skips `<!DOCTYPE …>` including an internal subset in brackets (whose declarations are ignored). */
function skipDeclaration(text: string, from: number): number {
  let depth = 0;
  for (let i = from + 2; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return i + 1;
  }
  throw new SyntaxError('XML: unterminated declaration');
}

function readStartTag(text: string, from: number): { element: XmlElement; selfClosing: boolean; next: number } {
  let i = from + 1;
  const nameStart = i;
  while (i < text.length && !/[\s/>]/.test(text[i]!)) i++;
  const name = text.slice(nameStart, i);
  if (!NAME_RE.test(name)) throw new SyntaxError(`XML: bad element name at ${from}`);
  const attrs: Record<string, string> = {};
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) throw new SyntaxError(`XML: unterminated <${name}>`);
    if (text[i] === '>') return { element: { name, attrs, children: [], text: '' }, selfClosing: false, next: i + 1 };
    if (text.startsWith('/>', i)) return { element: { name, attrs, children: [], text: '' }, selfClosing: true, next: i + 2 };
    const eq = text.indexOf('=', i);
    if (eq === -1) throw new SyntaxError(`XML: bad attribute in <${name}>`);
    const attrName = text.slice(i, eq).trim();
    if (!NAME_RE.test(attrName)) throw new SyntaxError(`XML: bad attribute name in <${name}>`);
    let q = eq + 1;
    while (q < text.length && /\s/.test(text[q]!)) q++;
    const quote = text[q];
    if (quote !== '"' && quote !== "'") throw new SyntaxError(`XML: unquoted attribute ${attrName} in <${name}>`);
    const close = text.indexOf(quote, q + 1);
    if (close === -1) throw new SyntaxError(`XML: unterminated attribute ${attrName} in <${name}>`);
    // Own-property write on a plain object: names like __proto__ stay ordinary keys.
    Object.defineProperty(attrs, attrName, { value: decodeEntities(text.slice(q + 1, close)), enumerable: true, writable: true, configurable: true });
    i = close + 1;
  }
}

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.prototype.hasOwnProperty.call(NAMED, ref) ? NAMED[ref]! : whole;
  });
}

/** The first child element called `name`, or undefined. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Writing

// Characters XML 1.0 cannot carry at all, even in CDATA.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text as a CDATA section; `]]>` inside the value is split across two sections. */
export function cdata(value: string, path = 'value'): string {
  if (INVALID_XML_CHARS.test(value)) {
    throw new RangeError(`${path}: the value holds a character XML cannot carry (a control character or a lone surrogate)`);
  }
  return `<![CDATA[${value.split(']]>').join(']]]]><![CDATA[>')}]]>`;
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
