export * from './schema.js';
export * from './formats.js';
export * from './snapshot.js';
export * from './known.js';
export * from './references.js';
