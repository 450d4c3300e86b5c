/**
 * Library entry point: the documented API and nothing else (docs/api.md lists every export; its
 * semver policy says what may change). Everything under src/ that is not re-exported here is
 * internal and may change in any release.
 */
export * from './api/index.js';
export { diff, type DiffOptions } from './diff/diff.js';
export type {
  Change,
  ChangeKind,
  ChangeOrigin,
  ChangeProperty,
  ChangeValue,
  Direction,
  Severity,
} from './diff/types.js';
export { defineConfig } from './config/types.js';
export type * from './config/types.js';
export type {
  Association,
  Field,
  FieldModifier,
  FieldOrigin,
  HttpMethod,
  Language,
  PhpType,
  Resource,
  ResourceOrigin,
  StoreInfo,
  StoreSchema,
  SynopsisInfo,
  SynopsisSource,
  WriteMode,
} from './model/schema.js';
export type { IntrospectOptions, SynopsisFormat } from './introspect/options.js';
export type { IntrospectResult, IntrospectSummary } from './introspect/index.js';
export type { Diagnostic, EmitOptions } from './emit/context.js';
export type { Drift, WriteResult } from './write/index.js';
export {
  CodegenError,
  ConfigError,
  EmitError,
  InputError,
  IntrospectError,
  SnapshotError,
  WriteError,
  type StoreErrorEntry,
} from './errors.js';
