/**
 * The generated code is clean under ESLint's and typescript-eslint's recommended rules (ESLint 9,
 * flat config), as a user's `eslint .` or `next lint` reads it: every golden output, and the runtime files as
 * they are written (header, lint directive and `@ts-nocheck` included). The few rules the output
 * must break carry an `eslint-disable-next-line` that says why (the namespace of query types, whose
 * names are a contract; the runtime's `@ts-nocheck`); a directive that no longer suppresses
 * anything is reported too.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import js from '@eslint/js';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { runtimeFiles } from '../../src/emit/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';

const ROOT = join(import.meta.dirname, '../..');
const GOLDEN = join(ROOT, 'test/golden');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ],
});

function messages(results: ESLint.LintResult[]): string[] {
  return results.flatMap((r) =>
    r.messages.map((m) => `${relative(ROOT, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
  );
}

describe('typescript-eslint recommended on the generated code', () => {
  it('reports nothing on any golden output', async () => {
    const files = tsFiles(GOLDEN);
    expect(files.length).toBeGreaterThan(100);
    expect(messages(await eslint.lintFiles(files))).toEqual([]);
  }, 300_000);

  it('reports nothing on the runtime as written', async () => {
    const runtime = runtimeFiles(await readRuntimeTemplates());
    const results = await Promise.all(
      [...runtime].map(([path, text]) => eslint.lintText(text, { filePath: join(ROOT, 'out', path) })),
    );
    expect(runtime.size).toBeGreaterThan(20);
    expect(messages(results.flat())).toEqual([]);
  }, 300_000);
});
