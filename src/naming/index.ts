/**
 * Every generated identifier, key and file name comes from here.
 *
 * Rules:
 * - wire names (resource keys, field keys) are never re-cased: `stock_availables`, `id_manufacturer`;
 *   a key that is not a valid identifier is quoted;
 * - type names are the PascalCase of the store's singular node name (`Product`, `StockMvt`, `Content`);
 * - reserved words and digit-first names are made safe; collisions get a stable numeric suffix,
 *   decided in code-unit order of the wire names so the result never depends on input order;
 * - file names are restricted to `[a-z0-9_]`, are unique case-insensitively, and never hold a path
 *   separator or `..`, so nothing a store sends can move a file outside the output directory.
 */
import { compareCodeUnits, type Resource, type StoreSchema } from '../model/index.js';
import { RESERVED, RESERVED_FILE_STEMS, RESERVED_TYPE_NAMES } from './reserved.js';

const IDENTIFIER_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** True when `name` can be written as a bare property key or identifier. */
function isIdentifier(name: string): boolean {
  return IDENTIFIER_RE.test(name);
}

/**
 * A string literal that is safe anywhere in TypeScript source (quotes, backslashes, U+2028/9
 * escaped), in the quotes prettier would pick: double, unless the value holds more double quotes
 * than single ones.
 */
export function jsString(value: string): string {
  const json = JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34) doubles++;
    else if (c === 39) singles++;
  }
  if (doubles <= singles) return json;
  // Single quotes: `\"` loses its backslash, `'` gains one (one pass over the JSON text).
  let out = "'";
  for (let i = 1; i < json.length - 1; i++) {
    const c = json[i]!;
    if (c === '\\') {
      const next = json[i + 1]!;
      out += next === '"' ? '"' : `\\${next}`;
      i++;
    } else out += c === "'" ? "\\'" : c;
  }
  return `${out}'`;
}

/** An identifier name (letters of any script, as the running Node knows them). */
const KEY_NAME_RE = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/**
 * Letters of long-standing scripts (Unicode 1.1: Latin-1 and Latin Extended-A, Greek, Cyrillic,
 * Hebrew, Arabic, kana, CJK ideographs, Hangul syllables): identifier characters for every
 * TypeScript and in ES5's tables, which prettier's `quoteProps: "as-needed"` reads.
 */
const OLD_LETTERS_RE =
  /^[\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F\u0386-\u03CE\u0400-\u04FF\u05D0-\u05EA\u0621-\u064A\u3041-\u30FF\u4E00-\u9FA5\uAC00-\uD7A3]$/;

/**
 * A property key of a type or object literal: bare when it is an identifier name whose non-ASCII
 * letters all come from long-standing scripts (`OLD_LETTERS_RE`), as prettier's `quoteProps:
 * "as-needed"` writes it; quoted otherwise. Newer letters stay quoted on purpose: whether they are
 * identifier characters depends on the Unicode version of the user's TypeScript (letters of Unicode
 * 16 gave TypeScript 5.9 errors), and a quoted key means the same everywhere. A quoted
 * `"__proto__"` key means the same as a bare one, in types and in literals.
 */
export function propertyKey(name: string): string {
  if (isIdentifier(name)) return name;
  const bare = KEY_NAME_RE.test(name) && [...name].every((c) => c.charCodeAt(0) < 0x80 || OLD_LETTERS_RE.test(c));
  return bare ? name : jsString(name);
}

/**
 * Text safe inside a `/** ... *\/` comment: no comment terminator, no line breaks of any kind,
 * no control characters.
 */
export function docText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\*\//g, '*\\/')
      .replace(/\/\*/g, '/\\*')
      .trim()
  );
}

/** A `/** ... *\/` block from lines (each sanitised), indented; empty string when there are none. */
export function jsdoc(lines: readonly string[], indent = ''): string {
  const clean = lines.map(docText).filter((l) => l.length > 0);
  if (clean.length === 0) return '';
  if (clean.length === 1) return `${indent}/** ${clean[0]} */\n`;
  return `${indent}/**\n${clean.map((l) => `${indent} * ${l}\n`).join('')}${indent} */\n`;
}

/** Splits a wire name into ASCII words (`stock_mvt` → `stock`, `mvt`; `orderRow` → `order`, `Row`). */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** PascalCase of a wire name, made a safe identifier (never empty, never digit-first, never reserved). */
export function pascalCase(name: string): string {
  let out = words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  if (out.length === 0) out = 'Unnamed';
  if (/^[0-9]/.test(out)) out = `_${out}`;
  if (RESERVED.has(out) || RESERVED.has(out.toLowerCase())) out = `${out}_`;
  return out;
}

