/** Helpers for the client and CRUD store tests. */
import { readFileSync } from 'node:fs';
import { parseSnapshot, type StoreSchema } from '../../src/model/index.js';

/** The PrestaShop 8.2.0 golden snapshot (the introspector's output on the bundled fake store). */
export function crudSchema(): StoreSchema {
  const path = new URL('../golden/prestashop-8.2.0/prestashop-schema.json', import.meta.url);
  return parseSnapshot(readFileSync(path, 'utf8'), path.pathname);
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** A raw request to a store with the key as Basic user name. */
export async function raw(
  base: string,
  key: string | null,
  method: string,
  path: string,
  init: { readonly body?: string; readonly format?: 'JSON' | 'XML'; readonly headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (key !== null) headers['Authorization'] = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  if (init.format !== undefined) headers['Output-Format'] = init.format;
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export const productXml = (fields: string, id?: number): string =>
  `<prestashop xmlns:xlink="http://www.w3.org/1999/xlink"><product>${id === undefined ? '' : `<id>${id}</id>`}${fields}</product></prestashop>`;
