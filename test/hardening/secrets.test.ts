/**
 * The API key never leaks: every CLI path (success and each failure, --verbose so stacks are
 * printed, --quiet, ws_key mode, doctor, export, diff) is grepped for the key in every form, as are
 * the files written and the errors the library throws. Credentials never go to another origin on
 * a redirect, and `ws_key` is used only when asked for, with a warning.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Reporter } from '../../src/cli/reporter.js';
import { startFakeStore, type FakeStore, type FaultRule } from '../../src/fakestore/index.js';
import { introspectStore, probeStore, type IntrospectOptions } from '../../src/introspect/index.js';
import { hasOpenssl, KEY, leaksIn, readAll, runCli, runCliProcess, selfSignedCert, tempDir } from './helpers.js';

/** A second key, with characters that change under URL encoding, for the paths where the wrong key is the point. */
const OTHER_KEY = 'WRONG+KEY/0000000000000000000=ZZ';
const SHORT_KEY = 'shortkey+/=';

let store: FakeStore;
let other: FakeStore;
let texts = 0;
const leaks: string[] = [];

beforeAll(async () => {
  store = await startFakeStore();
  other = await startFakeStore();
});
afterEach(() => store.clearFaults());
afterAll(async () => {
  await Promise.all([store.close(), other.close()]);
  console.info(`secrets: ${texts} outputs, files and errors checked, ${leaks.length} leaks`);
  expect(leaks).toEqual([]);
});

function check(label: string, text: string, keys: readonly string[] = [KEY, OTHER_KEY, SHORT_KEY]): void {
  texts++;
  for (const key of keys) for (const form of leaksIn(text, key)) leaks.push(`${label}: ${JSON.stringify(form)}`);
  expect(
    keys.flatMap((k) => leaksIn(text, k)),
    label,
  ).toEqual([]);
}

interface Scenario {
  readonly name: string;
  readonly args: (url: string) => string[];
  readonly faults?: readonly FaultRule[];
  readonly exit: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly files?: Readonly<Record<string, string>>;
}

const introspect = (url: string, ...rest: string[]): string[] => [
  'introspect',
  '--url',
  url,
  '--key',
  KEY,
  ...(rest.includes('--retries') ? [] : ['--retries', '1']),
  ...rest,
];

