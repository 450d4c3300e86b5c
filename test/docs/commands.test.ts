/**
 * Every shell command the README and the docs pages show is run by a test. Each one is in PLANS:
 * run here, against the built CLI (`dist/`), in one temporary project directory, in the order of
 * PLANS; or named as run by another test file (which must hold the given marker); or listed with
 * the reason no test can run it. A command added to the docs without a plan fails the first test.
 *
 * Run here means as written, with two substitutions: the store addresses of the examples
 * (`http://127.0.0.1:8080`, `https://shop.example`, `https://staging.example.com`) become the
 * address of a `fake-store` started by the docs' own `npm run fake-store` command (on a free port
 * rather than 8080), and a key shown as `...` becomes the fake store's key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STORE_KEY } from '../../src/fakestore/index.js';
import { reapAtTestEnd } from '../hardening/children.js';
import { allDocCommands, words } from './shell.js';
import { PLANS, type Run } from './plans.js';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/bin.js');
const STORE_URLS = ['http://127.0.0.1:8080', 'https://shop.example', 'https://staging.example.com'];

const shown = allDocCommands(ROOT);
const planned = new Map(PLANS.map(([command, plan]) => [command, plan]));

describe('the commands the docs show', () => {
  it('each has a plan: run here, run by another test, or a reason', () => {
    const missing = shown.filter((c) => !planned.has(c.command)).map((c) => `${c.where}: ${c.command}`);
    expect(missing).toEqual([]);
  });

  it('every plan is for a command the docs still show', () => {
    const commands = new Set(shown.map((c) => c.command));
    expect(PLANS.map(([command]) => command).filter((c) => !commands.has(c))).toEqual([]);
    expect(new Set(PLANS.map(([c]) => c)).size).toBe(PLANS.length);
  });

  it('a command run by another test is in that test file', () => {
    for (const [command, plan] of PLANS) {
      if (!('by' in plan)) continue;
      const file = join(ROOT, plan.by);
      expect(existsSync(file), `${command}: ${plan.by}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${plan.by} runs ${command}`).toContain(plan.marker);
    }
  });

  it('the package maps npx prestashop-codegen and the npm scripts to the built CLI', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.bin['prestashop-codegen']).toBe('dist/cli/bin.js');
    expect(pkg.scripts['demo']).toBe('node dist/cli/bin.js demo');
    expect(pkg.scripts['fake-store']).toBe('node dist/cli/bin.js fake-store');
  });
});

interface Outcome {
  code: number | null;
  output: string;
}

let dir = '';
let store: ChildProcess | null = null;
let storeUrl = '';
const env: NodeJS.ProcessEnv = {};

function cleanEnv(): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PRESTASHOP_')));
  return { ...base, NO_COLOR: '1', ...env };
}

/** A word of a command with the example store address and key replaced (see the file comment). */
function substitute(word: string): string {
  if (word === '...' || word === '…') return FAKE_STORE_KEY;
  for (const url of STORE_URLS) if (word.startsWith(url)) return storeUrl + word.slice(url.length);
  return word;
}

function assign(word: string): void {
  const eq = word.indexOf('=');
  env[word.slice(0, eq)] = substitute(word.slice(eq + 1));
}

function cli(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    // Killed when the test ends, even if it times out first.
    const child = reapAtTestEnd(
      spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...cleanEnv(), ...extraEnv } }),
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `npm run fake-store -- --port 8080`, on a free port: resolves once it prints its address. */
function startFakeStore(args: string[]): Promise<Outcome> {
  const port = args.indexOf('--port');
  const argv = port === -1 ? args : [...args.slice(0, port), '--port', '0', ...args.slice(port + 2)];
  const child = spawn(process.execPath, [BIN, 'fake-store', ...argv], { cwd: dir, env: cleanEnv() });
  store = child;
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const url = /url: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url !== undefined && output.includes('key: ')) {
        storeUrl = url;
        resolve({ code: 0, output });
      }
    });
    child.on('error', reject);
    child.on('close', (code) => reject(new Error(`fake-store exited with ${code}: ${output}`)));
  });
}

/** Runs one documented command in the project directory. */
async function execute(command: string): Promise<Outcome> {
  const argv = words(command);
  if (command === 'npm ci && npm run demo') return cli(['demo']);
  if (argv[0] === 'npm' && argv[1] === 'run' && argv[2] === 'fake-store' && argv[3] === '--') {
    return startFakeStore(argv.slice(4));
  }
  if (argv[0] === 'export') {
    argv.slice(1).forEach(assign);
    return { code: 0, output: '' };
  }
  if (argv[0] === 'mv' && argv.length === 3) {
    renameSync(join(dir, argv[1]!), join(dir, argv[2]!));
    return { code: 0, output: '' };
  }
  const prefix: NodeJS.ProcessEnv = {};
  while (argv.length > 0 && /^[A-Z_]+=/.test(argv[0]!)) {
    const word = argv.shift()!;
    const eq = word.indexOf('=');
    prefix[word.slice(0, eq)] = substitute(word.slice(eq + 1));
  }
  if (argv[0] === 'npx') argv.shift();
  if (argv.shift() !== 'prestashop-codegen') throw new Error(`no way to run: ${command}`);
  return cli(argv.map(substitute), prefix);
}

describe('the commands the docs show, run as a user would', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'psc-docs-'));
    // The tour uses a file of the clone.
    const fixture = 'test/diff/fixtures/prestashop-9.0.0-like.json';
    mkdirSync(dirname(join(dir, fixture)), { recursive: true });
    copyFileSync(join(ROOT, fixture), join(dir, fixture));
  });
  afterAll(() => {
    store?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const runs = PLANS.filter((p): p is [string, { run: Run }] => 'run' in p[1]);
  for (const [command, { run }] of runs) {
    it(command, async () => {
      run.setup?.(dir, ROOT);
      const result = await execute(command);
      expect(result.code, result.output).toBe(run.exit ?? 0);
      for (const text of run.prints ?? []) expect(result.output).toContain(text);
      for (const file of run.writes ?? []) expect(existsSync(join(dir, file)), file).toBe(true);
    });
  }
});
