/**
 * One field → its TypeScript type and its JSDoc. The single place where the types emitter turns a
 * value kind (`fieldKind`, src/model/formats.ts) into a TypeScript type.
 */
import { fieldKind, isKnownFormat, isKnownInputType, type Field, type FieldKind } from '../../model/index.js';
import type { Diagnostic, EmitOptions } from '../context.js';
import { jsString } from '../naming.js';

/** Names from `common.ts` a file needs; filled while types are rendered. */
export type SharedImports = Set<'Extensions' | 'Id' | 'Multilang' | 'PsDate' | 'PsDateTime'>;

/** The options that change a field's type. */
export type TypeOptions = Pick<EmitOptions, 'decimals' | 'dates' | 'brandedIds'>;

/** Formats whose value holds a date only (`YYYY-MM-DD`); other date formats may carry a time. */
const DATE_ONLY_FORMATS = new Set(['isbirthdate', 'isdateformat']);

/** `Id<"target">` (or `number` when ids are not branded or there is no known target). */
export function idType(target: string | null, options: TypeOptions, imports: SharedImports): string {
  if (!options.brandedIds || target === null) return 'number';
  imports.add('Id');
  return `Id<${jsString(target)}>`;
}

function dateType(field: Pick<Field, 'format'>, options: TypeOptions, imports: SharedImports): string {
  if (options.dates === 'Date') return 'Date | null';
  const dateOnly = (field.format ?? '').split(/\s+/).some((f) => DATE_ONLY_FORMATS.has(f.toLowerCase()));
  const alias = dateOnly ? 'PsDate' : 'PsDateTime';
  imports.add(alias);
  return alias;
}

/** The TypeScript type of one value of a kind (before the multilingual wrapper). */
function kindType(kind: FieldKind, field: Field, options: TypeOptions, imports: SharedImports): string {
  switch (kind) {
    case 'id':
      return idType(field.references, options, imports);
    case 'int':
      return 'number';
    case 'decimal':
      return options.decimals;
    case 'bool':
      return 'boolean';
    case 'date':
      return dateType(field, options, imports);
    case 'html':
    case 'string':
    case 'unknown':
      return 'string';
    default:
      return assertNever(kind);
  }
}

/** The TypeScript type of a field, the same in read and write shapes. */
export function fieldType(field: Field, options: TypeOptions, imports: SharedImports): string {
  const base = kindType(fieldKind(field), field, options, imports);
  if (!field.multilingual) return base;
  imports.add('Multilang');
  return `Multilang<${base}>`;
}

const KIND_DESCRIPTIONS: Record<FieldKind, string> = {
  id: 'an id, an unsigned integer (0 = none)',
  int: 'an integer',
  decimal: 'a decimal number, sent as a string such as "23.900000"',
  bool: 'a boolean, sent as "0" or "1"',
  date: 'a date `YYYY-MM-DD[ HH:MM:SS]`, zero or empty when unset',
  html: 'a string that may hold clean HTML',
  string: 'a string',
  unknown: 'typed as a string',
};

/** Where a field sits, for diagnostics and docs. */
export interface FieldSite {
  readonly resource: string;
  /** The diagnostic's `field`: `name`, or `associations.categories.id` for an association field. */
  readonly field: string;
}

/**
 * JSDoc lines for a field: its kind and where the kind came from (format or inputType, marking the
 * ones the tool does not know), then its constraints (size, required, read-only, languages, target).
 */
export function fieldDocLines(field: Field): string[] {
  const kind = fieldKind(field);
  const sources: string[] = [];
  if (field.format !== null) {
    const known = field.format.split(/\s+/).some(isKnownFormat);
    sources.push(`format \`${field.format}\`${known ? '' : ', unknown to prestashop-codegen'}`);
  }
  if (field.inputType !== null) {
    const known = isKnownInputType(field.inputType);
    sources.push(`input type \`${field.inputType}\`${known ? '' : ', unknown to prestashop-codegen'}`);
  }
  if (sources.length === 0) sources.push('no format given by the store');
  const lines = [`Kind \`${kind}\` (${sources.join('; ')}): ${KIND_DESCRIPTIONS[kind]}.`];
  const notes: string[] = [];
  if (field.maxSize !== null) {
    notes.push(`max ${field.maxSize} characters${field.multilingual ? ' per language' : ''}`);
  }
  if (field.required) notes.push('required in writes');
  if (field.readOnly) notes.push('read-only (the store refuses it in writes)');
  if (field.multilingual) notes.push('multilingual (one value per language)');
  if (field.references !== null) notes.push(`foreign key to \`${field.references}\``);
  if (!field.filterable) notes.push('not filterable');
  if (notes.length > 0) {
    const text = notes.join('; ');
    lines.push(`${text[0]!.toUpperCase()}${text.slice(1)}.`);
  }
  return lines;
}

/** Warnings for a field whose `format` or `inputType` the tool does not know. */
export function fieldDiagnostics(field: Field, site: FieldSite): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (field.format !== null && !field.format.split(/\s+/).some(isKnownFormat)) {
    out.push({
      level: 'warning',
      code: 'unknown-format',
      message: `${site.resource}.${site.field}: format ${jsString(field.format)} is unknown; typed as a string`,
      resource: site.resource,
      field: site.field,
    });
  }
  if (field.inputType !== null && !isKnownInputType(field.inputType)) {
    out.push({
      level: 'warning',
      code: 'unknown-input-type',
      message: `${site.resource}.${site.field}: inputType ${jsString(field.inputType)} is unknown; typed as a string`,
      resource: site.resource,
      field: site.field,
    });
  }
  return out;
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
