import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadUserConfig,
  resolveIntrospectSettings,
  resolveSchemaPath,
  resolveStore,
  validateUserConfig,
} from '../../src/config/load.js';
import { ConfigError, EXIT_USAGE } from '../../src/errors.js';

const TYPES = join(import.meta.dirname, '../../src/config/types.ts');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'psc-config-'));

describe('loadUserConfig', () => {
  it('returns an empty config when there is no file', async () => {
    expect(await loadUserConfig(tmp())).toEqual({ config: {}, path: null });
  });

  it('loads prestashop-codegen.config.json', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'prestashop-codegen.config.json'),
      JSON.stringify({ url: 'https://a.example', introspect: { concurrency: 3 } }),
    );
    const loaded = await loadUserConfig(dir);
    expect(loaded.config).toEqual({ url: 'https://a.example', introspect: { concurrency: 3 } });
    expect(loaded.path).toBe(join(dir, 'prestashop-codegen.config.json'));
  });

  it('loads a TypeScript config with defineConfig (through jiti)', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'prestashop-codegen.config.ts'),
      `import { defineConfig } from ${JSON.stringify(TYPES)};\nconst n: number = 2;\nexport default defineConfig({ url: 'https://ts.example', introspect: { retries: n, synopsisFormat: 'xml' } });\n`,
    );
    const loaded = await loadUserConfig(dir);
    expect(loaded.config).toEqual({ url: 'https://ts.example', introspect: { retries: 2, synopsisFormat: 'xml' } });
  });

  it('loads an .mjs config', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'prestashop-codegen.config.mjs'), `export default { schema: 'store/schema.json' };\n`);
    // Paths in a config file resolve against the file's folder.
    expect((await loadUserConfig(dir)).config).toEqual({ schema: join(dir, 'store/schema.json') });
  });

  it('finds .js, .cjs, .mts and .cts configs too (ESM or CommonJS)', async () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['js', `export default { url: 'https://js.example' };\n`],
      ['js', `module.exports = { url: 'https://js.example' };\n`],
      ['cjs', `module.exports = { url: 'https://js.example' };\n`],
      ['mts', `const u: string = 'https://js.example';\nexport default { url: u };\n`],
      ['cts', `const u: string = 'https://js.example';\nexport default { url: u };\n`],
    ];
    for (const [ext, text] of cases) {
      const dir = tmp();
      writeFileSync(join(dir, `prestashop-codegen.config.${ext}`), text);
      const loaded = await loadUserConfig(dir);
      expect(loaded, `${ext}: ${text}`).toEqual({
        config: { url: 'https://js.example' },
        path: join(dir, `prestashop-codegen.config.${ext}`),
      });
    }
  });

  it('names every candidate when two config files are present', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'prestashop-codegen.config.js'), 'export default {};');
    writeFileSync(join(dir, 'prestashop-codegen.config.json'), '{}');
    await expect(loadUserConfig(dir)).rejects.toThrow(
      `several config files in ${dir}: prestashop-codegen.config.js, prestashop-codegen.config.json; keep one or pass --config`,
    );
  });

  it('loads the file --config names, relative to the working directory', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'custom.json'), JSON.stringify({ key: 'k'.repeat(32) }));
    expect((await loadUserConfig(dir, 'custom.json')).config).toEqual({ key: 'k'.repeat(32) });
    await expect(loadUserConfig(dir, 'missing.json')).rejects.toThrow(/config file not found/);
  });

  it('refuses several config files, unknown options, bad values and bad JSON with exit 2', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'prestashop-codegen.config.json'), '{}');
    writeFileSync(join(dir, 'prestashop-codegen.config.mjs'), 'export default {};');
    await expect(loadUserConfig(dir)).rejects.toThrow(/several config files/);

    const bad = async (text: string, re: RegExp) => {
      const d = tmp();
      writeFileSync(join(d, 'prestashop-codegen.config.json'), text);
      const error = await loadUserConfig(d).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).exitCode).toBe(EXIT_USAGE);
      expect((error as Error).message).toMatch(re);
    };
    const file = 'prestashop-codegen\\.config\\.json';
    await bad(
      '{"urll": "x"}',
      new RegExp(
        `${file}: config option "urll": unknown option; did you mean "url"\\? \\(known: url, key, schema, out, stores, introspect, generate, diff, mcp\\)$`,
      ),
    );
    await bad(
      '{"introspect": {"concurrency": 0}}',
      new RegExp(`${file}: config option "introspect.concurrency": expected an integer ≥ 1, got 0$`),
    );
    await bad(
      '{"introspect": {"synopsisFormat": "yaml"}}',
      new RegExp(`${file}: config option "introspect.synopsisFormat": expected one of auto, json, xml, got "yaml"$`),
    );
    await bad('{"introspect": {"include": "products"}}', /introspect\.include/);
    await bad(
      '{"introspect": {"timout": 5}}',
      /config option "introspect\.timout": unknown option; did you mean "timeout"\?/,
    );
    await bad('{"url": 5}', new RegExp(`${file}: config option "url": expected a non-empty string, got 5$`));
    // The sections the commands read are checked when the file is loaded, naming the file too.
    await bad(
      '{"generate": {"decimal": "string"}}',
      new RegExp(`${file}: config option "generate.decimal": unknown option; did you mean "decimals"\\?`),
    );
    await bad(
      '{"generate": {"dates": "date"}}',
      new RegExp(`${file}: config option "generate.dates": expected one of string, Date, got "date"$`),
    );
    await bad(
      '{"generate": {"methods": {"carts": ["REMOVE"]}}}',
      new RegExp(`${file}: config option "generate.methods.carts": expected a list of GET`),
    );
    await bad(
      '{"diff": {"failon": "any"}}',
      new RegExp(`${file}: config option "diff.failon": unknown option; did you mean "failOn"\\?`),
    );
    await bad(
      '{"mcp": {"writeBudget": "many"}}',
      new RegExp(`${file}: config option "mcp.writeBudget": expected an integer ≥ 0, got "many"$`),
    );
    await bad(
      '{"stores": {"prod": {"keyenv": "K"}}}',
      new RegExp(`${file}: config option "stores.prod.keyenv": unknown option; did you mean "keyEnv"\\?`),
    );
    await bad(
      '{"stores": {"prod": {"introspect": {"retries": -1}}}}',
      /config option "stores\.prod\.introspect\.retries": expected an integer ≥ 0, got -1$/,
    );
    await bad('{"url": ', /not valid JSON/);
    await bad('[1]', /must be an object/);
  });

  it('reports a TypeScript config that throws', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'prestashop-codegen.config.ts'), `throw new Error('boom');\n`);
    await expect(loadUserConfig(dir)).rejects.toThrow(/cannot be loaded \(boom\)/);
  });
});

