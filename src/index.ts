/** Library entry point: the model, config helper and errors. */
export * from './model/index.js';
export { defineConfig } from './config/types.js';
export type * from './config/types.js';
export * from './errors.js';
export * from './diff/index.js';
export { GENERATOR_VERSION } from './version.js';
