/**
 * One field of the model → its `FieldPlan`. The single place where a field's kind, rule, date form,
 * TypeScript types, write behaviour and documentation are decided.
 */
import {
  fieldKind,
  formatValidator,
  inputTypeInfo,
  isKnownInputType,
  phpTypeKind,
  type Field,
  type FieldKind,
} from '../model/index.js';
import { jsString } from '../naming/index.js';
import { keyword, literal, mentions, ref, unionOf, type TypeNode } from './type-node.js';
import type { FieldPlan, KindSource, PlanDiagnostic, PlanOptions, SharedImport, ValueForm } from './types.js';

/** The modifiers that turn any text into a valid value before the rule runs (`Tools::str2url`). */
const NORMALISING_MODIFIERS = new Set(['modifierwslinkrewrite']);

/**
 * Fields a modifier reads on create, by modifier (lower case). `modifierWsLinkRewrite` (Product and
 * Category, 1.7.8.10 – 9.0.0) runs `foreach ($this->name as $id_lang => $name)`: a POST without a
 * `name` list leaves a string there, the PHP warning answers 500 and nothing is saved.
 */
const MODIFIER_READS: Readonly<Record<string, readonly string[]>> = { modifierwslinkrewrite: ['name'] };

/** The fields of a resource some modifier run on POST reads (see `MODIFIER_READS`). */
export function fieldsReadOnCreate(fields: readonly Field[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const f of fields) {
    if (f.modifier === null || !f.modifier.methods.includes('POST')) continue;
    for (const name of MODIFIER_READS[f.modifier.name.toLowerCase()] ?? []) out.add(name);
  }
  return out;
}

/** Where a field sits: `price`, or `associations.categories.id` for an association item field. */
export interface FieldSite {
  readonly resource: string;
  readonly label: string;
}

function kindSource(field: Field, kind: FieldKind): KindSource {
  if (formatValidator(field.format) !== null) return 'format';
  if (inputTypeInfo(field.inputType) !== null) return 'inputType';
  if (kind === 'id') return 'reference';
  if (phpTypeKind(field.type) !== null) return 'catalog';
  return 'none';
}

function formOf(kind: FieldKind, dateOnly: boolean, options: PlanOptions): ValueForm {
  switch (kind) {
    case 'id':
    case 'int':
      return 'number';
    case 'decimal':
      return options.decimals === 'number' ? 'number' : 'string';
    case 'bool':
      return 'boolean';
    case 'date':
      return options.dates === 'string' ? 'string' : dateOnly ? 'day' : 'datetime';
    case 'html':
    case 'string':
    case 'unknown':
      return 'string';
  }
}

/** The type of one value (before the multilingual wrapper), and what it imports. */
function valueType(
  kind: FieldKind,
  field: Field,
  dateOnly: boolean,
  options: PlanOptions,
  imports: Set<SharedImport>,
): TypeNode {
  if (field.values !== null && field.values.length > 0 && (kind === 'string' || kind === 'unknown')) {
    return unionOf(...field.values.map(literal));
  }
  switch (kind) {
    case 'id':
      if (!options.brandedIds || field.references === null) return keyword('number');
      imports.add('Id');
      return ref('Id', literal(field.references));
    case 'int':
      return keyword('number');
    case 'decimal':
      return keyword(options.decimals);
    case 'bool':
      return keyword('boolean');
    case 'date':
      if (options.dates === 'Date') return unionOf(ref('Date'), keyword('null'));
      imports.add(dateOnly ? 'PsDate' : 'PsDateTime');
      return ref(dateOnly ? 'PsDate' : 'PsDateTime');
    case 'html':
    case 'string':
    case 'unknown':
      return keyword('string');
  }
}

/**
 * What the TypeScript type does not say about a value of each kind (nothing for most: decimals and
 * dates are converted by the client, and `PsDate`/`PsDateTime` are documented in common.ts).
 */
const KIND_NOTES: Partial<Record<FieldKind, string>> = {
  html: 'may hold clean HTML',
  unknown: 'the store gives no type: typed as a string',
};

/**
 * The field's JSDoc: only what its TypeScript type does not already say, in one sentence where it
 * fits (no line at all for a plain field). The same lines serve the read and the write shapes.
 */
