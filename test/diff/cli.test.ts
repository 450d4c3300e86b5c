/**
 * The `diff` command end to end through `main()`: inputs (files, git refs), formats, exit codes
 * for each --fail-on level, ignore entries (default file, --ignore-file, expired), usage errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { serializeSnapshot, type StoreSchema } from '../../src/model/index.js';
import { baseStore, edit, fld, res } from './helpers.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function capture(): PassThrough & { text(): string } {
  const chunks: Buffer[] = [];
  const s = new PassThrough() as PassThrough & { text(): string };
  s.on('data', (c: Buffer) => chunks.push(c));
  s.text = () => Buffer.concat(chunks).toString('utf8');
  return s;
}

let dir: string;

async function run(args: readonly string[], env: NodeJS.ProcessEnv = {}, cwd = dir, tty = false): Promise<Run> {
  const stdout = Object.assign(capture(), { isTTY: tty });
  const stderr = capture();
  const code = await main(['diff', ...args], { stdout, stderr, cwd, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const write = (name: string, schema: StoreSchema): string => {
  writeFileSync(join(dir, name), serializeSnapshot(schema));
  return name;
};

const old = baseStore('8.2.0');
const breaking = edit(old, (s) => (fld(s, 'products', 'reference').required = true));
const dangerous = edit(old, (s) => (fld(s, 'products', 'name').maxSize = 64));
const safe = edit(old, (s) => res(s, 'products').methods.push('PATCH'));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'psc-diff-cli-'));
  write('old.json', old);
  write('breaking.json', breaking);
  write('dangerous.json', dangerous);
  write('safe.json', safe);
  writeFileSync(join(dir, 'broken.json'), '{"schemaVersion": 1, "store": {}}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('diff command: exit codes', () => {
  it.each([
    // [new side, --fail-on, expected exit]
    ['breaking.json', null, 0],
    ['breaking.json', 'breaking', 1],
    ['breaking.json', 'dangerous', 1],
    ['breaking.json', 'any', 1],
    ['dangerous.json', 'breaking', 0],
    ['dangerous.json', 'dangerous', 1],
    ['dangerous.json', 'any', 1],
    ['safe.json', 'breaking', 0],
    ['safe.json', 'dangerous', 0],
    ['safe.json', 'any', 1],
    ['old.json', 'any', 0],
  ] as const)('%s with --fail-on %s exits %i', async (next, failOn, expected) => {
    const r = await run(['old.json', next, ...(failOn === null ? [] : ['--fail-on', failOn])]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(expected);
  });

  it.each([
    [['old.json', 'missing.json'], 'missing.json: no such file'],
    [['old.json'], 'expected two inputs, got 1'],
    [['old.json', 'broken.json'], 'error: broken.json: $.store.languages: expected an array'],
    [
      ['old.json', 'old.json', '--fail-on', 'sometimes'],
      '--fail-on: "sometimes" is not one of breaking, dangerous, any',
    ],
    [['old.json', 'old.json', '--format', 'html'], '--format: "html" is not one of text, markdown, json, github'],
    [['core@7.0.0', 'old.json'], 'core: no bundled core baseline for PrestaShop 7.0.0'],
    [['old.json', 'old.json', '--ignore-file', 'nope'], 'nope: cannot read the ignore file'],
    [['old.json', '--new-url', 'http://127.0.0.1:9/'], 'PRESTASHOP_NEW_API_KEY'],
  ])('exits 2 on bad usage or input: %j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});

describe('diff command: ignore entries', () => {
  it('an entry in the default ignore file accepts a breaking change', async () => {
    const sub = mkdtempSync(join(dir, 'ign-'));
    writeFileSync(join(sub, 'old.json'), serializeSnapshot(old));
    writeFileSync(join(sub, 'new.json'), serializeSnapshot(breaking));
    writeFileSync(
      join(sub, '.prestashop-codegen-diff-ignore'),
      'field-became-required products.reference 2999-12-31 We always send it\n',
    );
    const r = await run(['old.json', 'new.json', '--fail-on', 'breaking'], {}, sub);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Ignored (1)');
    expect(r.stdout).toContain('We always send it');
  });

  it('an expired entry no longer applies, and is reported', async () => {
    writeFileSync(
      join(dir, 'expired.ignore'),
      'field-became-required products.reference 2001-01-01 Accepted long ago\n',
    );
    const r = await run(['old.json', 'breaking.json', '--fail-on', 'breaking', '--ignore-file', 'expired.ignore']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'warning: expired.ignore:1: ignore entry field-became-required products.reference expired on 2001-01-01',
    );
    expect(r.stdout).toContain('Expired ignore entries (1)');
  });

  it('an entry for another path does not hide the change', async () => {
    writeFileSync(join(dir, 'other.ignore'), 'field-became-required products.name Not this one\n');
    const r = await run(['old.json', 'breaking.json', '--fail-on', 'breaking', '--ignore-file', 'other.ignore']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Unused ignore entries (1)');
  });

  it('a bad entry is a usage error', async () => {
    writeFileSync(join(dir, 'bad.ignore'), 'field-removed products.reference\n');
    const r = await run(['old.json', 'breaking.json', '--ignore-file', 'bad.ignore']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.ignore:1: every entry needs a "reason"');
  });
});

describe('diff command: formats', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/diff-output.schema.json', import.meta.url), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

  it('json output validates against the shipped JSON Schema', async () => {
    writeFileSync(
      join(dir, 'mixed.ignore'),
      'method-added products:PATCH Fine\nresource-removed nothing Unused\nfield-max-size-decreased * 2001-01-01 Expired\n',
    );
    const mixed = edit(breaking, (s) => {
      fld(s, 'products', 'name').maxSize = 64;
      res(s, 'products').methods.push('PATCH');
    });
    write('mixed.json', mixed);
    const r = await run([
      'old.json',
      'mixed.json',
      '--format',
      'json',
      '--fail-on',
      'dangerous',
      '--ignore-file',
      'mixed.ignore',
    ]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.summary).toEqual({ breaking: 1, dangerous: 1, safe: 0, ignored: 1, module: 0 });
    expect(json.expiredIgnores).toHaveLength(1);
    expect(json.unusedIgnores).toHaveLength(1);
    expect(validate({ ...json, changes: [{ ...json.changes[0], severity: 'fatal' }] })).toBe(false);
  });

  it('the schema lists exactly the check ids', async () => {
    const { CHECK_IDS } = await import('../../src/diff/index.js');
    expect(schema.$defs.change.properties.id.enum).toEqual(CHECK_IDS);
  });

  it('colours text only on a TTY (or with FORCE_COLOR), never in other formats', async () => {
    const plain = await run(['old.json', 'breaking.json']);
    expect(plain.stdout).not.toContain('\u001b[');
    const forced = await run(['old.json', 'breaking.json'], { FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\u001b[31m');
    const tty = await run(['old.json', 'breaking.json'], {}, dir, true);
    expect(tty.stdout).toContain('\u001b[31m');
    const noColor = await run(['old.json', 'breaking.json'], { NO_COLOR: '1' }, dir, true);
    expect(noColor.stdout).not.toContain('\u001b[');
    const md = await run(['old.json', 'breaking.json', '--format', 'markdown'], { FORCE_COLOR: '1' });
    expect(md.stdout).not.toContain('\u001b[');
  });

  it('github annotations name the snapshot file and the line of the field', async () => {
    const r = await run(['old.json', 'breaking.json', '--format', 'github']);
    const first = r.stdout.split('\n')[0]!;
    const line = Number(/^::error file=breaking\.json,line=(\d+),/.exec(first)?.[1]);
    expect(first.replace(/,line=\d+/, '')).toBe(
      '::error file=breaking.json,title=Breaking PrestaShop change (field-became-required)::products.reference: required false → true. ' +
        'Affects writers. Creates and full updates that do not send it are rejected.',
    );
    // The line holds the field's name in the new snapshot.
    const text = readFileSync(join(dir, 'breaking.json'), 'utf8');
    expect(text.split('\n')[line - 1]).toMatch(/^ +"name": "reference",$/);
  });
});

describe('diff command: git refs', () => {
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    });

  it('reads <git-ref>:<path> from the repository in the working directory', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'psc-diff-git-'));
    try {
      git(repo, 'init', '-q');
      writeFileSync(join(repo, 'prestashop-schema.json'), serializeSnapshot(old));
      git(repo, 'add', '.');
      git(repo, 'commit', '-qm', 'snapshot');
      writeFileSync(join(repo, 'prestashop-schema.json'), serializeSnapshot(breaking));
      const r = await run(['HEAD:prestashop-schema.json', 'prestashop-schema.json', '--fail-on', 'breaking'], {}, repo);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('old: HEAD:prestashop-schema.json (PrestaShop 8.2.0)');
      expect(r.stdout).toContain('products.reference: required false → true');

      const bad = await run(['HEAD~5:prestashop-schema.json', 'prestashop-schema.json'], {}, repo);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('HEAD~5:prestashop-schema.json: git show failed');
      const opt = await run(['--output=x:y', 'prestashop-schema.json'], {}, repo);
      expect(opt.code).toBe(2);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('diff command: telling inputs apart', () => {
  it('an existing file wins; then core[@version]; then <git-ref>:<path>', async () => {
    const { parseSideSpec } = await import('../../src/cli/commands/diff.js');
    expect(parseSideSpec('old.json', dir)).toEqual({ kind: 'file', path: 'old.json' });
    expect(parseSideSpec('core', dir)).toEqual({ kind: 'core', version: null });
    expect(parseSideSpec('core@8.2.0', dir)).toEqual({ kind: 'core', version: '8.2.0' });
    expect(parseSideSpec('origin/main:snap/prestashop-schema.json', dir)).toEqual({
      kind: 'git',
      ref: 'origin/main',
      path: 'snap/prestashop-schema.json',
    });
    expect(() => parseSideSpec('C:\\nope.json', dir)).toThrow('no such file');
    writeFileSync(join(dir, 'core'), serializeSnapshot(old));
    try {
      expect(parseSideSpec('core', dir)).toEqual({ kind: 'file', path: 'core' });
    } finally {
      rmSync(join(dir, 'core'));
    }
  });

  it('never looks for a baseline outside baselines/', async () => {
    const { loadBaseline } = await import('../../src/cli/commands/diff.js');
    for (const v of ['../package', '../../package', '/etc/passwd', '8.2.0/../../package', '', null]) {
      expect(await loadBaseline(v)).toBeNull();
    }
  });
});

describe('diff command: config file', () => {
  const withConfig = (config: unknown): string => {
    const sub = mkdtempSync(join(dir, 'cfg-'));
    writeFileSync(join(sub, 'old.json'), serializeSnapshot(old));
    writeFileSync(join(sub, 'breaking.json'), serializeSnapshot(breaking));
    writeFileSync(join(sub, 'safe.json'), serializeSnapshot(safe));
    writeFileSync(join(sub, 'prestashop-codegen.config.json'), JSON.stringify(config));
    return sub;
  };

  it('diff.failOn is the default level; the flag wins', async () => {
    const sub = withConfig({ diff: { failOn: 'breaking' } });
    expect((await run(['old.json', 'breaking.json'], {}, sub)).code).toBe(1);
    expect((await run(['old.json', 'safe.json'], {}, sub)).code).toBe(0);
    expect((await run(['old.json', 'safe.json', '--fail-on', 'any'], {}, sub)).code).toBe(1);
  });

  it('diff.ignore entries apply with the ignore file ones, and name their source', async () => {
    const sub = withConfig({
      diff: {
        failOn: 'breaking',
        ignore: [
          {
            id: 'field-became-required',
            path: 'products.reference',
            reason: 'We always send it',
            expires: '2999-01-01',
          },
        ],
      },
    });
    const r = await run(['old.json', 'breaking.json', '--format', 'json'], {}, sub);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ignored[0].entry).toMatchObject({
      source: 'config diff.ignore[0]',
      reason: 'We always send it',
    });
  });

  it('--config names another file', async () => {
    const sub = withConfig({});
    writeFileSync(join(sub, 'ci.config.json'), JSON.stringify({ diff: { failOn: 'any' } }));
    expect((await run(['old.json', 'safe.json', '--config', 'ci.config.json'], {}, sub)).code).toBe(1);
  });

  it.each([
    [{ diff: { failOn: 'never' } }, 'diff.failOn'],
    [{ diff: { ignore: 'field-removed' } }, 'diff.ignore'],
    [
      { diff: { ignore: [{ id: 'field-removed', path: 'a.b' }] } },
      'config diff.ignore[0]: every entry needs a "reason"',
    ],
    [{ diff: { failon: 'any' } }, 'diff.failon'],
  ])('a bad diff section exits 2: %j', async (config, message) => {
    const r = await run(['old.json', 'safe.json'], {}, withConfig(config));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
