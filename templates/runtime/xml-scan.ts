/**
 * The one XML tokenizer of the runtime: a cursor over the text that reads one start tag, end tag,
 * text run, CDATA section, comment or processing instruction at a time, with no element tree. The
 * tree parser (`parseXml` in xml.ts) and the single-pass record decoder (decode-xml.ts) are both
 * built on it, so they accept and refuse exactly the same documents.
 *
 * Non-validating: comments and processing instructions are skipped; a DOCTYPE (or any other
 * declaration) is refused; only the five predefined and numeric character references are decoded
 * (no entity expansion, so no entity bombs); nesting stops at `MAX_DEPTH`. Every scan is a
 * forward `indexOf` or a character loop: linear in the text.
 */

export const MAX_DEPTH = 512;

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined and numeric character references of a text (no other entity). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.prototype.hasOwnProperty.call(NAMED, ref) ? NAMED[ref]! : whole;
  });
}

/** JavaScript's white space (`\s`, what `trim()` removes). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}
/** `[A-Za-z_]`: the first character of a name. */
function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
/** `[A-Za-z0-9_.:-]`: the other characters of a name. */
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 58) || c === 45 || c === 46;
}

/**
 * A cursor over one document. `openRoot()` reads up to the root's start tag; then each `next()`
 * reads the current element's content up to its next child's start tag (true: `name`,
 * `selfClosing`, `id` and `attrs` describe it, and it is the current element until its content is
 * read) or its own end tag (false); `skip()` reads a child's whole content; `finish()` checks what
 * follows the root. With `collect`, the text and CDATA read by a `next()` are in `chunk`.
 */
export class XmlScanner {
  /** The last start tag: its name, whether it closed itself, its `id` attribute (decoded). */
  name = '';
  selfClosing = false;
  id: string | undefined = undefined;
  /** Every attribute of the last start tag (decoded), when built with `allAttributes`. */
  attrs: Record<string, string> | null = null;
  /** The character data (text and CDATA) the last `next()` read, when `collect` is set. */
  chunk = '';
  collect = true;
  private pos: number;
  private readonly open: string[] = [];

