/**
 * Golden outputs of the whole command for realistic pairs: the 8.2.0 fixture snapshot against a
 * copy edited like an upgrade, and the bundled 8.2.0 core baseline against the same store with a
 * module. Regenerate with `node test/diff/fixtures/make-upgrade.mjs && npm run test:update`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN = (name: string): string => fileURLToPath(new URL(`../golden/diff/${name}`, import.meta.url));
const SNAPSHOT_820 = 'test/golden/prestashop-8.2.0/prestashop-schema.json';
const UPGRADED = 'test/diff/fixtures/prestashop-9.0.0-like.json';
const WITH_MODULE = 'test/diff/fixtures/prestashop-8.2.0-with-module.json';

async function run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough().on('data', (c: Buffer) => out.push(c));
  const stderr = new PassThrough().on('data', (c: Buffer) => err.push(c));
  // An empty ignore file keeps a stray default ignore file in the repository out of the goldens.
  const code = await main(['diff', ...args, '--ignore-file', 'test/diff/fixtures/empty.ignore'], {
    stdout,
    stderr,
    cwd: ROOT,
    env: {},
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('golden: 8.2.0 against an upgraded copy', () => {
  it.each([
    ['text', 'prestashop-8.2.0__9.0.0-like.txt'],
    ['markdown', 'prestashop-8.2.0__9.0.0-like.md'],
    ['json', 'prestashop-8.2.0__9.0.0-like.json'],
    ['github', 'prestashop-8.2.0__9.0.0-like.github.txt'],
  ])('--format %s', async (format, golden) => {
    const r = await run([SNAPSHOT_820, UPGRADED, '--format', format, '--fail-on', 'breaking']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    await expect(r.stdout).toMatchFileSnapshot(GOLDEN(golden));
  });

  it('holds every change the upgrade fixture was edited for', async () => {
    const json = JSON.parse((await run([SNAPSHOT_820, UPGRADED, '--format', 'json'])).stdout);
    const got = json.changes.map((c: { id: string; path: string }) => `${c.id} ${c.path}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'resource-removed supply_orders',
        'resource-removed warehouse_product_locations',
        'resource-added order_returns',
        'field-removed products.meta_keywords',
        'field-max-size-decreased addresses.city',
        'field-max-size-increased products.ean13',
        'field-format-changed products.ean13',
        'field-became-required addresses.phone',
        'field-became-read-only orders.reference',
        'method-removed configurations:DELETE',
      ]),
    );
    const schema = JSON.parse(readFileSync(new URL('../../schemas/diff-output.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    // The 8.2.0 baseline knows the old side: what 9.0 removed is core.
    expect(json.changes.find((c: { path: string }) => c.path === 'supply_orders').origin).toBe('core');
  });
});

describe('golden: the 8.2.0 core baseline against a store with a module', () => {
  it.each([
    ['text', 'core__prestashop-8.2.0-with-module.txt'],
    ['markdown', 'core__prestashop-8.2.0-with-module.md'],
  ])('--format %s', async (format, golden) => {
    const r = await run(['core', WITH_MODULE, '--format', format]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(GOLDEN(golden));
  });

  it('the shipped baseline is the 8.2.0 fixture snapshot, and that store has no module items', async () => {
    expect(readFileSync(new URL('../../baselines/prestashop-8.2.0.json', import.meta.url), 'utf8')).toBe(
      readFileSync(new URL(`../../${SNAPSHOT_820}`, import.meta.url), 'utf8'),
    );
    const r = await run(['core', SNAPSHOT_820, '--format', 'json', '--fail-on', 'any']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).changes).toEqual([]);
  });
});
