/**
 * `introspect(options)`: reads a store's schema; with `out`, also writes the snapshot file (checked
 * before the first request, written atomically). The `introspect` command calls this.
 */
import type { IntrospectOptions, IntrospectResult } from '../introspect/index.js';
import { assertSnapshotTarget, writeSnapshot } from './snapshot.js';

export interface IntrospectApiOptions extends IntrospectOptions {
  /** Snapshot file to write (absolute, or relative to the working directory). */
  out?: string;
}

export interface IntrospectApiResult extends IntrospectResult {
  /** With `out`: the file and whether its content changed. */
  snapshot: { readonly path: string; readonly changed: boolean } | null;
}

/** Reads a store (see `IntrospectOptions`); throws `IntrospectError`, `ConfigError` or `InputError`. */
export async function introspect(options: IntrospectApiOptions): Promise<IntrospectApiResult> {
  const { out, ...rest } = options;
  if (out !== undefined) await assertSnapshotTarget(out);
  // Loaded here: the HTTP stack (undici, the XML parser) costs about 0.1 s to load, and the CLI
  // imports this module for every command.
  const { introspectStore } = await import('../introspect/index.js');
  const result = await introspectStore(rest);
  if (out === undefined) return { ...result, snapshot: null };
  const changed = await writeSnapshot(out, result.schema);
  return { ...result, snapshot: { path: out, changed } };
}
