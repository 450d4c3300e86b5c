/** Tool results: bounded JSON (whole items, with a note) and redaction of every form of the key. */
import { describe, expect, it } from 'vitest';
import { boundedJson, redact, textResult } from '../../src/mcp/result.js';

describe('boundedJson', () => {
  const items = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `product number ${i + 1}` }));

  it('returns the whole JSON when it fits', () => {
    expect(JSON.parse(boundedJson({ count: 2, items: items.slice(0, 2) }, 10_000))).toEqual({
      count: 2,
      items: items.slice(0, 2),
    });
  });

  it('keeps as many whole items of a list as fit, as valid JSON, with a note', () => {
    const text = boundedJson({ count: 50, items }, 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    const value = JSON.parse(text) as { count: number; items: unknown[]; note: string };
    expect(value.items.length).toBeGreaterThan(3);
    expect(value.items).toEqual(items.slice(0, value.items.length));
    expect(value.note).toBe(
      `[truncated: ${value.items.length} of 50 items shown to stay under the size limit; ask for fewer fields (display) or fewer items (limit, offset)]`,
    );
    // One more item would not have fitted.
    expect(
      JSON.stringify({ count: 50, items: items.slice(0, value.items.length + 1), note: value.note }, null, 1).length,
    ).toBeGreaterThan(1000);
  });

  it('cuts any other value, saying so', () => {
    const text = boundedJson({ description: 'x'.repeat(5000) }, 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text).toMatch(/\[truncated: 1000 of \d+ characters shown/);
  });
});

describe('redact', () => {
  const key = 'SECRETKEY0000000000000000000+/=1';

  it('removes the key, its Basic credentials and its URL-encoded form', () => {
    const basic = Buffer.from(`${key}:`).toString('base64');
    const text = `key ${key}, header Basic ${basic}, url ?ws_key=${encodeURIComponent(key)}`;
    const out = redact(text, [key]);
    expect(out).toBe('key [redacted], header Basic [redacted], url ?ws_key=[redacted]');
  });

  it('applies to every tool result', () => {
    expect(textResult({ echoed: key }, 1000, [key]).content[0]!.text).not.toContain(key);
  });
});
