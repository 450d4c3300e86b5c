export * from './types.js';
export { applyCatalog, withEntry } from './apply.js';