const SCENARIOS: readonly Scenario[] = [
  { name: 'introspect: success', args: (u) => introspect(u), exit: 0 },
  { name: 'introspect: success, --quiet', args: (u) => introspect(u, '--quiet'), exit: 0 },
  { name: 'introspect: success with ws_key', args: (u) => introspect(u, '--ws-key'), exit: 0 },
  {
    name: 'introspect: key from the environment',
    args: (u) => ['introspect', '--url', u],
    env: { PRESTASHOP_API_KEY: KEY },
    exit: 0,
  },
  {
    name: 'introspect: key from the config file',
    args: (u) => ['introspect', '--url', u],
    files: { 'prestashop-codegen.config.json': JSON.stringify({ key: KEY }) },
    exit: 0,
  },
  { name: 'introspect: unknown key', args: (u) => ['introspect', '--url', u, '--key', OTHER_KEY], exit: 1 },
  {
    name: 'introspect: unknown key with ws_key',
    args: (u) => ['introspect', '--url', u, '--key', OTHER_KEY, '--ws-key'],
    exit: 1,
  },
  { name: 'introspect: a short key', args: (u) => ['introspect', '--url', u, '--key', SHORT_KEY], exit: 1 },
  {
    name: 'introspect: no key reached the store',
    args: (u) => introspect(u),
    faults: [{ path: '/api', status: 401, body: '401 Unauthorized' }],
    exit: 1,
  },
  {
    name: 'introspect: webservice disabled',
    args: (u) => introspect(u, '--ws-key'),
    faults: [
      {
        path: '/api',
        status: 503,
        body: '<prestashop><errors><error><code>22</code><message>off</message></error></errors></prestashop>',
      },
    ],
    exit: 1,
  },
  {
    name: 'introspect: no permission (401, code 26)',
    args: (u) => introspect(u, '--include', 'orders', '--ws-key'),
    faults: [{ path: '/api/orders', status: 401, body: '{"errors":[{"code":26,"message":"not allowed"}]}' }],
    exit: 1,
  },
  {
    name: 'introspect: 500 after the retries, ws_key',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api/zones', status: 500, body: '' }],
    exit: 1,
  },
  {
    name: 'introspect: dropped connection, ws_key',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api/zones', drop: 'before-response' }],
    exit: 1,
  },
  {
    name: 'introspect: cut body, ws_key',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api/zones', drop: 'mid-body' }],
    exit: 1,
  },
  {
    name: 'introspect: timeout, ws_key',
    args: (u) => introspect(u, '--ws-key', '--timeout', '300', '--retries', '0'),
    faults: [{ path: '/api', latencyMs: 1000 }],
    exit: 1,
  },
  {
    name: 'introspect: HTML page, ws_key',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api', body: '<html><body>login</body></html>', headers: { 'content-type': 'text/html' } }],
    exit: 2,
  },
  {
    name: 'introspect: DTD, ws_key',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api', body: '<!DOCTYPE x [<!ENTITY a "b">]><prestashop/>' }],
    exit: 1,
  },
  {
    name: 'introspect: error document with 200, ws_key',
    args: (u) => introspect(u, '--ws-key', '--synopsis-format', 'xml'),
    faults: [
      {
        path: '/api/zones',
        body: '<prestashop><errors><error><code>5</code><message>notice</message></error></errors></prestashop>',
      },
    ],
    exit: 1,
  },
  {
    name: 'introspect: a body over the cap',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api', body: 'x'.repeat(17 * 1024 * 1024) }],
    exit: 1,
  },
  {
    name: 'introspect: a name the tool refuses, ws_key',
    args: (u) => introspect(u, '--ws-key', '--synopsis-format', 'json'),
    faults: [
      {
        path: '/api/zones',
        body: '{"zone":{"na me":{"required":true}}}',
        headers: { 'content-type': 'application/json' },
      },
    ],
    exit: 1,
  },
  {
    name: 'introspect: a same-origin redirect to a page that is not the webservice',
    args: (u) => introspect(u, '--ws-key'),
    faults: [{ path: '/api', redirectPrefix: '/shop', times: 1 }],
    exit: 2,
  },
  {
    name: 'introspect: an unreachable store',
    args: () => introspect('http://127.0.0.1:9', '--ws-key', '--retries', '0'),
    exit: 1,
  },
  { name: 'introspect: usage error after --key', args: (u) => [...introspect(u), '--concurrency', '0'], exit: 2 },
  { name: 'introspect: unknown flag after --key', args: (u) => [...introspect(u), '--bogus'], exit: 2 },
  {
    name: 'generate --url: success',
    args: (u) => ['generate', '--url', u, '--key', KEY, '--out', 'gen', '--no-format'],
    exit: 0,
  },
  {
    name: 'generate --url: unknown key',
    args: (u) => ['generate', '--url', u, '--key', OTHER_KEY, '--out', 'gen', '--no-format'],
    exit: 1,
  },
  {
    name: 'generate --url: a store error mid-run',
    args: (u) => ['generate', '--url', u, '--key', KEY, '--out', 'gen'],
    faults: [{ path: '/api/zones', status: 401, body: '{"errors":[{"code":26,"message":"not allowed"}]}' }],
    exit: 1,
  },
  { name: 'demo (its own store and key)', args: () => ['demo', '--out', 'demo'], exit: 0 },
  { name: 'doctor: healthy', args: (u) => ['doctor', '--url', u, '--key', KEY, '--include', 'products'], exit: 0 },
  { name: 'doctor: ws_key', args: (u) => ['doctor', '--url', u, '--key', KEY, '--ws-key'], exit: 0 },
  { name: 'doctor: unknown key', args: (u) => ['doctor', '--url', u, '--key', OTHER_KEY], exit: 1 },
  {
    name: 'doctor: Authorization stripped (ws_key probe)',
    args: (u) => ['doctor', '--url', u, '--key', KEY],
    faults: [{ path: '/api', query: { ws_key: null }, status: 401, body: '401 Unauthorized' }],
    exit: 1,
  },
  {
    name: 'doctor: a store that times out',
    args: (u) => ['doctor', '--url', u, '--key', KEY, '--ws-key', '--timeout', '300', '--retries', '0'],
    faults: [{ latencyMs: 1000 }],
    exit: 1,
  },
];

