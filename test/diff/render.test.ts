/** Renderers: nothing a store sends can forge output (terminal escapes, markdown, workflow commands). */
import { describe, expect, it } from 'vitest';
import {
  applyIgnores,
  buildReport,
  diff,
  renderGithub,
  renderMarkdown,
  renderText,
  type DiffReport,
} from '../../src/diff/index.js';
import { mdCode, mdText } from '../../src/diff/render/markdown.js';
import { baseStore, edit, makeField, res } from './helpers.js';

function report(next = hostile()): DiffReport {
  const old = baseStore();
  return buildReport(
    { old: { label: 'old.json', psVersion: '8.2.0' }, new: { label: 'new\n::error::x', psVersion: '9.0.0\u001b[2J' } },
    applyIgnores(diff(old, next), [], '2025-01-01'),
    'breaking',
  );
}

function hostile() {
  return edit(baseStore(), (s) => {
    const p = res(s, 'products');
    p.description = 'Evil\n::error title=pwned::injected\r\n\u001b[31mred%0A';
    p.fields.push(makeField('a|b`c`<img src=x>', { required: true, format: 'is|Evil`' }));
  });
}

describe('renderers escape store-sent text', () => {
  it('text: no control characters survive', () => {
    const out = renderText(report());
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(out.split('\n').some((l) => l.startsWith('::'))).toBe(false);
    expect(out).toContain('Evil\\u000a::error title=pwned::injected');
  });

  it('markdown: names stay in code spans, pipes cannot split a table row', () => {
    const out = renderMarkdown(report());
    const row = out.split('\n').find((l) => l.includes('required field added'))!;
    expect(row).toBe(
      '| ``products.a\\|b`c`<img src=x>`` (module) | required field added | writers | `required-field-added` | Creates and full updates that do not send it are rejected. |',
    );
    // Five cells: the escaped pipe did not add one.
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(7);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it('mdCode and mdText', () => {
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x`')).toBe('`` `x` ``');
    expect(mdText('<script>*x*</script>')).toBe('\\<script\\>\\*x\\*\\</script\\>');
  });

  it('github: every line is one workflow command, values escaped', () => {
    const out = renderGithub(report(), { file: 'snap,1:2.json' });
    const lines = out.trimEnd().split('\n');
    for (const l of lines) expect(l).toMatch(/^::(error|warning|notice) [^:]*::/);
    expect(out).toContain('file=snap%2C1%3A2.json');
    expect(out).toContain('Evil\\u000a::error title=pwned::injected\\u000d\\u000a\\u001b[31mred%250A');
  });

  it("bidirectional controls are escaped in text, markdown and github output (the README's promise)", () => {
    const next = edit(baseStore(), (st) => {
      res(st, 'products').description = 'price \u202eevil\u202c \u2066x\u2069 \u200f';
      res(st, 'products').fields.push(makeField('na\u202eme', { required: true }));
    });
    const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    for (const out of [renderText(report(next)), renderMarkdown(report(next)), renderGithub(report(next), {})]) {
      expect(out).not.toMatch(bidi);
      expect(out).toContain('na\\u202eme');
    }
  });

  it('text: colour comes only from the styler', () => {
    const styled = renderText(report(), (style, text) => `<${style}>${text}</${style}>`);
    expect(styled).toContain('<red><bold>Breaking (1)</bold></red>');
    expect(renderText(report())).not.toContain('<red>');
  });

  it('says so when nothing changed', () => {
    const empty = buildReport(
      { old: { label: 'a', psVersion: null }, new: { label: 'b', psVersion: null } },
      applyIgnores([], [], '2025-01-01'),
      null,
    );
    expect(renderText(empty)).toBe(
      'PrestaShop schema diff: ? → ?\n  old: a (unknown version)\n  new: b (unknown version)\n\nNo changes.\n',
    );
    expect(renderGithub(empty)).toBe('::notice title=PrestaShop schema diff ? → ?::No changes\n');
  });
});
