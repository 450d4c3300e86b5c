/** The shapes the CRUD engine (engine.ts) takes and answers: its options, a request, an upload, an answer. */
import type { HttpMethod, StoreSchema } from '../../model/index.js';
import type { CrudSeed } from './engine.js';
import type { CrudGeneration } from './render.js';
import type { SeedRecords } from './seed.js';

export interface CrudEngineOptions {
  /** The store model (a snapshot): node names, fields, associations, methods. */
  readonly schema: StoreSchema;
  /** Resources served (default: every resource of the snapshot that has a node name). */
  readonly resources?: readonly string[];
  /** JSON behaviour: 1.7.8 (nothing dropped), 8.x (falsy-filtered item form), 9.0 (8.x + native ints). Default 8.x. */
  readonly generation?: CrudGeneration;
  /** What the store starts with (default true: every resource seeded). */
  readonly seed?: CrudSeed;
  /** Records to start with instead of any seed (`loadSeedRecords()`: the 8.2.0 seed), for the resources served. */
  readonly records?: SeedRecords;
  /** Demo records the default seed starts from (`startFakeStore` passes the bundled 8.2.0 ones). */
  readonly demo?: SeedRecords;
  /** Clock for date_add/date_upd (default: a fixed clock that advances one second per write). */
  readonly now?: () => Date;
}

export interface CrudRequest {
  /** The method after the `ps_method` override. */
  readonly method: string;
  /** Path segments after `/api/` (`['products', '5']`). */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
  readonly body: string;
  /** The parts of a multipart body (image uploads), by field name. */
  readonly multipart?: ReadonlyMap<string, UploadedFile>;
  readonly format: 'XML' | 'JSON';
  /** `http://127.0.0.1:port/api/` */
  readonly wsUrl: string;
  /** The methods the key's flags allow on the resource (default: the model's methods). */
  readonly keyMethods?: readonly HttpMethod[];
}

export interface UploadedFile {
  readonly bytes: Uint8Array;
  readonly type: string;
  readonly filename: string;
  /** Set for a plain form field (`name` of an attachment upload), which PHP puts in `$_POST`. */
  readonly text?: string;
}

export interface CrudAnswer {
  readonly status: number;
  /** '' when there is no body (DELETE, 404), as PrestaShop sends `Content-Type: `. */
  readonly contentType: string;
  readonly body: string | Uint8Array;
  /** More headers (`Content-Disposition` of a download). */
  readonly headers?: Readonly<Record<string, string>>;
}
