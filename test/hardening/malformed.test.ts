/**
 * Malformed and surprising answers, end to end through `prestashop-codegen introspect`: each gives
 * a clear error naming the URL (and resource), a non-zero exit, and writes nothing. TLS: a
 * self-signed store fails with what to do; `--ca` makes it pass; `--insecure` passes loudly.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStore, type FakeStore, type FaultRule } from '../../src/fakestore/index.js';
import { MAX_BODY_BYTES } from '../../src/introspect/index.js';
import { GOLDEN_8_2_0, hasOpenssl, KEY, leaksIn, runCli, selfSignedCert, tempDir, type CliRun } from './helpers.js';

let store: FakeStore;
beforeAll(async () => {
  store = await startFakeStore({ flavor: '8.x' });
});
afterEach(() => store.clearFaults());
afterAll(() => store.close());

const LOGIN_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Login</title></head><body><form method="post" action="/login">' +
  '<input name="email"><input type="password" name="passwd"><button>Sign in</button></form></body></html>';

/** Runs introspect in a fresh directory and checks the run wrote nothing and leaked nothing. */
async function introspectExpectingFailure(extra: string[] = [], url = store.url): Promise<CliRun> {
  const cwd = tempDir();
  const retries = extra.includes('--retries') ? [] : ['--retries', '0'];
  const run = await runCli(['introspect', '--url', url, '--key', KEY, ...retries, ...extra], { cwd });
  expect(run.code, run.stderr).not.toBe(0);
  expect(readdirSync(cwd), 'nothing written').toEqual([]);
  expect(leaksIn(run.stdout + run.stderr, KEY)).toEqual([]);
  expect(run.stderr).toMatch(/^error: /m);
  return run;
}

const cases: { name: string; rule: FaultRule; flags?: string[]; exit: number; message: RegExp }[] = [
  {
    name: 'an HTML login page with status 200 at /api',
    rule: { path: '/api', status: 200, body: LOGIN_PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } },
    exit: 2,
    message: /\/api: answered an HTML page, not the PrestaShop webservice; is --url the shop's base address/,
  },
  {
    name: 'an HTML login page with status 200 sent as text/xml for one resource',
    rule: { path: '/api/customers', status: 200, body: LOGIN_PAGE, headers: { 'content-type': 'text/xml' } },
    exit: 1,
    message: /\/api\/customers\?schema=synopsis \(resource "customers"\): answered an HTML page/,
  },
  {
    name: 'XML with a DOCTYPE and an entity expansion bomb',
    rule: {
      path: '/api',
      body:
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<prestashop><api><lol>&lol3;</lol></api></prestashop>',
    },
    exit: 1,
    message: /\/api: unreadable answer: the document declares a DTD or entities, which are refused/,
  },
  {
    name: 'XML with an external entity (XXE)',
    rule: {
      path: '/api/zones',
      query: { schema: 'synopsis', output_format: null },
      body: '<?xml version="1.0"?><!-- hello --><!doctype prestashop [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><prestashop><zone><name>&xxe;</name></zone></prestashop>',
    },
    flags: ['--synopsis-format', 'xml'],
    exit: 1,
    message:
      /\/api\/zones\?schema=synopsis \(resource "zones"\): unreadable answer: the document declares a DTD or entities, which are refused/,
  },
  {
    name: 'the wrong content type',
    rule: {
      path: '/api/zones',
      query: { schema: 'synopsis', output_format: null },
      body: '{"zone":{"name":{"required":true}}}',
      headers: { 'content-type': 'application/json' },
    },
    flags: ['--synopsis-format', 'xml'],
    exit: 1,
    message: /\/api\/zones\?schema=synopsis \(resource "zones"\): answered application\/json where XML was expected/,
  },
  {
    name: 'a 200 whose body is a PrestaShop error document',
    rule: {
      path: '/api/orders',
      query: { schema: 'synopsis', output_format: null },
      status: 200,
      body: '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop><errors><error><code><![CDATA[5]]></code><message><![CDATA[[PHP Notice #8] Trying to access array offset on value of type null]]></message></error></errors></prestashop>',
      headers: { 'content-type': 'text/xml' },
    },
    exit: 1,
    message:
      /\(resource "orders"\): answered 200 with a PrestaShop error document: code 5: \[PHP Notice #8\] Trying to access array offset/,
  },
  {
    name: 'a bare [] where an object was expected',
    rule: {
      path: '/api/tags',
      query: { output_format: 'JSON' },
      body: '[]',
      headers: { 'content-type': 'application/json' },
    },
    flags: ['--synopsis-format', 'json'],
    exit: 1,
    message:
      /\/api\/tags\?schema=synopsis&output_format=JSON \(resource "tags"\): unreadable answer: a bare JSON array where an object keyed by the node name was expected/,
  },
];