  constructor(
    private readonly text: string,
    private readonly allAttributes = false,
  ) {
    this.pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** Reads the prolog (white space, comments, processing instructions) and the root's start tag. */
  openRoot(): void {
    if (!this.outside()) throw new SyntaxError('XML: no root element');
    this.startTag(this.pos);
  }

  /** Reads what follows the root: white space, comments and processing instructions only. */
  finish(): void {
    if (this.outside()) throw new SyntaxError('XML: more than one root element');
  }

  /** Reads the current element's content to its next child's start tag (true) or its end tag (false). */
  next(): boolean {
    const t = this.text;
    let i = this.pos;
    this.chunk = '';
    for (;;) {
      const lt = t.indexOf('<', i);
      if (lt === -1) throw new SyntaxError(`XML: <${this.open[this.open.length - 1]}> is not closed`);
      if (lt > i && this.collect) this.chunk += decodeEntities(t.slice(i, lt));
      const c = t.charCodeAt(lt + 1);
      if (c === 47 /* / */) {
        this.endTag(lt);
        return false;
      }
      if (c === 33 /* ! */ && t.startsWith('<![CDATA[', lt)) {
        const end = t.indexOf(']]>', lt + 9);
        if (end === -1) throw new SyntaxError('XML: unterminated CDATA section');
        if (this.collect) this.chunk += t.slice(lt + 9, end);
        i = end + 3;
      } else if (c === 33 || c === 63 /* ? */) {
        i = this.skipMarkup(lt);
      } else {
        this.startTag(lt);
        return true;
      }
    }
  }

  /** Reads the whole content of the element whose start tag was just read (nothing when it closed itself). */
  skip(): void {
    if (this.selfClosing) return;
    const collect = this.collect;
    this.collect = false;
    for (let depth = 1; depth > 0; ) {
      if (this.next()) {
        if (!this.selfClosing) depth++;
      } else {
        depth--;
      }
    }
    this.collect = collect;
  }

  /** The text of the element whose start tag was just read: its own character data, child elements skipped. */
  ownText(): string {
    if (this.selfClosing) return '';
    let text = '';
    while (this.next()) {
      text += this.chunk;
      this.skip();
    }
    return text + this.chunk;
  }

  /** Outside the root: skips white space, comments and PIs; true at a start tag, false at the end. */
  private outside(): boolean {
    const t = this.text;
    let i = this.pos;
    for (;;) {
      const lt = t.indexOf('<', i);
      const chunkEnd = lt === -1 ? t.length : lt;
      if (chunkEnd > i && t.slice(i, chunkEnd).trim() !== '') throw new SyntaxError(`XML: text outside the root element at ${i}`);
      if (lt === -1) return false;
      const c = t.charCodeAt(lt + 1);
      if (c === 33 && t.startsWith('<![CDATA[', lt)) {
        if (t.indexOf(']]>', lt + 9) === -1) throw new SyntaxError('XML: unterminated CDATA section');
        throw new SyntaxError('XML: CDATA outside the root element');
      }
      if (c === 33 || c === 63) {
        i = this.skipMarkup(lt);
      } else if (c === 47) {
        if (t.indexOf('>', lt) === -1) throw new SyntaxError('XML: unterminated end tag');
        throw new SyntaxError(`XML: unexpected </${t.slice(lt + 2, t.indexOf('>', lt)).trim()}>`);
      } else {
        this.pos = lt;
        return true;
      }
    }
  }

  /** A comment or a processing instruction, skipped; any other `<!` declaration is refused. */
  private skipMarkup(lt: number): number {
    const t = this.text;
    const terminator = t.startsWith('<!--', lt) ? '-->' : t.charCodeAt(lt + 1) === 63 ? '?>' : null;
    // A DOCTYPE (or any declaration) is refused, never skipped: no store answer has one.
    if (terminator === null) throw new SyntaxError('XML: a DOCTYPE or declaration is refused');
    const end = t.indexOf(terminator, lt);
    if (end === -1) throw new SyntaxError(`XML: missing ${terminator}`);
    return end + terminator.length;
  }

  private endTag(lt: number): void {
    const t = this.text;
    const end = t.indexOf('>', lt);
    if (end === -1) throw new SyntaxError('XML: unterminated end tag');
    const expected = this.open.pop();
    const exact = expected !== undefined && end - lt - 2 === expected.length && t.startsWith(expected, lt + 2);
    if (!exact) {
      const name = t.slice(lt + 2, end).trim();
      if (name !== expected) throw new SyntaxError(`XML: unexpected </${name}>`);
    }
    this.pos = end + 1;
  }

  private startTag(from: number): void {
    const t = this.text;
    const n = t.length;
    let i = from + 1;
    if (!isNameStart(t.charCodeAt(i))) throw new SyntaxError(`XML: bad element name at ${from}`);
    while (i < n && isNameChar(t.charCodeAt(i))) i++;
    const name = t.slice(from + 1, i);
    if (i < n && !isSpace(t.charCodeAt(i)) && t.charCodeAt(i) !== 47 && t.charCodeAt(i) !== 62) throw new SyntaxError(`XML: bad element name at ${from}`);
    this.name = name;
    this.id = undefined;
    const attrs: Record<string, string> | null = this.allAttributes ? {} : null;
    this.attrs = attrs;
    for (;;) {
      while (i < n && isSpace(t.charCodeAt(i))) i++;
      if (i >= n) throw new SyntaxError(`XML: unterminated <${name}>`);
      const c = t.charCodeAt(i);
      if (c === 62 /* > */ || (c === 47 && t.charCodeAt(i + 1) === 62)) {
        this.selfClosing = c === 47;
        this.pos = i + (c === 47 ? 2 : 1);
        if (!this.selfClosing) {
          if (this.open.length >= MAX_DEPTH) throw new SyntaxError('XML: nesting too deep');
          this.open.push(name);
        }
        return;
      }
      // An attribute: name, white space, `=`, white space, a quoted value (only `id` is decoded unless all are kept).
      const nameStart = i;
      if (!isNameStart(c)) throw new SyntaxError(t.indexOf('=', i) === -1 ? `XML: bad attribute in <${name}>` : `XML: bad attribute name in <${name}>`);
      while (i < n && isNameChar(t.charCodeAt(i))) i++;
      const nameEnd = i;
      while (i < n && isSpace(t.charCodeAt(i))) i++;
      if (t.charCodeAt(i) !== 61 /* = */) throw new SyntaxError(t.indexOf('=', i) === -1 ? `XML: bad attribute in <${name}>` : `XML: bad attribute name in <${name}>`);
      i++;
      while (i < n && isSpace(t.charCodeAt(i))) i++;
      const quote = t[i];
      const attrName = t.slice(nameStart, nameEnd);
      if (quote !== '"' && quote !== "'") throw new SyntaxError(`XML: unquoted attribute ${attrName} in <${name}>`);
      const close = t.indexOf(quote, i + 1);
      if (close === -1) throw new SyntaxError(`XML: unterminated attribute ${attrName} in <${name}>`);
      if (attrs !== null) {
        // Own-property write on a plain object: names like __proto__ stay ordinary keys.
        Object.defineProperty(attrs, attrName, { value: decodeEntities(t.slice(i + 1, close)), enumerable: true, writable: true, configurable: true });
      }
      if (nameEnd - nameStart === 2 && t.startsWith('id', nameStart)) this.id = decodeEntities(t.slice(i + 1, close));
      i = close + 1;
    }
  }
}
