/**
 * Safe XML reading for store answers: refuses DTDs and entity declarations, reports malformed or
 * truncated documents with a line/column, and turns the document into a small element tree.
 *
 * Pure: no I/O. Callers decide what a failure means (they wrap `XmlReadError` into an
 * `IntrospectError` naming the URL and resource).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { xmlBudgetProblem } from './budget.js';

export interface XmlElement {
  readonly name: string;
  /** Attribute values as sent (namespaced names kept, e.g. `xlink:href`). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Concatenated text and CDATA directly inside this element, trimmed. */
  readonly text: string;
}

/** A document that cannot be read as XML; `reason` is safe to show (never holds the key). */
export class XmlReadError extends Error {
  override readonly name: string = 'XmlReadError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A document refused for safety (a DTD or entity declarations): never a reason to fall back and carry on. */
export class XmlRefusedError extends XmlReadError {
  override readonly name = 'XmlRefusedError';
}

/** Prefix given to element names that start with a digit (PrestaShop's `<0>` association bug). */
export const NUMERIC_TAG_PREFIX = 'ps-numeric-tag-';

const DTD_RE = /<!DOCTYPE|<!ENTITY/i;

/**
 * PrestaShop 8.0.4 and 8.1.x render some association fields as `<0>…</0>` (issues #32925,
 * #35867), which is not XML. Rename such tags to `ps-numeric-tag-0` outside CDATA sections so the
 * document parses; the synopsis parser maps them back.
 */
export function repairNumericTags(xml: string): { xml: string; repaired: number } {
  let repaired = 0;
  const out = splitCdata(xml).map((part, i) => {
    if (i % 2 === 1) return part;
    return part.replace(/<(\/?)(\d[\w.-]*)(?=[\s/>])/g, (_m, slash: string, name: string) => {
      repaired++;
      return `<${slash}${NUMERIC_TAG_PREFIX}${name}`;
    });
  });
  return { xml: out.join(''), repaired };
}

const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/**
 * The document cut into text outside CDATA sections (even indexes) and whole CDATA sections (odd
 * indexes), in one pass: `indexOf` never goes back, where `/<!\[CDATA\[[\s\S]*?\]\]>/` rescans the
 * rest of the document from every unterminated opener (quadratic). An unterminated section is
 * left in the text, as the regular expression left it.
 */
export function splitCdata(xml: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const open = xml.indexOf(CDATA_OPEN, from);
    const close = open === -1 ? -1 : xml.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
    if (close === -1) {
      parts.push(xml.slice(from));
      return parts;
    }
    parts.push(xml.slice(from, open), xml.slice(open, close + CDATA_CLOSE.length));
    from = close + CDATA_CLOSE.length;
  }
}

/** The document without its CDATA sections. */
function outsideCdata(xml: string): string {
  return splitCdata(xml)
    .filter((_, i) => i % 2 === 0)
    .join('');
}

/**
 * A document whose items carry method flags (`<image_type id="1" get="true" head="true" …>`) is a
 * listing, not a synopsis. A scan of each tag (up to its `>`) for ` get="true|false"` then
 * ` head="true|false"`; the regular expression it replaces was cubic on a long tag.
 */
export function looksLikeListing(xml: string): boolean {
  for (let lt = xml.indexOf('<'); lt !== -1;) {
    const next = xml.indexOf('<', lt + 1);
    if (isNameStart(xml.charCodeAt(lt + 1))) {
      // The tag up to its `>`, or up to the next `<` (which starts a tag of its own).
      const stop = next === -1 ? xml.length : next;
      const gt = xml.indexOf('>', lt);
      const tag = xml.slice(lt, gt !== -1 && gt < stop ? gt : stop);
      const space = tag.search(/[\t\n\r ]/);
      const get = space === -1 ? -1 : flagEnd(tag, 'get', space);
      if (get !== -1 && flagEnd(tag, 'head', get) !== -1) return true;
    }
    lt = next;
  }
  return false;
}

