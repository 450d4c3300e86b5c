/**
 * The client walkthrough of docs/clients.md, run as written against the fake store: the block a new
 * user pastes into `walkthrough.ts`, the generated code `npm run demo` writes, the key `fake-store`
 * prints.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDataStore, type FakeStoreRun } from '../../src/cli/commands/fake-store.js';
import { Reporter } from '../../src/cli/reporter.js';
import { FAKE_STORE_KEY } from '../../src/fakestore/index.js';
import { typecheck } from '../emit/typecheck.js';
import { generate, writeOut } from './generated.js';
import { crudSchema } from './helpers.js';

const ROOT = join(import.meta.dirname, '../..');
let page = '';
let run: FakeStoreRun;

beforeAll(async () => {
  page = await readFile(join(ROOT, 'docs/clients.md'), 'utf8');
  // The store `prestashop-codegen fake-store` starts (the bundled one, seeded), on a free port.
  run = await startDataStore(
    { schemaPath: null, port: 0 },
    new Reporter({ stdout: new PassThrough(), stderr: new PassThrough() }),
  );
});
afterAll(() => run.store.close());

/** The Clients page; it must be the page of that title. */
function section(title: string): string {
  expect(page.startsWith(`# ${title}\n`), `docs/clients.md is the "${title}" page`).toBe(true);
  return page;
}

describe('docs/clients.md', () => {
  it('the walkthrough runs against the seeded fake store and prints what the page says', async () => {
    const clients = section('Clients');
    const block = /```ts walkthrough\n([\s\S]*?)```/.exec(clients)?.[1];
    expect(block).toBeDefined();
    expect(block).toContain(`apiKey: '${FAKE_STORE_KEY}'`);
    // The same layout as on a fresh clone: demo/generated next to walkthrough.ts.
    const dir = await writeOut('readme', new Map());
    const generated = await writeOut('readme/demo/generated', await generate(crudSchema()));
    expect(generated).toBe(join(dir, 'demo/generated'));
    const script = block!.replace("'http://127.0.0.1:8080'", JSON.stringify(run.store.url));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'walkthrough.ts'), script);

    const printed: string[] = [];
    // console.log's own formatting (util.format), so the lines compare with a terminal's.
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
    try {
      await import(join(dir, 'walkthrough.ts'));
    } finally {
      log.mockRestore();
    }
    // What the page shows as the output: the `# ` lines after `npx jiti walkthrough.ts`.
    const shown = /npx jiti walkthrough\.ts\n((?:# .*\n)+)/.exec(clients)?.[1];
    expect(shown).toBeDefined();
    expect(printed.join('\n').split('\n')).toEqual(
      shown!
        .trimEnd()
        .split('\n')
        .map((l) => l.slice(2)),
    );
    expect(printed[0]).toMatch(/^created \d+ \[/);
  });

  it('the walkthrough type-checks against the generated code', async () => {
    const block = /```ts walkthrough\n([\s\S]*?)```/.exec(section('Clients'))![1]!;
    const use = block.replace("'./demo/generated/index.js'", "'./out/index.js'");
    expect(typecheck(await generate(crudSchema()), 'nodenext', { 'walkthrough.ts': use })).toEqual([]);
  });

  it('the commands it names exist', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['fake-store']).toBe('node dist/cli/bin.js fake-store');
    expect(pkg.scripts['demo']).toBeDefined();
    expect(section('Clients')).toContain('npm run fake-store -- --port 8080');
  });
});
