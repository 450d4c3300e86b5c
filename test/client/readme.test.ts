/**
 * The client walkthrough of docs/clients.md, run as written against the fake store: the block a new
 * user pastes into `walkthrough.ts`, the generated code `npm run demo` writes, the key `fake-store`
 * prints.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCrudStore, type CrudStore } from '../../src/fakestore/crud/server.js';
import { FAKE_STORE_KEY } from '../../src/fakestore/index.js';
import { typecheck } from '../emit/typecheck.js';
import { generate, writeOut } from './generated.js';
import { crudSchema } from './helpers.js';

const ROOT = join(import.meta.dirname, '../..');
let page = '';
let store: CrudStore;

beforeAll(async () => {
  page = await readFile(join(ROOT, 'docs/clients.md'), 'utf8');
  store = await startCrudStore({ schema: crudSchema() });
});
afterAll(() => store.close());

/** The Clients page; it must be the page of that title. */
function section(title: string): string {
  expect(page.startsWith(`# ${title}\n`), `docs/clients.md is the "${title}" page`).toBe(true);
  return page;
}

describe('docs/clients.md', () => {
  it('the walkthrough runs against the fake store and prints what the page says', async () => {
    const clients = section('Clients');
    const block = /```ts walkthrough\n([\s\S]*?)```/.exec(clients)?.[1];
    expect(block).toBeDefined();
    expect(block).toContain(`apiKey: '${FAKE_STORE_KEY}'`);
    // The same layout as on a fresh clone: demo/generated next to walkthrough.ts.
    const dir = await writeOut('readme', new Map());
    const generated = await writeOut('readme/demo/generated', await generate(crudSchema()));
    expect(generated).toBe(join(dir, 'demo/generated'));
    const script = block!.replace("'http://127.0.0.1:8080'", JSON.stringify(store.url));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'walkthrough.ts'), script);

    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
    try {
      await import(join(dir, 'walkthrough.ts'));
    } finally {
      log.mockRestore();
    }
    expect(lines).toEqual([
      'created 1 [{"id":1,"value":"blue-mug"},{"id":2,"value":"tasse-bleue"}]',
      'found ["1 Blue mug 12.5"]',
      'patched 9.9 Tasse bleue',
      'after delete null',
    ]);
    // What the page shows as the output.
    expect(clients).toContain("# created 1 [ { id: 1, value: 'blue-mug' }, { id: 2, value: 'tasse-bleue' } ]");
    expect(clients).toContain("# found [ '1 Blue mug 12.5' ]");
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
