/**
 * Synopsis parsers (`GET /api/<resource>?schema=synopsis`), XML and JSON. Pure.
 *
 * XML (what real stores describe fields with): `required`, `maxSize`, `format`,
 * `readOnly`/`read_only`, `notFilterable`, `<language>` children (multilingual), `xlink:href`
 * (foreign key), and `<associations>` with `nodeType` and `api` or `virtualEntity`.
 *
 * JSON (the spec's vocabulary): an object keyed by the singular node name whose members are field
 * descriptors `{required, maxSize, inputType}`. Real stores answer it without metadata (empty
 * strings, `[]`, or only `associations`); `parseJsonSynopsis` says so, and the caller then reads XML.
 */
import { isKnownInputType, makeField, type Association, type Field } from '../model/index.js';
import { jsonBudgetProblem } from './budget.js';
import { NUMERIC_TAG_PREFIX, parseXmlDocument, XmlReadError, type XmlElement } from './xml.js';

export interface ParsedSynopsis {
  /** Singular node name (the element / key the store keyed the synopsis by). */
  readonly nodeName: string;
  readonly fields: readonly Field[];
  readonly associations: readonly Association[];
  /** Language ids seen on multilingual fields (XML only). */
  readonly languageIds: readonly number[];
  readonly warnings: readonly string[];
}

export type JsonSynopsis =
  | ({ readonly kind: 'schema' } & ParsedSynopsis)
  | { readonly kind: 'no-metadata'; readonly nodeName: string; readonly reason: string };

