/**
 * The last pass over the finished files, for the options that change every file the same way, so
 * no emitter needs to know them:
 * - `importExtension`: every emitter and runtime template writes relative specifiers as
 *   `'./x.js'`, the form TypeScript's `nodenext` resolution requires (and bundler resolution
 *   accepts); `'none'` drops the `.js` for tools that do not map a `.js` specifier to its `.ts`
 *   source (webpack and Turbopack in Next.js without `resolve.extensionAlias`);
 * - `banner`: the user's comment lines (a licence, `/* eslint-disable *\/`, a biome-ignore),
 *   placed under the generated-file header of every file.
 */
import { EmitError } from '../errors.js';
import type { EmitOptions, FileMap, ImportExtension } from './context.js';

/**
 * A relative specifier ending in `.js` after `from` or `import(`. Linear: each match starts at a
 * keyword, and the specifier scan stops at the first quote or line end.
 */
const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*)(["'])(\.\.?\/[^"'\n]*)\.js\2/g;

/** `text` with its relative `.js` specifiers written for `extension`. */
export function withImportExtension(text: string, extension: ImportExtension): string {
  if (extension === '.js') return text;
  return text.replace(
    RELATIVE_JS,
    (_m, keyword: string, quote: string, path: string) => `${keyword}${quote}${path}${quote}`,
  );
}

/** The second line of every generated file's header (src/emit/code.ts); the banner goes under it. */
const HEADER_END = '// Do not edit: regenerate with `prestashop-codegen generate`.\n';

/**
 * The banner as it is written (ending in a newline), or an EmitError naming the line that is not
 * a comment: a banner must not be able to add code to the output.
 */
export function checkBanner(banner: string): string {
  if (banner === '') return '';
  const lines = banner.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  let inBlock = false;
  lines.forEach((line, i) => {
    const t = line.trim();
    const ok = inBlock || t === '' || t.startsWith('//') || t.startsWith('/*');
    if (ok && (inBlock || t.startsWith('/*'))) {
      const close = t.indexOf('*/', inBlock ? 0 : 2);
      inBlock = close === -1;
      if (!inBlock && t.slice(close + 2).trim() !== '') {
        throw new EmitError(
          `banner line ${i + 1} has code after its comment ("${t}"); a banner holds comment lines only`,
          'options',
        );
      }
    } else if (!ok) {
      throw new EmitError(
        `banner line ${i + 1} is not a comment ("${t}"); write each line as // … or inside /* … */`,
        'options',
      );
    }
  });
  if (inBlock) throw new EmitError('banner opens a /* comment it does not close; close it with */', 'options');
  return `${lines.join('\n')}\n`;
}

/** `text` with `banner` (already checked) under its generated-file header. */
function withBanner(text: string, banner: string): string {
  if (banner === '') return text;
  const at = text.indexOf(HEADER_END);
  return at === -1
    ? `${banner}${text}`
    : `${text.slice(0, at + HEADER_END.length)}${banner}${text.slice(at + HEADER_END.length)}`;
}

/** Every file of `files` with the import extension and the banner of `options` (the same map when both are defaults). */
export function finishFiles(files: FileMap, options: Pick<EmitOptions, 'importExtension' | 'banner'>): FileMap {
  const banner = checkBanner(options.banner);
  if (options.importExtension === '.js' && banner === '') return files;
  const out: FileMap = new Map();
  for (const [path, text] of files)
    out.set(path, withBanner(withImportExtension(text, options.importExtension), banner));
  return out;
}
