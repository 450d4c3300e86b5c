/**
 * scripts/check-cycles.mjs: it must find a folder cycle (so `npm run check:cycles` cannot pass by
 * finding nothing), name the folders and the imports that make it, and leave alone what is not one.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve(__dirname, '../../scripts/check-cycles.mjs');
const roots: string[] = [];

afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A source tree of the given files (path → text) in a fresh temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Runs the checker on `root` (synchronously: no child outlives the call). */
function check(root: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('check-cycles', () => {
  it('fails on two folders importing each other, naming the cycle and the imports', () => {
    const root = tree({
      'model/index.ts': 'export const m = 1;\n',
      'plan/index.ts':
        "import { m } from '../model/index.js';\nimport { name } from '../emit/naming.js';\nexport const p = m + name.length;\n",
      'emit/naming.ts': "export const name = 'x';\n",
      'emit/index.ts': "import { p } from '../plan/index.js';\nexport const e = p;\n",
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('cycle: emit → plan → emit');
    expect(r.stderr).toContain('emit/index.ts imports');
    expect(r.stderr).toContain('plan/index.ts imports');
  });

  it('finds a cycle through three folders, a type-only import and a dynamic import', () => {
    const root = tree({
      'a/index.ts': "import type { B } from '../b/index.js';\nexport type A = B;\n",
      'b/index.ts': "export type B = string;\nexport const load = () => import('../c/deep/x.js');\n",
      'c/deep/x.ts': "import type { A } from '../../a/index.js';\nexport const x: A = 'x';\n",
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('cycle: a → b → c → a');
  });

  it('finds a cycle between sub-folders of one folder, and between a folder and a file beside it', () => {
    const root = tree({
      'emit/clients/index.ts': "import { v } from '../validators/index.js';\nexport const c = v;\n",
      'emit/validators/index.ts': "import type { c } from '../clients/index.js';\nexport const v = 1;\n",
      'cli/flags.ts': "import type { X } from './commands/registry.js';\nexport type F = X;\n",
      'cli/commands/registry.ts': "import type { F } from '../flags.js';\nexport type X = F | number;\n",
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('cycle: emit/clients → emit/validators → emit/clients');
    expect(r.stderr).toContain('cycle: cli/commands → cli/flags.ts → cli/commands');
  });

  it('passes one-way arrows, and files of one folder importing each other (a module cycle, not a folder one)', () => {
    const root = tree({
      'model/index.ts': 'export const m = 1;\n',
      'naming/index.ts': "import { m } from '../model/index.js';\nexport const n = m;\n",
      'plan/index.ts': "import { n } from '../naming/index.js';\nexport const p = n;\n",
      'emit/index.ts':
        "import { p } from '../plan/index.js';\nimport { n } from '../naming/index.js';\nexport const e = p + n;\n",
      'diff/rules.ts': "import type { T } from './types.js';\nexport type R = T;\n",
      'diff/types.ts': "import type { R } from './rules.js';\nexport type T = R | string;\n",
    });
    const r = check(root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('passes on the project itself (src/)', () => {
    const r = check(resolve(__dirname, '../../src'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