/** A JSON document that cannot be used; `reason` is safe to show. */
export class JsonReadError extends Error {
  override readonly name = 'JsonReadError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

// ---------------------------------------------------------------------------------------------
// XML
// ---------------------------------------------------------------------------------------------

/** The resource a link points at: the path segment after `/api/` (`…/api/products/` → `products`). */
export function referenceFromHref(href: string | undefined): string | null {
  if (href === undefined || href === '') return null;
  let path: string;
  try {
    path = new URL(href, 'http://relative.invalid/').pathname;
  } catch {
    return null;
  }
  const segments = path.split('/').filter((s) => s !== '');
  const api = segments.lastIndexOf('api');
  const target = api >= 0 ? segments[api + 1] : undefined;
  if (target === undefined || !/^[A-Za-z0-9_]+$/.test(target)) return null;
  return decodeURIComponent(target);
}

function parseMaxSize(raw: string | undefined, where: string, warnings: string[]): number | null {
  if (raw === undefined || raw === '') return null;
  if (/^\d{1,15}$/.test(raw.trim())) return Number(raw.trim());
  warnings.push(`${where}: maxSize ${JSON.stringify(raw)} is not a non-negative integer; ignored`);
  return null;
}

function isTrue(v: string | undefined): boolean {
  return v !== undefined && v.trim().toLowerCase() === 'true';
}

function repairedName(name: string, where: string, warnings: string[]): string {
  if (!name.startsWith(NUMERIC_TAG_PREFIX)) return name;
  const original = name.slice(NUMERIC_TAG_PREFIX.length);
  if (original === '0') {
    warnings.push(`${where}: element <0> read as "id" (association bug of PrestaShop 8.0.4/8.1)`);
    return 'id';
  }
  warnings.push(`${where}: element <${original}> is not a valid field name; ignored`);
  return '';
}

function xmlField(el: XmlElement, name: string, where: string, warnings: string[], languageIds: Set<number>): Field {
  const a = el.attributes;
  const languages = el.children.filter((c) => c.name === 'language');
  for (const lang of languages) {
    const id = lang.attributes.id;
    if (id !== undefined && /^\d{1,9}$/.test(id)) languageIds.add(Number(id));
  }
  const others = el.children.filter((c) => c.name !== 'language');
  if (others.length > 0) {
    warnings.push(`${where}: unexpected child elements ${others.map((c) => `<${c.name}>`).join(', ')}; ignored`);
  }
  const format = a.format?.trim() ?? '';
  return makeField(name, {
    required: isTrue(a.required),
    maxSize: parseMaxSize(a.maxSize, where, warnings),
    format: format === '' ? null : format,
    inputType: null,
    multilingual: languages.length > 0,
    readOnly: isTrue(a.readOnly) || isTrue(a.read_only),
    filterable: !isTrue(a.notFilterable),
    references: referenceFromHref(a['xlink:href']),
  });
}

function xmlFields(
  elements: readonly XmlElement[],
  where: string,
  warnings: string[],
  languageIds: Set<number>,
): Field[] {
  const fields = new Map<string, Field>();
  for (const el of elements) {
    const name = repairedName(el.name, `${where}.${el.name}`, warnings);
    if (name === '') continue;
    if (fields.has(name)) {
      warnings.push(`${where}: field "${name}" appears twice; the first one is kept`);
      continue;
    }
    fields.set(name, xmlField(el, name, `${where}.${name}`, warnings, languageIds));
  }
  return [...fields.values()];
}

function xmlAssociation(el: XmlElement, where: string, warnings: string[], languageIds: Set<number>): Association {
  const a = el.attributes;
  const virtual = isTrue(a.virtualEntity);
  const api = a.api?.trim() ?? '';
  const templates = el.children;
  if (templates.length > 1) warnings.push(`${where}: ${templates.length} template items; only the first is read`);
  const template = templates[0];
  let nodeName = a.nodeType?.trim() ?? '';
  if (nodeName === '') {
    nodeName = template?.name ?? el.name;
    warnings.push(`${where}: no nodeType; using "${nodeName}"`);
  }
  if (!virtual && api === '') warnings.push(`${where}: neither api nor virtualEntity; target resource unknown`);
  // `api` may carry a sub-path (`images/products` on combinations); the resource is its first segment.
  const resource = api.split('/').find((s) => s !== '') ?? '';
  return {
    name: el.name,
    resource: virtual || resource === '' ? null : resource,
    api: virtual || resource === '' ? null : api,
    nodeName,
    virtual,
    fields: template === undefined ? [] : xmlFields(template.children, where, warnings, languageIds),
  };
}

/**
 * Parses an XML synopsis. Throws `XmlReadError` for unreadable XML or a document that is not a
 * synopsis (the caller checks for PrestaShop error documents first).
 */
export function parseXmlSynopsis(xml: string, resource: string): ParsedSynopsis {
  const root = parseXmlDocument(xml, { repairNumericTags: true });
  if (root.name !== 'prestashop') throw new XmlReadError(`the root element is <${root.name}>, not <prestashop>`);
  if (root.children.length !== 1) {
    throw new XmlReadError(`expected one element inside <prestashop>, found ${root.children.length}`);
  }
  const node = root.children[0]!;
  const warnings: string[] = [];
  const languageIds = new Set<number>();
  const fieldElements = node.children.filter((c) => c.name !== 'associations');
  const fields = xmlFields(fieldElements, resource, warnings, languageIds);
  const associations: Association[] = [];
  for (const block of node.children.filter((c) => c.name === 'associations')) {
    for (const el of block.children) {
      if (associations.some((x) => x.name === el.name)) {
        warnings.push(`${resource}: association "${el.name}" appears twice; the first one is kept`);
        continue;
      }
      associations.push(xmlAssociation(el, `${resource}@${el.name}`, warnings, languageIds));
    }
  }
  return {
    nodeName: node.name,
    fields,
    associations,
    languageIds: [...languageIds].sort((x, y) => x - y),
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const DESCRIPTOR_KEYS = ['required', 'maxSize', 'inputType'];

function isDescriptor(v: unknown): v is JsonObject {
  return isObject(v) && DESCRIPTOR_KEYS.some((k) => k in v);
}

function jsonBool(v: unknown, where: string, warnings: string[]): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0 || v === '') return false;
  warnings.push(`${where}: ${JSON.stringify(v)} is not a boolean; read as false`);
  return false;
}

function jsonMaxSize(v: unknown, where: string, warnings: string[]): number | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  warnings.push(`${where}: maxSize ${JSON.stringify(v)} is not a non-negative integer; ignored`);
  return null;
}

function jsonField(name: string, d: JsonObject, where: string, warnings: string[]): Field {
  let inputType: string | null = null;
  if (typeof d.inputType === 'string' && d.inputType !== '') {
    inputType = d.inputType;
    if (!isKnownInputType(inputType)) {
      warnings.push(`${where}: unknown inputType ${JSON.stringify(inputType)}; kept, typed as a string`);
    }
  } else if (d.inputType !== undefined && d.inputType !== null && d.inputType !== '') {
    warnings.push(`${where}: inputType ${JSON.stringify(d.inputType)} is not a string; ignored`);
  }
  const format = typeof d.format === 'string' && d.format.trim() !== '' ? d.format.trim() : null;
  return makeField(name, {
    required: jsonBool(d.required, `${where}.required`, warnings),
    maxSize: jsonMaxSize(d.maxSize, where, warnings),
    format,
    inputType,
    multilingual: inputType !== null && inputType.toLowerCase() === 'langlist',
    readOnly: jsonBool(d.readOnly, `${where}.readOnly`, warnings),
    filterable: true,
    references: null,
  });
}

