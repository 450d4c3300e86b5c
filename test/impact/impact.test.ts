/**
 * `impact` on the sample consumer project (fixtures/impact-consumer): generated code of a 8.2.0
 * store with a loyalty module, and code that uses it directly, through variables, destructuring,
 * helpers and the client. The store is then upgraded to 9.0 (a projected snapshot in which the
 * module's field also changed type). The exact list of affected lines is asserted: every use of a
 * removed field, a shrunk field, a removed resource and a field whose type changed, and nothing
 * else (the file's own `BlogPost.meta_keywords` / `description` are not store types).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../src/diff/index.js';
import { emitAll, resolveEmitOptions } from '../../src/emit/index.js';
import { typescriptVersions } from '../../src/api/impact.js';
import { impact } from '../../src/index.js';
import { parseSnapshot } from '../../src/model/index.js';
import { readRuntimeTemplates } from '../../src/templates.js';
import { runCli } from '../cli/helpers.js';

const FIXTURE = join(import.meta.dirname, '../../fixtures/impact-consumer');
let dir: string;

const run = (args: readonly string[]) => runCli(['impact', ...args], { cwd: dir, env: {} });

/** Every file below `root` with a hash of its content. */
function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(root.length + 1)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(root);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'impact-'));
  cpSync(FIXTURE, dir, { recursive: true });
  // The user's generated folder: the old snapshot's code, as `generate` writes it.
  const old = parseSnapshot(readFileSync(join(dir, 'prestashop-schema.json'), 'utf8'));
  const { files } = emitAll(old, resolveEmitOptions(), { templates: await readRuntimeTemplates() });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, 'generated', path)), { recursive: true });
    writeFileSync(join(dir, 'generated', path), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = [
  'prestashop-schema.json',
  'prestashop-schema-9.0.json',
  '--project',
  'tsconfig.json',
  '--generated',
  'generated',
];

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  changeId: string | null;
  changePath: string | null;
  symbol: string | null;
  diagnostic: { code: number } | null;
}

const row = (f: JsonFinding): string =>
  `${f.file}:${f.line}:${f.column} ${f.changeId} ${f.changePath} ${f.symbol ?? '-'}${f.diagnostic === null ? '' : ` TS${f.diagnostic.code}`}`;

let cliJson: { findings: JsonFinding[]; summary: object } | null = null;

