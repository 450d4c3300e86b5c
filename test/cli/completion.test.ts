/**
 * Shell completion (`prestashop-codegen completion`): the script for bash, and the completions it
 * asks the built CLI for (commands, then the flags of the command typed).
 */
import { describe, expect, it } from 'vitest';
import { spawnCli } from './helpers.js';

describe('prestashop-codegen completion', () => {
  it('prints a bash completion script that asks the CLI itself', async () => {
    const run = await spawnCli(['completion'], { env: { SHELL: '/bin/bash' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('###-begin-prestashop-codegen-completions-###');
    expect(run.stdout).toContain('prestashop-codegen --get-yargs-completions');
    expect(run.stdout).toContain(
      'complete -o bashdefault -o default -F _prestashop-codegen_yargs_completions prestashop-codegen',
    );
  });

  it('completes the commands, then the flags of the command typed', async () => {
    const commands = await spawnCli(['--get-yargs-completions', 'prestashop-codegen', 'gen']);
    expect(commands.stdout.split('\n')).toEqual(
      expect.arrayContaining(['generate', 'introspect', 'diff', 'completion']),
    );
    const flags = (await spawnCli(['--get-yargs-completions', 'prestashop-codegen', 'generate', '--dec'])).stdout.split(
      '\n',
    );
    expect(flags).toEqual(expect.arrayContaining(['--decimals', '--check', '--env-file']));
    expect(flags).not.toContain('--fail-on');
  });
});
