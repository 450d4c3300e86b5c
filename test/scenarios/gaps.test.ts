/**
 * FAKE_STORE_GAPS names scenarios that exist: an entry whose scenario was renamed would skip
 * nothing, and one left after the scenario was removed would hide that the list is stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_STORE_GAPS } from './targets.js';

const names = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.test.ts'))
  .flatMap((f) =>
    [...readFileSync(join(import.meta.dirname, f), 'utf8').matchAll(/\b(?:scenario|knownBug)\(\s*(['"])(.*?)\1,/g)].map(
      (m) => m[2]!,
    ),
  );

describe('FAKE_STORE_GAPS', () => {
  it('names only scenarios of test/scenarios/, each once', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(FAKE_STORE_GAPS).filter((name) => !names.includes(name))).toEqual([]);
    expect(names.length).toBeGreaterThan(Object.keys(FAKE_STORE_GAPS).length);
  });
});
