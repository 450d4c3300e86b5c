/**
 * What `createClient` (generated in clients/index.ts) is built from: its options and the shared
 * per-client context every resource uses.
 */
import { Transport, type TransportOptions } from './http.js';
import type { Codec } from './meta.js';
import type { ShopContext } from './query.js';
import type { ClientContext } from './resource.js';
import { checkTimeZone } from './timezone.js';

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
  /**
   * `update`/`patch` with a multilingual value that leaves out some of the store's languages: read
   * the current record first (one GET of those fields) and send the missing languages unchanged,
   * because a PUT empties them (default true). A write can opt out too.
   */
  readonly fillLanguages?: boolean | undefined;
  /**
   * `auto` (default): on resources with fields the store refuses to receive although a PUT empties
   * them (`customers.secure_key` on 9.0), `update` is sent as a PATCH with the same body, which keeps
   * them (falling back to PUT where the store has no PATCH). `put`: always a PUT.
   */
  readonly updateMode?: 'auto' | 'put' | undefined;
  /**
   * With `dates: 'Date'`: the store's time zone (its `PS_TIMEZONE`, e.g. `Europe/Paris`). Dates are
   * then decoded and encoded as real instants. Without it the wall-clock times the store sends are
   * read as UTC (off by the store's UTC offset). Overrides the zone recorded in the snapshot.
   */
  readonly timeZone?: string | undefined;
}

/** Builds the context the resource clients share. `languages` are the store languages of the snapshot. */
export function createContext(options: ClientOptions, codec: Codec, languages: readonly number[]): ClientContext {
  if (options.format !== undefined && options.format !== 'xml' && options.format !== 'json') {
    throw new TypeError('format: expected "xml" or "json"');
  }
  if (options.updateMode !== undefined && options.updateMode !== 'auto' && options.updateMode !== 'put') {
    throw new TypeError('updateMode: expected "auto" or "put"');
  }
  const timeZone = options.timeZone ?? codec.timeZone;
  if (timeZone !== undefined) checkTimeZone(timeZone);
  return {
    transport: new Transport(options),
    codec: timeZone === undefined ? codec : { ...codec, timeZone },
    format: options.format ?? 'xml',
    language: options.language,
    shop: options.shop,
    languages,
    validate: options.validate ?? true,
    fillLanguages: options.fillLanguages ?? true,
    updateMode: options.updateMode ?? 'auto',
  };
}
