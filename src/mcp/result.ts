/**
 * What a tool call answers: JSON text, bounded to a size with a note saying what was left out,
 * and with every secret (the key, and its Basic form) replaced, whatever produced the text.
 */

export interface ToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

/** Replaces each secret in `text` (plain, and as the Basic credentials and URL-encoded forms). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of [secret, Buffer.from(`${secret}:`).toString('base64'), encodeURIComponent(secret)]) {
      out = out.split(form).join('[redacted]');
    }
  }
  return out;
}

const note = (shown: number, total: number): string =>
  `[truncated: ${shown} of ${total} items shown to stay under the size limit; ask for fewer fields (display) or fewer items (limit, offset)]`;

/**
 * `value` as JSON of at most `max` characters. A list of items keeps as many whole items as fit
 * (so the JSON stays valid) and says how many; any other value is cut, with a note.
 */
export function boundedJson(value: unknown, max: number): string {
  const full = JSON.stringify(value, null, 1) ?? 'null';
  if (full.length <= max) return full;
  const items = isItemList(value) ? value.items : null;
  if (items !== null) {
    // The longest prefix of items that fits, by bisection (each step serialises once).
    let lo = 0;
    let hi = items.length;
    const render = (n: number): string =>
      JSON.stringify(
        {
          ...(value as object),
          items: items.slice(0, n),
          note: note(n, items.length),
        },
        null,
        1,
      );
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (render(mid).length <= max) lo = mid;
      else hi = mid - 1;
    }
    const text = render(lo);
    if (text.length <= max) return text;
  }
  const cutNote = `\n[truncated: ${max} of ${full.length} characters shown; ask for fewer fields (display) or fewer items (limit)]`;
  return full.slice(0, Math.max(0, max - cutNote.length)) + cutNote;
}

function isItemList(value: unknown): value is { items: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);
}

export function textResult(value: unknown, max: number, secrets: readonly string[]): ToolResult {
  return {
    content: [{ type: 'text', text: redact(boundedJson(value, max), secrets) }],
  };
}

export function errorResult(message: string, secrets: readonly string[]): ToolResult {
  return {
    content: [{ type: 'text', text: redact(message, secrets) }],
    isError: true,
  };
}
