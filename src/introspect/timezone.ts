/**
 * The store's time zone (`PS_TIMEZONE`), read from `configurations` when the key may: dates the
 * store sends are wall-clock times in that zone, and `--dates Date` decodes and encodes with it.
 */
import { IntrospectError } from '../errors.js';
import { expectBody, type AnswerContext } from './answers.js';
import type { Run } from './run.js';
import { childrenNamed, parseXmlDocument, XmlReadError } from './xml.js';

/** An IANA zone name as PrestaShop stores it (`Europe/Paris`, `America/Argentina/Buenos_Aires`, `UTC`). */
const ZONE_RE = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(?:\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

/** Reads `PS_TIMEZONE`; null (with a warning) when it cannot be read or is not a zone name. */
export async function readTimeZone(run: Run): Promise<string | null> {
  const ctx: AnswerContext = { resource: 'configurations' };
  try {
    const res = await run.get(
      '/api/configurations',
      { display: '[name,value]', 'filter[name]': '[PS_TIMEZONE]' },
      'configurations',
    );
    const root = parseXmlDocument(expectBody(res, 'xml', ctx));
    const list = root.children[0];
    const entry = list === undefined ? undefined : childrenNamed(list, 'configuration')[0];
    const value = entry === undefined ? '' : (childrenNamed(entry, 'value')[0]?.text ?? '').trim();
    if (value === '') return null;
    if (!ZONE_RE.test(value)) {
      run.warn('configurations: PS_TIMEZONE is not a time zone name; dates are read without a zone');
      return null;
    }
    return value;
  } catch (error) {
    if (run.abort.signal.aborted) throw error;
    const reason =
      error instanceof XmlReadError
        ? error.reason
        : error instanceof IntrospectError
          ? error.message
          : (error as Error).message;
    run.warn(`configurations: the store's time zone (PS_TIMEZONE) could not be read (${reason})`);
    return null;
  }
}
