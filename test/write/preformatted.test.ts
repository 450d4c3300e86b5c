/**
 * Pre-formatted runtime templates (src/write/preformatted.ts): a text formatted in advance is used
 * only for the same formatter settings and the very same source text; the record survives its
 * serialization and a damaged one is ignored; the CLI's reader finds nothing when run from src/.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPreformattedTemplates } from '../../src/templates.js';
import type { Formatter } from '../../src/write/format.js';
import { parsePreformatted, preformat, serializePreformatted, writeFileMap } from '../../src/write/index.js';

/** A formatter that marks what it formatted and records which paths it was given. */
function marking(key: string): Formatter & { seen: string[] } {
  const seen: string[] = [];
  return {
    key,
    seen,
    formatAll: (items) => {
      seen.push(...items.map((i) => i.path));
      return Promise.resolve(items.map((i) => `// formatted by ${key}\n${i.text}`));
    },
  };
}

const FILES = new Map([
  ['index.ts', 'export * from "./runtime/a.js";\n'],
  ['runtime/a.ts', 'export const a = 1;\n'],
  ['runtime/b.ts', 'export const b = 2;\n'],
]);
const TEMPLATES = new Map([...FILES].filter(([p]) => p.startsWith('runtime/')));

let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'psc-preformatted-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('pre-formatted templates', () => {
  it('are used for the same formatter key and source text, and the output is what formatting gives', async () => {
    const known = await preformat(TEMPLATES, marking('k1'));
    const formatter = marking('k1');
    const result = await writeFileMap(out, FILES, { formatter, preformatted: known });
    expect(formatter.seen).toEqual(['index.ts']);
    expect(result.formatted).toBe(1);
    for (const [p, text] of FILES) expect(await readFile(join(out, p), 'utf8')).toBe(`// formatted by k1\n${text}`);
  });

  it('are ignored for other formatter settings', async () => {
    const known = await preformat(TEMPLATES, marking('k1'));
    const formatter = marking('k2');
    await writeFileMap(out, FILES, { formatter, preformatted: known });
    expect(formatter.seen).toEqual(['index.ts', 'runtime/a.ts', 'runtime/b.ts']);
    expect(await readFile(join(out, 'runtime/a.ts'), 'utf8')).toBe('// formatted by k2\nexport const a = 1;\n');
  });

  it('are ignored for a template whose text changed since', async () => {
    const known = await preformat(new Map([...TEMPLATES, ['runtime/b.ts', 'export const b = 3;\n']]), marking('k1'));
    const formatter = marking('k1');
    await writeFileMap(out, FILES, { formatter, preformatted: known });
    expect(formatter.seen).toEqual(['index.ts', 'runtime/b.ts']);
    expect(await readFile(join(out, 'runtime/b.ts'), 'utf8')).toBe('// formatted by k1\nexport const b = 2;\n');
  });

  it('survive serialization; a damaged record reads as none', async () => {
    const known = await preformat(TEMPLATES, marking('k1'));
    expect(parsePreformatted(serializePreformatted(known))).toEqual(known);
    for (const bad of [
      '',
      'null',
      '{"version":1,"key":"k1","files":[]}',
      '{"version":2,"key":"k1","files":{}}',
      '{"version":1,"key":"k1","files":{"a.ts":{"source":1}}}',
    ]) {
      expect(parsePreformatted(bad)).toBeNull();
    }
  });

  it('the reader gives null when there is no record (as when running from src/)', async () => {
    expect(await readPreformattedTemplates(join(out, 'missing.json'))).toBeNull();
    expect(await readPreformattedTemplates()).toBeNull();
  });
});
