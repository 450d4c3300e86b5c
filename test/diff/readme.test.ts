/** The rule table of docs/diff.md documents exactly the rule table the diff uses. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/diff/index.js';

const AFFECTS = {
  read: 'readers',
  write: 'writers',
  both: 'readers and writers',
  verb: 'readers (GET, HEAD) or writers (other methods)',
} as const;

describe('docs/diff.md', () => {
  const diffSection = readFileSync(new URL('../../docs/diff.md', import.meta.url), 'utf8');
  const start = diffSection.indexOf('\n## Rules\n');
  const rules = diffSection.slice(start, diffSection.indexOf('\n## ', start + 1));

  it('has a Rules section', () => expect(start).toBeGreaterThan(-1));

  it('lists every rule with its severity, direction and reason', () => {
    const rows = rules
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| |\s\|$/g, '')));
    const expected = Object.entries(RULES).map(([id, r]) => [
      `\`${id}\``,
      r.when,
      r.severity,
      AFFECTS[r.direction],
      r.reason,
    ]);
    expect(rows).toEqual(expected);
  });
});

describe('docs/diff.md example', () => {
  it('is the markdown golden, quoted', () => {
    const readme = readFileSync(new URL('../../docs/diff.md', import.meta.url), 'utf8');
    const golden = readFileSync(new URL('../golden/diff/prestashop-8.2.0__9.0.0-like.md', import.meta.url), 'utf8');
    const quoted = golden
      .trimEnd()
      .split('\n')
      .map((l) => (l === '' ? '>' : `> ${l}`))
      .join('\n');
    expect(readme).toContain(quoted);
  });
});
