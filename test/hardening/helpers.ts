/**
 * Shared helpers of the hardening suite: the 8.2.0 golden snapshot, key variants to grep for,
 * directory listings, and a CLI runner.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FAKE_STORE_KEY } from '../../src/fakestore/index.js';
import { tempDir } from '../cli/helpers.js';
import { reapAtTestEnd, stopChild } from './children.js';

export { runCli, tempDir, type CliRun } from '../cli/helpers.js';

export const KEY = FAKE_STORE_KEY;
export const GOLDEN_8_2_0 = readFileSync(
  join(import.meta.dirname, '../golden/prestashop-8.2.0/prestashop-schema.json'),
  'utf8',
);

/** Every form the key could leak in: as is, URL-encoded, in a Basic header, lower-cased. */
function keyForms(key: string): string[] {
  return [
    key,
    encodeURIComponent(key),
    Buffer.from(`${key}:`).toString('base64'),
    Buffer.from(key).toString('base64'),
    key.toLowerCase(),
  ].filter((v, i, all) => all.indexOf(v) === i);
}

/** The forms of `key` found in `text` (empty when there is no leak). */
export function leaksIn(text: string, key: string): string[] {
  return keyForms(key).filter((form) => text.includes(form));
}

/** Every file below `dir`, as sorted relative POSIX paths. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The concatenated text of every file below `dir`. */
export function readAll(dir: string): string {
  return listFiles(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

/** True when the `openssl` command is available (TLS tests generate their certificates with it). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A fresh self-signed certificate and key (PEM) for `subjectAltName`, e.g. `IP:127.0.0.1`. */
export function selfSignedCert(subjectAltName: string): { key: string; cert: string; certPath: string } {
  const dir = tempDir();
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=prestashop-codegen test',
      '-addext',
      `subjectAltName=${subjectAltName}`,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

const ROOT = join(import.meta.dirname, '../..');
const JITI_REGISTER = join(ROOT, 'node_modules/jiti/lib/jiti-register.mjs');
const BIN = join(ROOT, 'src/cli/bin.ts');

/** Runs the CLI in its own process (real stdout/stderr, real exit code), from the TypeScript sources. */
export function spawnCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): ReturnType<typeof spawn> {
  return spawn(process.execPath, ['--import', JITI_REGISTER, BIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...(options.env ?? {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `spawnCli` to completion. */
export async function runCliProcess(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = reapAtTestEnd(spawnCli(args, options));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  try {
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    return { code, stdout, stderr };
  } finally {
    stopChild(child);
  }
}
