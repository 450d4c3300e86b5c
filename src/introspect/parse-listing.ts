/**
 * The XML `/api` listing, a list answer's node name, and the `languages` list. Pure.
 */
import { HTTP_METHODS, type HttpMethod, type Language } from '../model/index.js';
import { childrenNamed, parseXmlDocument, XmlReadError, type XmlElement } from './xml.js';

export interface ListingEntry {
  /** Resource name (the element name), e.g. `order_slip`. */
  readonly name: string;
  readonly description: string | null;
  /** Methods the listing grants this key (its `get`/`put`/`post`/`patch`/`delete`/`head` flags). */
  readonly keyMethods: readonly HttpMethod[];
  /** True when the listing links a synopsis schema (specific-management resources have none). */
  readonly hasSchema: boolean;
}

export interface ApiListing {
  readonly shopName: string | null;
  readonly resources: readonly ListingEntry[];
}

function rootChild(xml: string, what: string): XmlElement {
  const root = parseXmlDocument(xml);
  if (root.name !== 'prestashop')
    throw new XmlReadError(`${what}: the root element is <${root.name}>, not <prestashop>`);
  if (root.children.length !== 1) {
    throw new XmlReadError(`${what}: expected one element inside <prestashop>, found ${root.children.length}`);
  }
  return root.children[0]!;
}

function methodFlags(el: XmlElement): HttpMethod[] {
  return HTTP_METHODS.filter((m) => el.attributes[m.toLowerCase()] === 'true');
}

/** Parses `GET /api` (XML). Throws `XmlReadError` when the document is not a listing. */
export function parseApiListing(xml: string): ApiListing {
  const api = rootChild(xml, 'listing');
  if (api.name !== 'api') throw new XmlReadError(`listing: expected <api> inside <prestashop>, found <${api.name}>`);
  const seen = new Set<string>();
  const resources: ListingEntry[] = [];
  for (const el of api.children) {
    if (seen.has(el.name)) continue;
    seen.add(el.name);
    const description = childrenNamed(el, 'description')[0]?.text ?? '';
    resources.push({
      name: el.name,
      description: description === '' ? null : description.replace(/\s+/g, ' '),
      keyMethods: methodFlags(el),
      hasSchema: childrenNamed(el, 'schema').some((s) => s.attributes.type === 'synopsis'),
    });
  }
  return { shopName: api.attributes.shopName ?? null, resources };
}

/** The plural node name of a list answer (`GET /api/<resource>`, XML): the element inside `<prestashop>`. */
export function parseListNodesName(xml: string): string {
  return rootChild(xml, 'list').name;
}

/**
 * Languages from `GET /api/languages` (XML), either the minimal form (`<language id="1"/>`) or
 * with `display=[id,iso_code]` (`<language><id>1</id><iso_code>en</iso_code></language>`).
 */
export function parseLanguageList(xml: string): Language[] {
  const list = rootChild(xml, 'languages list');
  const out = new Map<number, Language>();
  for (const el of childrenNamed(list, 'language')) {
    const idText = el.attributes.id ?? childrenNamed(el, 'id')[0]?.text ?? '';
    if (!/^\d{1,9}$/.test(idText)) continue;
    const iso = childrenNamed(el, 'iso_code')[0]?.text ?? '';
    const id = Number(idText);
    if (!out.has(id)) out.set(id, { id, isoCode: iso === '' ? null : iso });
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}
