export * from './types.js';
export { applyCatalog, withEntry, type AppliedCatalog, type CatalogDiagnostic } from './apply.js';
