/**
 * Atomic writes, proven by killing the CLI (SIGKILL, a separate process) half-way through writing
 * a file: the previous file is intact, what is left behind is a hidden temp file that cannot be
 * taken for output, and the next run completes and removes it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import { tempFilePattern, writeFileAtomic } from '../../src/write/atomic.js';
import { LOCK_FILE } from '../../src/write/guard.js';
import { reapAtTestEnd, stopChild } from './children.js';
import { GOLDEN_8_2_0, KEY, listFiles, runCli, spawnCli, tempDir } from './helpers.js';

/** The test-only preload that pauses a write half-way (production code has no hook). */
const PAUSE_WRITE_ENV = 'PSC_TEST_PAUSE_WRITE';
const PRELOAD = `--import=${pathToFileURL(join(import.meta.dirname, 'pause-write.mjs')).href}`;

/** Runs the CLI in its own process until it pauses half-way through writing `file`, then SIGKILLs it. */
async function killMidWrite(
  args: string[],
  cwd: string,
  file: string,
): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  const child = reapAtTestEnd(spawnCli(args, { cwd, env: { [PAUSE_WRITE_ENV]: file, NODE_OPTIONS: PRELOAD } }));
  let stderr = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child never paused:\n${stderr}`)), 45_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes(`${PAUSE_WRITE_ENV}: paused half-way`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`the child exited before pausing:\n${stderr}`));
      });
    });
  } finally {
    // The kill under test, and the clean-up when the child never paused: it never outlives the test.
    stopChild(child);
  }
  return { signal: await exited, stderr };
}

/** Files of `dir` that are not hidden temp files of a write of one of `targets`. */
function leftovers(dir: string, targets: string[]): { temps: string[]; others: string[] } {
  const names = readdirSync(dir);
  const isTemp = (n: string): boolean => targets.some((t) => tempFilePattern(join(dir, t)).test(n));
  return { temps: names.filter(isTemp), others: names.filter((n) => !isTemp(n)).sort() };
}

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore();
});
afterAll(() => store.close());

describe('a process killed in the middle of a write', () => {
  it('introspect: the previous snapshot is intact; the next run completes and cleans up', async () => {
    const cwd = tempDir();
    const previous = GOLDEN_8_2_0.replace('"psVersion": "8.2.0"', '"psVersion": "8.1.0"');
    writeFileSync(join(cwd, 'prestashop-schema.json'), previous);
    const { signal } = await killMidWrite(
      ['introspect', '--url', store.url, '--key', KEY],
      cwd,
      'prestashop-schema.json',
    );
    expect(signal).toBe('SIGKILL');
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(previous);
    const left = leftovers(cwd, ['prestashop-schema.json']);
    expect(left.others).toEqual(['prestashop-schema.json']);
    // What the kill left: one hidden .tmp file holding half of the new snapshot, nothing that looks like output.
    expect(left.temps).toHaveLength(1);
    expect(left.temps[0]).toMatch(/^\.prestashop-schema\.json\.\d+\.[0-9a-f]{12}\.tmp$/);
    expect(GOLDEN_8_2_0.startsWith(readFileSync(join(cwd, left.temps[0]!), 'utf8'))).toBe(true);

    const again = await runCli(['introspect', '--url', store.url, '--key', KEY], { cwd });
    expect(again.code).toBe(0);
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(GOLDEN_8_2_0);
    expect(readdirSync(cwd)).toEqual(['prestashop-schema.json']);
  });

  it('export: the previous document is intact; the next run completes and cleans up', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'prestashop-schema.json'), GOLDEN_8_2_0);
    writeFileSync(join(cwd, 'openapi.json'), '{"openapi": "previous"}\n');
    await killMidWrite(['export', '--format', 'openapi', '--out', 'openapi.json'], cwd, 'openapi.json');
    expect(readFileSync(join(cwd, 'openapi.json'), 'utf8')).toBe('{"openapi": "previous"}\n');
    expect(leftovers(cwd, ['openapi.json'])).toMatchObject({
      others: ['openapi.json', 'prestashop-schema.json'],
      temps: [expect.any(String)],
    });

    const again = await runCli(['export', '--format', 'openapi', '--out', 'openapi.json'], { cwd });
    expect(again.code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'openapi.json'), 'utf8'))).toMatchObject({ openapi: '3.1.0' });
    expect(readdirSync(cwd).sort()).toEqual(['openapi.json', 'prestashop-schema.json']);
  });

  it('generate: every file is the old or the new one, never half; the next run completes and cleans up', async () => {
    const cwd = tempDir();
    const older = GOLDEN_8_2_0.replace('"psVersion": "8.2.0"', '"psVersion": "8.1.0"');
    writeFileSync(join(cwd, 'old.json'), older);
    writeFileSync(join(cwd, 'new.json'), GOLDEN_8_2_0);
    const gen = (schema: string, out: string): string[] => [
      'generate',
      '--schema',
      schema,
      '--out',
      out,
      '--no-format',
    ];
    // Other options too, so that most files differ (headers no longer name the snapshot's hash).
    expect((await runCli([...gen('old.json', 'out'), '--decimals', 'string', '--no-branded-ids'], { cwd })).code).toBe(
      0,
    );
    expect((await runCli(gen('new.json', 'expected'), { cwd })).code).toBe(0);
    const files = listFiles(join(cwd, 'out'));
    const before = new Map(files.map((f) => [f, readFileSync(join(cwd, 'out', f), 'utf8')]));
    const after = new Map(files.map((f) => [f, readFileSync(join(cwd, 'expected', f), 'utf8')]));
    expect([...before].filter(([f, t]) => after.get(f) !== t).length).toBeGreaterThan(60); // the options change most files

    const { stderr } = await killMidWrite(gen('new.json', 'out'), cwd, 'products.ts');
    // The file it stopped in (one of the products.ts files: types, validators or clients).
    const paused = /paused half-way through (.*)\/\.products\.ts\.\d+\.[0-9a-f]{12}\.tmp/.exec(stderr)![1]!;
    const pausedFile = `${paused.slice(join(cwd, 'out').length + 1)}/products.ts`;
    const temps: string[] = [];
    for (const f of listFiles(join(cwd, 'out'))) {
      const name = f.split('/').pop()!;
      // The killed run's lock: taken over by the next run, since its pid no longer runs.
      if (f === LOCK_FILE) continue;
      if (name.endsWith('.tmp')) {
        temps.push(f);
        continue;
      }
      const text = readFileSync(join(cwd, 'out', f), 'utf8');
      expect(text === before.get(f) || text === after.get(f), f).toBe(true);
    }
    // Up to 16 files are written at once: each one caught mid-write left its hidden temp file.
    expect(temps).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${pausedFile.replace('products.ts', '')}\\.products\\.ts\\.\\d+\\.[0-9a-f]{12}\\.tmp$`),
      ),
    );
    for (const t of temps) expect(t).toMatch(/^(?:[a-z_]+\/)?\.[a-z0-9_]+\.ts\.\d+\.[0-9a-f]{12}\.tmp$/);
    expect(readFileSync(join(cwd, 'out', pausedFile), 'utf8')).toBe(before.get(pausedFile));

    expect((await runCli(gen('new.json', 'out'), { cwd })).code).toBe(0);
    expect(listFiles(join(cwd, 'out'))).toEqual(files);
    for (const f of files) expect(readFileSync(join(cwd, 'out', f), 'utf8'), f).toBe(after.get(f));
  });

  it('a leftover temp file of a live process is never removed', async () => {
    const dir = tempDir();
    const live = join(dir, `.out.json.${process.ppid}.aaaaaaaaaaaa.tmp`);
    const dead = join(dir, '.out.json.999999999.bbbbbbbbbbbb.tmp');
    const unrelated = join(dir, '.other.json.999999999.cccccccccccc.tmp');
    for (const f of [live, dead, unrelated]) writeFileSync(f, 'half');
    await writeFileAtomic(join(dir, 'out.json'), '{}\n');
    expect(readdirSync(dir).sort()).toEqual([
      `.other.json.999999999.cccccccccccc.tmp`,
      `.out.json.${process.ppid}.aaaaaaaaaaaa.tmp`,
      'out.json',
    ]);
  });
});
