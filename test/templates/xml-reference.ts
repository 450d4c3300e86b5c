// The tree parser as it was before the shared tokenizer (templates/runtime/xml-scan.ts), kept
// verbatim as the oracle of the differential tests in decode-xml.test.ts: the new parser must build
// the same tree from every document this one reads, and refuse every document this one refuses.
import { decodeEntities } from '../../templates/runtime/xml-scan.js';
/** A parsed element: its name, attributes, child elements and its own text (character data + CDATA). */
interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 512;
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * Parses a document and returns its root element. Throws a `SyntaxError` on malformed input.
 * Comments and processing instructions are skipped; a DOCTYPE (or any other declaration) is
 * refused; only the five predefined and numeric character references are decoded (no entity
 * expansion, so no entity bombs).
 */
export function referenceParseXml(source: string): XmlElement {
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
      // A DOCTYPE (or any declaration) is refused, never skipped: no store answer has one.
      throw new SyntaxError('XML: a DOCTYPE or declaration is refused');
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
    if (text.startsWith('/>', i))
      return { element: { name, attrs, children: [], text: '' }, selfClosing: true, next: i + 2 };
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
    Object.defineProperty(attrs, attrName, {
      value: decodeEntities(text.slice(q + 1, close)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    i = close + 1;
  }
}
