/**
 * What the client adds to writes so that they never lose data on a real store:
 *
 * - **Languages.** A PUT stores '' in every language a multilingual field leaves out (the store
 *   nulls the property first; PrestaShop 1.7.8 – 9.0), and the answer to a PATCH shows those
 *   languages empty although the store kept them. So a multilingual value that does not carry
 *   every store language is completed from the current record (one GET of just those fields).
 * - **Outcome of a failed write.** Some errors come after the object was saved (PHP warnings while
 *   rendering the answer, a bad association, no answer at all): the error says so, so that
 *   nobody retries a POST that went through.
 */
import { PrestaShopError } from './errors.js';
import { languageEntries } from './lang.js';
import type { FieldMeta, ResourceMeta } from './meta.js';

/** The multilingual fields of a write body that miss one of the store's languages. */
export function partialLanguageFields(meta: ResourceMeta, body: Readonly<Record<string, unknown>>, languages: readonly number[]): FieldMeta[] {
  if (languages.length <= 1) return [];
  return meta.fields.filter((f) => {
    if (f.multilingual !== true || !Object.prototype.hasOwnProperty.call(body, f.name) || body[f.name] === undefined) return false;
    const sent = new Set(languageEntries(body[f.name], f.name).map((e) => e.id));
    return languages.some((l) => !sent.has(l));
  });
}

/**
 * The body with each partial field completed: the languages sent, then every other language of
 * the current record with its current value.
 */
export function completeLanguages(body: Readonly<Record<string, unknown>>, fields: readonly FieldMeta[], current: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const f of fields) {
    const sent = languageEntries(body[f.name], f.name);
    const ids = new Set(sent.map((e) => e.id));
    const stored = Array.isArray(current[f.name]) ? languageEntries(current[f.name], f.name) : [];
    out[f.name] = [...sent, ...stored.filter((e) => !ids.has(e.id) && e.id > 0)].map((e) => ({ id: e.id, value: e.value }));
  }
  return out;
}

/** Store error codes raised before anything is saved (validation, ids, parsing, refused position). */
const BEFORE_SAVE: ReadonlySet<number> = new Set([41, 46, 84, 85, 89, 90, 91, 92, 93, 127, 134, 135]);

/**
 * Whether a failed write may have saved the object: no answer (network, timeout), a 2xx the
 * client could not read, an unknown association (86, raised after the save), or a 5xx that is not
 * a refusal the store makes before saving (PHP warnings, codes 2–8, come after it as often as not).
 */
export function mayHaveSaved(error: PrestaShopError): boolean {
  // A retried PUT whose first attempt got no clear answer may have been applied, whatever came next.
  if (error.mayHaveSucceeded) return true;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'decode') return true;
  if (error.kind !== 'http') return false;
  const codes = error.errors.map((e) => e.code);
  if (codes.includes(86)) return true;
  if (error.status < 500) return false;
  return !codes.some((c) => c !== null && BEFORE_SAVE.has(c));
}

/** The error of a failed write, saying whether the object may have been saved. */
export function writeError(error: unknown): unknown {
  if (!(error instanceof PrestaShopError) || error.mayBeSaved !== null) return error;
  const maybe = mayHaveSaved(error);
  const hint = maybe ? ' (the object may have been saved: read it back before retrying)' : ' (nothing was saved)';
  return new PrestaShopError({
    kind: error.kind,
    status: error.status,
    errors: error.errors,
    method: error.method,
    url: error.url,
    message: `${error.message}${hint}`,
    cause: error,
    mayBeSaved: maybe,
    mayHaveSucceeded: error.mayHaveSucceeded,
  });
}
