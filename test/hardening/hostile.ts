/**
 * Hostile stores for the property-based tests: fast-check arbitraries of names and values built
 * from what breaks generators (reserved words, `__proto__`, comment and template terminators,
 * quotes, backslashes, line terminators, emoji, very long and empty names, paths, drive letters,
 * case-only duplicates), fixture stores that serve them the way a PrestaShop would, and the check
 * that a canary call never reaches generated code outside string literals and comments.
 */
import fc from 'fast-check';
import ts from 'typescript';
import type { FixtureStore, RecordedAnswer } from '../../src/fakestore/fixtures.js';

/** The code a hostile store tries to get into the output; `pwn (` must never be a token sequence there. */
export const CANARY = 'pwn';
const CANARY_SNIPPETS = [
  '*/pwn();/*',
  '${pwn()}',
  '`;pwn();`',
  '";pwn();"',
  "';pwn();'",
  '\\";pwn();//',
  '\npwn();\n',
  '\u2028pwn();\u2029',
  '\r\npwn()//',
  '</script>pwn()',
  '*/}pwn();{/*',
];

/** Names TypeScript, JavaScript or the generator itself care about. */
const SPECIAL_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'then',
  'class',
  'default',
  'delete',
  'enum',
  'export',
  'import',
  'new',
  'null',
  'true',
  'function',
  'let',
  'yield',
  'await',
  'async',
  'static',
  'interface',
  'type',
  'namespace',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  'Object',
  'Array',
  'Promise',
  'index',
  'shared',
  'runtime',
  'types',
  'Id',
  'LangId',
  'Multilang',
  'Extensions',
  'associations',
  'extensions',
  'id',
  '_',
  '__',
  'Products',
  'products',
  'PRODUCTS',
  'x',
  'X',
];
const DIGIT_FIRST = ['0', '1st_line', '3d_models', '42'];
const PATHS = [
  '../',
  '../../etc/passwd',
  '/etc/passwd',
  '/tmp/x',
  'C:\\Windows\\System32',
  'c:',
  'D:/x',
  '\\\\server\\share',
  'CON',
  'NUL',
  'aux.ts',
  '.',
  '..',
  '.git',
  'node_modules',
  '%2e%2e%2f',
  'a/b',
  'a\\b',
  '~/.ssh',
];
const CHARS = [
  '*/',
  '/*',
  '`',
  '${',
  '}',
  '"',
  "'",
  '\\',
  '\n',
  '\r',
  '\t',
  '\u2028',
  '\u2029',
  '\u0000',
  '\u001b',
  '🚀',
  '👨‍👩‍👧',
  'é',
  'İ',
  'ß',
  '\uFEFF',
  '\u200B',
  ' ',
  '<',
  '>',
  '&',
  ']]>',
  '\uD800',
];

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const storeName = fc.stringMatching(/^[A-Za-z0-9_]{1,24}$/);
const long = fc.constantFrom('a'.repeat(128), 'b'.repeat(129), `long_${'x'.repeat(300)}`);

/** Any name a store could send in JSON: anything at all, weighted towards trouble. */
export const anyName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_NAMES, ...DIGIT_FIRST), weight: 4 },
  { arbitrary: storeName, weight: 3 },
  { arbitrary: long, weight: 1 },
  { arbitrary: fc.constant(''), weight: 1 },
  { arbitrary: fc.constantFrom(...PATHS, ...CANARY_SNIPPETS), weight: 2 },
  {
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SPECIAL_NAMES, ...PATHS, ...CHARS, ...CANARY_SNIPPETS), word), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join('')),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
);

/** Names the introspector accepts that still trouble generators: reserved words, digit-first, 128 long, case twins. */
export const trickyName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_NAMES, ...DIGIT_FIRST.filter((n) => n !== '0')), weight: 4 },
  { arbitrary: storeName, weight: 2 },
  { arbitrary: fc.constant('a'.repeat(128)), weight: 1 },
);

/** `trickyName` that is also an XML element name (for XML synopses and the listing). */
export const trickyXmlName: fc.Arbitrary<string> = trickyName.filter((n) => /^[A-Za-z_]/.test(n));

