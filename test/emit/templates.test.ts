/**
 * Reading the runtime templates at the CLI edge: `templates/runtime/*.ts` without tests, keyed
 * `runtime/<name>.ts`, sorted, verbatim.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRuntimeTemplate, readRuntimeTemplates, RUNTIME_TEMPLATES_DIR } from '../../src/templates.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'psc-tpl-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runtime templates', () => {
  it('reads *.ts verbatim, without tests, dotfiles or subdirectories, sorted', async () => {
    await writeFile(join(dir, 'xml.ts'), 'export const xml = 1;\r\n');
    await writeFile(join(dir, 'http.ts'), '// keep me as I am\nexport {};\n');
    await writeFile(join(dir, 'http.test.ts'), 'test');
    await writeFile(join(dir, '.hidden.ts'), 'x');
    await writeFile(join(dir, 'README.md'), 'x');
    await mkdir(join(dir, 'nested.ts'));
    const files = await readRuntimeTemplates(dir);
    expect([...files.keys()]).toEqual(['runtime/http.ts', 'runtime/xml.ts']);
    expect(files.get('runtime/xml.ts')).toBe('export const xml = 1;\r\n');
  });

  it('gives an empty map when there is no template directory', async () => {
    expect((await readRuntimeTemplates(join(dir, 'missing'))).size).toBe(0);
  });

  it('the default directory is the package templates/runtime/', () => {
    expect(RUNTIME_TEMPLATES_DIR.replace(/\\/g, '/')).toMatch(/\/templates\/runtime\/$/);
    expect(isRuntimeTemplate('rules.ts')).toBe(true);
    expect(isRuntimeTemplate('rules.test.ts')).toBe(false);
    expect(isRuntimeTemplate('rules.d.ts')).toBe(true);
  });
});
