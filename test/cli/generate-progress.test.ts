/**
 * Progress during `generate` (issue 23, item 10): a redrawn bar on stderr when it is a terminal,
 * through the files being formatted and then written; nothing of it when stderr is redirected. The
 * API reports the same phases through `onProgress`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { generate } from '../../src/index.js';
import { Capture, tempDir } from './helpers.js';

const MINI = fileURLToPath(new URL('../../fixtures/mini/catalog.json', import.meta.url));

async function run(tty: boolean): Promise<string> {
  const stdout = new Capture();
  const stderr = Object.assign(new Capture(), { isTTY: tty, columns: 120 });
  const dir = tempDir();
  const code = await main(['generate', '--schema', MINI, '--out', join(dir, 'gen'), '--no-config'], {
    stdout,
    stderr,
    cwd: dir,
    env: {},
  });
  expect(code).toBe(0);
  return stderr.text;
}

describe('generate progress', () => {
  it('draws a bar of the files formatted and written on a terminal, and clears it', async () => {
    const text = await run(true);
    expect(text).toMatch(/\r\u001b\[2K\[#+-*\] \d+\/\d+ writing files/);
    // The last bar is full, and cleared before anything else is printed.
    const last = /\[(#+)\] (\d+)\/(\d+) writing files(\r\u001b\[2K)?(?![\s\S]*writing files)/.exec(text);
    expect(last?.[2]).toBe(last?.[3]);
    expect(last?.[4]).toBe('\r\u001b[2K');
  });

  it('prints nothing of it when stderr is not a terminal', async () => {
    const text = await run(false);
    expect(text).not.toContain('files');
    expect(text).not.toContain('\u001b');
  });

  it('reports the format and write phases through onProgress', async () => {
    const seen: string[] = [];
    const result = await generate(MINI, {
      out: join(tempDir(), 'gen'),
      onProgress: (phase, done, total) => seen.push(`${phase} ${done}/${total}`),
    });
    const total = result.write!.written.length;
    expect(seen.filter((s) => s.startsWith('write'))).toEqual(
      Array.from({ length: total }, (_, i) => `write ${i + 1}/${total}`),
    );
    const formats = seen.filter((s) => s.startsWith('format'));
    expect(formats.at(-1)).toMatch(/^format (\d+)\/\1$/);
  });
});