/** A name that is a valid XML element name (what an XML synopsis or listing can carry), still hostile. */
export const xmlName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_NAMES.filter((n) => /^[A-Za-z_]/.test(n))), weight: 4 },
  { arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/), weight: 3 },
  { arbitrary: fc.constantFrom('a'.repeat(128), 'b'.repeat(129), `long_${'x'.repeat(300)}`), weight: 1 },
  { arbitrary: fc.constantFrom('été', 'a-b', 'a.b', 'ns:x', 'x·y', '日本', 'Ünïcode', '_-_'), weight: 2 },
);

/** A hostile string value (descriptions, formats, attribute values, header values, iso codes). */
export const anyValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...CANARY_SNIPPETS, ...PATHS, ...CHARS, ...SPECIAL_NAMES),
  fc
    .array(fc.oneof(fc.constantFrom(...CHARS, ...CANARY_SNIPPETS), word), { minLength: 1, maxLength: 5 })
    .map((p) => p.join('')),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** A value that can travel in an HTTP header (printable ASCII), still hostile. */
export const headerValue: fc.Arbitrary<string> = fc
  .array(fc.constantFrom('8.2.0', '*/', '/*', '`', '${', '}', '"', "'", '\\', 'pwn()', ';', ' ', '<', '>'), {
    minLength: 1,
    maxLength: 5,
  })
  .map((p) => p.join('').trim() || '8.2.0');