describe('precedence: flags > env > config', () => {
  const config = validateUserConfig(
    { url: 'https://config.example', key: 'C'.repeat(32), introspect: { concurrency: 2, retries: 1 } },
    'x',
  );

  it('takes the config file when nothing else is set', () => {
    expect(resolveStore({}, {}, config)).toEqual({
      url: 'https://config.example',
      key: 'C'.repeat(32),
      urlSource: 'config',
      keySource: 'config',
    });
  });

  it('lets the environment win over the config file', () => {
    const env = { PRESTASHOP_URL: 'https://env.example', PRESTASHOP_API_KEY: 'E'.repeat(32) };
    expect(resolveStore({}, env, config)).toMatchObject({
      url: 'https://env.example',
      key: 'E'.repeat(32),
      urlSource: 'env',
      keySource: 'env',
    });
  });

  it('lets flags win over the environment', () => {
    const env = { PRESTASHOP_URL: 'https://env.example', PRESTASHOP_API_KEY: 'E'.repeat(32) };
    expect(resolveStore({ url: 'https://flag.example', key: 'F'.repeat(32) }, env, config)).toMatchObject({
      url: 'https://flag.example',
      key: 'F'.repeat(32),
      urlSource: 'flag',
      keySource: 'flag',
    });
    expect(resolveStore({ key: 'F'.repeat(32) }, env, config)).toMatchObject({ urlSource: 'env', keySource: 'flag' });
  });

  it('says where to set a missing URL or key', () => {
    expect(() => resolveStore({}, {}, {})).toThrow(/--url, set PRESTASHOP_URL/);
    expect(() => resolveStore({ url: 'https://x.example' }, {}, {})).toThrow(/--key, set PRESTASHOP_API_KEY/);
  });

  it('merges introspect settings with flags first', () => {
    expect(resolveIntrospectSettings({ concurrency: 5 }, config)).toEqual({ concurrency: 5, retries: 1 });
    expect(resolveIntrospectSettings({}, {})).toEqual({});
  });

  it('resolves the snapshot path: flag > config schema > default', () => {
    expect(resolveSchemaPath(undefined, {}, '/w')).toBe('/w/prestashop-schema.json');
    expect(resolveSchemaPath(undefined, { schema: 's/x.json' }, '/w')).toBe('/w/s/x.json');
    expect(resolveSchemaPath('/abs.json', { schema: 's/x.json' }, '/w')).toBe('/abs.json');
  });
});
