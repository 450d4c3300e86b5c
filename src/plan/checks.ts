/**
 * What a generated validator checks, as data: one `FieldCheck` per field (top level and inside
 * association items), computed once per run by `buildPlan` from the field plan and carried by
 * `ResourcePlan.checks`. Every validator flavour prints from these, so all emit the same checks. Pure.
 */
import { compareCodeUnits, type FieldKind } from '../model/index.js';
import type { AssociationPlan, FieldPlan, ValueForm } from './types.js';

export interface FieldCheck {
  /** Wire name. */
  readonly name: string;
  readonly kind: FieldKind;
  readonly form: ValueForm;
  readonly required: boolean;
  /** The store refuses the field in writes (it is not part of the write shapes). */
  readonly readOnly: boolean;
  readonly multilingual: boolean;
  /** Characters, as `Tools::strlen` counts them; per language for multilingual fields. */
  readonly maxSize: number | null;
  /** Export of `runtime/rules.ts` that checks the value, or null (`isBool` on a boolean is moot: its wire text is always "0"/"1"). */
  readonly rule: string | null;
  /** The value's wire text needs a check at all (emptiness, length, rule or allowed values); numbers are never empty. */
  readonly wireCheck: boolean;
  /** True when the rule does not apply on create (a modifier normalises the value first). */
  readonly skipRuleOnCreate: boolean;
  /** Allowed values, or null. */
  readonly values: readonly string[] | null;
  /** `null` is a valid value: the store keeps NULL (`allow_null`), and the client leaves it out of the body. */
  readonly nullable: boolean;
  /** Must be present on create (a modifier the store runs on POST reads it), though not required otherwise. */
  readonly requiredOnCreate: boolean;
  /** `Class->field`, as the store names the property in its messages. */
  readonly property: string;
}

export interface AssociationChecks {
  readonly name: string;
  readonly fields: readonly FieldCheck[];
}

export interface ResourceChecks {
  readonly resource: string;
  /** The class name the store uses in its messages (`Product` in `Product->name`). */
  readonly className: string;
  /** Fields that may be written, then read-only ones (sorted by name within each group). */
  readonly fields: readonly FieldCheck[];
  readonly associations: readonly AssociationChecks[];
  /** Key of the module-field escape hatch (`extensions`, or `extensions_` when taken). */
  readonly extensionsKey: string;
  /** Language ids of the store (empty when the snapshot lists none: any positive integer). */
  readonly languages: readonly number[];
  readonly defaultLanguage: number;
  /** True when some field's rule is skipped, or some field required, on create: the check then takes a `create` flag. */
  readonly createDiffers: boolean;
}

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

function fieldCheck(f: FieldPlan, className: string): FieldCheck {
  const rule = f.rule !== null && !(f.form === 'boolean' && f.rule === 'isBool') ? f.rule : null;
  const canBeEmpty = f.form === 'string' || f.form === 'datetime' || f.form === 'day';
  return {
    name: f.name,
    kind: f.kind,
    form: f.form,
    required: f.required,
    readOnly: !f.writable,
    multilingual: f.multilingual,
    maxSize: f.maxSize,
    rule,
    wireCheck: (f.required && canBeEmpty) || f.maxSize !== null || rule !== null || f.values !== null,
    skipRuleOnCreate: f.rule !== null && f.createRule === null,
    values: f.values,
    nullable: f.allowNull,
    requiredOnCreate: f.requiredOnCreate,
    property: `${className}->${f.name}`,
  };
}

/** What `resourceChecks` reads of a resource's plan. */
export interface CheckedResource {
  readonly name: string;
  /** The class name the store uses in its messages (`Product`). */
  readonly className: string;
  readonly id: FieldPlan;
  readonly fields: readonly FieldPlan[];
  readonly associations: readonly AssociationPlan[];
  readonly extensionsKey: string;
}

/** The checks of one resource, from its field plan. The implicit `id` is never part of a body. */
export function resourceChecks(
  r: CheckedResource,
  languages: readonly number[],
  defaultLanguage: number,
): ResourceChecks {
  const className = r.className;
  const fields = [
    ...r.fields.map((f) => fieldCheck(f, className)),
    { ...fieldCheck(r.id, className), readOnly: true, required: false },
  ];
  fields.sort((a, b) => Number(a.readOnly) - Number(b.readOnly) || byName(a, b));
  const associations = [...r.associations]
    .sort(byName)
    .map((a) => ({ name: a.name, fields: [...a.fields].sort(byName).map((f) => fieldCheck(f, className)) }));
  return {
    resource: r.name,
    className,
    fields,
    associations,
    extensionsKey: r.extensionsKey,
    languages,
    defaultLanguage,
    createDiffers: fields.some((f) => (f.skipRuleOnCreate || f.requiredOnCreate) && !f.readOnly),
  };
}
