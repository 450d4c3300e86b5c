/**
 * docs/configuration.md lists every option of the options table (src/config/options.ts) with its
 * flag, default and help, between `<!-- options:start -->` and `<!-- options:end -->`: adding,
 * renaming or changing the default of an option without the docs fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/config/options.js';
import { optionRows } from './option-rows.js';

const DOC = readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');

function documentedRows(): string[] {
  const block = /<!-- options:start -->\n([\s\S]*?)<!-- options:end -->/.exec(DOC);
  if (block === null) throw new Error('docs/configuration.md has no options table');
  return block[1]!
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2);
}

describe('docs/configuration.md: the options table', () => {
  it('holds one row per option, with its flag, default and help, in the table order', () => {
    expect(documentedRows()).toEqual(optionRows());
  });

  it('shows each default the way a config file spells it', () => {
    const byFlag = new Map(documentedRows().map((r) => [r.split(' | ')[1], r.split(' | ')[2]]));
    expect(byFlag.get('`--timeout`')).toBe('`30000`');
    expect(byFlag.get('`--synopsis-format`')).toBe('`"auto"`');
    expect(OPTIONS.filter((o) => o.key === null && o.flag === null)).toEqual([]);
  });
});
