/**
 * PrestaShop error documents, XML (`<prestashop><errors><error><code/><message/>`) and JSON
 * (`{"errors":[{"code":20,"message":"…"}]}`). Pure.
 */
import type { StoreErrorEntry } from '../errors.js';
import { jsonBudgetProblem } from './budget.js';
import { childrenNamed, parseXmlDocument, XmlReadError } from './xml.js';

/**
 * The errors a body holds, or null when the body is not a PrestaShop error document (plain text,
 * HTML, an ordinary answer, or unreadable).
 */
export function parseErrorDocument(body: string): StoreErrorEntry[] | null {
  const text = body.trim();
  if (text.startsWith('{')) return parseJsonErrors(text);
  if (text.startsWith('<')) return parseXmlErrors(text);
  return null;
}

function toCode(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
  if (typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

function parseJsonErrors(text: string): StoreErrorEntry[] | null {
  if (jsonBudgetProblem(text) !== null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const errors = (value as Record<string, unknown>).errors;
  if (!Array.isArray(errors)) return null;
  return errors.map((e): StoreErrorEntry => {
    const o = typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {};
    return { code: toCode(o.code), message: typeof o.message === 'string' ? o.message : String(o.message ?? e) };
  });
}

function parseXmlErrors(text: string): StoreErrorEntry[] | null {
  // An error document has an <errors> element, so its text holds "<errors"; every ordinary answer
  // (a synopsis, a list) was parsed in full here before being parsed again for its content.
  if (!text.includes('<errors')) return null;
  let root;
  try {
    root = parseXmlDocument(text);
  } catch (error) {
    if (error instanceof XmlReadError) return null;
    throw error;
  }
  if (root.name !== 'prestashop') return null;
  const [errors] = childrenNamed(root, 'errors');
  if (errors === undefined) return null;
  return childrenNamed(errors, 'error').map((e): StoreErrorEntry => {
    const code = childrenNamed(e, 'code')[0]?.text ?? '';
    const message = childrenNamed(e, 'message')[0]?.text ?? e.text;
    return { code: toCode(code), message };
  });
}

/** `code 20: Authentification key is not active; code 21: …`, for messages. */
export function describeStoreErrors(errors: readonly StoreErrorEntry[]): string {
  if (errors.length === 0) return 'an empty error list';
  const shown = errors.slice(0, 10).map((e) => (e.code === null ? e.message : `code ${e.code}: ${e.message}`));
  return shown.join('; ') + (errors.length > 10 ? `; and ${errors.length - 10} more errors` : '');
}

export function hasErrorCode(errors: readonly StoreErrorEntry[] | null, ...codes: number[]): boolean {
  return errors !== null && errors.some((e) => e.code !== null && codes.includes(e.code));
}
