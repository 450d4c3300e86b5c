/**
 * The write stage on a real temporary directory: changed-only writes, the manifest (stale files
 * removed, foreign files never), --check drift with a diff, formatting with the user's prettier
 * config, and refusal of every path that would leave the output directory.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteError } from '../../src/errors.js';
import { MANIFEST_FILE, writeFileMap } from '../../src/write/index.js';

let base: string;
let out: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'psc-write-'));
  out = join(base, 'out');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const map = (o: Record<string, string>): Map<string, string> => new Map(Object.entries(o));
const FILES = map({
  'index.ts': 'export * from "./types/index.js";\n',
  'types/index.ts': 'export type * from "./a.js";\nexport type * from "./b.js";\n',
  'types/a.ts': 'export interface A { x: number }\n',
  'types/b.ts': 'export interface B { y: string }\n',
});
const unformatted = { format: false } as const;

async function tree(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string, prefix: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name), `${prefix}${e.name}/`);
      else found.push(`${prefix}${e.name}`);
    }
  };
  await walk(dir, '');
  return found.sort();
}

describe('writeFileMap', () => {
  it('writes every file and a manifest, then a second run writes nothing', async () => {
    const first = await writeFileMap(out, FILES, unformatted);
    expect(first.written).toEqual(['index.ts', 'types/a.ts', 'types/b.ts', 'types/index.ts']);
    expect(await tree(out)).toEqual([MANIFEST_FILE, 'index.ts', 'types/a.ts', 'types/b.ts', 'types/index.ts']);
    expect(await readFile(join(out, 'types/a.ts'), 'utf8')).toBe(FILES.get('types/a.ts'));
    const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8'));
    expect(Object.keys(manifest.files)).toEqual(['index.ts', 'types/a.ts', 'types/b.ts', 'types/index.ts']);
    expect(JSON.stringify(manifest)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const before = (await stat(join(out, 'types/a.ts'))).mtimeMs;
    const manifestBefore = await readFile(join(out, MANIFEST_FILE), 'utf8');
    const second = await writeFileMap(out, FILES, unformatted);
    expect(second.written).toEqual([]);
    expect(second.unchanged).toHaveLength(4);
    expect(second.removed).toEqual([]);
    expect((await stat(join(out, 'types/a.ts'))).mtimeMs).toBe(before);
    expect(await readFile(join(out, MANIFEST_FILE), 'utf8')).toBe(manifestBefore);
  });

  it('writes only the files whose content changed', async () => {
    await writeFileMap(out, FILES, unformatted);
    const next = new Map(FILES).set('types/b.ts', 'export interface B { y: number }\n');
    const result = await writeFileMap(out, next, unformatted);
    expect(result.written).toEqual(['types/b.ts']);
    expect(await readFile(join(out, 'types/b.ts'), 'utf8')).toContain('y: number');
  });

  it('rewrites a generated file that was edited by hand', async () => {
    await writeFileMap(out, FILES, unformatted);
    await writeFile(join(out, 'types/a.ts'), '// edited\n');
    const result = await writeFileMap(out, FILES, unformatted);
    expect(result.written).toEqual(['types/a.ts']);
    expect(await readFile(join(out, 'types/a.ts'), 'utf8')).toBe(FILES.get('types/a.ts'));
  });

  it('removes stale files it generated before (and the directories they leave empty)', async () => {
    await writeFileMap(out, new Map(FILES).set('clients/products.ts', 'export {};\n'), unformatted);
    expect(existsSync(join(out, 'clients/products.ts'))).toBe(true);
    const result = await writeFileMap(out, FILES, unformatted);
    expect(result.removed).toEqual(['clients/products.ts']);
    expect(existsSync(join(out, 'clients'))).toBe(false);
    const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8'));
    expect(Object.keys(manifest.files)).not.toContain('clients/products.ts');
  });

  it('never deletes a file it did not write', async () => {
    await mkdir(join(out, 'types'), { recursive: true });
    await writeFile(join(out, 'README.md'), 'mine\n');
    await writeFile(join(out, 'types/custom.ts'), 'export const mine = 1;\n');
    // --force: the directory is not empty and holds no manifest yet.
    await writeFileMap(out, FILES, { ...unformatted, force: true });
    const result = await writeFileMap(out, map({ 'index.ts': 'export {};\n' }), unformatted);
    expect(result.removed).toEqual(['types/a.ts', 'types/b.ts', 'types/index.ts']);
    expect(await readFile(join(out, 'README.md'), 'utf8')).toBe('mine\n');
    expect(await readFile(join(out, 'types/custom.ts'), 'utf8')).toBe('export const mine = 1;\n');
  });

  it('keeps a stale file that was edited since it was written, and stops tracking it', async () => {
    await writeFileMap(out, FILES, unformatted);
    await writeFile(join(out, 'types/b.ts'), '// my edits\n');
    const without = new Map(FILES);
    without.delete('types/b.ts');
    const result = await writeFileMap(out, without, unformatted);
    expect(result.removed).toEqual([]);
    expect(result.kept).toEqual(['types/b.ts']);
    expect(await readFile(join(out, 'types/b.ts'), 'utf8')).toBe('// my edits\n');
    const again = await writeFileMap(out, without, unformatted);
    expect(again.kept).toEqual([]);
    expect(again.drift.stale).toEqual([]);
  });

  it('ignores a tampered manifest that points outside the output directory', async () => {
    await writeFile(join(base, 'victim.txt'), 'keep me\n');
    await writeFileMap(out, FILES, unformatted);
    const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8'));
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update('keep me\n').digest('hex').slice(0, 32);
    manifest.files['../victim.txt'] = { source: hash, output: hash };
    await writeFile(join(out, MANIFEST_FILE), JSON.stringify(manifest));
    // The whole manifest is now distrusted: nothing is removed, and its files are no longer claimed.
    await expect(writeFileMap(out, map({ 'index.ts': 'export {};\n' }), unformatted)).rejects.toThrowError(/--force/);
    const result = await writeFileMap(out, map({ 'index.ts': 'export {};\n' }), { ...unformatted, force: true });
    expect(result.removed).toEqual([]);
    expect(await readFile(join(base, 'victim.txt'), 'utf8')).toBe('keep me\n');
  });

  it('a manifest of another tool or invalid JSON removes nothing', async () => {
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'a.ts'), 'x\n');
    for (const text of [
      'not json',
      JSON.stringify({ manifestVersion: 1, generator: 'other', files: { 'a.ts': { source: 'x', output: 'y' } } }),
    ]) {
      await writeFile(join(out, MANIFEST_FILE), text);
      // --force: without a manifest of ours, a non-empty directory is refused otherwise.
      const result = await writeFileMap(out, map({ 'b.ts': 'export {};\n' }), { ...unformatted, force: true });
      expect(result.removed).toEqual([]);
      expect(existsSync(join(out, 'a.ts'))).toBe(true);
    }
  });
});

describe('foreign files', () => {
  it('refuses to overwrite a file it did not write, unless forced', async () => {
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.ts'), 'export const mine = 1;\n');
    await expect(writeFileMap(out, FILES, unformatted)).rejects.toThrowError(
      /1 file\(s\) here were not written by prestashop-codegen .*"index\.ts"/,
    );
    expect(await readFile(join(out, 'index.ts'), 'utf8')).toBe('export const mine = 1;\n');
    expect(existsSync(join(out, 'types'))).toBe(false);
    const forced = await writeFileMap(out, FILES, { ...unformatted, force: true });
    expect(forced.written).toContain('index.ts');
  });

  it('overwrites a file that carries the generator header, or that the manifest lists', async () => {
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.ts'), '// Generated by prestashop-codegen 0.0.1 from snapshot x.\nexport {};\n');
    expect((await writeFileMap(out, FILES, unformatted)).written).toContain('index.ts');
    await writeFile(join(out, 'types/a.ts'), 'edited without header\n');
    expect((await writeFileMap(out, FILES, unformatted)).written).toEqual(['types/a.ts']);
  });
});

describe('check mode', () => {
  it('is clean right after a write, and writes nothing itself', async () => {
    await writeFileMap(out, FILES, unformatted);
    const result = await writeFileMap(out, FILES, { ...unformatted, check: true });
    expect(result.drift).toEqual({ added: [], changed: [], stale: [], diff: '' });
    expect(result.written).toEqual([]);
  });

  it('detects a changed, a missing and a stale file, with a unified diff', async () => {
    await writeFileMap(out, new Map(FILES).set('types/old.ts', 'export type Old = 1;\n'), unformatted);
    await writeFileMap(out, FILES, { ...unformatted }); // old.ts removed
    await writeFileMap(out, new Map(FILES).set('types/old.ts', 'export type Old = 1;\n'), unformatted); // back again
    await rm(join(out, 'types/a.ts'));
    const next = new Map(FILES).set('types/b.ts', 'export interface B { y: boolean }\n');
    const snapshot = await tree(out);
    const result = await writeFileMap(out, next, { ...unformatted, check: true });
    expect(result.drift.added).toEqual(['types/a.ts']);
    expect(result.drift.changed).toEqual(['types/b.ts']);
    expect(result.drift.stale).toEqual(['types/old.ts']);
    expect(result.drift.diff).toContain('--- a/types/b.ts\n+++ b/types/b.ts\n');
    expect(result.drift.diff).toContain('-export interface B { y: string }\n+export interface B { y: boolean }\n');
    expect(result.drift.diff).toContain('+++ b/types/a.ts');
    expect(result.drift.diff).toContain('-export type Old = 1;');
    // nothing was written or removed
    expect(await tree(out)).toEqual(snapshot);
    expect(await readFile(join(out, 'types/b.ts'), 'utf8')).toBe(FILES.get('types/b.ts'));
  });

  it('reports every file as missing when the output directory does not exist, and creates nothing', async () => {
    const result = await writeFileMap(join(base, 'nowhere'), FILES, { ...unformatted, check: true });
    expect(result.drift.added).toEqual([...FILES.keys()].sort());
    expect(existsSync(join(base, 'nowhere'))).toBe(false);
  });
});

describe('formatting', () => {
  const ugly = map({ 'a.ts': 'export interface A {x:number; y : string}\n' });

  it('formats with prettier, and check compares formatted output', async () => {
    const result = await writeFileMap(out, ugly);
    expect(result.formatted).toBe(1);
    expect(await readFile(join(out, 'a.ts'), 'utf8')).toBe('export interface A {\n  x: number;\n  y: string;\n}\n');
    expect((await writeFileMap(out, ugly, { check: true })).drift.changed).toEqual([]);
    // an unformatted check against formatted files is drift
    expect((await writeFileMap(out, ugly, { format: false, check: true })).drift.changed).toEqual(['a.ts']);
  });

  it("uses the user's prettier config", async () => {
    await writeFile(join(base, '.prettierrc.json'), JSON.stringify({ singleQuote: true, useTabs: true, semi: false }));
    await writeFileMap(out, map({ 'a.ts': 'export interface A { x: "a" | "b" }\n' }));
    expect(await readFile(join(out, 'a.ts'), 'utf8')).toBe("export interface A {\n\tx: 'a' | 'b'\n}\n");
  });

  it('does not format again what it already formatted (manifest cache), but does when the config changes', async () => {
    await writeFileMap(out, ugly);
    const again = await writeFileMap(out, ugly);
    expect(again.formatted).toBe(0);
    expect(again.written).toEqual([]);
    await writeFile(join(base, '.prettierrc.json'), JSON.stringify({ useTabs: true }));
    const changed = await writeFileMap(out, ugly);
    expect(changed.formatted).toBe(1);
    expect(changed.written).toEqual(['a.ts']);
    expect(await readFile(join(out, 'a.ts'), 'utf8')).toContain('\tx: number;');
  });

  it('a syntax error in generated code is a WriteError naming the file', async () => {
    await expect(writeFileMap(out, map({ 'bad.ts': 'export interface {' }))).rejects.toThrowError(
      /bad\.ts: prettier could not format/,
    );
  });
});

describe('path safety', () => {
  it.each([
    ['../escape.ts'],
    ['types/../../escape.ts'],
    ['/etc/passwd'],
    ['C:/Windows/x.ts'],
    ['c:x.ts'],
    ['types\\..\\..\\x.ts'],
    ['a\u0000b.ts'],
    ['a\nb.ts'],
    ['./a.ts'],
    ['types//a.ts'],
    [''],
    ['types/'],
    [MANIFEST_FILE],
  ])('refuses %j and writes nothing', async (path) => {
    await expect(
      writeFileMap(out, map({ 'ok.ts': 'export {};\n', [path]: 'export {};\n' }), unformatted),
    ).rejects.toThrowError(WriteError);
    expect(existsSync(join(out, 'ok.ts'))).toBe(false);
    expect(existsSync(join(base, 'escape.ts'))).toBe(false);
  });

  it('refuses to follow a symbolic link out of the output directory', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside);
    await mkdir(out);
    await symlink(outside, join(out, 'types'));
    await expect(writeFileMap(out, FILES, unformatted)).rejects.toThrowError(/symbolic link leads outside/);
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses to write through a file that is a symbolic link', async () => {
    await mkdir(out);
    await writeFile(join(base, 'target.ts'), 'keep\n');
    await symlink(join(base, 'target.ts'), join(out, 'index.ts'));
    await expect(writeFileMap(out, FILES, unformatted)).rejects.toThrowError(/is a symbolic link/);
    expect(await readFile(join(base, 'target.ts'), 'utf8')).toBe('keep\n');
  });

  it('allows an output directory that is itself a link, and links that stay inside', async () => {
    const real = join(base, 'real');
    await mkdir(join(real, 'shared-dir'), { recursive: true });
    await symlink(real, out);
    await symlink(join(real, 'shared-dir'), join(real, 'types'));
    const result = await writeFileMap(out, FILES, { ...unformatted, force: true });
    expect(result.written).toHaveLength(4);
    expect(existsSync(join(real, 'shared-dir', 'a.ts'))).toBe(true);
  });

  it('refuses two paths that differ only in case', async () => {
    await expect(writeFileMap(out, map({ 'types/A.ts': 'x', 'types/a.ts': 'y' }), unformatted)).rejects.toThrowError(
      /case-insensitive/,
    );
  });
});
