/**
 * A config file is code (`.ts`/`.mjs` run when loaded): `--no-config` loads none, so CI can run
 * `diff` on a pull request from a fork without running the fork's config.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_8_2_0, runCli, tempDir } from './helpers.js';

describe('--no-config', () => {
  it('diff with --no-config never runs the config; without it, the config runs', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'a.json'), GOLDEN_8_2_0);
    writeFileSync(join(cwd, 'b.json'), GOLDEN_8_2_0);
    // A config with a side effect: it leaves a file behind when it runs.
    writeFileSync(
      join(cwd, 'prestashop-codegen.config.mjs'),
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./config-ran', import.meta.url), 'yes');\nexport default {};\n",
    );
    const safe = await runCli(['diff', 'a.json', 'b.json', '--no-config'], { cwd });
    expect(safe.stderr).toBe('');
    expect(safe.code).toBe(0);
    expect(existsSync(join(cwd, 'config-ran'))).toBe(false);
    const loaded = await runCli(['diff', 'a.json', 'b.json'], { cwd });
    expect(loaded.code).toBe(0);
    expect(existsSync(join(cwd, 'config-ran'))).toBe(true);
  });
});
