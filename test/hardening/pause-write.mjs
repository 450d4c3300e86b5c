/**
 * Test-only preload (`NODE_OPTIONS=--import=<this file>`) for the kill-mid-write tests: when
 * `PSC_TEST_PAUSE_WRITE` names a file, the first temp file opened for it (`.<name>.<pid>.<hex>.tmp`)
 * receives half of what is written to it, is flushed, a line goes to stderr, and the process
 * waits to be killed. Production code carries no hook: this patches `fs.promises.open` from outside.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';

const target = process.env.PSC_TEST_PAUSE_WRITE;
if (target) {
  const open = fs.promises.open;
  fs.promises.open = async function patchedOpen(path, ...rest) {
    const handle = await open.call(this, path, ...rest);
    const name = basename(String(path));
    if (name.startsWith(`.${target}.`) && name.endsWith('.tmp')) {
      handle.writeFile = async (content) => {
        const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
        await handle.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        await handle.sync();
        process.stderr.write(`PSC_TEST_PAUSE_WRITE: paused half-way through ${String(path)}\n`);
        return new Promise(() => setInterval(() => undefined, 60_000));
      };
    }
    return handle;
  };
  syncBuiltinESMExports();
}
