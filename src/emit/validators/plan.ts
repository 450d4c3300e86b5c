/**
 * What a generated validator checks, as data: one `ValuePlan` per field (top level and inside
 * association items), read off the run's field plan (`src/plan`). The standalone and the zod
 * renderers both read these, so both emit the same checks. Pure.
 */
import { compareCodeUnits, type FieldKind } from '../../model/index.js';
import type { FieldPlan, ResourcePlan as StoreResourcePlan, StorePlan, ValueForm } from '../../plan/index.js';
import { pascalCase } from '../../naming/index.js';

export type { ValueForm } from '../../plan/index.js';

export interface ValuePlan {
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
  /** Export of `runtime/rules.ts` that checks the value, or null. */
  readonly rule: string | null;
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

export interface AssociationPlan {
  readonly name: string;
  readonly fields: readonly ValuePlan[];
}

export interface ResourcePlan {
  readonly resource: string;
  /** The class name the store uses in its messages (`Product` in `Product->name`). */
  readonly className: string;
  /** Fields that may be written, then read-only ones (sorted by name within each group). */
  readonly fields: readonly ValuePlan[];
  readonly associations: readonly AssociationPlan[];
  /** Key of the module-field escape hatch (`extensions`, or `extensions_` when taken). */
  readonly extensionsKey: string;
  /** Language ids of the store (empty when the snapshot lists none: any positive integer). */
  readonly languages: readonly number[];
  readonly defaultLanguage: number;
  /** True when some field's rule is skipped, or some field required, on create: the check then takes a `create` flag. */
  readonly createDiffers: boolean;
}

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

function valuePlan(f: FieldPlan, className: string): ValuePlan {
  return {
    name: f.name,
    kind: f.kind,
    form: f.form,
    required: f.required,
    readOnly: !f.writable,
    multilingual: f.multilingual,
    maxSize: f.maxSize,
    rule: f.rule,
    skipRuleOnCreate: f.rule !== null && f.createRule === null,
    values: f.values,
    nullable: f.allowNull,
    requiredOnCreate: f.requiredOnCreate,
    property: `${className}->${f.name}`,
  };
}

/** The checks of one resource, from its field plan. The implicit `id` is never part of a body. */
export function checkPlan(store: StorePlan, r: StoreResourcePlan): ResourcePlan {
  const className = pascalCase(r.nodeName ?? r.name);
  const fields = [...r.fields.map((f) => valuePlan(f, className)), { ...valuePlan(r.id, className), readOnly: true, required: false }];
  fields.sort((a, b) => Number(a.readOnly) - Number(b.readOnly) || byName(a, b));
  const associations = [...r.associations]
    .sort(byName)
    .map((a) => ({ name: a.name, fields: [...a.fields].sort(byName).map((f) => valuePlan(f, className)) }));
  return {
    resource: r.name,
    className,
    fields,
    associations,
    extensionsKey: r.extensionsKey,
    languages: store.languages,
    defaultLanguage: store.defaultLanguage,
    createDiffers: fields.some((f) => (f.skipRuleOnCreate || f.requiredOnCreate) && !f.readOnly),
  };
}