describe('the key never appears in output, files or errors', () => {
  for (const s of SCENARIOS) {
    it(s.name, async () => {
      for (const rule of s.faults ?? []) store.fault(rule);
      const cwd = tempDir();
      for (const [name, text] of Object.entries(s.files ?? {})) writeFileSync(join(cwd, name), text);
      const run = await runCli([...s.args(store.url), '--verbose'], { cwd, env: s.env ?? {} });
      expect(run.code, run.stderr).toBe(s.exit);
      check(`${s.name}: stdout`, run.stdout);
      check(`${s.name}: stderr`, run.stderr);
      // Files written: the snapshot (the config file is the user's own, with the key in it).
      for (const name of Object.keys(s.files ?? {})) writeFileSync(join(cwd, name), '');
      check(`${s.name}: files`, readAll(cwd));
      if (run.code !== 0) expect(run.stderr + run.stdout).toMatch(/^error: |^ {2}PROBLEM /m);
    });
  }

  it('export and diff outputs (a snapshot, and a live store as the new side)', async () => {
    const cwd = tempDir();
    expect((await runCli(introspect(store.url), { cwd })).code).toBe(0);
    const exported = await runCli(['export', '--out', 'openapi.json', '--verbose'], { cwd });
    expect(exported.code).toBe(0);
    const diffed = await runCli(
      ['diff', 'prestashop-schema.json', '--new-url', store.url, '--format', 'markdown', '--verbose'],
      {
        cwd,
        env: { PRESTASHOP_NEW_API_KEY: KEY },
      },
    );
    expect(diffed.code, diffed.stderr).toBe(0);
    const failed = await runCli(['diff', 'prestashop-schema.json', '--new-url', store.url, '--verbose'], {
      cwd,
      env: { PRESTASHOP_NEW_API_KEY: OTHER_KEY },
    });
    expect(failed.code).toBe(2);
    for (const [label, text] of Object.entries({
      'export stdout': exported.stdout,
      'export stderr': exported.stderr,
      'diff stdout': diffed.stdout,
      'diff stderr': diffed.stderr,
      'failed diff stdout': failed.stdout,
      'failed diff stderr': failed.stderr,
      files: readAll(cwd),
    })) {
      check(label, text);
    }
  });

  it('in a real process too: stdout, stderr and the exit code of bin.ts', async () => {
    const cwd = tempDir();
    const wrong = await runCliProcess(['introspect', '--url', store.url, '--key', OTHER_KEY, '--ws-key', '--verbose'], {
      cwd,
    });
    expect(wrong.code).toBe(1);
    const timedOut = await runCliProcess(
      ['doctor', '--url', 'http://127.0.0.1:9', '--key', KEY, '--verbose', '--retries', '0'],
      { cwd },
    );
    expect(timedOut.code).toBe(1);
    for (const r of [wrong, timedOut]) {
      check('process stdout', r.stdout);
      check('process stderr', r.stderr);
    }
  });

  it('thrown errors: message, URL, details, cause and stack of every failure, also with ws_key', async () => {
    const failures: [string, FaultRule[], Partial<IntrospectOptions>][] = [
      ['unknown key', [], { key: OTHER_KEY }],
      ['500', [{ path: '/api/zones', status: 500, body: '' }], {}],
      ['dropped', [{ path: '/api/zones', drop: 'before-response' }], {}],
      ['timeout', [{ path: '/api', latencyMs: 800 }], { timeoutMs: 200 }],
      ['redirect to another origin', [{ path: '/api', redirectPrefix: other.url }], {}],
      ['DTD', [{ path: '/api', body: '<!DOCTYPE x><prestashop/>' }], {}],
      [
        'refused name',
        [
          {
            path: '/api/zones',
            body: '{"zone":{"x y":{"required":true}}}',
            headers: { 'content-type': 'application/json' },
          },
        ],
        { synopsisFormat: 'json' },
      ],
    ];
    for (const wsKey of [false, true]) {
      for (const [name, rules, extra] of failures) {
        for (const r of rules) store.fault(r);
        const error = await introspectStore({ url: store.url, key: KEY, retries: 0, wsKey, ...extra }).then(
          () => null,
          (e: unknown) => e as Error,
        );
        store.clearFaults();
        expect(error, name).not.toBeNull();
        check(`${name} (ws_key ${wsKey}): thrown error`, inspect(error, { depth: 10, showHidden: true }));
        check(`${name} (ws_key ${wsKey}): stack`, error!.stack ?? '');
        expect(JSON.stringify(error)).not.toContain(KEY);
      }
    }
  });

  it('the reporter scrubs every form of a registered key, even from an unexpected stack', () => {
    let out = '';
    const sink = { write: (t: string) => ((out += t), true) } as unknown as NodeJS.WritableStream;
    const reporter = new Reporter({ stdout: sink, stderr: sink, verbose: true });
    reporter.addSecret(OTHER_KEY);
    const basic = Buffer.from(`${OTHER_KEY}:`).toString('base64');
    reporter.error(
      `TypeError: boom ${OTHER_KEY} at http://x/api?ws_key=${encodeURIComponent(OTHER_KEY)} Authorization: Basic ${basic}`,
    );
    reporter.debug(new Error(OTHER_KEY).stack ?? '');
    check('reporter', out);
  });
});

