/**
 * One snapshot loader: every command that reads a snapshot file (generate, export, diff, mcp,
 * fake-store) reports a missing file, a directory, invalid JSON and an unknown format version with
 * the same one-line message naming the file, exit 2.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../src/api/snapshot.js';
import { CodegenError, InputError, SnapshotError } from '../../src/errors.js';
import { runCli, tempDir } from './helpers.js';

/** Each command, reading the snapshot `file` (a path relative to the working directory). */
const READERS: ReadonlyArray<readonly [string, (file: string) => string[]]> = [
  ['generate', (f) => ['generate', '--schema', f, '--out', 'gen']],
  ['export', (f) => ['export', '--schema', f, '--out', 'x.json']],
  ['mcp', (f) => ['mcp', '--schema', f]],
  ['fake-store', (f) => ['fake-store', '--schema', f, '--port', '0']],
];

describe('one snapshot loader', () => {
  const cases: ReadonlyArray<readonly [string, (dir: string) => string, RegExp]> = [
    [
      'a missing file',
      () => 'missing.json',
      /^error: \S*missing\.json: no snapshot here: run `prestashop-codegen introspect` first/,
    ],
    [
      'a directory',
      (dir) => (mkdirSync(join(dir, 'adir')), 'adir'),
      /^error: \S*adir: is a directory; name the snapshot file/,
    ],
    [
      'invalid JSON',
      (dir) => (writeFileSync(join(dir, 'bad.json'), '{"schemaVersion": 1,'), 'bad.json'),
      /^error: \S*bad\.json: \$: not valid JSON/,
    ],
    [
      'a newer format version',
      (dir) => (
        writeFileSync(join(dir, 'new.json'), JSON.stringify({ schemaVersion: 99, store: {}, resources: [] })),
        'new.json'
      ),
      /^error: \S*new\.json: \$\.schemaVersion: schemaVersion 99 is newer than this tool understands \(\d+\); upgrade prestashop-codegen/,
    ],
  ];
  for (const [what, make, message] of cases) {
    it(`${what}: the same message from every command, exit 2, nothing written`, async () => {
      for (const [name, args] of READERS) {
        const dir = tempDir();
        // mcp needs a store to talk to before it reads the snapshot; nothing is requested.
        const r = await runCli(args(make(dir)), {
          cwd: dir,
          env: { PRESTASHOP_URL: 'http://127.0.0.1:9', PRESTASHOP_API_KEY: 'K'.repeat(32) },
        });
        expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code: 2, stdout: '' });
        expect(r.stderr, name).toMatch(message);
        expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
      }
    });
  }

  it('diff names a bad snapshot side the same way', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{"schemaVersion": 1,');
    const r = await runCli(['diff', 'bad.json', 'bad.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: bad\.json: \$: not valid JSON/);
  });

  it('a bad snapshot is a SnapshotError, an InputError and a CodegenError (exit 2)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '[]');
    const error: unknown = await loadSnapshot(join(dir, 'bad.json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).exitCode).toBe(2);
  });
});
