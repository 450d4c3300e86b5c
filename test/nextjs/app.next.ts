/**
 * `npm run test:next`: the Next.js recipe (docs/nextjs.md) works as written. The app of
 * fixtures/nextjs-app (a server component and a route handler, no next.config) gets a client
 * generated with `importExtension: 'none'`, is built with `next build` (Turbopack, Next's default)
 * and served by `next start` against the in-repo fake store; the page and the route handler answer
 * with the store's records. Too slow for `npm test` (a production build), so it has its own script,
 * run by .ci/run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/api/generate.js';
import { loadSnapshot } from '../../src/api/snapshot.js';
import { createFakeStore } from '../../src/testing/index.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'fixtures/nextjs-app');
const SNAPSHOT = join(ROOT, 'fixtures/mini/catalog.json');
const NEXT = join(ROOT, 'node_modules/next/dist/bin/next');
// Inside the repository, so that the app resolves next and react from its node_modules.
const APP = join(ROOT, '.tmp', `nextjs-app-${process.pid}`);
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

const children: ChildProcess[] = [];

/** Kills a child's whole process group (next starts workers of its own). */
function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs next with `args` in the app, in its own process group; resolves with its output once `done` says so. */
function runNext(
  args: string[],
  env: NodeJS.ProcessEnv,
  done: (output: string) => boolean,
): { child: ChildProcess; finished: Promise<string> } {
  const child = spawn(process.execPath, [NEXT, ...args], {
    cwd: APP,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const finished = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (done(output)) resolve(output);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`next ${args[0]} exited with ${code}:\n${output}`)),
    );
  });
  return { child, finished };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The fixture's source files, relative to the app. */
function fixtureFiles(): string[] {
  return readdirSync(FIXTURE, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(FIXTURE, join(e.parentPath, e.name)))
    .sort();
}

afterAll(() => {
  for (const child of children) stopGroup(child);
  rmSync(APP, { recursive: true, force: true });
});

describe('the Next.js recipe', () => {
  it('shows every source file of the fixture app as it is', () => {
    const doc = readFileSync(join(ROOT, 'docs/nextjs.md'), 'utf8');
    for (const file of fixtureFiles().filter((f) => /\.tsx?$/.test(f))) {
      expect(doc, file).toContain(`// ${file}\n${readFileSync(join(FIXTURE, file), 'utf8')}`);
    }
  });

  it('builds with next build and renders a server component and a route handler against the fake store', async () => {
    rmSync(APP, { recursive: true, force: true });
    mkdirSync(APP, { recursive: true });
    cpSync(FIXTURE, APP, { recursive: true });
    const schema = await loadSnapshot(SNAPSHOT);
    await generate(schema, { out: join(APP, 'prestashop'), importExtension: 'none', format: false });

    const build = runNext(['build'], ENV, () => false);
    try {
      await build.finished;
    } finally {
      stopGroup(build.child);
    }

    const store = await createFakeStore(SNAPSHOT);
    const port = await freePort();
    const env = { ...ENV, PRESTASHOP_URL: store.url, PRESTASHOP_API_KEY: store.key };
    const start = runNext(['start', '--port', String(port), '--hostname', '127.0.0.1'], env, (out) =>
      /Ready in|✓ Ready/.test(out),
    );
    try {
      await start.finished;
      const base = `http://127.0.0.1:${port}`;
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('demo_1<!-- -->: <!-- -->Hummingbird printed t-shirt');
      const found = await fetch(`${base}/api/products/1`);
      expect(await found.json()).toEqual({ id: 1, reference: 'demo_1' });
      const missing = await fetch(`${base}/api/products/99999`);
      expect(missing.status).toBe(404);
      // The key never reaches the page.
      expect(html).not.toContain(store.key);
    } finally {
      stopGroup(start.child);
      await store.close();
    }
  }, 900_000);
});
