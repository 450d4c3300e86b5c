/**
 * The extension of relative module specifiers in generated files. Every emitter and runtime
 * template writes `'./x.js'`, the form TypeScript's `nodenext` resolution requires (and bundler
 * resolution accepts). `importExtension: 'none'` drops the `.js` for tools that do not map a
 * `.js` specifier to its `.ts` source (webpack and Turbopack in Next.js without
 * `resolve.extensionAlias`): one pass over the finished files, so no emitter needs to know.
 */
import type { FileMap, ImportExtension } from './context.js';

/**
 * A relative specifier ending in `.js` after `from` or `import(`. Linear: each match starts at a
 * keyword, and the specifier scan stops at the first quote or line end.
 */
const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*)(["'])(\.\.?\/[^"'\n]*)\.js\2/g;

/** `text` with its relative `.js` specifiers written for `extension`. */
export function withImportExtension(text: string, extension: ImportExtension): string {
  if (extension === '.js') return text;
  return text.replace(RELATIVE_JS, (_m, keyword: string, quote: string, path: string) => `${keyword}${quote}${path}${quote}`);
}

/** Every file of `files` through `withImportExtension` (the same map when nothing changes). */
export function applyImportExtension(files: FileMap, extension: ImportExtension): FileMap {
  if (extension === '.js') return files;
  const out: FileMap = new Map();
  for (const [path, text] of files) out.set(path, withImportExtension(text, extension));
  return out;
}
