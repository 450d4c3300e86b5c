/**
 * The prettier formatter: the same output on this thread and in worker threads, errors that name
 * the file, and a size-balanced split.
 */
import { describe, expect, it } from 'vitest';
import { balance, createPrettierFormatter, NO_FORMAT, type FormatItem } from '../../src/write/format.js';

const items: FormatItem[] = Array.from({ length: 7 }, (_, i) => ({
  path: `types/f${i}.ts`,
  text: `export interface T${i} {a:number;b : string${';c:boolean'.repeat(i)}}\n`,
}));

describe('formatter', () => {
  it('formats the same in worker threads as on this thread, in order', async () => {
    const here = await (await createPrettierFormatter('/nowhere/index.ts', { workers: 0 })).formatAll(items);
    const split = await (await createPrettierFormatter('/nowhere/index.ts', { workers: 2, minParallelBytes: 0 })).formatAll(items);
    expect(split).toEqual(here);
    expect(here[0]).toBe('export interface T0 {\n  a: number;\n  b: string;\n}\n');
  });

  it('a file prettier cannot parse is a WriteError naming it, in a worker too', async () => {
    const bad = [...items, { path: 'types/bad.ts', text: 'export interface {' }];
    for (const workers of [0, 1]) {
      const f = await createPrettierFormatter('/nowhere/index.ts', { workers, minParallelBytes: 0 });
      await expect(f.formatAll(bad)).rejects.toThrowError(/types\/bad\.ts: prettier could not format/);
    }
  });

  it('an error inside a worker names the file', async () => {
    // Largest first: the big valid file stays on this thread, the broken one goes to the worker.
    const pair = [{ path: 'types/big.ts', text: items[6]!.text.repeat(3) }, { path: 'types/broken.ts', text: 'type = ;' }];
    expect(balance(pair, 2)).toEqual([[0], [1]]);
    const f = await createPrettierFormatter('/nowhere/index.ts', { workers: 1, minParallelBytes: 0 });
    await expect(f.formatAll(pair)).rejects.toThrowError(/^types\/broken\.ts: prettier could not format/);
  });

  it('NO_FORMAT returns the texts as they are', async () => {
    expect(await NO_FORMAT.formatAll(items)).toEqual(items.map((i) => i.text));
  });

  it('balances groups by size, keeping every index once', () => {
    const groups = balance(items, 3);
    expect(groups.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const sizes = groups.map((g) => g.reduce((s, i) => s + items[i]!.text.length, 0));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(Math.max(...items.map((i) => i.text.length)));
    expect(balance(items.slice(0, 1), 3)).toEqual([[0]]);
  });
});
