import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { renderExport } from '../../src/export/index.js';
import { loadSnapshot, MINI } from './helpers.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'psc-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Sink();
  const stderr = new Sink();
  const code = await main(args, { stdout, stderr, cwd: dir, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('prestashop-codegen export', () => {
  it('writes the OpenAPI document and the JSON Schema bundle of a snapshot', async () => {
    await writeFile(join(dir, 'prestashop-schema.json'), await readFile(MINI, 'utf8'));
    const a = await run(['export', '--format', 'openapi', '--out', 'out/openapi.json']);
    expect(a.code).toBe(0);
    expect(a.stderr).toMatch(/Wrote OpenAPI 3\.1 document \(7 resources, \d+ bytes\) to out\/openapi\.json/);
    expect(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')).toBe(renderExport(loadSnapshot(MINI), 'openapi'));
    const b = await run([
      'export',
      '--schema',
      MINI,
      '--format',
      'jsonschema',
      '--decimals',
      'string',
      '--out',
      'schemas.json',
    ]);
    expect(b.code).toBe(0);
    expect(await readFile(join(dir, 'schemas.json'), 'utf8')).toBe(
      renderExport(loadSnapshot(MINI), 'jsonschema', { decimals: 'string' }),
    );
    // atomic write: no temp file left beside the output
    expect((await readdir(dir)).sort()).toEqual(['out', 'prestashop-schema.json', 'schemas.json']);
    expect(await readdir(join(dir, 'out'))).toEqual(['openapi.json']);
  });

  it('exits 2 with a message naming the file on a missing or invalid snapshot, and writes nothing', async () => {
    const missing = await run(['export', '--schema', 'nope.json', '--out', 'x.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json: no snapshot here: run `prestashop-codegen introspect` first/);
    await writeFile(join(dir, 'bad.json'), '{"schemaVersion": 1, "store": {}, "resources": []}');
    const bad = await run(['export', '--schema', 'bad.json', '--out', 'x.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: .*bad\.json: \$\.store\.languages: expected an array/);
    const usage = await run(['export', '--schema', MINI, '--format', 'yaml', '--out', 'x.json']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--format: "yaml" is not one of /);
    const noOut = await run(['export', '--schema', MINI]);
    expect(noOut.code).toBe(2);
    expect((await readdir(dir)).filter((f) => f !== 'bad.json')).toEqual([]);
  });

  it('prints the document on stdout with --out -, and writes no file', async () => {
    const r = await run(['export', '--schema', MINI, '--format', 'jsonschema', '--out', '-']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(renderExport(loadSnapshot(MINI), 'jsonschema'));
    expect(r.stderr).toBe('');
    expect(await readdir(dir)).toEqual([]);
  });
});
