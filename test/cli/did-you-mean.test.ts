/**
 * "Did you mean": a mistyped command, flag or `--store` name is refused (exit 2) with the closest
 * known one, on one line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const USAGE = '\nRun with --help for usage.\n';

describe('did you mean', () => {
  it('names the closest command, and lists the commands', async () => {
    const run = await runCli(['generat', '--out', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: unknown command "generat"; did you mean "generate"? (commands: introspect, generate, export, diff, impact, demo, fake-store, doctor, mcp)' +
        USAGE,
    );
    const far = await runCli(['foo']);
    expect(far.stderr).toMatch(/^error: unknown command "foo" \(commands: introspect, /);
  });

  it('names the closest flag of the command run', async () => {
    expect((await runCli(['generate', '--out', 'x', '--decimal', 'string'])).stderr).toBe(
      'error: unknown option --decimal for this command; did you mean --decimals?' + USAGE,
    );
    expect((await runCli(['introspect', '--urll', 'http://x'])).stderr).toBe(
      'error: unknown option --urll for this command; did you mean --url?' + USAGE,
    );
    // A flag of another command is not offered: `--check` is generate's.
    expect((await runCli(['export', '--chek', '--out', 'x'])).stderr).toBe(
      'error: unknown option --chek for this command' + USAGE,
    );
    expect((await runCli(['generate', '--dry-run'])).stderr).toBe(
      'error: unknown option --dry-run for this command' + USAGE,
    );
  });

  it('names the closest store of the config file', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'prestashop-codegen.config.json'),
      JSON.stringify({ stores: { production: { url: 'http://127.0.0.1:9' } } }),
    );
    const run = await runCli(['doctor', '--store', 'prodution'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: no store named "prodution" in the config file (known: production); did you mean "production"?\n',
    );
  });
});
