/**
 * TypeScript types as the layout step prints them. The field plan gives each field's type as text
 * (`Multilang<string>`, `"new" | "used"`, `{ id: Id<"images"> }[]`, `PsDate | null`); this module
 * reads that text back into its parts (unions, type arguments, object types, arrays, indexed
 * access) and builds the document prettier would print for it.
 *
 * The input is always text the emitters wrote (names from naming.ts, literals from `jsString`), so
 * the grammar is the small part of TypeScript they use. One pass, left to right: linear in the text.
 */
import { afterOperator, assignment, layoutAt, objectType, typeArguments, union, type Doc, type Layout } from './layout.js';

/** A parsed type, with what prettier looks at to choose a layout. */
interface TypeNode {
  readonly doc: Doc;
  /** `union` (of two or more members), `object` (an object type), `reference` (a name, with or without arguments), or `other`. */
  readonly kind: 'union' | 'object' | 'reference' | 'keyword' | 'null' | 'literal' | 'other';
  /** A union prettier prints on one line whatever the width (an object-like type with `null`). */
  readonly hug?: boolean;
}

/** Characters that end a name in the type grammar. */
const DELIMITERS = new Set([' ', '<', '>', ',', '|', '&', ';', ':', '?', '[', ']', '{', '}', '(', ')', '=', '"', "'"]);

const KEYWORDS = new Set(['string', 'number', 'boolean', 'never', 'unknown', 'any', 'object', 'undefined', 'void', 'bigint', 'symbol']);

class TypeReader {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly layout: Layout,
  ) {}

  private fail(): never {
    throw new Error(`layout: cannot read the type \`${this.text}\` at ${this.pos}`);
  }

  private skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === 32) this.pos++;
  }

  private peek(s: string): boolean {
    this.skipSpaces();
    return this.text.startsWith(s, this.pos);
  }

  private eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }

  private expect(s: string): void {
    if (!this.eat(s)) this.fail();
  }

  /** A string literal as written (double or single quotes, with escapes). */
  private stringLiteral(): string {
    const quote = this.text[this.pos]!;
    const start = this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] !== quote) this.pos += this.text[this.pos] === '\\' ? 2 : 1;
    if (this.pos >= this.text.length) this.fail();
    this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A name, keyword or number: everything up to the next delimiter (names may hold any letter). */
  private word(): string {
    this.skipSpaces();
    const start = this.pos;
    while (this.pos < this.text.length && !DELIMITERS.has(this.text[this.pos]!)) this.pos++;
    if (this.pos === start) this.fail();
    return this.text.slice(start, this.pos);
  }

  unionType(): TypeNode {
    this.eat('|');
    const members = [this.postfixType()];
    while (this.eat('|')) members.push(this.postfixType());
    if (members.length === 1) return members[0]!;
    const objects = members.filter((m) => m.kind === 'object' || m.kind === 'reference');
    const hug = objects.length === 1 && members.every((m) => m === objects[0] || m.kind === 'null');
    if (hug) return { doc: members.flatMap((m, i) => (i === 0 ? [m.doc] : [' | ', m.doc])), kind: 'union', hug: true };
    return { doc: union(members.map((m) => m.doc)), kind: 'union' };
  }

  private postfixType(): TypeNode {
    let node = this.primaryType();
    for (;;) {
      if (this.eat('[]')) node = { doc: [node.doc, '[]'], kind: 'other' };
      else if (this.peek('[')) {
        this.expect('[');
        this.skipSpaces();
        const key = this.stringLiteral();
        this.expect(']');
        node = { doc: [node.doc, '[', key, ']'], kind: 'other' };
      } else return node;
    }
  }

  private primaryType(): TypeNode {
    this.skipSpaces();
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return { doc: this.stringLiteral(), kind: 'literal' };
    if (c === '{') return this.objectType();
    if (c === '(') {
      this.expect('(');
      const inner = this.unionType();
      this.expect(')');
      return { doc: ['(', inner.doc, ')'], kind: 'other' };
    }
    const name = this.word();
    if (name === 'null') return { doc: name, kind: 'null' };
    const first = name.charCodeAt(0);
    if ((first >= 48 && first <= 57) || first === 45) return { doc: name, kind: 'literal' };
    if (KEYWORDS.has(name)) return { doc: name, kind: 'keyword' };
    if (!this.eat('<')) return { doc: name, kind: 'reference' };
    const args = [this.unionType()];
    while (this.eat(',')) args.push(this.unionType());
    this.expect('>');
    // A lone name, keyword or literal argument never breaks (`Id<"products">`, `Multilang<string>`).
    const simple = args.length === 1 && args[0]!.kind !== 'union' && args[0]!.kind !== 'object';
    return { doc: [name, typeArguments(args.map((a) => a.doc), !simple)], kind: 'reference' };
  }

  private objectType(): TypeNode {
    this.expect('{');
    const members: Doc[] = [];
    while (!this.eat('}')) {
      this.skipSpaces();
      const readonly = this.text.startsWith('readonly ', this.pos) ? (this.pos += 9, 'readonly ') : '';
      this.skipSpaces();
      const c = this.text[this.pos];
      const key = c === '"' || c === "'" ? this.stringLiteral() : c === '[' ? this.indexKey() : this.word();
      const optional = this.eat('?') ? '?' : '';
      this.expect(':');
      members.push(annotated(`${readonly}${key}${optional}`, this.unionType(), ''));
      this.eat(';');
    }
    return { doc: objectType(members, this.layout), kind: 'object' };
  }

  /** `[field: string]` of an index signature. */
  private indexKey(): string {
    const start = this.pos;
    while (this.pos < this.text.length && this.text[this.pos] !== ']') this.pos++;
    this.expect(']');
    return this.text.slice(start, this.pos);
  }

  done(): void {
    this.skipSpaces();
    if (this.pos !== this.text.length) this.fail();
  }
}

