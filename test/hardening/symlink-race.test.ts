/**
 * The write stage under a race: a symbolic link planted in the output directory while the run
 * formats (after the path checks) cannot redirect a file outside it. The formatter is the hook:
 * a custom one plants the link, as another process could at that moment.
 */
import { mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteError } from '../../src/errors.js';
import type { Formatter } from '../../src/write/format.js';
import { writeFileMap } from '../../src/write/index.js';

let root: string;
let out: string;
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'psc-race-'));
  out = join(root, 'out');
  outside = join(root, 'outside');
  await mkdir(outside);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = (version: number): Map<string, string> =>
  new Map([
    ['index.ts', `// v${version}\nexport {};\n`],
    ...Array.from(
      { length: 20 },
      (_, i) => [`clients/c${i}.ts`, `// v${version}\nexport const c${i} = ${i};\n`] as [string, string],
    ),
  ]);

/** A formatter that swaps `out/clients` for a link to `outside` while it "formats". */
const plantingFormatter = (): Formatter => ({
  key: 'none',
  formatAll: async (items) => {
    await rename(join(out, 'clients'), join(out, 'clients-moved')).catch(() => undefined);
    await symlink(outside, join(out, 'clients'), 'dir');
    return items.map((i) => i.text);
  },
});

describe('a link planted during formatting', () => {
  it('over an existing directory: the run fails and nothing lands outside', async () => {
    await writeFileMap(out, files(1), { format: false });
    const e = await writeFileMap(out, files(2), { formatter: plantingFormatter() }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WriteError);
    expect((e as Error).message).toMatch(/symbolic link/);
    expect(await readdir(outside)).toEqual([]);
  });

  it('in a fresh output directory: the same', async () => {
    const e = await writeFileMap(out, files(1), { formatter: plantingFormatter() }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WriteError);
    expect(await readdir(outside)).toEqual([]);
  });
});