/** The target path of a JSON association's `api` (`images/products`), or null when it is not a safe path. */
function jsonApi(v: unknown, where: string, warnings: string[]): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string' && /^[A-Za-z0-9_]{1,128}(?:\/[A-Za-z0-9_]{1,128}){0,3}$/.test(v.trim())) return v.trim();
  warnings.push(`${where}: api ${JSON.stringify(v)} is not a resource path; ignored`);
  return null;
}

/**
 * One association of a JSON synopsis. Two forms are read:
 * - described, with the XML synopsis's attribute names:
 *   `{ "nodeType": "category", "api": "categories" | "virtualEntity": true, "fields": { "id": { "required": true } } }`;
 * - a bare template, as real stores answer: `[{ "id": null }]` or `{ "id": "" }` (no node type, no target).
 */
function jsonAssociation(name: string, v: unknown, resource: string, warnings: string[]): Association {
  const where = `${resource}@${name}`;
  if (
    isObject(v) &&
    ('nodeType' in v || 'api' in v || 'virtualEntity' in v) &&
    (v.fields === undefined || isObject(v.fields))
  ) {
    const virtual = jsonBool(v.virtualEntity, `${where}.virtualEntity`, warnings);
    const api = virtual ? null : jsonApi(v.api, where, warnings);
    const nodeType = typeof v.nodeType === 'string' && v.nodeType.trim() !== '' ? v.nodeType.trim() : name;
    if (nodeType === name && v.nodeType === undefined) warnings.push(`${where}: no nodeType; using "${name}"`);
    if (!virtual && api === null) warnings.push(`${where}: neither api nor virtualEntity; target resource unknown`);
    const described = isObject(v.fields) ? Object.entries(v.fields) : [['id', {}] as [string, unknown]];
    return {
      name,
      resource: api === null ? null : api.split('/')[0]!,
      api,
      nodeName: nodeType,
      virtual,
      fields: described.map(([f, d]) => jsonField(f, isObject(d) ? d : {}, `${where}.${f}`, warnings)),
    };
  }
  const template = Array.isArray(v) ? v[0] : v;
  const fields = isObject(template)
    ? Object.entries(template).map(([f, d]) => jsonField(f, isDescriptor(d) ? d : {}, `${where}.${f}`, warnings))
    : [];
  warnings.push(`${where}: the JSON synopsis gives no node type or target resource; using node name "${name}"`);
  return { name, resource: null, api: null, nodeName: name, virtual: false, fields };
}

function jsonAssociations(value: unknown, resource: string, warnings: string[]): Association[] {
  if (!isObject(value)) {
    if (value !== undefined) warnings.push(`${resource}: "associations" is not an object; ignored`);
    return [];
  }
  return Object.entries(value).map(([name, v]) => jsonAssociation(name, v, resource, warnings));
}

/**
 * Parses a JSON synopsis. Returns `no-metadata` when the store answered the JSON form without
 * field descriptors (as every real PrestaShop does). Throws `JsonReadError` for unreadable JSON,
 * or a shape that is not a synopsis (a bare array, several root keys).
 */
export function parseJsonSynopsis(text: string, resource: string): JsonSynopsis {
  if (text.trim() === '') throw new JsonReadError('the JSON document is empty');
  const budget = jsonBudgetProblem(text);
  if (budget !== null) throw new JsonReadError(budget);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonReadError(`malformed or truncated JSON (${(error as Error).message})`);
  }
  if (Array.isArray(value))
    throw new JsonReadError('a bare JSON array where an object keyed by the node name was expected');
  if (!isObject(value)) throw new JsonReadError('the JSON document is not an object');
  const keys = Object.keys(value);
  if (keys.length !== 1) {
    throw new JsonReadError(`expected one key (the node name) at the top level, found ${keys.length}`);
  }
  const nodeName = keys[0]!;
  const body = value[nodeName];
  if (!isObject(body)) {
    return { kind: 'no-metadata', nodeName, reason: 'the JSON synopsis holds no field descriptors' };
  }
  const members = Object.entries(body).filter(([k]) => k !== 'associations');
  const described = members.filter(([, v]) => isDescriptor(v));
  if (described.length === 0) {
    return {
      kind: 'no-metadata',
      nodeName,
      reason:
        members.length === 0
          ? 'the JSON synopsis lists no fields (only associations, or nothing)'
          : 'the JSON synopsis lists fields without descriptors (empty values)',
    };
  }
  const warnings: string[] = [];
  const fields = members.map(([name, v]) => {
    if (!isDescriptor(v)) {
      warnings.push(`${resource}.${name}: no descriptor in the JSON synopsis; read with default attributes`);
      return makeField(name);
    }
    return jsonField(name, v, `${resource}.${name}`, warnings);
  });
  return {
    kind: 'schema',
    nodeName,
    fields,
    associations: jsonAssociations(body.associations, resource, warnings),
    languageIds: [],
    warnings,
  };
}