/** `key: type` (with `tail`, e.g. `;`): a union that does not fit moves after the colon, then breaks. */
function annotated(key: string, type: TypeNode, tail: string): Doc {
  if (type.kind === 'union' && type.hug !== true) return afterOperator(`${key}:`, type.doc, tail);
  return [key, ': ', type.doc, tail];
}

function readType(text: string, layout: Layout): TypeNode {
  const reader = new TypeReader(text, layout);
  const node = reader.unionType();
  reader.done();
  return node;
}

/** The document of a type written as text. */
export function typeDoc(text: string, layout: Layout): Doc {
  return readType(text, layout).doc;
}

/**
 * The line of a property signature `key?: type;` of an interface or object type at indentation
 * `level`, with its newline. The emitters write types in prettier's one-line form, so a line that
 * fits is the text itself (most lines: the type is read and laid out only when it is too long).
 */
export function propertyLine(key: string, text: string, level: number, layout: Layout): string {
  const doc = fitsFlat(level, key.length + 2 + text.length + 1, text, layout) ? `${key}: ${text};` : annotated(key, readType(text, layout), ';');
  return `${layoutAt(doc, level, layout)}\n`;
}

/** Whether a one-line text of `width` characters fits at `level`, with no line break in it. */
function fitsFlat(level: number, width: number, text: string, layout: Layout): boolean {
  return level * 2 + width <= layout.printWidth && !text.includes('\n') && (layout.bracketSpacing || !text.includes('{'));
}

/** `type Name = type;` (with `export ` or other modifiers in `head`). */
export function typeAlias(head: string, text: string, layout: Layout): Doc {
  const type = readType(text, layout);
  if ((type.kind === 'union' && type.hug !== true) || type.kind === 'literal') return afterOperator(`${head} =`, type.doc, ';');
  return assignment(`${head} =`, type.doc, ';');
}
