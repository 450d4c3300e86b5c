/**
 * The options of the last pass over the output (src/emit/finish.ts).
 *
 * `importExtension`: `.js` (the default, nodenext) leaves every file as the emitters and templates
 * write it; `none` drops the extension of every relative specifier, in generated files and in the
 * runtime, and the output still type-checks under bundler resolution (what Next.js, webpack and
 * Turbopack resolve like).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { checkBanner, withImportExtension } from '../../src/emit/finish.js';
import { emitAll } from '../../src/emit/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { checkGenerateConfig, resolveGenerateOptions } from '../../src/config/generate-options.js';
import { typecheck } from './typecheck.js';

const model = parseSnapshot(readFileSync(new URL('../../fixtures/mini/catalog.json', import.meta.url), 'utf8'));

/** Every module specifier after `from` or `import(` in `text`. */
const specifiers = (text: string): string[] =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"'\n]+)["']/g)].map((m) => m[1]!);

describe('importExtension', () => {
  it("'none' drops .js from relative specifiers only, in static, re-export and dynamic imports", () => {
    const text = [
      'import { a } from "./a.js";',
      "import type { B } from '../types/b.js';",
      'export * from "./clients/index.js";',
      "const v = await import('../validators/x.js');",
      'import { z } from "zod";',
      'import data from "./data.json";',
      'const s = "from ./not-an-import.js";',
      '} from "../runtime/http.js";',
    ].join('\n');
    expect(withImportExtension(text, 'none').split('\n')).toEqual([
      'import { a } from "./a";',
      "import type { B } from '../types/b';",
      'export * from "./clients/index";',
      "const v = await import('../validators/x');",
      'import { z } from "zod";',
      'import data from "./data.json";',
      'const s = "from ./not-an-import.js";',
      '} from "../runtime/http";',
    ]);
    expect(withImportExtension(text, '.js')).toBe(text);
  });

  it("the default is '.js', and it leaves the output as the emitters write it", async () => {
    const templates = await readRuntimeTemplates();
    expect(resolveEmitOptions().importExtension).toBe('.js');
    const files = emitAll(model, resolveEmitOptions(), { templates }).files;
    const relative = [...files.values()].flatMap(specifiers).filter((s) => s.startsWith('.'));
    expect(relative.length).toBeGreaterThan(50);
    expect(relative.filter((s) => !s.endsWith('.js'))).toEqual([]);
  });

  it("'none' leaves no relative specifier with an extension, and type-checks under bundler resolution", async () => {
    const templates = await readRuntimeTemplates();
    const files = emitAll(model, resolveEmitOptions({ importExtension: 'none' }), { templates }).files;
    const all = [...files.values()].flatMap(specifiers);
    expect(all.filter((s) => s.startsWith('.')).length).toBeGreaterThan(50);
    expect(all.filter((s) => s.startsWith('.') && /\.[cm]?[jt]s$/.test(s))).toEqual([]);
    const use =
      'import { createClient } from "./out/index";\nexport const client = createClient({ baseUrl: "http://127.0.0.1", apiKey: "K" });\n';
    expect(typecheck(files, 'bundler', { 'use.ts': use })).toEqual([]);
  });

  it('the config file accepts .js and none, and names the option otherwise', () => {
    expect(checkGenerateConfig({ importExtension: 'none' })).toEqual({ importExtension: 'none' });
    expect(() => checkGenerateConfig({ importExtension: '.mjs' } as never)).toThrowError(
      /generate\.importExtension.*\.js, none/s,
    );
  });
});

describe('banner', () => {
  it('goes under the header of every file, runtime included, and changes nothing else', async () => {
    const templates = await readRuntimeTemplates();
    const plain = emitAll(model, resolveEmitOptions(), { templates }).files;
    const banner = '/* eslint-disable */\n// Licence: MIT';
    const files = emitAll(model, resolveEmitOptions({ banner }), { templates }).files;
    expect([...files.keys()]).toEqual([...plain.keys()]);
    for (const [path, text] of files) {
      const lines = text.split('\n');
      expect(lines.slice(2, 4), path).toEqual(['/* eslint-disable */', '// Licence: MIT']);
      expect([...lines.slice(0, 2), ...lines.slice(4)].join('\n'), path).toBe(plain.get(path));
    }
  });

  it('holds comments only: code is refused with the option and line named', () => {
    expect(checkBanner('/**\n * Licence\n */\n\n// x')).toBe('/**\n * Licence\n */\n\n// x\n');
    expect(() => checkBanner('// ok\nexport const x = 1;')).toThrowError(/banner line 2 is not a comment/);
    expect(() => checkBanner('/* a */ export {}')).toThrowError(/banner line 1 has code after its comment/);
    expect(() => checkBanner('/* open')).toThrowError(/does not close/);
    expect(() => resolveGenerateOptions({ banner: 'alert(1)' } as never, {})).toThrowError(
      /^banner: banner line 1 is not a comment|banner.*line 1/,
    );
    expect(() => resolveGenerateOptions({} as never, { generate: { banner: 'x' } })).toThrowError(/generate\.banner/);
  });
});
