/**
 * Library entry point: the programmatic API (`introspect`, `generate`, `diff`, `loadSnapshot`,
 * `defineConfig`), the model, the introspector's parsers, and the typed errors.
 */
export * from './api/index.js';
export * from './model/index.js';
export { defineConfig } from './config/types.js';
export type * from './config/types.js';
export * from './errors.js';
export * from './diff/index.js';
export {
  introspectStore,
  probeStore,
  parseApiListing,
  parseErrorDocument,
  parseJsonSynopsis,
  parseXmlSynopsis,
  type IntrospectOptions,
  type IntrospectResult,
  type IntrospectSummary,
  type SynopsisFormat,
} from './introspect/index.js';
export type { EmitOptions, Diagnostic } from './emit/context.js';
export type { WriteResult, Drift } from './write/index.js';
export { GENERATOR_VERSION } from './version.js';
