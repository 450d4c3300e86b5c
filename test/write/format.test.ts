/**
 * The prettier formatter: the same output on this thread and in worker threads, errors that name
 * the file, and a size-balanced split.
 */
import { describe, expect, it } from 'vitest';
import { createPrettierFormatter, idleWorkers, NO_FORMAT, type FormatItem } from '../../src/write/format.js';

const items: FormatItem[] = Array.from({ length: 7 }, (_, i) => ({
  path: `types/f${i}.ts`,
  text: `export interface T${i} {a:number;b : string${';c:boolean'.repeat(i)}}\n`,
}));

describe('formatter', () => {
  it('formats the same in worker threads as on this thread, in order', async () => {
    const here = await (await createPrettierFormatter('/nowhere/index.ts', { workers: 0 })).formatAll(items);
    const split = await (
      await createPrettierFormatter('/nowhere/index.ts', { workers: 2, minParallelBytes: 0, onlyWorkers: true })
    ).formatAll(items);
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
    // Only workers format here, so the error comes from a worker.
    const broken = Array.from({ length: 6 }, (_, i) => ({ path: `types/broken${i}.ts`, text: 'type = ;' }));
    const f = await createPrettierFormatter('/nowhere/index.ts', {
      workers: 2,
      minParallelBytes: 0,
      onlyWorkers: true,
    });
    await expect(f.formatAll(broken)).rejects.toThrowError(/^types\/broken\d\.ts: prettier could not format/);
  });

  it('workers share the queue: many small files, all formatted once and in order', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      path: `types/m${i}.ts`,
      text: `export type M${i}={a:${i}}\n`,
    }));
    const out = await (
      await createPrettierFormatter('/nowhere/index.ts', { workers: 2, minParallelBytes: 0, onlyWorkers: true })
    ).formatAll(many);
    expect(out).toEqual(many.map((_, i) => `export type M${i} = { a: ${i} };\n`));
  });

  it('formats with the typescript parser what babel-ts cannot parse', async () => {
    // babel-ts refuses `override` in a class without a base class; TypeScript's parser does not.
    const odd = [{ path: 'odd.ts', text: 'export class X {override   z = 1}\n' }];
    for (const workers of [0, 1]) {
      const f = await createPrettierFormatter('/nowhere/index.ts', { workers, minParallelBytes: 0, onlyWorkers: true });
      expect(await f.formatAll(odd)).toEqual(['export class X {\n  override z = 1;\n}\n']);
    }
  });

  it('tells how many threads formatted the batch', async () => {
    const threads: number[] = [];
    await (await createPrettierFormatter('/nowhere/index.ts', { workers: 0 })).formatAll(items, (n) => threads.push(n));
    await (
      await createPrettierFormatter('/nowhere/index.ts', { workers: 1, minParallelBytes: 0 })
    ).formatAll(items, (n) => threads.push(n));
    await (
      await createPrettierFormatter('/nowhere/index.ts', { workers: 1, minParallelBytes: 0 })
    ).formatAll([], (n) => threads.push(n));
    expect(threads).toEqual([1, 2, 0]);
  });

  it('starts workers only on cores that were idle, never all of them', () => {
    const at = (idle: number, total: number) => ({ idle, total });
    // 2 cores, 100 ms: this thread busy, the other core idle → one worker.
    expect(idleWorkers(at(0, 0), at(100, 200), 2)).toBe(1);
    // The other core mostly busy with other work → none.
    expect(idleWorkers(at(0, 0), at(40, 200), 2)).toBe(0);
    // Too short a window to judge → none.
    expect(idleWorkers(at(0, 0), at(10, 20), 2)).toBe(0);
    // 8 idle-ish cores → at most cores - 2; one core → never.
    expect(idleWorkers(at(0, 0), at(700, 800), 8)).toBe(6);
    expect(idleWorkers(at(0, 0), at(300, 800), 8)).toBe(3);
    expect(idleWorkers(at(0, 0), at(100, 100), 1)).toBe(0);
  });

  it('NO_FORMAT returns the texts as they are', async () => {
    expect(await NO_FORMAT.formatAll(items)).toEqual(items.map((i) => i.text));
  });
});
