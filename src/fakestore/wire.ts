/**
 * What a PrestaShop webservice puts on the wire, rebuilt for the fake store: error documents,
 * the `/api` listing for a key, the 1.7-style JSON synopsis, the languages list. Pure.
 */
import type { HttpMethod } from '../model/index.js';

export type WireFormat = 'XML' | 'JSON';

export interface WireError {
  readonly code: number | null;
  readonly message: string;
}

/** Text as CDATA, `]]>` split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

export const XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';
export const XML_TAIL = '</prestashop>\n';

/** PrestaShop's error document (`WebserviceOutputXML::renderErrors` / the JSON renderer). */
export function renderErrors(errors: readonly WireError[], format: WireFormat): string {
  if (format === 'JSON') {
    return JSON.stringify({ errors: errors.map((e) => ({ code: e.code, message: e.message })) }).replace(/\//g, '\\/');
  }
  const items = errors
    .map(
      (e) =>
        `<error>\n${e.code === null ? '' : `<code>${cdata(String(e.code))}</code>\n`}<message>${cdata(e.message)}</message>\n</error>\n`,
    )
    .join('');
  return `${XML_HEAD}<errors>\n${items}</errors>\n${XML_TAIL}`;
}

const FLAG_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'head'] as const;

/**
 * The `/api` listing for a key: the recorded full listing filtered to the key's resources, with
 * the method flags rewritten from the key's permissions. `withPatch: false` gives the 1.7 form.
 */
export function listingForKey(
  apiIndex: string,
  permissions: (resource: string) => readonly HttpMethod[] | null,
  withPatch: boolean,
): string {
  return apiIndex.replace(
    /^<([A-Za-z0-9_]+) xlink:href="[^"]*"[^>]*>[\s\S]*?^<\/\1>\n/gm,
    (block: string, name: string) => {
      const methods = permissions(name);
      if (methods === null) return '';
      let out = block;
      for (const flag of FLAG_ORDER) {
        const on = methods.includes(flag.toUpperCase() as HttpMethod);
        out = out.replace(
          new RegExp(` ${flag}="(true|false)"`, 'g'),
          flag === 'patch' && !withPatch ? '' : ` ${flag}="${on}"`,
        );
      }
      return out;
    },
  );
}

/**
 * A 1.7-style JSON synopsis: every top-level field of the XML synopsis with an empty string
 * value, then the associations (taken from the recorded JSON form when there is one).
 */
export function emptyStringJsonSynopsis(xmlSynopsis: string, recordedJson: string | null): string | null {
  const node = /<prestashop[^>]*>\s*<([A-Za-z0-9_]+)>/.exec(xmlSynopsis)?.[1];
  if (node === undefined) return null;
  const fields: Record<string, unknown> = {};
  for (const m of xmlSynopsis.matchAll(/^\t<([A-Za-z0-9_]+)[ >]/gm)) fields[m[1]!] = '';
  let associations: unknown;
  if (recordedJson !== null && recordedJson !== '') {
    try {
      const parsed = JSON.parse(recordedJson) as Record<string, Record<string, unknown> | unknown[]>;
      const body = parsed[node];
      if (body !== undefined && !Array.isArray(body)) associations = body.associations;
    } catch {
      associations = undefined;
    }
  }
  if (associations !== undefined) fields.associations = associations;
  return JSON.stringify({ [node]: fields });
}

/** `GET /api/languages?display=[id,iso_code]`. */
export function renderLanguages(
  languages: readonly { id: number; isoCode: string }[],
  format: WireFormat,
  display: boolean,
  wsBase: string,
): string {
  if (format === 'JSON') {
    return JSON.stringify({
      languages: languages.map((l) => (display ? { id: l.id, iso_code: l.isoCode } : { id: l.id })),
    });
  }
  const items = languages
    .map((l) =>
      display
        ? `<language>\n\t<id>${cdata(String(l.id))}</id>\n\t<iso_code>${cdata(l.isoCode)}</iso_code>\n</language>\n`
        : `<language id="${l.id}" xlink:href="${wsBase}languages/${l.id}"/>\n`,
    )
    .join('');
  return `${XML_HEAD}<languages>\n${items}</languages>\n${XML_TAIL}`;
}

export const UNAUTHORIZED_REALM =
  'Basic realm="Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required."';

export const NOT_FOUND_PAGE =
  '<!DOCTYPE html>\n<html lang="en"><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>\n';
