/**
 * What a generated validator checks, as data: one `ValuePlan` per field (top-level and inside
 * association items). The standalone and the zod renderers both read these plans, so both emit
 * the same checks. Pure.
 */
import { compareCodeUnits, fieldKind, type Association, type Field, type FieldKind, type Resource, type StoreSchema } from '../../model/index.js';
import type { Diagnostic, EmitOptions } from '../context.js';
import { ASSOCIATIONS_KEY, extensionsKey, jsString } from '../naming.js';
import { ruleForFormat, ruleForInputType } from './rules-table.js';

/** How a value of the input type is checked and turned into the text the store receives. */
export type ValueForm =
  /** `number` (ids, integers, decimals with `decimals: 'number'`): `String(n)`. */
  | 'number'
  /** `boolean`: `"1"` / `"0"`. */
  | 'boolean'
  /** `string` as it is. */
  | 'string'
  /** `Date | null` (`dates: 'Date'`): `YYYY-MM-DD HH:MM:SS`, null as empty. */
  | 'datetime'
  /** `Date | null` for a date-only field: `YYYY-MM-DD`, null as empty. */
  | 'day';

export interface ValuePlan {
  /** Wire name. */
  readonly name: string;
  readonly kind: FieldKind;
  readonly form: ValueForm;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly multilingual: boolean;
  /** Characters, as `Tools::strlen` counts them; per language for multilingual fields. */
  readonly maxSize: number | null;
  /** Export of `runtime/rules.ts` that checks the value, or null (no format, or one without a rule). */
  readonly rule: string | null;
}

export interface AssociationPlan {
  readonly name: string;
  readonly fields: readonly ValuePlan[];
}

export interface ResourcePlan {
  readonly resource: string;
  /** Fields that may be written, then read-only ones (sorted by name within each group). */
  readonly fields: readonly ValuePlan[];
  readonly associations: readonly AssociationPlan[];
  /** Key of the module-field escape hatch (`extensions`, or `extensions_` when taken). */
  readonly extensionsKey: string;
  /** Language ids of the store (empty when the snapshot lists none: any positive integer). */
  readonly languages: readonly number[];
  readonly defaultLanguage: number;
}

/** Formats whose value is a date without a time (the types emitter types them `PsDate`). */
const DATE_ONLY_FORMATS = new Set(['isbirthdate', 'isdateformat']);

function formOf(field: Field, kind: FieldKind, options: Pick<EmitOptions, 'decimals' | 'dates'>): ValueForm {
  switch (kind) {
    case 'id':
    case 'int':
      return 'number';
    case 'decimal':
      return options.decimals === 'number' ? 'number' : 'string';
    case 'bool':
      return 'boolean';
    case 'date': {
      if (options.dates === 'string') return 'string';
      const first = (field.format ?? '').split(/\s+/)[0]!.toLowerCase();
      return DATE_ONLY_FORMATS.has(first) ? 'day' : 'datetime';
    }
    case 'html':
    case 'string':
    case 'unknown':
      return 'string';
  }
}

/** `label` names the field in diagnostics: `price`, or `associations.categories.id` (as the types emitter does). */
function valuePlan(
  field: Field,
  options: Pick<EmitOptions, 'decimals' | 'dates'>,
  label: string,
  resource: string,
  diagnostics: Diagnostic[],
): ValuePlan {
  const kind = fieldKind(field);
  let rule: string | null = null;
  if (field.format !== null) {
    // PrestaShop validates with the definition's rule, the first name of a space-joined format.
    const first = field.format.trim().split(/\s+/)[0]!;
    rule = ruleForFormat(first);
    if (rule === null) {
      diagnostics.push({
        level: 'warning',
        code: 'unknown-format',
        message: `${resource}.${label}: format ${jsString(field.format)} has no validation rule; its values pass unchecked`,
        resource,
        field: label,
      });
    }
  } else if (field.inputType !== null) {
    rule = ruleForInputType(field.inputType);
  }
  return {
    name: field.name,
    kind,
    form: formOf(field, kind, options),
    required: field.required,
    readOnly: field.readOnly,
    multilingual: field.multilingual,
    maxSize: field.maxSize,
    rule,
  };
}

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

function associationPlan(
  resource: Resource,
  association: Association,
  options: Pick<EmitOptions, 'decimals' | 'dates'>,
  diagnostics: Diagnostic[],
): AssociationPlan {
  const fields = [...association.fields]
    .sort(byName)
    .map((f) =>
      valuePlan(f, options, `${ASSOCIATIONS_KEY}.${association.name}.${f.name}`, resource.name, diagnostics),
    );
  return { name: association.name, fields };
}

/**
 * The checks of one resource. The implicit `id` is never part of a write body (the types leave it
 * out), so it is planned as read-only. A field named `associations` cannot be typed and is skipped.
 */
export function planResource(
  model: StoreSchema,
  resource: Resource,
  options: Pick<EmitOptions, 'decimals' | 'dates'>,
  defaultLanguage: number,
): { plan: ResourcePlan; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const fields: ValuePlan[] = [];
  for (const f of [...resource.fields].sort(byName)) {
    if (f.name === ASSOCIATIONS_KEY) continue;
    const plan = valuePlan(f, options, f.name, resource.name, diagnostics);
    fields.push(f.name === 'id' ? { ...plan, readOnly: true, required: false } : plan);
  }
  if (!fields.some((f) => f.name === 'id')) {
    fields.push({ name: 'id', kind: 'id', form: 'number', required: false, readOnly: true, multilingual: false, maxSize: null, rule: null });
  }
  fields.sort((a, b) => Number(a.readOnly) - Number(b.readOnly) || byName(a, b));
  const associations = [...resource.associations].sort(byName).map((a) => associationPlan(resource, a, options, diagnostics));
  const plan: ResourcePlan = {
    resource: resource.name,
    fields,
    associations,
    extensionsKey: extensionsKey(resource.fields.map((f) => f.name)),
    languages: [...model.store.languages].map((l) => l.id).sort((a, b) => a - b),
    defaultLanguage,
  };
  return { plan, diagnostics };
}