/** camelCase variant of `pascalCase`. */
function camelCase(name: string): string {
  const p = pascalCase(name);
  const c = p.startsWith('_') ? p : p[0]!.toLowerCase() + p.slice(1);
  return RESERVED.has(c) ? `${c}_` : c;
}

/** A safe file stem for a wire name: lower-case `[a-z0-9_]`, never empty, never a reserved stem. */
function fileStem(name: string): string {
  let out = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (out.length === 0) out = 'unnamed';
  if (out.length > 80) out = out.slice(0, 80);
  if (RESERVED_FILE_STEMS.has(out)) out = `${out}_`;
  return out;
}

/** The names of everything generated for one resource. */
export interface ResourceNames {
  /** Wire name (`stock_availables`). */
  readonly wire: string;
  /** Read type (`StockAvailable`). */
  readonly type: string;
  /** POST/PUT body type (`StockAvailableInput`). */
  readonly input: string;
  /** PATCH body type (`StockAvailablePatch`). */
  readonly patch: string;
  /** Standalone validators. */
  readonly validateInput: string;
  readonly validatePatch: string;
  /** Client factory / interface for this resource (`StockAvailablesClient`). */
  readonly client: string;
  /** Runtime metadata constant (`stockAvailablesMeta`). */
  readonly meta: string;
  /** File stem, unique case-insensitively (`stock_availables`). */
  readonly file: string;
}

/** Assigns every resource its names once per run. Deterministic: independent of input order. */
export class NameTable {
  private readonly byWire = new Map<string, ResourceNames>();

  constructor(resources: readonly Pick<Resource, 'name' | 'nodeName'>[]) {
    const sorted = [...resources].sort((a, b) => compareCodeUnits(a.name, b.name));
    const takenTypes = new Set<string>(RESERVED_TYPE_NAMES);
    const takenFiles = new Set<string>();
    const takenValues = new Set<string>();
    for (const r of sorted) {
      const base = pascalCase(r.nodeName ?? r.name);
      const type = claim(base, takenTypes, (candidate) => [candidate, `${candidate}Input`, `${candidate}Patch`]);
      const clientBase = `${pascalCase(r.name)}Client`;
      const client = claim(clientBase, takenTypes, (c) => [c]);
      const metaBase = `${camelCase(r.name)}Meta`;
      const meta = claim(metaBase, takenValues, (c) => [c]);
      const file = claimFile(fileStem(r.name), takenFiles);
      this.byWire.set(r.name, {
        wire: r.name,
        type,
        input: `${type}Input`,
        patch: `${type}Patch`,
        validateInput: `validate${type}Input`,
        validatePatch: `validate${type}Patch`,
        client,
        meta,
        file,
      });
    }
  }

  static forSchema(schema: StoreSchema): NameTable {
    return new NameTable(schema.resources);
  }

  /** Names of one resource; throws for a resource the table does not hold (a programming error). */
  of(resource: string): ResourceNames {
    const names = this.byWire.get(resource);
    if (names === undefined) throw new Error(`naming: unknown resource ${JSON.stringify(resource)}`);
    return names;
  }

  has(resource: string): boolean {
    return this.byWire.has(resource);
  }
}

/** Claims the first of `base`, `base2`, `base3`, ... whose derived names are all free. */
function claim(base: string, taken: Set<string>, derived: (candidate: string) => string[]): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    const all = derived(candidate);
    if (all.every((d) => !taken.has(d))) {
      for (const d of all) taken.add(d);
      return candidate;
    }
  }
}

function claimFile(base: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}_${n}`;
    const key = candidate.toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return candidate;
    }
  }
}

/** The wire key PrestaShop nests an item's associations under. A field of that name cannot be typed. */
export const ASSOCIATIONS_KEY = 'associations';

/**
 * Key of the typed escape hatch that holds fields the snapshot does not describe (module fields):
 * `extensions`, or `extensions_`, `extensions__`, ... when the resource has a field of that name.
 * Types, validators and the client runtime must all use this function so they agree.
 */
export function extensionsKey(fieldNames: Iterable<string>): string {
  const taken = new Set(fieldNames);
  taken.add(ASSOCIATIONS_KEY);
  let key = 'extensions';
  while (taken.has(key)) key = `${key}_`;
  return key;
}
