export * from './types.js';
export { applyCatalog, type AppliedCatalog, type CatalogDiagnostic } from './apply.js';
