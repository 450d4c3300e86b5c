/**
 * What happens to each shell command the docs show (see commands.test.ts). The `run` entries run
 * in this order in one project directory, so a command finds what the ones before it wrote.
 * A new command in the docs needs an entry here: add it to `run` when it can run on this machine
 * without a real store or the network, otherwise name the test that runs it (`by`) or say why none
 * can (`not`).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface Run {
  /** Expected exit code (default 0). */
  exit?: number;
  /** Text the output must hold. */
  prints?: string[];
  /** Files (relative to the project directory) that must exist afterwards. */
  writes?: string[];
  /** Prepares the project directory (`dir`) from the repository (`root`). */
  setup?: (dir: string, root: string) => void;
}

export type Plan = { run: Run } | { by: string; marker: string } | { not: string };

const KEY = 'FAKESTORE0DEMO0KEY00000000000001';
const UNPUBLISHED = 'needs the package on the npm registry, which it is not yet';
const CLONE = "needs the repository address and the network; the tarball install is the packaging test's job";
const BENCH = 'the benchmark runs for minutes and measures, it is not a test (see docs/performance.md)';
const SUITE = 'the test suite itself, which holds this test';

/** The project `impact` is shown on in the docs: a tsconfig and one file using the generated code. */
const IMPACT_TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types: [],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    skipLibCheck: true,
  },
  include: ['src'],
});
const IMPACT_APP = [
  "import type { PrestaShopClient, Product } from './prestashop/index.js';",
  "export const keywords = (p: Product): string => p.meta_keywords[0]?.value ?? '';",
  'export const supply = (c: PrestaShopClient) => c.supply_orders.list();',
  '',
].join('\n');

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], {
    cwd: dir,
    stdio: 'ignore',
  });
}

