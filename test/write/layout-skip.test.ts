/**
 * `generate` with formatting on: the output directory's prettier settings decide whether prettier
 * runs. Settings the layout step follows: the emitters print prettier's output and prettier sees
 * only what they do not lay out. Any other setting: prettier formats everything, as before. Either
 * way every file is what prettier prints with those settings.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/api/generate.js';
import { skipLaidOut, type FormatItem, type Formatter } from '../../src/write/format.js';

const SNAPSHOT = new URL('../../fixtures/mini/catalog.json', import.meta.url).pathname;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function generateWith(
  prettierrc: Record<string, unknown> | null,
): Promise<{ out: string; files: Map<string, string> }> {
  const root = await mkdtemp(join(tmpdir(), 'psc-layout-skip-'));
  dirs.push(root);
  if (prettierrc !== null) await writeFile(join(root, '.prettierrc.json'), JSON.stringify(prettierrc));
  const out = join(root, 'gen');
  await generate(SNAPSHOT, { out });
  const files = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(out.length + 1), await readFile(path, 'utf8'));
    }
  }
  return { out, files };
}

/** The files prettier (with `options`) would change. */
async function notPrettier(files: Map<string, string>, options: Record<string, unknown>): Promise<string[]> {
  const changed: string[] = [];
  for (const [path, text] of files)
    if ((await format(text, { parser: 'typescript', filepath: path, ...options })) !== text) changed.push(path);
  return changed;
}

describe("generate under the output directory's prettier settings", () => {
  it("settings the layout step follows: every file is prettier's, at that width", async () => {
    const settings = { printWidth: 100, trailingComma: 'es5', bracketSpacing: false };
    const { files } = await generateWith(settings);
    expect(files.size).toBeGreaterThan(20);
    expect(await notPrettier(files, settings)).toEqual([]);
    // The width was followed, not the default one.
    expect(
      [...files.values()].some((t) =>
        t
          .split('\n')
          .some((l) => l.length > 80 && !l.trimStart().startsWith('*') && !l.includes('/**') && !l.includes('//')),
      ),
    ).toBe(true);
  });

  it('other settings: prettier formats the whole output', async () => {
    const settings = { semi: false, singleQuote: true };
    const { files } = await generateWith(settings);
    expect(await notPrettier(files, settings)).toEqual([]);
    expect(files.get('types/products.ts')).toContain("from '../common.js'\n");
  });
});

describe('skipLaidOut', () => {
  it('passes laid-out files through and gives prettier only the others, in order', async () => {
    const seen: string[] = [];
    const prettier: Formatter = {
      key: 'k',
      formatAll: (items: readonly FormatItem[]) => {
        seen.push(...items.map((i) => i.path));
        return Promise.resolve(items.map((i) => `formatted ${i.text}`));
      },
    };
    const skipping = skipLaidOut(prettier, (p) => !p.startsWith('runtime/'));
    const items = [
      { path: 'types/a.ts', text: 'a' },
      { path: 'runtime/b.ts', text: 'b' },
      { path: 'clients/c.ts', text: 'c' },
      { path: 'runtime/d.ts', text: 'd' },
    ];
    expect(await skipping.formatAll(items)).toEqual(['a', 'formatted b', 'c', 'formatted d']);
    expect(seen).toEqual(['runtime/b.ts', 'runtime/d.ts']);
    expect(skipping.key).toBe('k');
  });
});