/** Adds case-only variants of some names (`Name` next to `name`). */
export function withCaseTwins(names: readonly string[], pick: readonly boolean[]): string[] {
  const out = [...names];
  names.forEach((n, i) => {
    if (pick[i % pick.length] === true) {
      const twin = n === n.toUpperCase() ? n.toLowerCase() : n.toUpperCase();
      if (twin !== n) out.push(twin);
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Synopsis documents
// ---------------------------------------------------------------------------------------------

export interface HostileField {
  readonly name: string;
  readonly required: string;
  readonly maxSize: string;
  readonly format: string;
  readonly readOnly: string;
  readonly href: string;
  readonly multilingual: boolean;
}

export interface HostileAssociation {
  readonly name: string;
  readonly nodeType: string;
  readonly api: string;
  readonly virtual: boolean;
  readonly template: string;
  readonly fields: readonly string[];
}

export interface HostileDocument {
  readonly kind: 'xml' | 'json';
  readonly node: string;
  readonly fields: readonly HostileField[];
  readonly associations: readonly HostileAssociation[];
}

export interface HostileResource {
  readonly name: string;
  readonly description?: string;
  readonly synopsis?: { readonly xml?: string; readonly json?: string | object };
  /** The list answer's element (default: the resource name). */
  readonly listNode?: string;
}

const boolish = fc.oneof(fc.constantFrom('true', 'false', 'TRUE', '1', ''), anyValue);
const sizeish = fc.oneof(fc.constantFrom('0', '64', '4194303', '999999999999999999999', '-1', '1e3', ''), anyValue);
const hrefish = fc.oneof(
  fc.constantFrom(
    '',
    'http://shop.example/api/products/',
    'http://shop.example/api/../../etc/',
    'javascript:pwn()',
    '//evil/api/x/',
  ),
  anyValue.map((v) => `http://shop.example/api/${v}/`),
);

interface NameSource {
  /** Names of fields, associations and the node. */
  readonly name: fc.Arbitrary<string>;
  /** Names as attribute values (`nodeType`, `api`): anything for hostile documents. */
  readonly attribute: fc.Arbitrary<string>;
}

function hostileField(names: NameSource): fc.Arbitrary<HostileField> {
  return fc.record({
    name: names.name,
    required: boolish,
    maxSize: sizeish,
    format: anyValue,
    readOnly: boolish,
    href: hrefish,
    multilingual: fc.boolean(),
  });
}

function hostileAssociation(names: NameSource): fc.Arbitrary<HostileAssociation> {
  return fc.record({
    name: names.name,
    nodeType: names.attribute,
    api: fc.oneof(fc.constantFrom('products', 'images/products', ''), names.attribute),
    virtual: fc.boolean(),
    template: xmlName,
    fields: fc.uniqueArray(names.name, { maxLength: 3 }),
  });
}

function documentOf(kind: 'xml' | 'json', names: NameSource): fc.Arbitrary<HostileDocument> {
  return fc.record({
    kind: fc.constant(kind),
    node: names.name,
    fields: fc.uniqueArray(hostileField(names), { minLength: 1, maxLength: 6, selector: (f) => f.name }),
    associations: fc.uniqueArray(hostileAssociation(names), { maxLength: 2, selector: (a) => a.name }),
  });
}

/**
 * One synopsis document: XML (names limited to XML names) or the spec's JSON (any name). `clean`
 * documents hold only names the introspector accepts (still reserved words, digit-first, 128
 * long...), so they reach the generator; the others are meant to be refused. Values are hostile
 * either way.
 */
export function hostileDocument(clean: boolean): fc.Arbitrary<HostileDocument> {
  const xml: NameSource = clean
    ? {
        name: fc.oneof({ arbitrary: trickyXmlName, weight: 9 }, { arbitrary: fc.constant('0'), weight: 1 }),
        attribute: trickyName,
      }
    : { name: fc.oneof(xmlName, fc.constantFrom('0', '1abc')), attribute: fc.oneof(anyValue, xmlName) };
  const json: NameSource = clean
    ? { name: trickyName, attribute: trickyName }
    : { name: anyName, attribute: fc.oneof(anyValue, anyName) };
  return fc.oneof(documentOf('xml', xml), documentOf('json', json));
}

const attr = (v: string): string =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XML synopsis PrestaShop would send for a document (names as given, every value escaped). */
export function renderXmlSynopsis(doc: HostileDocument): string {
  const field = (f: HostileField): string => {
    const attrs = [
      f.required === '' ? '' : ` required="${attr(f.required)}"`,
      f.maxSize === '' ? '' : ` maxSize="${attr(f.maxSize)}"`,
      f.format === '' ? '' : ` format="${attr(f.format)}"`,
      f.readOnly === '' ? '' : ` readOnly="${attr(f.readOnly)}"`,
      f.href === '' ? '' : ` xlink:href="${attr(f.href)}"`,
    ].join('');
    const inner = f.multilingual
      ? '<language id="1" xlink:href="http://shop.example/api/languages/1" format="isUnsignedId" ><![CDATA[]]></language>'
      : '<![CDATA[]]>';
    return `\t<${f.name}${attrs}>${inner}</${f.name}>\n`;
  };
  const association = (a: HostileAssociation): string =>
    `<${a.name} nodeType="${attr(a.nodeType)}"${a.virtual ? ' virtualEntity="true"' : ` api="${attr(a.api)}"`}>\n\t<${a.template}>\n` +
    a.fields.map((f) => `\t<${f}><![CDATA[]]></${f}>\n`).join('') +
    `\t</${a.template}>\n</${a.name}>\n`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<${doc.node}>\n` +
    doc.fields.map(field).join('') +
    (doc.associations.length === 0
      ? ''
      : `<associations>\n${doc.associations.map(association).join('')}</associations>\n`) +
    `</${doc.node}>\n</prestashop>\n`
  );
}

/** JSON text of an object given as entries, so keys such as `__proto__` stay own keys. */
function jsonObject(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** The spec-style JSON synopsis of a document: field descriptors with hostile values. */
export function renderJsonSynopsis(doc: HostileDocument): string {
  const descriptor = (f: HostileField): string =>
    jsonObject([
      ['required', /^(true|false)$/.test(f.required) ? f.required : JSON.stringify(f.required)],
      ['maxSize', /^\d{1,6}$/.test(f.maxSize) ? f.maxSize : JSON.stringify(f.maxSize)],
      ['inputType', JSON.stringify(f.format)],
      ['format', JSON.stringify(f.href)],
      ['readOnly', JSON.stringify(f.readOnly)],
    ]);
  const associations = jsonObject(
    doc.associations.map((a) => [a.name, `[${jsonObject(a.fields.map((f) => [f, '{"required":true}']))}]`]),
  );
  const body = jsonObject([
    ...doc.fields.map((f) => [f.name, descriptor(f)] as const),
    ...(doc.associations.length > 0 ? [['associations', associations] as const] : []),
  ]);
  return jsonObject([[doc.node, body]]);
}

// ---------------------------------------------------------------------------------------------
// A fixture store serving hostile resources
// ---------------------------------------------------------------------------------------------

const WS = 'http://prestashop.test/api/';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';
const text = (v: string): string => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An in-memory fixture store (for `startFakeStore({ fixtures })`) whose resources are given by the test. */
export function fixtureStore(
  resources: readonly HostileResource[],
  options: { psVersion?: string | null; languages?: readonly { id: number; isoCode: string }[] } = {},
): FixtureStore {
  const answers = new Map<string, RecordedAnswer>();
  const xml = (body: string): RecordedAnswer => ({ status: 200, headers: { 'Content-Type': 'text/xml' }, body });
  const json = (body: string): RecordedAnswer => ({
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  const flags = 'get="true" put="true" post="true" patch="true" delete="true" head="true"';
  let index = `${XML_HEAD}<api shopName="PrestaShop">\n`;
  for (const r of resources) {
    const href = `${WS}${encodeURIComponent(r.name)}`;
    index +=
      `<${r.name} xlink:href="${attr(href)}" ${flags}>\n<description xlink:href="${attr(href)}" ${flags}>\n${text(r.description ?? r.name)}</description>\n` +
      `<schema xlink:href="${attr(href)}?schema=synopsis" type="synopsis"/>\n</${r.name}>\n`;
    const s = r.synopsis ?? {};
    if (s.json !== undefined)
      answers.set(`synopsis/${r.name}.JSON`, json(typeof s.json === 'string' ? s.json : JSON.stringify(s.json)));
    else answers.set(`synopsis/${r.name}.JSON`, json(JSON.stringify({ [r.name]: [] })));
    if (s.xml !== undefined) answers.set(`synopsis/${r.name}.XML`, xml(s.xml));
    const list = r.listNode ?? r.name;
    answers.set(`list/${r.name}.XML`, xml(`${XML_HEAD}<${list}>\n</${list}>\n</prestashop>\n`));
  }
  index += '</api>\n</prestashop>\n';
  return {
    dir: '(in memory)',
    psVersion: options.psVersion === undefined ? '8.2.0' : options.psVersion,
    wsUrl: WS,
    languages: options.languages ?? [{ id: 1, isoCode: 'en' }],
    resources: resources.map((r) => ({
      name: r.name,
      description: r.description ?? r.name,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    })),
    apiIndex: index,
    answers,
  };
}

// ---------------------------------------------------------------------------------------------
// The canary check
// ---------------------------------------------------------------------------------------------

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/**
 * The tokens of a TypeScript source outside string literals, template literal text and comments
 * (the scanner skips comments as trivia; template literals are re-scanned at each `}` that closes
 * a substitution).
 */
function codeTokens(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, source);
  const tokens: string[] = [];
  const braces: ('template' | 'block')[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && braces[braces.length - 1] === 'template') {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) braces.pop();
      continue;
    }
    if (kind === ts.SyntaxKind.TemplateHead) braces.push('template');
    else if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('block');
    else if (kind === ts.SyntaxKind.CloseBraceToken) braces.pop();
    if (!LITERALS.has(kind)) tokens.push(scanner.getTokenText());
  }
  return tokens;
}

/** Where the canary is called in code: `pwn` followed by `(` outside literals and comments. */
export function canaryCalls(source: string): number {
  const tokens = codeTokens(source);
  let n = 0;
  for (let i = 0; i + 1 < tokens.length; i++) if (tokens[i] === CANARY && tokens[i + 1] === '(') n++;
  return n;
}
