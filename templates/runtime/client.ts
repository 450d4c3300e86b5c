/**
 * What `createClient` (generated in clients/index.ts) is built from: its options and the shared
 * per-client context every resource uses.
 */
import { Transport, type TransportOptions } from './http.js';
import type { Codec } from './meta.js';
import type { ShopContext } from './query.js';
import type { ClientContext } from './resource.js';

export interface ClientOptions extends TransportOptions {
  /**
   * Default `language` of reads: one language id, or several. Default: every active language.
   * Writes are not affected (a write body carries the languages it sets).
   */
  readonly language?: number | readonly number[] | undefined;
  /** Default multistore context: `{ id_shop }` or `{ id_shop_group }`. */
  readonly shop?: ShopContext | undefined;
  /**
   * How answers are read. `xml` (default) is lossless on every PrestaShop generation; `json`
   * parses faster and is lossless too on 8.x/9.0 thanks to `display=full` (see the README).
   * Writes always send XML, the only input format PrestaShop reads.
   */
  readonly format?: 'xml' | 'json' | undefined;
  /** Run the generated validators before every write (default true); a write can opt out too. */
  readonly validate?: boolean | undefined;
}

/** Builds the context the resource clients share. `languages` are the store languages of the snapshot. */
export function createContext(options: ClientOptions, codec: Codec, languages: readonly number[]): ClientContext {
  if (options.format !== undefined && options.format !== 'xml' && options.format !== 'json') {
    throw new TypeError('format: expected "xml" or "json"');
  }
  return {
    transport: new Transport(options),
    codec,
    format: options.format ?? 'xml',
    language: options.language,
    shop: options.shop,
    languages,
    validate: options.validate ?? true,
  };
}
