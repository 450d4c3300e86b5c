/**
 * The one parse budget of the introspector: every answer it parses (listing, synopses, lists,
 * languages, error documents; XML and JSON) is checked here first, by a linear scan, so the cost
 * of a parse is bounded by work, not only by bytes. Pure.
 *
 * The caps fit what stores really send, with a wide margin. Measured on a real PrestaShop 8.2.0
 * store with demo data and two languages: the largest answer is the `/api` listing (35 KiB, 274
 * elements); the largest synopsis is `products` (9 KiB XML, 130 elements); error documents are
 * under 1 KiB. Each language adds one element per multilingual field to a synopsis (products: 25).
 */

/** Largest body read from a store (bytes): 57 times the 8.2.0 listing. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Largest body of an error answer (non-2xx) that is read; the rest is not read. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Most elements (XML) or values (JSON) in one document: 70 times the 8.2.0 listing. */
export const MAX_ELEMENTS = 20_000;
/** Deepest nesting of one document (a synopsis nests 5 levels). */
export const MAX_DEPTH = 64;

function over(limit: number, unit: string): string {
  return `the document has more than ${limit} ${unit}, which no PrestaShop answer comes near; it is not read`;
}

/** The problem of a text over the byte cap, or null. */
function sizeProblem(text: string): string | null {
  // A UTF-16 code unit is at least one UTF-8 byte: over the cap in units is over it in bytes.
  return text.length > MAX_BODY_BYTES ? over(MAX_BODY_BYTES, 'bytes') : null;
}

/**
 * Why an XML document is over the budget (size, or elements counted as `<` followed by a name
 * character; CDATA text counts too, an overcount only makes the check stricter), or null. Linear.
 */
export function xmlBudgetProblem(xml: string): string | null {
  const size = sizeProblem(xml);
  if (size !== null) return size;
  let count = 0;
  for (let lt = xml.indexOf('<'); lt !== -1; lt = xml.indexOf('<', lt + 1)) {
    const c = xml.charCodeAt(lt + 1);
    if (
      c === 0x5f ||
      c === 0x3a ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c > 0x7f ||
      (c >= 0x30 && c <= 0x39)
    ) {
      if (++count > MAX_ELEMENTS) return over(MAX_ELEMENTS, 'elements');
    }
  }
  return null;
}

/**
 * Why a JSON document is over the budget (size, values: objects, arrays and the items of each,
 * counted by their separators, or nesting depth; string contents skipped), or null. Linear.
 */
export function jsonBudgetProblem(json: string): string | null {
  const size = sizeProblem(json);
  if (size !== null) return size;
  let values = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return over(MAX_DEPTH, 'levels of nesting');
      if (++values > MAX_ELEMENTS) return over(MAX_ELEMENTS, 'values');
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c && ++values > MAX_ELEMENTS) return over(MAX_ELEMENTS, 'values');
  }
  return null;
}
