// A fake store in its own process, so that its CPU does not count in the measured process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * Runs `script` (an ES module body that starts its stores, prints one JSON line and closes them
 * when stdin ends) in a child Node process. Resolves to that line, parsed, and `close()`, which
 * ends stdin and waits for the child to exit.
 */
export async function startStoreProcess(script) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`the fake store process exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text);
    });
  });
  return {
    info: JSON.parse(line),
    async close() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
