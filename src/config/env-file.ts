/**
 * `.env` and `--env-file <path>`: variables for the store (`PRESTASHOP_URL`, `PRESTASHOP_API_KEY`,
 * a store's `keyEnv`, ...) read from a file. The real environment wins over the file, as with
 * Node's own `--env-file`; `.env` in the working directory is read when present, `--env-file`
 * names another file (which must exist), `--no-env-file` reads none, and `--no-config` skips the
 * automatic `.env` too (in CI on a fork's pull request, a committed `.env` could otherwise point
 * `PRESTASHOP_URL`, and so the key, at another host). The file is only parsed
 * (`util.parseEnv`), never run, and read up to `MAX_ENV_FILE_BYTES`.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from '../errors.js';

const DEFAULT_ENV_FILE = '.env';
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** The `--env-file` of argv: a path, false for `--no-env-file`, undefined when not given. */
function envFileFlag(argv: readonly string[]): string | false | undefined {
  let found: string | false | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--no-env-file') found = false;
    else if (a.startsWith('--env-file=')) found = a.slice('--env-file='.length);
    else if (a === '--env-file' && i + 1 < argv.length) found = argv[++i]!;
  }
  return found;
}

function readBounded(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(MAX_ENV_FILE_BYTES + 1);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    if (n > MAX_ENV_FILE_BYTES)
      throw new ConfigError(`${path} is over ${MAX_ENV_FILE_BYTES} bytes; is it an env file?`, 'env-file');
    return buffer.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}

/** The environment with the env file's variables under it (the real environment wins). */
export function withEnvFile(env: NodeJS.ProcessEnv, cwd: string, argv: readonly string[]): NodeJS.ProcessEnv {
  const flag = envFileFlag(argv);
  if (flag === false) return env;
  const path = resolve(cwd, flag ?? DEFAULT_ENV_FILE);
  if (flag === undefined && (argv.includes('--no-config') || !existsSync(path))) return env;
  let text: string;
  try {
    text = readBounded(path);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`cannot read ${path} (${code}); check the path, or pass --no-env-file`, 'env-file');
  }
  return { ...parseEnv(text), ...env };
}
