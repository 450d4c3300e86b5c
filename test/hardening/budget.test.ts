/**
 * The introspector's parse budget and transport bounds, over real HTTP: a document of many tiny
 * elements is refused before it is parsed, an altered body is never used (not even on the last
 * attempt), an error body is read only as far as a message needs, and `--timeout` is one deadline
 * for an attempt and all its redirect hops. Work is counted, never timed.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { IntrospectError, MAX_MESSAGE_CHARS } from '../../src/errors.js';
import { startFakeStore, type FakeStore } from '../../src/fakestore/index.js';
import {
  jsonBudgetProblem,
  MAX_DEPTH,
  MAX_ELEMENTS,
  MAX_ERROR_BODY_BYTES,
  xmlBudgetProblem,
} from '../../src/introspect/budget.js';
import { introspectStore } from '../../src/introspect/index.js';
import { KEY, runCli } from './helpers.js';
import { fixtureStore } from './hostile.js';

const open: FakeStore[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function failure(url: string, options: Record<string, unknown> = {}): Promise<IntrospectError> {
  const e = await introspectStore({ url, key: KEY, retries: 0, ...options }).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(IntrospectError);
  return e as IntrospectError;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n';

describe('element budget', () => {
  it('a small synopsis of more tiny elements than any store sends is refused before parsing', async () => {
    const fields = Array.from({ length: MAX_ELEMENTS + 1 }, (_, i) => `<f${i}/>`).join('');
    const s = await startFakeStore({
      fixtures: fixtureStore([
        { name: 'widgets', synopsis: { xml: `${HEAD}<widget>${fields}</widget></prestashop>` } },
      ]),
    });
    open.push(s);
    const e = await failure(s.url, { synopsisFormat: 'xml' });
    expect(e.exitCode).toBe(1);
    expect(e.message).toMatch(/resource "widgets".*more than 20000 elements/);
  });

  it('counts in one pass: elements, JSON values and nesting', () => {
    expect(xmlBudgetProblem(`<a>${'<b/>'.repeat(MAX_ELEMENTS)}</a>`)).toMatch(/more than 20000 elements/);
    expect(xmlBudgetProblem(`<a>${'<b/>'.repeat(MAX_ELEMENTS - 1)}</a>`)).toBeNull();
    expect(jsonBudgetProblem('['.repeat(MAX_DEPTH + 1))).toMatch(/more than 64 levels of nesting/);
    expect(jsonBudgetProblem(`[${'0,'.repeat(MAX_ELEMENTS)}0]`)).toMatch(/more than 20000 values/);
    // Separators inside strings are text, not values.
    expect(jsonBudgetProblem(JSON.stringify({ a: ',['.repeat(MAX_ELEMENTS) }))).toBeNull();
  });
});

describe('Content-Sha1', () => {
  it('a body that fails its check on the last attempt is an error, never used', async () => {
    const s = await startFakeStore({ flavor: '8.x' });
    open.push(s);
    s.fault({ path: '/api/zones', query: { schema: 'synopsis' }, headers: { 'content-sha1': '0'.repeat(40) } });
    const e = await failure(s.url, { retries: 1, backoffBaseMs: 1 });
    expect(e.message).toMatch(
      /resource "zones"\): no answer after 2 attempts; last error: the body does not match its Content-Sha1 header/,
    );
  });
});

describe('error bodies', () => {
  it('only the first 64 KiB of an error answer are read', async () => {
    // The most bytes pushed into one answer before the client stopped reading it.
    let most = 0;
    const server = createServer((_req, res) => {
      let sent = 0;
      res.on('close', () => (most = Math.max(most, sent)));
      res.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'e');
      const pump = (): void => {
        let more = true;
        while (more && !res.destroyed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          more = res.write(chunk);
        }
        if (res.destroyed) return;
        if (sent < 64 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const e = await failure(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
    expect(e.exitCode).toBeGreaterThan(0);
    // It stopped reading: the server could not push much past the cap (socket buffers aside).
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(MAX_ERROR_BODY_BYTES + 4 * 1024 * 1024);
  });
});

describe('messages', () => {
  it('a store error of 200 long entries gives one bounded line on stderr, exit 1', async () => {
    const s = await startFakeStore({ flavor: '8.x' });
    open.push(s);
    const errors = Array.from({ length: 200 }, (_, i) => ({
      code: 3,
      message: `[PHP Warning #2] ${i} ${'w'.repeat(180)}`,
    }));
    s.fault({
      path: '/api/zones',
      status: 500,
      body: JSON.stringify({ errors }),
      headers: { 'content-type': 'application/json' },
    });
    const run = await runCli(['introspect', '--url', s.url, '--key', KEY, '--retries', '0']);
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('error: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 60);
    expect(lines[0]).toMatch(/zones.*and 190 more errors/);
  });

  it('every typed error is bounded by the one formatter', () => {
    const e = new IntrospectError(`http://s/api: ${'x'.repeat(100_000)}`, { url: 'http://s/api' });
    expect(e.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 40);
    expect(e.message).toMatch(/… \(96\d{3} more characters\)$/);
  });
});

describe('--timeout and redirects', () => {
  it('is one deadline for an attempt and every hop it follows', async () => {
    // Every answer is a same-origin redirect after 150 ms: each hop is well under the 400 ms
    // timeout, the chain of six (past MAX_REDIRECTS) is not.
    let hops = 0;
    const server = createServer((req, res) => {
      hops++;
      setTimeout(() => {
        res.writeHead(302, { location: `/api/?hop=${hops}`, 'content-length': '0' });
        res.end();
      }, 150);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const e = await failure(`http://127.0.0.1:${(server.address() as { port: number }).port}`, { timeoutMs: 400 });
    expect(e.message).toMatch(/timed out after 400 ms/);
    expect(e.message).not.toMatch(/more than 5 redirects/);
    expect(hops).toBeLessThan(6);
  });
});
