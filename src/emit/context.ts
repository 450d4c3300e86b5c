/**
 * What every emitter receives and returns. Emitters are pure: `(model, options, ctx) => EmitResult`.
 * No fs, no network, no console, no clock. Warnings are returned as data.
 */
import type { HttpMethod, StoreSchema } from '../model/index.js';
import type { StorePlan } from '../plan/index.js';
import type { Layout } from './layout.js';
import type { NameTable } from '../naming/index.js';
import type { ValidatorsOption } from './flavour-names.js';

/** Relative POSIX path (inside the output directory) → file content. */
export type FileMap = Map<string, string>;

export interface Diagnostic {
  readonly level: 'warning' | 'info';
  /** Stable code, e.g. `unknown-format`, `unknown-input-type`. */
  readonly code: string;
  readonly message: string;
  readonly resource: string | null;
  readonly field: string | null;
}

export interface EmitResult {
  readonly files: FileMap;
  readonly diagnostics: readonly Diagnostic[];
}

/** Options the emitters understand, every one resolved to a value (see `resolveEmitOptions`). */
export interface EmitOptions {
  /** Decoded type of decimal fields (`isPrice`, `isFloat`, ...). */
  readonly decimals: 'number' | 'string';
  /** Decoded type of date fields: a documented `PsDate` string alias, or `Date`. */
  readonly dates: 'string' | 'Date';
  /** Foreign keys as `Id<'manufacturers'>` (true) or plain `number` (false). */
  readonly brandedIds: boolean;
  /** Which validators to emit: a flavour of `FLAVOURS` (validators/flavours.ts), or none. */
  readonly validators: ValidatorsOption;
  /** What validators do with keys the snapshot does not know (module fields). */
  readonly unknownKeys: 'passthrough' | 'strict' | 'strip';
  /** Emit per-resource client modules and `createClient`. */
  readonly clients: boolean;
  /** Language id whose value a required multilingual field must have; null = the snapshot's first language, else 1. */
  readonly defaultLanguage: number | null;
  /**
   * Methods to offer beyond the spec's table, per resource (`{ carts: ['DELETE'] }`): the spec's
   * "no" is the default, and a real store may allow more. Only methods within the key's flags, and
   * not forbidden by PrestaShop itself, are turned on.
   */
  readonly methods: Readonly<Record<string, readonly HttpMethod[]>>;
  /** Extension of relative imports: `.js` (nodenext and bundlers) or `none` (bundlers only, e.g. Next.js). */
  readonly importExtension: ImportExtension;
  /** Comment lines written under the generated-file header of every file ('' for none): see finish.ts. */
  readonly banner: string;
}

/** How generated files write relative module specifiers (see imports.ts). */
export type ImportExtension = '.js' | 'none';

export const DEFAULT_EMIT_OPTIONS: EmitOptions = {
  decimals: 'number',
  dates: 'string',
  brandedIds: true,
  validators: 'standalone',
  unknownKeys: 'passthrough',
  clients: true,
  defaultLanguage: null,
  methods: {},
  importExtension: '.js',
  banner: '',
};

export function resolveEmitOptions(partial: Partial<EmitOptions> = {}): EmitOptions {
  const out: { -readonly [K in keyof EmitOptions]: EmitOptions[K] } = { ...DEFAULT_EMIT_OPTIONS };
  for (const key of Object.keys(DEFAULT_EMIT_OPTIONS) as (keyof EmitOptions)[]) {
    const v = partial[key];
    if (v !== undefined) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

/** Per-run state shared by the emitters: computed once, never module-level. */
export interface EmitContext {
  readonly names: NameTable;
  /** The field plan of the run: every emitter prints from it. */
  readonly plan: StorePlan;
  /** Generator version, for file headers. */
  readonly generatorVersion: string;
  /** Hash of the canonical snapshot, for file headers. */
  readonly snapshotHash: string;
  /** The language id required multilingual values are checked against. */
  readonly defaultLanguage: number;
  /** The prettier settings the layout step prints for (line width, trailing commas, bracket spacing). */
  readonly layout: Layout;
}

export type Emitter = (model: StoreSchema, options: EmitOptions, ctx: EmitContext) => EmitResult;