describe('impact on the sample consumer project', () => {
  it('reports exactly the lines the upgrade affects, by symbol, without touching a file', async () => {
    const before = tree(dir);
    const r = await run([...BASE, '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    cliJson = json;
    expect(json.findings.map(row)).toEqual([
      // a field whose maxSize shrank (writers: the input type only; reading `rule.description` is fine)
      'src/promotions.ts:10:5 field-max-size-decreased cart_rules.description CartRuleInput.description',
      // a field whose type changed (module field), used in arithmetic: does not compile any more
      'src/promotions.ts:26:73 field-type-changed products.loyalty_points Product.loyalty_points TS2362',
      // a field removed in 9.0, read through a helper's parameter
      'src/shop.ts:10:18 field-removed products.meta_keywords Product.meta_keywords TS2339',
      // the type-changed field, destructured from a client result
      'src/shop.ts:16:17 field-type-changed products.loyalty_points Product.loyalty_points',
      // the removed field, written in an object typed by the return type
      'src/shop.ts:24:5 field-removed products.meta_keywords ProductInput.meta_keywords TS2353',
      // the removed resource: its type, its client property, and its client's method through a variable
      'src/supply.ts:2:33 resource-removed supply_orders SupplyOrder TS2305',
      'src/supply.ts:4:75 resource-removed supply_orders SupplyOrder',
      'src/supply.ts:5:25 resource-removed supply_orders PrestaShopClient.supply_orders TS2339',
      'src/supply.ts:6:17 resource-removed supply_orders SupplyOrdersClient.list',
    ]);
    expect(json.summary).toMatchObject({
      findings: 9,
      files: 3,
      lines: 9,
      breaking: 8,
      dangerous: 1,
      compileErrors: 5,
    });
    expect(tree(dir)).toEqual(before);

    const schema = JSON.parse(
      readFileSync(new URL('../../schemas/impact-output.schema.json', import.meta.url), 'utf8'),
    );
    const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(schema.$defs.finding.properties.changeId.anyOf[0].enum).toEqual([...CHECK_IDS]);
  });

  it('sets the exit code with --fail-on and prints annotations on the user lines', async () => {
    const failing = await run([...BASE, '--fail-on', 'dangerous', '--format', 'github']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(
      '::error file=src/shop.ts,line=10,col=18,title=PrestaShop upgrade%3A field-removed::',
    );
    expect(failing.stdout).toContain('::warning file=src/promotions.ts,line=10,col=5,');
    const text = await run([...BASE, '--fail-on', 'breaking']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('9 line(s) in 3 file(s)');
    expect((await run([...BASE, '--format', 'markdown'])).stdout).toContain('| `src/supply.ts:5:25` | breaking |');
  });

  it('projects the store onto a core release with --upgrade', async () => {
    const r = await run([
      'prestashop-schema.json',
      'core@9.0',
      '--upgrade',
      '--project',
      'tsconfig.json',
      '--generated',
      'generated',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).findings.map(row) as string[];
    // Same as above but the module field: the projection keeps it as the store has it.
    expect(rows.filter((x) => x.includes('loyalty_points'))).toEqual([]);
    expect(rows).toHaveLength(7);
  });

  it('impact() of the API gives the report the command prints', async () => {
    const warnings: string[] = [];
    const { report, generatedFiles } = await impact('prestashop-schema.json', 'prestashop-schema-9.0.json', {
      project: 'tsconfig.json',
      generated: 'generated',
      cwd: dir,
      failOn: 'breaking',
      onWarning: (m) => warnings.push(m),
    });
    expect(cliJson).not.toBeNull();
    expect(report.findings.map((f) => row(f as unknown as JsonFinding))).toEqual(cliJson!.findings.map(row));
    expect(report.summary).toEqual(cliJson!.summary);
    expect([report.failed, generatedFiles > 0, warnings]).toEqual([true, true, []]);
    await expect(
      impact('prestashop-schema.json', 'prestashop-schema-9.0.json', {
        project: 'nope.json',
        generated: 'generated',
        cwd: dir,
      }),
    ).rejects.toThrow(/nope\.json: no such file/);
  });

  it('names a missing project or generated folder', async () => {
    const r = await run([
      'prestashop-schema.json',
      'prestashop-schema-9.0.json',
      '--project',
      'nope.json',
      '--generated',
      'generated',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nope.json');
    expect(r.stderr).not.toContain('    at ');
    writeFileSync(join(dir, 'broken.json'), '{ not json');
    const broken = await run([
      'prestashop-schema.json',
      'prestashop-schema-9.0.json',
      '--project',
      'broken.json',
      '--generated',
      'generated',
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json: cannot load the TypeScript project/);
    expect(broken.stderr).not.toContain('    at ');
  });
});

describe("the project's TypeScript", () => {
  it('is named when it is another major.minor than the compiler impact uses (the one ts-morph bundles)', () => {
    const project = mkdtempSync(join(tmpdir(), 'impact-ts-'));
    try {
      const tsconfig = join(project, 'tsconfig.json');
      writeFileSync(tsconfig, '{}');
      expect(typescriptVersions(tsconfig, '6.0.2')).toBeNull();
      mkdirSync(join(project, 'node_modules/typescript'), { recursive: true });
      writeFileSync(
        join(project, 'node_modules/typescript/package.json'),
        JSON.stringify({ name: 'typescript', version: '5.9.3' }),
      );
      expect(typescriptVersions(tsconfig, '6.0.2')).toBe(
        "compiling with TypeScript 6.0.2 (bundled in ts-morph), not the project's 5.9.3: a compile error that only one of them reports may differ from your tsc",
      );
      expect(typescriptVersions(tsconfig, '5.9.1')).toBeNull();
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
