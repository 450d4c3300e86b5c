/**
 * `doctor(options)`: checks a store (webservice, URL rewriting, key, permissions, synopsis) and
 * returns the findings, each problem with its fix. The `doctor` command calls this.
 */
import { diagnose, type Diagnosis } from '../doctor/index.js';
import type { IntrospectOptions } from '../introspect/index.js';
import { SPEC_RESOURCE_METHODS } from '../model/index.js';

export type { Diagnosis, Finding as DoctorFinding, FindingLevel as DoctorFindingLevel } from '../doctor/index.js';

export type DoctorOptions = Pick<
  IntrospectOptions,
  'url' | 'key' | 'include' | 'exclude' | 'timeoutMs' | 'retries' | 'wsKey' | 'ca' | 'insecure'
>;

export interface DoctorResult extends Diagnosis {
  /** Warnings of the probes (an insecure TLS setting, a trailing `/api` removed, ...). */
  readonly warnings: readonly string[];
}

/** Probes a store; `problems > 0` when something is wrong. Throws `ConfigError` on bad options. */
export async function doctor(options: DoctorOptions): Promise<DoctorResult> {
  const { exclude, include: included } = options;
  // `exclude` narrows the resources checked (by default the spec's list).
  const excluded = new Set(exclude ?? []);
  const include =
    excluded.size === 0 ? included : (included ?? [...SPEC_RESOURCE_METHODS.keys()]).filter((n) => !excluded.has(n));
  // Loaded here: the HTTP stack costs about 0.1 s to load, and the CLI imports this module.
  const { probeStore } = await import('../introspect/index.js');
  const { url, key, timeoutMs, retries, wsKey, ca, insecure } = options;
  const picked = stripUndefined({ url, key, include, timeoutMs, retries, wsKey, ca, insecure });
  const observations = await probeStore(picked);
  return { ...diagnose(observations), warnings: observations.warnings };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
