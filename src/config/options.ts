/**
 * Every option, once: its config file section and key, its CLI flag, type, default and help.
 * The yargs builders (src/cli/option-flags.ts), the config file check (./check.ts) and the docs
 * test (test/docs/options.test.ts: each option appears in docs/configuration.md with its default)
 * all read this table. Plain data; its one import is the validator flavours' names (the FLAVOURS
 * registry, src/emit/flavour-names.ts).
 */
import { VALIDATORS_CHOICES } from '../emit/flavour-names.js';

/** Where an option sits in the config file: the top level, a section, or a store of `stores`. */
export type OptionSection = 'top' | 'introspect' | 'generate' | 'diff' | 'mcp' | 'store';

export type OptionType =
  /** A non-empty string. */
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  /** A safe integer ≥ `min`; `nullable`: null is allowed too (and means "none"). */
  | { readonly kind: 'integer'; readonly min: number; readonly nullable?: boolean }
  | { readonly kind: 'choice'; readonly choices: readonly string[] }
  /** A list of non-empty names (a,b on the command line). */
  | { readonly kind: 'names'; readonly example: string }
  /** Checked by its own code: `stores`, `generate.methods`, `diff.ignore`, `introspect` of a store. */
  | { readonly kind: 'object'; readonly expected: string };

export interface OptionSpec {
  readonly section: OptionSection;
  /** Key in the config file (camelCase), or null for a flag without a config option. */
  readonly key: string | null;
  /** CLI flag without dashes (kebab-case), or null when only the config file has it. */
  readonly flag: string | null;
  readonly type: OptionType;
  /** The default as documented (`null`: none, left to the command or the store). */
  readonly default: string | number | boolean | null;
  /** Help text of the flag, and the option's line in docs/configuration.md. */
  readonly describe: string;
}

const names = (example: string): OptionType => ({ kind: 'names', example });
const int = (min: number): OptionType => ({ kind: 'integer', min });
const STRING: OptionType = { kind: 'string' };
const BOOLEAN: OptionType = { kind: 'boolean' };

