/**
 * The run key of the manifest: a second `generate` with the same inputs answers "up to date"
 * without emitting; anything the output depends on (options, snapshot bytes, runtime templates,
 * prettier settings) makes it go the full way; a hand-edited or missing file is still caught by
 * `check` and repaired by a normal run.
 */
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/api/generate.js';
import { resolveEmitOptions } from '../../src/emit/context.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { MANIFEST_FILE } from '../../src/write/index.js';
import { formatSources } from '../../src/write/run-key.js';
import { findUpToDate } from '../../src/write/up-to-date.js';

const SNAPSHOT = new URL('../../fixtures/mini/catalog.json', import.meta.url).pathname;

let base: string;
let out: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'psc-up-to-date-'));
  out = join(base, 'gen');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('generate with an up-to-date output directory', () => {
  it('answers from the manifest: same files, same report, nothing emitted or written', async () => {
    const first = await generate(SNAPSHOT, { out });
    expect(first.upToDate).toBe(false);
    const manifest = await readFile(join(out, MANIFEST_FILE), 'utf8');
    const second = await generate(SNAPSHOT, { out });
    expect(second.upToDate).toBe(true);
    expect(second.write?.written).toEqual([]);
    expect(second.write?.unchanged).toEqual(
      first.write?.unchanged.length === 0 ? first.write.written : first.write?.unchanged,
    );
    expect([...second.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    expect(second.files.get('index.ts')).toBe(await readFile(join(out, 'index.ts'), 'utf8'));
    expect(second.plainStrings).toEqual(first.plainStrings);
    expect(second.diagnostics).toEqual(JSON.parse(JSON.stringify(first.diagnostics)));
    expect(await readFile(join(out, MANIFEST_FILE), 'utf8')).toBe(manifest);
    const check = await generate(SNAPSHOT, { out, check: true });
    expect(check.upToDate).toBe(true);
  });

  it('another option, other snapshot bytes, or formatting switched on: the full way', async () => {
    const plain = { format: false } as const;
    await generate(SNAPSHOT, { out, ...plain });
    expect((await generate(SNAPSHOT, { out, ...plain })).upToDate).toBe(true);
    const decimals = await generate(SNAPSHOT, { out, ...plain, decimals: 'string' });
    expect(decimals.upToDate).toBe(false);
    expect(decimals.write?.written.length).toBeGreaterThan(0);
    expect((await generate(SNAPSHOT, { out, ...plain, decimals: 'string' })).upToDate).toBe(true);
    // The same model in other bytes: the key follows the bytes, and the output is unchanged.
    const copy = join(base, 'copy.json');
    await writeFile(copy, `${await readFile(SNAPSHOT, 'utf8')}\n`);
    const moved = await generate(copy, { out, ...plain, decimals: 'string' });
    expect(moved.upToDate).toBe(false);
    expect(moved.write?.written).toEqual([]);
    const formatted = await generate(copy, { out, decimals: 'string', check: true });
    expect(formatted.upToDate).toBe(false);
    expect(formatted.write?.drift.changed.length).toBeGreaterThan(0);
  });

  it('a new or edited prettier config above the output: the full way, with its settings', async () => {
    await generate(SNAPSHOT, { out });
    await writeFile(join(base, '.prettierrc.json'), JSON.stringify({ semi: false }));
    const run = await generate(SNAPSHOT, { out });
    expect(run.upToDate).toBe(false);
    expect(run.write?.written.length).toBeGreaterThan(0);
    expect((await generate(SNAPSHOT, { out })).upToDate).toBe(true);
    await writeFile(join(base, '.prettierrc.json'), JSON.stringify({ semi: false, singleQuote: true }));
    expect((await generate(SNAPSHOT, { out })).upToDate).toBe(false);
    await writeFile(join(base, '.editorconfig'), 'root = true\n[*]\nindent_size = 4\n');
    expect((await generate(SNAPSHOT, { out })).upToDate).toBe(false);
  });

  it('an empty JSON prettier config ({}) is settings, not a shared config name: the second run is up to date', async () => {
    await writeFile(join(base, '.prettierrc.json'), '{}\n');
    expect(await formatSources(join(out, 'index.ts'))).not.toBeNull();
    await writeFile(join(base, '.prettierrc'), '"@company/prettier-config"\n');
    expect(await formatSources(join(out, 'index.ts'))).toBeNull();
    await rm(join(base, '.prettierrc'));
    await generate(SNAPSHOT, { out });
    expect((await generate(SNAPSHOT, { out })).upToDate).toBe(true);
  });

  it('a prettier config that is code cannot be fingerprinted: every run formats', async () => {
    await writeFile(join(base, 'prettier.config.mjs'), 'export default { semi: false };\n');
    expect(await formatSources(join(out, 'index.ts'))).toBeNull();
    await generate(SNAPSHOT, { out });
    expect((await generate(SNAPSHOT, { out })).upToDate).toBe(false);
  });

  it('a hand edit or a missing file: --check reports it, a normal run repairs it', async () => {
    const plain = { format: false } as const;
    await generate(SNAPSHOT, { out, ...plain });
    const target = join(out, 'index.ts');
    const original = await readFile(target, 'utf8');
    await writeFile(target, `${original}// edited\n`);
    const check = await generate(SNAPSHOT, { out, ...plain, check: true });
    expect(check.upToDate).toBe(false);
    expect(check.write?.drift.changed).toEqual(['index.ts']);
    const repair = await generate(SNAPSHOT, { out, ...plain });
    expect(repair.write?.written).toEqual(['index.ts']);
    expect(await readFile(target, 'utf8')).toBe(original);
    await unlink(target);
    const missing = await generate(SNAPSHOT, { out, ...plain, check: true });
    expect(missing.upToDate).toBe(false);
    expect(missing.write?.drift.added).toEqual(['index.ts']);
  });

  it('other runtime templates: not up to date', async () => {
    await generate(SNAPSHOT, { out });
    const templates = await readRuntimeTemplates();
    const inputs = {
      snapshot: await readFile(SNAPSHOT, 'utf8'),
      options: resolveEmitOptions(),
      format: true,
      configFrom: join(out, 'index.ts'),
    };
    expect(await findUpToDate(out, { ...inputs, templates })).not.toBeNull();
    const [first] = templates.keys();
    const edited = new Map(templates).set(first!, `${templates.get(first!)}\n// edited\n`);
    expect(await findUpToDate(out, { ...inputs, templates: edited })).toBeNull();
    const extra = new Map(templates).set('runtime/extra.ts', 'export {};\n');
    expect(await findUpToDate(out, { ...inputs, templates: extra })).toBeNull();
  });

  it('a model passed as an object is keyed on its serialization', async () => {
    const { loadSnapshot } = await import('../../src/api/snapshot.js');
    const schema = await loadSnapshot(SNAPSHOT);
    await mkdir(out, { recursive: true });
    await generate(schema, { out, format: false });
    expect((await generate(schema, { out, format: false })).upToDate).toBe(true);
    expect(
      (await generate({ ...schema, resources: schema.resources.slice(1) }, { out, format: false, check: true }))
        .upToDate,
    ).toBe(false);
  });

  it('a report with control characters in the manifest is not replayed: the full way', async () => {
    await generate(SNAPSHOT, { out, format: false });
    const path = join(out, MANIFEST_FILE);
    const manifest = JSON.parse(await readFile(path, 'utf8'));
    manifest.run.report.diagnostics = [
      { level: 'warning', code: 'x', message: '\u001b[2Jgone', resource: null, field: null },
    ];
    await writeFile(path, JSON.stringify(manifest));
    const warnings: string[] = [];
    const run = await generate(SNAPSHOT, { out, format: false, onWarning: (m) => warnings.push(m) });
    expect(run.upToDate).toBe(false);
    expect(warnings.join('')).not.toContain('\u001b');
    // A clean report is replayed.
    manifest.run.report.diagnostics = [
      { level: 'warning', code: 'x', message: 'replayed', resource: null, field: null },
    ];
    await writeFile(path, JSON.stringify(manifest));
    const replay: string[] = [];
    expect((await generate(SNAPSHOT, { out, format: false, onWarning: (m) => replay.push(m) })).upToDate).toBe(true);
    expect(replay).toEqual(['replayed']);
  });
});