function isNameStart(c: number): boolean {
  return c === 0x5f || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** The end of the first `name="true"` / `name="false"` (at a word start) in `tag` after `from`, or -1. */
function flagEnd(tag: string, name: string, from: number): number {
  const key = `${name}="`;
  for (let i = tag.indexOf(key, from); i !== -1; i = tag.indexOf(key, i + 1)) {
    const before = tag.charCodeAt(i - 1);
    if (isNameStart(before) || (before >= 0x30 && before <= 0x39)) continue;
    const v = i + key.length;
    if (tag.startsWith('true"', v)) return v + 5;
    if (tag.startsWith('false"', v)) return v + 6;
  }
  return -1;
}

type RawNode = Record<string, unknown>;

/**
 * fast-xml-parser refuses element and attribute names such as `constructor` or `__proto__` and
 * renames `toString`, `valueOf`, ... (it builds plain objects keyed by name). Store names are data
 * here, never object prototypes' business: every name goes through with a prefix, removed again
 * when the tree is built, so a field called `constructor` or `toString` keeps its name.
 */
// Characters no XML name can start with, so a prefixed name never meets a real one. The parser
// transforms the name of a self-closing element twice, hence the check.
const TAG_PREFIX = '<';
const ATTRIBUTE_PREFIX = '=';

const parser = (): XMLParser =>
  new XMLParser({
    transformTagName: (name) => (name.startsWith(TAG_PREFIX) ? name : `${TAG_PREFIX}${name}`),
    transformAttributeName: (name) => `${ATTRIBUTE_PREFIX}${name}`,
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    cdataPropName: '#cdata',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });

function toElement(name: string, node: RawNode): XmlElement {
  const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(rawAttrs)) {
    attributes[k.startsWith(ATTRIBUTE_PREFIX) ? k.slice(ATTRIBUTE_PREFIX.length) : k] =
      typeof v === 'string' ? v : String(v);
  }
  const children: XmlElement[] = [];
  let text = '';
  const content = node[name];
  if (Array.isArray(content)) {
    for (const child of content as RawNode[]) {
      const key = Object.keys(child).find((k) => k !== ':@');
      if (key === undefined) continue;
      if (key === '#text') {
        text += String(child[key]);
      } else if (key === '#cdata') {
        const inner = child[key];
        if (Array.isArray(inner)) for (const t of inner as RawNode[]) text += String(t['#text'] ?? '');
      } else if (key.startsWith(TAG_PREFIX)) {
        children.push(toElement(key, child));
      }
    }
  }
  return { name: name.slice(TAG_PREFIX.length), attributes, children, text: text.trim() };
}

/**
 * Parses a document and returns its root element. Throws `XmlRefusedError` for a document over the
 * parse budget (budget.ts) or with a DTD or entity declaration, `XmlReadError` for an empty
 * document or malformed/truncated XML.
 */
export function parseXmlDocument(xml: string, options: { repairNumericTags?: boolean } = {}): XmlElement {
  if (xml.trim() === '') throw new XmlReadError('the document is empty');
  const budget = xmlBudgetProblem(xml);
  if (budget !== null) throw new XmlRefusedError(budget);
  if (DTD_RE.test(outsideCdata(xml)))
    throw new XmlRefusedError('the document declares a DTD or entities, which are refused');
  const source = options.repairNumericTags === true ? repairNumericTags(xml).xml : xml;
  const check = XMLValidator.validate(source);
  if (check !== true) {
    const { msg, line, col } = check.err;
    throw new XmlReadError(`malformed or truncated XML at line ${line}, column ${col}: ${msg}`);
  }
  let raw: RawNode[];
  try {
    raw = parser().parse(source) as RawNode[];
  } catch (error) {
    // The validator accepted the document; anything the parser still refuses is reported, not thrown raw.
    throw new XmlReadError(`unreadable XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const roots = raw
    .map((n) => ({ key: Object.keys(n).find((k) => k !== ':@'), n }))
    .filter((r): r is { key: string; n: RawNode } => r.key !== undefined && r.key.startsWith(TAG_PREFIX));
  if (roots.length !== 1) throw new XmlReadError(`expected one root element, found ${roots.length}`);
  const [root] = roots;
  return toElement(root!.key, root!.n);
}

/** The children of an element with a given name. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** True when a text looks like an HTML page rather than a webservice answer. */
export function looksLikeHtml(body: string): boolean {
  const head = body.slice(0, 512).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /<(head|body)[\s>]/.test(head);
}