function docLines(field: Field, p: Omit<FieldPlan, 'doc'>, site: FieldSite): string[] {
  const notes: string[] = [];
  if (field.format !== null && formatValidator(field.format) === null)
    notes.push(`format \`${field.format}\` unknown to prestashop-codegen: not checked`);
  if (field.inputType !== null && !isKnownInputType(field.inputType))
    notes.push(`input type \`${field.inputType}\` unknown to prestashop-codegen`);
  const kindNote = KIND_NOTES[p.kind];
  if (kindNote !== undefined) notes.push(kindNote);
  if (p.maxSize !== null) notes.push(`max ${p.maxSize} characters${p.multilingual ? ' per language' : ''}`);
  // Required in writes: the write shapes say it (the property is not optional).
  if (p.write === 'refused') notes.push('read-only (the store refuses it in writes)');
  // An item's own id is typed `Id<resource>` but is no foreign key; a branded id type names its resource.
  if (p.references !== null && site.label !== 'id' && !mentions(p.readType, 'Id'))
    notes.push(`foreign key to \`${p.references}\``);
  if (!p.filterable) notes.push('not filterable');
  const lines: string[] = [];
  if (notes.length > 0) {
    const text = notes.join('; ');
    lines.push(`${text[0]!.toUpperCase()}${text.slice(1)}.`);
  }
  if (p.hashed)
    lines.push(
      'Write a plain password: the store hashes it. Reads return the hash; sending that hash back unchanged keeps the password.',
    );
  if (p.requiredOnCreate) {
    lines.push('Required on create: the store reads it while creating the item (without it: 500, nothing saved).');
  }
  if (p.allowNull)
    lines.push(
      '`null` is NULL in the store (no value): read as `null`, and left out of a write, which a PUT stores as NULL.',
    );
  if (p.serverManaged)
    lines.push('Managed by the store but stored as sent: a PUT without it empties it, so write back the value read.');
  if (!p.writeBack) lines.push('Computed by the store: the client leaves it out when it writes back a record it read.');
  if (p.createRule === null && p.rule !== null && field.modifier !== null) {
    lines.push(
      `On create the store normalises it first (\`${field.modifier.name}\`); on update it must already pass \`${p.rule}\`.`,
    );
  }
  return lines;
}

/**
 * The plan of one field, and the warnings it raises (unknown format or inputType). `readOnCreate`:
 * a modifier run on POST reads the field (see `fieldsReadOnCreate`).
 */
export function planField(
  field: Field,
  site: FieldSite,
  options: PlanOptions,
  diagnostics: PlanDiagnostic[],
  readOnCreate = false,
): FieldPlan {
  const kind = fieldKind(field);
  const source = kindSource(field, kind);
  const validator = formatValidator(field.format);
  const input = inputTypeInfo(field.inputType);
  if (field.format !== null && validator === null) {
    diagnostics.push({
      level: 'warning',
      code: 'unknown-format',
      message: `${site.resource}.${site.label}: format ${jsString(field.format)} is unknown to prestashop-codegen; typed as ${kind === 'unknown' ? 'a string' : `kind ${kind}`} and not checked`,
      resource: site.resource,
      field: site.label,
    });
  }
  if (field.inputType !== null && input === null) {
    diagnostics.push({
      level: 'warning',
      code: 'unknown-input-type',
      message: `${site.resource}.${site.label}: inputType ${jsString(field.inputType)} is unknown; typed as a string`,
      resource: site.resource,
      field: site.label,
    });
  }
  const hashed = field.write === 'hashed';
  // A hashing setter takes a plain password and checks nothing: `setWsPasswd` (1.7.8.10, 8.2.0, 9.0.0)
  // hashes any text, and the definition's rule (`isPasswd` on 1.7.8, `isHashedPassword` on 8.x/9.0)
  // runs on the hash. So no plain-password length applies (a 4-character password is stored).
  const rule = hashed ? null : (validator?.name ?? input?.rule ?? null);
  const normalised =
    field.modifier !== null &&
    field.modifier.methods.includes('POST') &&
    NORMALISING_MODIFIERS.has(field.modifier.name.toLowerCase());
  const dateOnly = validator !== null ? validator.dateOnly : input !== null ? input.dateOnly : false;
  const imports = new Set<SharedImport>();
  let base = valueType(kind, field, dateOnly, options, imports);
  if (field.multilingual) {
    imports.add('Multilang');
    base = ref('Multilang', base);
  }
  const writable = field.write !== 'refused';
  // NULL reads as empty: a scalar the store keeps NULL reads as `null` and may be written as `null`.
  const allowNull = field.allowNull && !field.multilingual;
  if (allowNull) base = unionOf(base, keyword('null'));
  const plan: Omit<FieldPlan, 'doc'> = {
    name: field.name,
    kind,
    kindSource: source,
    rule,
    createRule: normalised ? null : rule,
    dateOnly,
    nullable: validator?.nullable ?? false,
    form: formOf(kind, dateOnly, options),
    values: field.values,
    multilingual: field.multilingual,
    maxSize: field.maxSize,
    required: field.required && writable,
    requiredOnCreate: readOnCreate && writable && !field.required,
    allowNull: allowNull && writable,
    filterable: field.filterable,
    references: field.references,
    write: field.write,
    writable,
    serverManaged: field.readOnly && writable,
    writeBack: field.writeBack && writable,
    hashed,
    computed: field.computed,
    readType: base,
    writeType: base,
    imports: [...imports].sort(),
    origin: field.origin,
    format: field.format,
    inputType: field.inputType,
  };
  return { ...plan, doc: docLines(field, plan, site) };
}