describe('credentials and redirects', () => {
  for (const status of [301, 302, 303, 307, 308] as const) {
    it(`${status} to another origin: refused before any request there, Basic and ws_key`, async () => {
      for (const wsKey of [false, true]) {
        const before = other.requests.length;
        store.fault({ path: '/api', redirectPrefix: other.url, redirectStatus: status });
        const cwd = tempDir();
        const run = await runCli([...introspect(store.url), ...(wsKey ? ['--ws-key'] : [])], { cwd });
        store.clearFaults();
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('Credentials are never sent to another origin');
        expect(other.requests.length).toBe(before);
        check(`redirect ${status}`, run.stderr + run.stdout);
      }
    });
  }

  it('a protocol-relative Location, a scheme change, and a second hop that leaves the origin', async () => {
    const host = new URL(other.url).host;
    for (const rule of [
      { path: '/api', redirectPrefix: `//${host}` },
      { path: '/api', redirectPrefix: store.url.replace('http://', 'https://') },
      { path: '/api', redirectPrefix: '/hop', times: 1 },
    ] as FaultRule[]) {
      const before = other.requests.length;
      store.fault(rule);
      if (rule.redirectPrefix === '/hop') store.fault({ path: '/hop/api', redirectPrefix: other.url });
      const e = await introspectStore({ url: store.url, key: KEY, retries: 0, wsKey: true }).catch(
        (x: unknown) => x as Error,
      );
      store.clearFaults();
      expect((e as Error).message).toMatch(/redirects to another origin/);
      expect(other.requests.length).toBe(before);
      check('redirect variants', inspect(e, { depth: 10 }));
    }
  });

  it('doctor follows the same rule', async () => {
    const before = other.requests.length;
    store.fault({ path: '/api', redirectPrefix: other.url });
    const obs = await probeStore({ url: store.url, key: KEY, retries: 0 });
    expect(JSON.stringify(obs.roots)).toContain('Credentials are never sent to another origin');
    expect(other.requests.length).toBe(before);
  });

  it('ws_key only when asked for, with a warning; Basic otherwise', async () => {
    const cwd = tempDir();
    const before = store.requests.length;
    const basic = await runCli(introspect(store.url), { cwd });
    expect(basic.code).toBe(0);
    const sentBasic = store.requests.slice(before);
    expect(sentBasic.every((r) => r.query.ws_key === undefined && r.hadAuthorization)).toBe(true);
    expect(basic.stderr).not.toMatch(/ws_key/);

    const mid = store.requests.length;
    const ws = await runCli(introspect(store.url, '--ws-key'), { cwd });
    expect(ws.code).toBe(0);
    expect(store.requests.slice(mid).every((r) => r.query.ws_key === KEY && !r.hadAuthorization)).toBe(true);
    expect(ws.stderr).toMatch(
      /^warning: the key is sent as the ws_key query parameter: it will appear in the store's access logs$/m,
    );
    check('ws_key run', ws.stdout + ws.stderr);
  });

  it.skipIf(!hasOpenssl())('TLS failures and --insecure never print the key', async () => {
    const cert = selfSignedCert('IP:127.0.0.1');
    const secure = await startFakeStore({ tls: cert });
    try {
      for (const flags of [[], ['--insecure'], ['--ws-key']]) {
        const run = await runCli(['introspect', '--url', secure.url, '--key', KEY, '--verbose', ...flags], {
          cwd: tempDir(),
        });
        check(`tls ${flags.join(' ')}`, run.stdout + run.stderr);
      }
    } finally {
      await secure.close();
    }
  });
});
