/** The README's rule table documents exactly the rule table the diff uses. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/diff/index.js';

const AFFECTS = {
  read: 'readers',
  write: 'writers',
  both: 'readers and writers',
  verb: 'readers (GET, HEAD) or writers (other methods)',
} as const;

describe('README "Diff" section', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const diffSection = readme.slice(readme.indexOf('\n## Diff\n'));
  const rules = diffSection.slice(diffSection.indexOf('\n### Rules\n'), diffSection.indexOf('\n### ', diffSection.indexOf('\n### Rules\n') + 1));

  it('lists every rule with its severity, direction and reason', () => {
    const rows = rules
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| |\s\|$/g, '')));
    const expected = Object.entries(RULES).map(([id, r]) => [`\`${id}\``, r.when, r.severity, AFFECTS[r.direction], r.reason]);
    expect(rows).toEqual(expected);
  });
});

describe('README "Diff" example', () => {
  it('is the markdown golden, quoted', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const golden = readFileSync(new URL('../golden/diff/prestashop-8.2.0__9.0.0-like.md', import.meta.url), 'utf8');
    const quoted = golden
      .trimEnd()
      .split('\n')
      .map((l) => (l === '' ? '>' : `> ${l}`))
      .join('\n');
    expect(readme).toContain(quoted);
  });
});
