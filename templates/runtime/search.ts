/**
 * `search`: a specific-management resource without a synopsis, written by hand.
 * `GET /api/search?query=…&language=N` finds products and answers them with the categories they
 * belong to. Both parameters are mandatory (the store answers 400, code 100, without them).
 * `display: 'full'` returns decoded products and categories; without it, their ids.
 */
import { decodeJsonDocument, decodeXmlDocument, type DecodeContext, type Entity } from './decode.js';
import { decodeError, parseJsonAnswer } from './http-body.js';
import type { ResourceMeta } from './meta.js';
import type { Params } from './query.js';
import type { ClientContext } from './resource.js';
import { child, parseXml } from './xml.js';

export interface SearchQuery {
  /** The words to look for (PrestaShop's front-office search). */
  readonly query: string;
  /** The language to search in (one language id). */
  readonly language: number;
  readonly signal?: AbortSignal | undefined;
}

export interface SearchIds {
  readonly products: number[];
  readonly categories: number[];
}

export interface SearchResult<P, C> {
  readonly products: P[];
  readonly categories: C[];
}

/** Runs a search; `metas` decode full entities, or null to get ids only. */
export async function runSearch(
  ctx: ClientContext,
  query: SearchQuery,
  metas: { readonly products: ResourceMeta; readonly categories: ResourceMeta } | null,
): Promise<SearchResult<Entity, Entity>> {
  if (typeof query.query !== 'string' || query.query.trim() === '') throw new RangeError('search: query must be a non-empty string');
  if (!Number.isInteger(query.language) || query.language <= 0) throw new RangeError('search: language must be a language id');
  const params: Params = [
    ['query', query.query],
    ['language', String(query.language)],
  ];
  if (metas !== null) params.push(['display', 'full']);
  const format = metas !== null && ctx.format === 'json' ? 'JSON' : 'XML';
  const res = await ctx.transport.expectOk({ method: 'GET', path: 'search', params, format, signal: query.signal });
  const decodeCtx: DecodeContext = { codec: ctx.codec, fields: null, bareLanguage: query.language };
  const productsMeta = metas?.products ?? idOnly('products', 'product');
  const categoriesMeta = metas?.categories ?? idOnly('categories', 'category');
  try {
    // The answer holds two lists (either may be absent when nothing was found).
    if (format === 'JSON') {
      const json: unknown = parseJsonAnswer(res.text);
      const doc = (typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}) as Record<string, unknown>;
      const pick = (meta: ResourceMeta): Entity[] =>
        doc[meta.nodes] === undefined ? [] : decodeJsonDocument(meta, { [meta.nodes]: doc[meta.nodes] }, decodeCtx).items;
      return { products: pick(productsMeta), categories: pick(categoriesMeta) };
    }
    const root = parseXml(res.text);
    const pick = (meta: ResourceMeta): Entity[] => (child(root, meta.nodes) === undefined ? [] : decodeXmlDocument(meta, root, decodeCtx).items);
    return { products: pick(productsMeta), categories: pick(categoriesMeta) };
  } catch (error) {
    throw decodeError(error, res.status, 'GET', res.url, ctx.transport.apiKey);
  }
}

/** Ids of a search result. */
export function searchIds(result: SearchResult<Entity, Entity>): SearchIds {
  return { products: result.products.map((p) => Number(p['id'])), categories: result.categories.map((c) => Number(c['id'])) };
}

function idOnly(name: string, node: string): ResourceMeta {
  return { name, node, nodes: name, fields: [{ name: 'id', kind: 'id' }], associations: [] };
}

/** The `search` function of a client: ids by default, decoded entities with `display: 'full'`. */
export interface SearchFunction<P, C> {
  (query: SearchQuery & { readonly display: 'full' }): Promise<SearchResult<P, C>>;
  (query: SearchQuery & { readonly display?: undefined }): Promise<SearchIds>;
}

export function createSearch<P, C>(
  ctx: ClientContext,
  metas: { readonly products: ResourceMeta; readonly categories: ResourceMeta } | null,
): SearchFunction<P, C> {
  const search = async (query: SearchQuery & { readonly display?: 'full' }): Promise<unknown> => {
    if (query.display === 'full') {
      if (metas === null) throw new RangeError('search: display "full" needs the products and categories resources in the snapshot');
      return runSearch(ctx, query, metas);
    }
    return searchIds(await runSearch(ctx, query, null));
  };
  return search as SearchFunction<P, C>;
}
