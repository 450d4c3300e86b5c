/**
 * Loading a fake store's fixture directory. The directory holds the store's recorded answers:
 *
 * - `resources.json`: `{ prestashop_version, ws_url, languages: [{id, iso_code}], resources: [{name, description, methods?}] }`
 *   (`methods`: what a key with every permission holds; default all six);
 * - `responses.json`: `{ responses: { "<kind>/<resource>.<XML|JSON>": {status, headers, file} } }`
 *   where kind is `synopsis`, `blank` or `list` (and `errors/<case>` for error answers);
 * - `api-index.xml`: the `/api` listing for a key holding every method on every resource;
 * - the body files the responses name (paths relative to the directory).
 *
 * Bodies mention the URL the store was recorded at (`ws_url`); the server rewrites it to its own.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTTP_METHODS, type HttpMethod } from '../model/index.js';

export interface RecordedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body, '' when the store sent none. */
  readonly body: string;
}

export interface FixtureStore {
  readonly dir: string;
  readonly psVersion: string | null;
  /** The recorded base of the webservice, e.g. `http://prestashop.test/api/`. */
  readonly wsUrl: string;
  readonly languages: readonly { readonly id: number; readonly isoCode: string }[];
  /** Resources and the methods the store grants a key holding every permission (default: all six). */
  readonly resources: readonly {
    readonly name: string;
    readonly description: string;
    readonly methods: readonly HttpMethod[];
  }[];
  readonly apiIndex: string;
  /** Keyed `synopsis/products.XML`, `list/orders.JSON`, `errors/key-unknown.XML`, … */
  readonly answers: ReadonlyMap<string, RecordedAnswer>;
}

/** The fixture directories shipped with the package. */
export function bundledFixtureDir(name: 'prestashop-8.2.0' | 'spec-store'): string {
  return fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url));
}

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string> | unknown[];
  readonly file: string | null;
}

export async function loadFixtureStore(dir: string): Promise<FixtureStore> {
  const resourcesJson = JSON.parse(await readFile(join(dir, 'resources.json'), 'utf8')) as {
    prestashop_version: string | null;
    ws_url: string;
    languages: { id: number; iso_code: string }[];
    resources: { name: string; description: string; methods?: HttpMethod[] }[];
  };
  const responsesJson = JSON.parse(await readFile(join(dir, 'responses.json'), 'utf8')) as {
    responses: Record<string, RawResponse>;
  };
  const answers = new Map<string, RecordedAnswer>();
  const files = new Map<string, Promise<string>>();
  const read = (file: string): Promise<string> => {
    let p = files.get(file);
    if (p === undefined) {
      p = readFile(join(dir, file), 'utf8');
      files.set(file, p);
    }
    return p;
  };
  await Promise.all(
    Object.entries(responsesJson.responses).map(async ([id, r]) => {
      const headers = Array.isArray(r.headers) ? {} : r.headers;
      answers.set(id, { status: r.status, headers, body: r.file === null ? '' : await read(r.file) });
    }),
  );
  return {
    dir,
    psVersion: resourcesJson.prestashop_version,
    wsUrl: resourcesJson.ws_url,
    languages: resourcesJson.languages.map((l) => ({ id: l.id, isoCode: l.iso_code })),
    resources: resourcesJson.resources.map((r) => ({
      name: r.name,
      description: r.description,
      methods: r.methods ?? HTTP_METHODS,
    })),
    apiIndex: await readFile(join(dir, 'api-index.xml'), 'utf8'),
    answers,
  };
}