describe('malformed answers: clear error, non-zero exit, nothing written', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const h = store.fault(c.rule);
      const run = await introspectExpectingFailure(c.flags);
      expect(h.hits).toBeGreaterThan(0);
      expect(run.code).toBe(c.exit);
      expect(run.stderr).toMatch(c.message);
      expect(run.stderr).not.toContain('root:'); // nothing from /etc/passwd
    });
  }

  it('a previous snapshot survives every one of them', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'prestashop-schema.json'), GOLDEN_8_2_0);
    for (const c of cases) {
      store.fault(c.rule);
      const run = await runCli(['introspect', '--url', store.url, '--key', KEY, '--retries', '0', ...(c.flags ?? [])], {
        cwd,
      });
      store.clearFaults();
      expect(run.code, c.name).toBe(c.exit);
      expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(GOLDEN_8_2_0);
      expect(readdirSync(cwd)).toEqual(['prestashop-schema.json']);
    }
  });
});

describe('what a store says never drives the terminal', () => {
  it('escape sequences, carriage returns and bidi overrides in an error message are shown escaped', async () => {
    const evil = JSON.stringify({
      errors: [{ code: 20, message: '\u001b[2J\u001b[31mYou are safe\r\u202eevil\u0007' }],
    });
    store.fault({ path: '/api', status: 401, body: evil, headers: { 'content-type': 'application/json' } });
    const run = await introspectExpectingFailure();
    expect(run.stderr).toContain('\\u001b[2J\\u001b[31mYou are safe\\u000d\\u202eevil\\u0007');
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
    const doctor = await runCli(['doctor', '--url', store.url, '--key', KEY]);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain('\\u001b[2J');
    expect(doctor.stdout + doctor.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
  });
});

describe(`a gigantic body (cap ${MAX_BODY_BYTES / 1024 / 1024} MiB)`, () => {
  /** An http server whose /api answers with a body that never ends (or declares one over the cap). */
  async function endless(declare: boolean): Promise<{ url: string; server: Server; sent: () => number }> {
    let sent = 0;
    const server = createServer((req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      res.writeHead(200, {
        'content-type': 'text/xml',
        ...(declare ? { 'content-length': String(MAX_BODY_BYTES * 4) } : {}),
      });
      res.write('<prestashop><api>');
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => undefined);
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, sent: () => sent };
  }

  for (const declare of [true, false]) {
    it(
      declare
        ? 'declared in Content-Length: refused before reading it'
        : 'streamed without a length: cut off at the cap',
      async () => {
        const big = await endless(declare);
        try {
          const run = await introspectExpectingFailure([], big.url);
          expect(run.code).toBe(1);
          expect(run.stderr).toContain(`/api: the answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
          // It stopped reading: the server could not push much past the cap (socket buffers aside).
          expect(big.sent()).toBeLessThan(MAX_BODY_BYTES + 8 * 1024 * 1024);
        } finally {
          big.server.closeAllConnections();
          big.server.close();
        }
      },
    );
  }
});

describe.skipIf(!hasOpenssl())('TLS', () => {
  let secure: FakeStore;
  let certPath: string;
  beforeAll(async () => {
    const cert = selfSignedCert('IP:127.0.0.1');
    certPath = cert.certPath;
    secure = await startFakeStore({ tls: { key: cert.key, cert: cert.cert } });
  });
  afterAll(() => secure.close());

  it('a self-signed certificate fails with what to do (exit 2, nothing written, not retried)', async () => {
    expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const run = await introspectExpectingFailure(['--retries', '3'], secure.url);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${secure.url}/api: TLS failure: DEPTH_ZERO_SELF_SIGNED_CERT`);
    expect(run.stderr).toMatch(
      /pass that certificate with --ca <file\.pem>; --insecure turns verification off \(not recommended\)/,
    );
    expect(secure.requests).toEqual([]);
  });

  it('--ca <file> makes it pass, with the same snapshot', async () => {
    const cwd = tempDir();
    const run = await runCli(['introspect', '--url', secure.url, '--key', KEY, '--ca', certPath], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(GOLDEN_8_2_0);
    expect(run.stderr).not.toMatch(/INSECURE|VERIFICATION IS OFF/);
  });

  it('--insecure works, with a loud warning', async () => {
    const cwd = tempDir();
    const run = await runCli(['introspect', '--url', secure.url, '--key', KEY, '--insecure'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'prestashop-schema.json'), 'utf8')).toBe(GOLDEN_8_2_0);
    expect(run.stderr).toMatch(
      /^warning: TLS CERTIFICATE VERIFICATION IS OFF \(--insecure\): anyone between you and the store can read the API key/m,
    );
    expect(leaksIn(run.stdout + run.stderr, KEY)).toEqual([]);
  });

  it('generate --url and diff --new-url take the same TLS options', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'prestashop-schema.json'), GOLDEN_8_2_0);
    const generate = ['generate', '--url', secure.url, '--key', KEY, '--out', 'gen', '--no-format'];
    expect((await runCli(generate, { cwd })).code).toBe(2);
    expect((await runCli([...generate, '--ca', certPath], { cwd })).code).toBe(0);
    const diff = ['diff', 'prestashop-schema.json', '--new-url', secure.url];
    const env = { PRESTASHOP_NEW_API_KEY: KEY };
    const refused = await runCli(diff, { cwd, env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/TLS failure: DEPTH_ZERO_SELF_SIGNED_CERT/);
    const insecure = await runCli([...diff, '--insecure'], { cwd, env });
    expect(insecure.code, insecure.stderr).toBe(0);
    expect(insecure.stderr).toMatch(/TLS CERTIFICATE VERIFICATION IS OFF/);
  });

  it('a certificate for another host name fails even with --ca', async () => {
    const other = selfSignedCert('DNS:shop.example');
    const wrongHost = await startFakeStore({ tls: { key: other.key, cert: other.cert } });
    try {
      const run = await introspectExpectingFailure(['--ca', other.certPath], wrongHost.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /TLS failure: ERR_TLS_CERT_ALTNAME_INVALID: .*The certificate is not for this host name/,
      );
    } finally {
      await wrongHost.close();
    }
  });

  it('https:// to a plain http port says the handshake failed', async () => {
    const run = await introspectExpectingFailure([], store.url.replace('http://', 'https://'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /TLS failure: ERR_SSL_WRONG_VERSION_NUMBER: .*wrong version number[^\n]*\. The TLS handshake failed: does the store speak HTTPS on this port/,
    );
  });

  it('bad TLS flags are usage errors', async () => {
    for (const flags of [
      ['--ca', 'missing.pem'],
      ['--ca', certPath, '--insecure'],
    ]) {
      const run = await introspectExpectingFailure(flags, secure.url);
      expect(run.code, flags.join(' ')).toBe(2);
    }
    const notPem = join(tempDir(), 'x.pem');
    writeFileSync(notPem, 'hello');
    const run = await introspectExpectingFailure(['--ca', notPem], secure.url);
    expect(run.stderr).toMatch(/--ca: expected PEM certificates/);
  });
});
