/**
 * `mcp`'s usage errors: one line naming the flag or file and the fix, exit 2, no stack trace, and
 * nothing served. In-process: each fails before the server would read stdin.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeSnapshot } from '../../src/model/index.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { crudSchema } from '../client/helpers.js';

const KEY = 'MCPCLIKEY00000000000000000000027';

function project(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'prestashop-schema.json'), serializeSnapshot(crudSchema()));
  return dir;
}

const run = (args: string[], cwd = project()) =>
  runCli(['mcp', '--url', 'http://127.0.0.1:9', ...args], { cwd, env: { PRESTASHOP_API_KEY: KEY } });

describe('prestashop-codegen mcp: usage errors', () => {
  it.each([
    [['--write', 'prodcuts'], /^error: --write: the snapshot has no resource "prodcuts".*products/],
    [
      ['--write', 'stock_availables:create'],
      /^error: --write: stock_availables offers no create .*it offers list, get, count, update, patch\)/,
    ],
    [['--delete', 'order_histories'], /^error: --delete: order_histories offers no delete/],
    [
      ['--write', 'products:remove'],
      /^error: --write: "products:remove": the operation must be one of create, update, patch/,
    ],
    [['--write-budget', '-1'], /^error: --write-budget: expected an integer ≥ 0, got -1/],
    [['--max-result-chars', '10'], /^error: --max-result-chars: expected an integer ≥ 1000, got 10/],
  ])('%j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain(KEY);
  });

  it("checks the config file's mcp section, naming the option", async () => {
    const dir = project();
    writeFileSync(join(dir, 'prestashop-codegen.config.json'), JSON.stringify({ mcp: { writeBudget: 'many' } }));
    const r = await run([], dir);
    expect(r.code).toBe(2);
    // The config file check names the file first.
    expect(r.stderr).toBe(
      `error: ${join(dir, 'prestashop-codegen.config.json')}: config option "mcp.writeBudget": expected an integer ≥ 0, got "many"\n`,
    );
    writeFileSync(join(dir, 'prestashop-codegen.config.json'), JSON.stringify({ mcp: { write: 'products' } }));
    expect((await run([], dir)).stderr).toMatch(
      /config option "mcp.write": expected a list of names such as \["products"\], got "products"/,
    );
    writeFileSync(join(dir, 'prestashop-codegen.config.json'), JSON.stringify({ mcp: { delete: ['carts'] } }));
    expect((await run([], dir)).stderr).toMatch(/^error: config option "mcp.delete": carts offers no delete/);
  });

  it('names a missing snapshot and how to make one', async () => {
    const r = await run(['--schema', 'nothing.json'], tempDir());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing\.json: no snapshot here: run `prestashop-codegen introspect` first/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('needs a key', async () => {
    const r = await runCli(['mcp', '--url', 'http://127.0.0.1:9'], { cwd: project(), env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no API key: pass --key, set PRESTASHOP_API_KEY/);
  });
});
