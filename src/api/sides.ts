/**
 * The offline sides of `diff` and `impact`: a snapshot file, `<git-ref>:<path>` (through `git show`)
 * or a bundled core baseline (`core@<version>`). Live sides (`--old-url`, `store:<name>`) are read
 * by the introspector.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadBaseline, SAFE_VERSION } from './baselines.js';
import { InputError } from '../errors.js';
import { parseSnapshot, type StoreSchema } from '../model/index.js';
import { loadSnapshot } from './snapshot.js';

/** Where one side comes from. */
export type SideSpec =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'git'; readonly ref: string; readonly path: string }
  | { readonly kind: 'core'; readonly version: string | null }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'store'; readonly name: string };

export interface LoadedSide {
  readonly schema: StoreSchema;
  readonly label: string;
  /** The local file it came from (for annotations), or null. */
  readonly file: string | null;
}

/** Tells a file, a `ref:path`, or `core`/`core@<version>` apart. An existing file always wins. */
export function parseSideSpec(arg: string, cwd: string): SideSpec {
  if (existsSync(resolve(cwd, arg))) return { kind: 'file', path: arg };
  if (arg.startsWith('store:')) return { kind: 'store', name: arg.slice('store:'.length) };
  const core = /^core(?:@(.+))?$/.exec(arg);
  if (core !== null) return { kind: 'core', version: core[1] ?? null };
  const git = /^([^:]+):(.+)$/.exec(arg);
  if (git !== null && !/^[A-Za-z]:[\\/]/.test(arg)) return { kind: 'git', ref: git[1]!, path: git[2]! };
  throw new InputError('no such file (and not a <git-ref>:<path>, store:<name> or core@<version>)', arg);
}

function gitShow(cwd: string, ref: string, path: string): Promise<string> {
  if (ref.startsWith('-')) throw new InputError('a git ref cannot start with "-"', `${ref}:${path}`);
  return new Promise((done, fail) => {
    execFile(
      'git',
      ['show', `${ref}:${path}`],
      { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          const why = (stderr || error.message).trim().split('\n')[0] ?? 'git failed';
          fail(new InputError(`git show failed: ${why}`, `${ref}:${path}`, { cause: error }));
        } else {
          done(stdout);
        }
      },
    );
  });
}

/** The bundled baseline of a `core@<version>` side, or an input error that says which ones ship. */
async function loadCoreSide(version: string): Promise<LoadedSide> {
  const schema = await loadBaseline(version);
  if (schema === null) {
    const shown = SAFE_VERSION.test(version) ? version : JSON.stringify(version);
    throw new InputError(
      `no bundled core baseline for PrestaShop ${shown}; the bundled ones are 1.7.8.10 (used for 1.7.x), 8.2.0 (8.x) and 9.0.0 (9.x)`,
      'core',
    );
  }
  const used = schema.store.psVersion ?? version;
  return { schema, label: `core@${version} = baselines/prestashop-${used}.json`, file: null };
}

/** A file, git or core side, read. */
export async function loadOfflineSide(
  cwd: string,
  spec: SideSpec & { kind: 'file' | 'git' | 'core' },
  otherVersion: string | null,
): Promise<LoadedSide> {
  switch (spec.kind) {
    case 'file': {
      const abs = resolve(cwd, spec.path);
      return { schema: await loadSnapshot(abs, spec.path), label: spec.path, file: abs };
    }
    case 'git': {
      const label = `${spec.ref}:${spec.path}`;
      return { schema: parseSnapshot(await gitShow(cwd, spec.ref, spec.path), label), label, file: null };
    }
    case 'core': {
      const version = spec.version ?? otherVersion;
      if (version === null)
        throw new InputError('name the version (core@8.2.0), or compare with a store that has one', 'core');
      return loadCoreSide(version);
    }
  }
}
