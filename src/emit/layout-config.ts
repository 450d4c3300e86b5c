/**
 * Which prettier configurations the layout step prints for (src/emit/layout.ts). With one of them,
 * the generated files come out of the emitters exactly as prettier would format them, and prettier
 * only formats what the emitters do not lay out (the runtime templates when the settings are not
 * the defaults, zod validators). Any other setting, a plugin, or an option this module does not
 * know leaves formatting to prettier, as before.
 */
import { DEFAULT_LAYOUT, type Layout } from './layout.js';

/** Options whose value the layout step follows. */
const FOLLOWED = new Set(['printWidth', 'trailingComma', 'bracketSpacing']);

/** Options the layout step supports only at prettier's default value. */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: 'as-needed',
  arrowParens: 'always',
  endOfLine: 'lf',
  objectWrap: 'preserve',
  experimentalTernaries: false,
  experimentalOperatorPosition: 'end',
  insertPragma: false,
  requirePragma: false,
};

/** Options that change nothing in TypeScript without JSX, embedded code or prose. */
const IRRELEVANT = new Set([
  'parser',
  'filepath',
  '$schema',
  'jsxSingleQuote',
  'bracketSameLine',
  'jsxBracketSameLine',
  'singleAttributePerLine',
  'embeddedLanguageFormatting',
  'htmlWhitespaceSensitivity',
  'vueIndentScriptAndStyle',
  'proseWrap',
]);

/** The layout for a resolved prettier configuration (null: none), or null when prettier must format. */
export function layoutOf(config: Readonly<Record<string, unknown>> | null): Layout | null {
  if (config === null) return DEFAULT_LAYOUT;
  const out: { -readonly [K in keyof Layout]: Layout[K] } = { ...DEFAULT_LAYOUT };
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || IRRELEVANT.has(key)) continue;
    if (key === 'plugins') {
      if (Array.isArray(value) && value.length === 0) continue;
      return null;
    }
    if (key in DEFAULTS) {
      if (value !== DEFAULTS[key]) return null;
      continue;
    }
    if (!FOLLOWED.has(key)) return null;
    if (key === 'printWidth' && typeof value === 'number' && Number.isInteger(value) && value > 0)
      out.printWidth = value;
    else if (key === 'trailingComma' && (value === 'all' || value === 'es5' || value === 'none'))
      out.trailingComma = value;
    else if (key === 'bracketSpacing' && typeof value === 'boolean') out.bracketSpacing = value;
    else return null;
  }
  return out;
}
