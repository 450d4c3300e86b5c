/**
 * The config file check, from the options table (./options.ts): every section, every key, every
 * value. An unknown key gets "did you mean"; every error names the config file (when there is
 * one) and the option.
 */
import { ConfigError } from '../errors.js';
import { HTTP_METHODS } from '../model/schema.js';
import { didYouMean } from '../suggest.js';
import { CONFIG_SECTIONS, sectionOptions, type OptionSection, type OptionSpec, type OptionType } from './options.js';
import type { UserConfig } from './types.js';

/** A store name usable as `--store <name>` and `store:<name>`. */
const STORE_KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const shown = (v: unknown): string => JSON.stringify(v) ?? String(v);

/** What a value of this type must be, in a message. */
function expected(type: OptionType): string {
  switch (type.kind) {
    case 'string':
      return 'a non-empty string';
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `an integer ≥ ${type.min}${type.nullable === true ? ' or null' : ''}`;
    case 'choice':
      return `one of ${type.choices.join(', ')}`;
    case 'names':
      return `a list of names such as ${type.example}`;
    case 'object':
      return type.expected;
  }
}

function fits(type: OptionType, v: unknown): boolean {
  switch (type.kind) {
    case 'string':
      return typeof v === 'string' && v !== '';
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return (
        (v === null && type.nullable === true) || (typeof v === 'number' && Number.isSafeInteger(v) && v >= type.min)
      );
    case 'choice':
      return typeof v === 'string' && type.choices.includes(v);
    case 'names':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');
    case 'object':
      return true;
  }
}

/** Checks one section's keys and values; `where` is the option path prefix (`stores.prod.introspect.`). */
export function checkSection(section: OptionSection, value: unknown, where: string, file: string | null): void {
  if (value === undefined) return;
  if (!isRecord(value)) throw new ConfigError(`expected an object, got ${shown(value)}`, where.slice(0, -1), file);
  const specs = new Map(sectionOptions(section).map((o): [string, OptionSpec] => [o.key!, o]));
  for (const [key, v] of Object.entries(value)) {
    const spec = specs.get(key);
    if (spec === undefined) throw unknownKey(`${where}${key}`, key, [...specs.keys()], file);
    if (v === undefined) continue;
    if (!fits(spec.type, v))
      throw new ConfigError(`expected ${expected(spec.type)}, got ${shown(v)}`, `${where}${key}`, file);
  }
  checkObjects(section, value, where, file);
}

function unknownKey(option: string, key: string, known: readonly string[], file: string | null): ConfigError {
  const hint = didYouMean(key, known);
  return new ConfigError(`unknown option${hint} (known: ${known.join(', ')})`, option, file);
}

/** The `object` options, each checked by its own rule. */
function checkObjects(section: OptionSection, value: Json, where: string, file: string | null): void {
  if (section === 'top') checkStores(value.stores, file);
  if (section === 'store') checkSection('introspect', value.introspect, `${where}introspect.`, file);
  if (section === 'generate') checkMethods(value.methods, `${where}methods`, file);
  if (section === 'diff' && value.ignore !== undefined && !Array.isArray(value.ignore)) {
    throw new ConfigError(`expected a list of entries, got ${shown(value.ignore)}`, `${where}ignore`, file);
  }
}

function checkStores(stores: unknown, file: string | null): void {
  if (stores === undefined) return;
  if (!isRecord(stores))
    throw new ConfigError(
      `expected an object of named stores ({ production: { url: ... } }), got ${shown(stores)}`,
      'stores',
      file,
    );
  for (const [name, store] of Object.entries(stores)) {
    if (!STORE_KEY_RE.test(name))
      throw new ConfigError(`store name ${shown(name)} must be letters, digits, ".", "_" or "-"`, 'stores', file);
    checkSection('store', store, `stores.${name}.`, file);
  }
}

/** `generate.methods`: `{ resource: ['DELETE', ...] }`, each method one of HTTP_METHODS. */
function checkMethods(value: unknown, where: string, file: string | null): void {
  if (value === undefined) return;
  if (!isRecord(value))
    throw new ConfigError(`expected an object such as { "carts": ["DELETE"] }, got ${shown(value)}`, where, file);
  for (const [resource, list] of Object.entries(value)) {
    if (
      !Array.isArray(list) ||
      !list.every((m) => typeof m === 'string' && (HTTP_METHODS as readonly string[]).includes(m))
    ) {
      throw new ConfigError(
        `expected a list of ${HTTP_METHODS.join(', ')}, got ${shown(list)}`,
        `${where}.${resource}`,
        file,
      );
    }
  }
}

/** Validates a loaded config value, every section in full; errors name `file`. */
export function validateUserConfig(raw: unknown, file: string): UserConfig {
  if (!isRecord(raw))
    throw new ConfigError(`${file}: the config must be an object (export default defineConfig({...}))`);
  const known = [...sectionOptions('top').map((o) => o.key!), ...CONFIG_SECTIONS];
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) throw unknownKey(key, key, known, file);
  }
  const { introspect, generate, diff, mcp, ...top } = raw;
  checkSection('top', top, '', file);
  checkSection('introspect', introspect, 'introspect.', file);
  checkSection('generate', generate, 'generate.', file);
  checkSection('diff', diff, 'diff.', file);
  checkSection('mcp', mcp, 'mcp.', file);
  return raw as UserConfig;
}
