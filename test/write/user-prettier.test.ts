/**
 * The user's prettier (issue 23, item 7): a prettier 3 that resolves from the output directory
 * formats the output, and its version enters the formatter's key (what decides "up to date"); an
 * older one is passed over for the bundled prettier with a warning; without one, the bundled
 * prettier formats. The project's prettier here is a small stand-in package that marks its output.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { createPrettierFormatter } from '../../src/write/format.js';
import { prettierVersion, resolvePrettier } from '../../src/write/prettier.js';

const BUNDLED = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/prettier/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const MINI = join(import.meta.dirname, '../../fixtures/mini/catalog.json');
const root = mkdtempSync(join(tmpdir(), 'psc-user-prettier-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A project whose node_modules holds a stand-in prettier of `version`. */
function project(name: string, version: string): string {
  const dir = join(root, name);
  const pkg = join(dir, 'node_modules/prettier');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'prettier',
      version,
      type: 'module',
      main: 'index.mjs',
      exports: { '.': { default: './index.mjs' } },
    }),
  );
  writeFileSync(
    join(pkg, 'index.mjs'),
    [
      `export const version = ${JSON.stringify(version)};`,
      'export async function resolveConfig() { return { semi: false }; }',
      "export async function format(text) { return `// formatted by the project's prettier\\n${text}`; }",
    ].join('\n'),
  );
  return dir;
}

describe("the user's prettier", () => {
  it("formats with the project's prettier 3, whose version enters the formatter's key", async () => {
    const dir = project('p3', '3.99.0');
    const out = join(dir, 'src/gen');
    expect(resolvePrettier(join(out, 'index.ts'))).toMatchObject({ version: '3.99.0', source: 'project', note: null });
    expect(prettierVersion(out)).toBe('3.99.0');
    const theirs = await createPrettierFormatter(join(out, 'index.ts'));
    const ours = await createPrettierFormatter(join(root, 'elsewhere/index.ts'));
    expect([theirs.prettier?.source, ours.prettier]).toEqual([
      'project',
      { version: BUNDLED, source: 'bundled', note: null },
    ]);
    expect(theirs.key).not.toBe(ours.key);
    const warnings: string[] = [];
    await generate(MINI, { out, onWarning: (m) => warnings.push(m) });
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toMatch(/^\/\/ formatted by the project's prettier\n/);
    expect(warnings.filter((w) => w.includes('prettier'))).toEqual([]);
  });

  it('passes over a prettier older than 3 for the bundled one, and says so', async () => {
    const dir = project('p2', '2.8.8');
    const out = join(dir, 'gen');
    expect(resolvePrettier(join(out, 'index.ts'))).toMatchObject({ version: BUNDLED, source: 'bundled' });
    const warnings: string[] = [];
    await generate(MINI, { out, onWarning: (m) => warnings.push(m) });
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).not.toContain("project's prettier");
    expect(warnings).toContain(
      `prettier 2.8.8 in ${join(dir, 'node_modules/prettier')} is older than 3; formatting with the bundled ${BUNDLED}`,
    );
  });
});