/** The options of the config file and the flags that mirror them, section by section. */
export const OPTIONS: readonly OptionSpec[] = [
  {
    section: 'top',
    key: 'url',
    flag: 'url',
    type: STRING,
    default: null,
    describe: 'Store base URL, without /api (env PRESTASHOP_URL)',
  },
  {
    section: 'top',
    key: 'key',
    flag: 'key',
    type: STRING,
    default: null,
    describe: 'Webservice key (env PRESTASHOP_API_KEY; never printed)',
  },
  {
    section: 'top',
    key: 'schema',
    flag: 'schema',
    type: STRING,
    default: 'prestashop-schema.json',
    describe: 'Snapshot file, relative to the config file',
  },
  {
    section: 'top',
    key: 'out',
    flag: 'out',
    type: STRING,
    default: null,
    describe: 'Output directory of generate, relative to the config file',
  },
  {
    section: 'top',
    key: 'stores',
    flag: 'store',
    type: { kind: 'object', expected: 'an object of named stores ({ production: { url: ... } })' },
    default: null,
    describe: 'A store named in the config file\'s "stores" (its url, key and settings)',
  },

  { section: 'store', key: 'url', flag: null, type: STRING, default: null, describe: "The store's base URL" },
  {
    section: 'store',
    key: 'keyEnv',
    flag: null,
    type: STRING,
    default: null,
    describe: 'Environment variable holding its API key (preferred to key)',
  },
  {
    section: 'store',
    key: 'key',
    flag: null,
    type: STRING,
    default: null,
    describe: 'Its API key (never commit one: prefer keyEnv)',
  },
  {
    section: 'store',
    key: 'schema',
    flag: null,
    type: STRING,
    default: null,
    describe: 'Its snapshot file, relative to the config file',
  },
  {
    section: 'store',
    key: 'introspect',
    flag: null,
    type: { kind: 'object', expected: 'an object' },
    default: null,
    describe: 'Its introspect settings, over the top-level ones',
  },

  {
    section: 'introspect',
    key: 'include',
    flag: 'include',
    type: names('["stocks"]'),
    default: null,
    describe: 'Extra resources to read from the store (a,b)',
  },
  {
    section: 'introspect',
    key: 'exclude',
    flag: 'exclude',
    type: names('["supply_orders"]'),
    default: null,
    describe: 'Resources of the store to leave out (a,b)',
  },
  {
    section: 'introspect',
    key: 'concurrency',
    flag: 'concurrency',
    type: int(1),
    default: 8,
    describe: 'Parallel requests (default 8)',
  },
  {
    section: 'introspect',
    key: 'synopsisFormat',
    flag: 'synopsis-format',
    type: { kind: 'choice', choices: ['auto', 'json', 'xml'] },
    default: 'auto',
    describe: 'Synopsis to read: auto = JSON, then XML when the JSON has no metadata',
  },
  {
    section: 'introspect',
    key: 'timeout',
    flag: 'timeout',
    type: int(1),
    default: 30000,
    describe: 'Per-request timeout in ms (default 30000)',
  },
  {
    section: 'introspect',
    key: 'retries',
    flag: 'retries',
    type: int(0),
    default: 4,
    describe: 'Retries on network errors, 5xx, 429 and 503 (default 4)',
  },
  {
    section: 'introspect',
    key: null,
    flag: 'ws-key',
    type: BOOLEAN,
    default: false,
    describe: 'Send the key as the ws_key query parameter instead of HTTP Basic (it then appears in server logs)',
  },
  {
    section: 'introspect',
    key: null,
    flag: 'ca',
    type: STRING,
    default: null,
    describe: 'PEM file with the CA certificate(s) to trust for an https:// store (private CA, self-signed)',
  },
  {
    section: 'introspect',
    key: null,
    flag: 'insecure',
    type: BOOLEAN,
    default: false,
    describe: 'Do not verify the TLS certificate (DANGEROUS: the key can be read by anyone in between; prefer --ca)',
  },

  {
    section: 'generate',
    key: 'decimals',
    flag: 'decimals',
    type: { kind: 'choice', choices: ['number', 'string'] },
    default: 'number',
    describe: 'Type of decimal fields (default number)',
  },
  {
    section: 'generate',
    key: 'dates',
    flag: 'dates',
    type: { kind: 'choice', choices: ['string', 'Date'] },
    default: 'string',
    describe: 'Type of date fields: the PsDate/PsDateTime strings, or Date (default string)',
  },
  {
    section: 'generate',
    key: 'brandedIds',
    flag: 'branded-ids',
    type: BOOLEAN,
    default: true,
    describe: "Foreign keys as Id<'resource'> (default true; --no-branded-ids for number)",
  },
  {
    section: 'generate',
    key: 'validators',
    flag: 'validators',
    type: { kind: 'choice', choices: VALIDATORS_CHOICES },
    default: 'standalone',
    describe: 'Validators to emit (default standalone)',
  },
  {
    section: 'generate',
    key: 'unknownKeys',
    flag: 'unknown-keys',
    type: { kind: 'choice', choices: ['passthrough', 'strict', 'strip'] },
    default: 'passthrough',
    describe: 'What validators do with unknown keys (default passthrough)',
  },
  {
    section: 'generate',
    key: 'clients',
    flag: 'clients',
    type: BOOLEAN,
    default: true,
    describe: 'Emit per-resource clients (default true; --no-clients skips)',
  },
  {
    section: 'generate',
    key: 'defaultLanguage',
    flag: 'default-language',
    type: { kind: 'integer', min: 1, nullable: true },
    default: null,
    describe: 'Language id required multilingual values must have',
  },
  {
    section: 'generate',
    key: 'importExtension',
    flag: 'import-extension',
    type: { kind: 'choice', choices: ['.js', 'none'] },
    default: '.js',
    describe:
      "Relative imports end in .js (default; nodenext and bundlers) or have no extension ('none': Next.js, webpack, Turbopack)",
  },
  {
    section: 'generate',
    key: 'banner',
    flag: 'banner',
    type: STRING,
    default: null,
    describe: 'Comment lines written under the header of every generated file (e.g. "/* eslint-disable */")',
  },
  {
    section: 'generate',
    key: 'format',
    flag: 'format',
    type: BOOLEAN,
    default: true,
    describe: 'Format with prettier and your prettier config (default true; --no-format skips)',
  },
  {
    section: 'generate',
    key: 'methods',
    flag: null,
    type: { kind: 'object', expected: 'an object such as { "carts": ["DELETE"] }' },
    default: null,
    describe: "Methods the spec's table refuses but this store allows, per resource (within the key's flags)",
  },

  {
    section: 'diff',
    key: 'failOn',
    flag: 'fail-on',
    type: { kind: 'choice', choices: ['breaking', 'dangerous', 'any'] },
    default: null,
    describe: 'Exit 1 when a change at or above this level remains',
  },
  {
    section: 'diff',
    key: 'ignore',
    flag: null,
    type: { kind: 'object', expected: 'a list of entries' },
    default: null,
    describe: 'Accepted changes: { id, path, reason, expires? } entries',
  },

  {
    section: 'mcp',
    key: 'resources',
    flag: 'resources',
    type: names('["products"]'),
    default: null,
    describe: 'Resources the agent may read (a,b; default all)',
  },
  {
    section: 'mcp',
    key: 'write',
    flag: 'write',
    type: names('["products"]'),
    default: null,
    describe: 'Resources the agent may write: products (create, update, patch) or products:patch (default none)',
  },
  {
    section: 'mcp',
    key: 'delete',
    flag: 'delete',
    type: names('["products"]'),
    default: null,
    describe: 'Resources whose records the agent may delete (default none)',
  },
  {
    section: 'mcp',
    key: 'writeBudget',
    flag: 'write-budget',
    type: int(0),
    default: 10,
    describe: 'Write calls allowed per session (default 10)',
  },
  {
    section: 'mcp',
    key: 'maxResultChars',
    flag: 'max-result-chars',
    type: int(1000),
    default: 20000,
    describe: 'Largest tool result, in characters (default 20000)',
  },
];

/** The config file's sections below the top level. */
export const CONFIG_SECTIONS = ['introspect', 'generate', 'diff', 'mcp'] as const;

/** The options of one section that the config file accepts. */
export function sectionOptions(section: OptionSection): OptionSpec[] {
  return OPTIONS.filter((o) => o.section === section && o.key !== null);
}

/** The option a flag sets (first match in `sections`, in order). */
export function flagOption(
  flag: string,
  sections: readonly OptionSection[] = ['top', 'introspect', 'generate', 'diff', 'mcp'],
): OptionSpec {
  for (const section of sections) {
    const found = OPTIONS.find((o) => o.section === section && o.flag === flag);
    if (found !== undefined) return found;
  }
  throw new Error(`no option has the flag --${flag}`);
}