export const PLANS: readonly (readonly [string, Plan])[] = [
  // README: install
  ['git clone https://github.com/prestashop-codegen/prestashop-codegen.git', { not: CLONE }],
  ['cd prestashop-codegen && npm ci && npm pack', { not: CLONE }],
  ['cd ../my-project && npm install --save-dev ../prestashop-codegen/prestashop-codegen-0.1.0.tgz', { not: CLONE }],
  ['npm install --save-dev git+https://github.com/prestashop-codegen/prestashop-codegen.git', { not: CLONE }],
  ['npm install --save-dev prestashop-codegen', { not: UNPUBLISHED }],
  // README: quick start and the tour
  ['npm ci && npm run demo', { run: { writes: ['demo/prestashop-schema.json', 'demo/generated/index.ts'] } }],
  ['npm test', { not: SUITE }],
  [
    'npx prestashop-codegen generate --schema demo/prestashop-schema.json --out demo/generated --check',
    { run: { prints: ['up to date'] } },
  ],
  [
    'npx prestashop-codegen diff demo/prestashop-schema.json test/diff/fixtures/prestashop-9.0.0-like.json --fail-on breaking',
    { run: { exit: 1, prints: ['14 breaking'] } },
  ],
  ['npx prestashop-codegen diff core demo/prestashop-schema.json', { run: { prints: ['No changes.'] } }],
  [
    'npx prestashop-codegen export --schema demo/prestashop-schema.json --format openapi --out demo/openapi.json',
    { run: { writes: ['demo/openapi.json'] } },
  ],
  ['npm run fake-store -- --port 8080', { run: { prints: [`key: ${KEY}`] } }],
  // docs/testing.md: a server that runs until Ctrl+C, started in process by its test
  [
    'npx prestashop-codegen fake-store --schema prestashop-schema.json',
    { by: 'test/client/fake-store-command.test.ts', marker: '--schema: a fake of that snapshot' },
  ],
  [
    `npx prestashop-codegen doctor --url http://127.0.0.1:8080 --key ${KEY}`,
    { run: { prints: ['No problems found'] } },
  ],
  [
    `npx prestashop-codegen introspect --url http://127.0.0.1:8080 --key ${KEY} --out demo/store.json`,
    { run: { writes: ['demo/store.json'] } },
  ],
  ['npx jiti walkthrough.ts', { by: 'test/client/readme.test.ts', marker: "'walkthrough.ts'" }],
  // README: in your project
  ['export PRESTASHOP_URL=https://shop.example PRESTASHOP_API_KEY=...', { run: {} }],
  ['npx prestashop-codegen doctor', { run: { prints: ['No problems found'] } }],
  ['npx prestashop-codegen introspect', { run: { writes: ['prestashop-schema.json'] } }],
  ['npx prestashop-codegen generate --out src/prestashop', { run: { writes: ['src/prestashop/index.ts'] } }],
  ['npx prestashop-codegen generate --out src/prestashop --check', { run: { prints: ['up to date'] } }],
  [
    'npx prestashop-codegen generate --out src/prestashop --check --verbose > drift.patch',
    { by: 'test/cli/output.test.ts', marker: "'--check', '--verbose'" },
  ],
  ['git apply drift.patch', { by: 'test/cli/output.test.ts', marker: "git('apply', 'drift.patch')" }],
  // README: commands
  ['npx prestashop-codegen --help', { run: { prints: ['Commands:', 'prestashop-codegen generate'] } }],
  ['npx prestashop-codegen generate --help', { run: { prints: ['--check', 'Examples:'] } }],
  // docs/generate.md
  [
    'npx prestashop-codegen generate --schema prestashop-schema.json --out src/prestashop',
    { run: { prints: ['0 written'] } },
  ],
  // docs/diff.md
  [
    'npx prestashop-codegen diff old/prestashop-schema.json prestashop-schema.json',
    {
      run: {
        prints: ['8.2.0 → 8.2.0'],
        setup: (dir, root) => {
          mkdirSync(join(dir, 'old'), { recursive: true });
          copyFileSync(
            join(root, 'test/golden/prestashop-8.2.0/prestashop-schema.json'),
            join(dir, 'old/prestashop-schema.json'),
          );
        },
      },
    },
  ],
  [
    'npx prestashop-codegen diff HEAD~1:prestashop-schema.json prestashop-schema.json --fail-on breaking',
    {
      run: {
        prints: ['HEAD~1:prestashop-schema.json', 'No changes.'],
        setup: (dir) => {
          git(dir, 'init', '-q');
          git(dir, 'add', 'prestashop-schema.json');
          git(dir, 'commit', '-q', '-m', 'snapshot');
          git(dir, 'commit', '-q', '--allow-empty', '-m', 'nothing');
        },
      },
    },
  ],
  [
    'PRESTASHOP_NEW_API_KEY=… npx prestashop-codegen diff prestashop-schema.json --new-url https://staging.example.com --format markdown',
    { run: { prints: ['PrestaShop schema diff'] } },
  ],
  ['npx prestashop-codegen diff core prestashop-schema.json', { run: { prints: ['core@8.2.0'] } }],
  [
    'npx prestashop-codegen diff core@1.7.8 core@9.0',
    { run: { prints: ['core@1.7.8 = baselines/prestashop-1.7.8.10.json', 'supply_orders: resource removed'] } },
  ],
  // docs/diff.md and docs/recipes.md: the upgrade workflow before the upgrade
  [
    'npx prestashop-codegen diff prestashop-schema.json core@9.0 --upgrade --write-projected prestashop-schema-9.0.json',
    {
      run: {
        prints: ['upgraded to core@9.0', 'products.meta_keywords: field removed'],
        writes: ['prestashop-schema-9.0.json'],
      },
    },
  ],
  // docs/impact.md and docs/recipes.md: a project using the generated code of the previous steps
  [
    'npx prestashop-codegen impact prestashop-schema.json prestashop-schema-9.0.json --project tsconfig.json --generated src/prestashop',
    {
      run: {
        prints: [
          'src/app.ts',
          'products.meta_keywords (field-removed) · Product.meta_keywords',
          'PrestaShopClient.supply_orders',
        ],
        setup: (dir) => {
          writeFileSync(join(dir, 'tsconfig.json'), IMPACT_TSCONFIG);
          writeFileSync(join(dir, 'src/app.ts'), IMPACT_APP);
        },
      },
    },
  ],
  // docs/configuration.md: shell completion (the script is checked there; no test writes to ~/.bashrc)
  [
    'npx prestashop-codegen completion >> ~/.bashrc',
    { by: 'test/cli/completion.test.ts', marker: "spawnCli(['completion']" },
  ],
  // docs/configuration.md: named stores
  [
    'npx prestashop-codegen introspect --store production',
    { by: 'test/cli/api-config.test.ts', marker: "'introspect', '--store', 'production'" },
  ],
  [
    'npx prestashop-codegen diff store:production store:staging --fail-on breaking',
    { by: 'test/cli/api-config.test.ts', marker: "'diff', 'store:production', 'store:staging'" },
  ],
  // docs/export.md
  [
    'npx prestashop-codegen export --schema prestashop-schema.json --format openapi --out openapi.json',
    { run: { writes: ['openapi.json'] } },
  ],
  [
    'npx prestashop-codegen export --schema prestashop-schema.json --format jsonschema --out prestashop.schema.json',
    { run: { writes: ['prestashop.schema.json'] } },
  ],
  // docs/recipes.md: the upgrade workflow, the fake store standing in for the staging store
  ['export PRESTASHOP_API_KEY=...', { run: {} }],
  ['npx prestashop-codegen doctor --url https://staging.example.com', { run: { prints: ['No problems found'] } }],
  [
    'npx prestashop-codegen introspect --url https://staging.example.com --out staging-schema.json',
    { run: { writes: ['staging-schema.json'] } },
  ],
  [
    'npx prestashop-codegen diff prestashop-schema.json staging-schema.json --format markdown',
    { run: { prints: ['PrestaShop schema diff'] } },
  ],
  ['npx prestashop-codegen diff core staging-schema.json', { run: { prints: ['core@8.2.0'] } }],
  ['mv staging-schema.json prestashop-schema.json', { run: { writes: ['prestashop-schema.json'] } }],
  // docs/recipes.md: the upgrade workflow after the upgrade (the snapshot committed above against the new one)
  [
    'npx prestashop-codegen impact HEAD:prestashop-schema.json prestashop-schema.json --project tsconfig.json --generated src/prestashop --fail-on breaking',
    { run: { prints: ['PrestaShop upgrade impact', 'Passes --fail-on breaking'] } },
  ],
  // docs/mcp.md: the server speaks MCP on stdin/stdout until its client goes away
  [
    'npx prestashop-codegen mcp --schema prestashop-schema.json --store production',
    {
      not: 'an MCP server waits for its client on stdin; test/mcp/server.test.ts drives it with the SDK client, with --url and the key',
    },
  ],
  [
    'npx prestashop-codegen mcp --schema prestashop-schema.json --write products --delete products',
    { by: 'test/mcp/server.test.ts', marker: "['--write', 'products', '--delete', 'products']" },
  ],
  // docs/development.md, docs/performance.md
  ['npm ci', { not: 'installs the dependencies: every test run starts after it' }],
  ['npm run test:next', { not: 'a production build of a Next.js app takes minutes: .ci/run runs it after npm test' }],
  [
    'npm run test:store',
    { not: 'the scenarios against a real store: npm test runs the same scenarios against the fake store' },
  ],
  [
    'PS_GIT_DIR=<bare git dir of the release copy> WORK=../ps82 ../shared/real-store/install-8.2.0.sh',
    { not: 'installs PrestaShop, PHP, MariaDB and Apache: minutes, system packages and a release copy' },
  ],
  [
    'PRESTASHOP_URL=http://127.0.0.1:8082 PRESTASHOP_KEY=$(cat ../ps82/key.txt) npm run test:store',
    { not: 'needs the real store installed by the command above' },
  ],
  ['npm run typecheck', { not: 'tsc over the whole repository; a check of the sources, not of the docs' }],
  ['npm run format', { not: 'rewrites the sources in place; .ci/run runs format:check' }],
  ['npm run format:check', { not: 'prettier over the whole repository; a check of the sources, run by .ci/run' }],
  ['npm run lint', { not: 'eslint over the whole repository; a check of the sources, run by .ci/run' }],
  ['npm run check:dead', { not: 'knip over the whole repository; a check of the sources, run by .ci/run' }],
  [
    'npm run test:update',
    { not: 'rewrites the goldens: running it in a test would make the goldens pass by definition' },
  ],
  ['npm run bench', { not: BENCH }],
  ['node bench/run.mjs --only generate,noop --runs 5 --warmup 1 [--snapshot <file>]', { not: BENCH }],
];
