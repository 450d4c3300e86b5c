/**
 * `buildPlan`: the one field plan of a run. Pure. Computed once from the canonical model; every
 * emitter and the export print from it.
 */
import {
  compareCodeUnits,
  CORE_FORBIDDEN_METHODS,
  HTTP_METHODS,
  makeField,
  usableMethods,
  type Association,
  type HttpMethod,
  type Resource,
  type StoreSchema,
} from '../model/index.js';
import { ASSOCIATIONS_KEY, extensionsKey, NameTable, pascalCase } from '../naming/index.js';
import { resourceChecks } from './checks.js';
import { fieldsReadOnCreate, planField } from './field.js';
import type {
  AssociationPlan,
  ClientMethod,
  FieldPlan,
  PlanDiagnostic,
  PlanOptions,
  ResourcePlan,
  StorePlan,
} from './types.js';

export * from './types.js';
export * from './type-node.js';
export type { AssociationChecks, FieldCheck, ResourceChecks } from './checks.js';
export { planField } from './field.js';

export const DEFAULT_PLAN_OPTIONS: PlanOptions = { decimals: 'number', dates: 'string', brandedIds: true };

/** A copy of `items` in code-unit order of their names (the order of the generated types). */
function byName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareCodeUnits(a.name, b.name));
}

function planAssociation(
  resource: Resource,
  a: Association,
  options: PlanOptions,
  diagnostics: PlanDiagnostic[],
): AssociationPlan {
  const fields = a.fields.map((f) => {
    // An association item's `id` is an id of its target resource unless the store says otherwise.
    const field =
      f.name === 'id' && f.references === null && !a.virtual && a.resource !== null
        ? { ...f, references: a.resource }
        : f;
    return planField(
      field,
      { resource: resource.name, label: `${ASSOCIATIONS_KEY}.${a.name}.${f.name}` },
      options,
      diagnostics,
    );
  });
  return {
    name: a.name,
    nodeName: a.nodeName,
    resource: a.resource,
    api: a.api,
    virtual: a.virtual,
    fields,
    fieldsByName: byName(fields),
    writable: fields.some((f) => f.writable),
  };
}

/**
 * The methods the generated code offers: the snapshot's (the key's flags minus what the spec's table
 * and PrestaShop forbid), plus those `generate.methods` turns on where the key allows them and
 * PrestaShop itself does not forbid them.
 */
function offeredMethods(resource: Resource, extra: readonly HttpMethod[], diagnostics: PlanDiagnostic[]): HttpMethod[] {
  const out = new Set(usableMethods(resource.name, resource.methods));
  const core = new Set(CORE_FORBIDDEN_METHODS.get(resource.name)?.methods ?? []);
  for (const m of extra) {
    if (out.has(m)) continue;
    const why = !resource.keyMethods.includes(m)
      ? "the key's flags do not allow it"
      : core.has(m)
        ? `PrestaShop forbids it (${CORE_FORBIDDEN_METHODS.get(resource.name)!.why})`
        : null;
    if (why === null) out.add(m);
    else {
      diagnostics.push({
        level: 'warning',
        code: 'method-not-offered',
        message: `${resource.name}: generate.methods asks for ${m}, but ${why}; left out`,
        resource: resource.name,
        field: null,
      });
    }
  }
  return HTTP_METHODS.filter((m) => out.has(m));
}

/** The client methods of a resource, in a fixed order, from the methods the store allows. */
function clientMethodsOf(methods: readonly HttpMethod[]): ClientMethod[] {
  const m = new Set(methods);
  const out: ClientMethod[] = [];
  if (m.has('GET')) out.push('list', 'listAll', 'get', 'count', 'changes');
  if (m.has('HEAD')) out.push('head');
  if (m.has('POST')) out.push('create', 'createMany');
  if (m.has('PUT')) out.push('update', 'updateMany');
  if (m.has('PATCH')) out.push('patch');
  if (m.has('DELETE')) out.push('delete');
  return out;
}

/** An item's own `id`: always read, never part of a write body (it is the URL's). */
function idPlan(plan: FieldPlan): FieldPlan {
  return {
    ...plan,
    writable: false,
    required: false,
    requiredOnCreate: false,
    allowNull: false,
    writeBack: false,
    serverManaged: false,
  };
}

function planResource(
  resource: Resource,
  names: NameTable,
  options: PlanOptions,
  languages: readonly [readonly number[], number],
  diagnostics: PlanDiagnostic[],
): ResourcePlan {
  // An own key only: a resource named `constructor` or `toString` must not pick up Object.prototype's member.
  const asked = options.methods ?? {};
  const methods = offeredMethods(
    resource,
    (Object.hasOwn(asked, resource.name) ? asked[resource.name] : undefined) ?? [],
    diagnostics,
  );
  const fields: FieldPlan[] = [];
  const readOnCreate = fieldsReadOnCreate(resource.fields);
  let id: FieldPlan | null = null;
  for (const f of resource.fields) {
    if (f.name === ASSOCIATIONS_KEY) {
      diagnostics.push({
        level: 'warning',
        code: 'field-name-clash',
        message: `${resource.name}.${f.name}: a field cannot be named "${ASSOCIATIONS_KEY}" (the key of an item's associations); left out of the generated code`,
        resource: resource.name,
        field: f.name,
      });
      continue;
    }
    if (f.name === 'id') {
      id = idPlan(
        planField(
          { ...f, references: resource.name },
          { resource: resource.name, label: f.name },
          options,
          diagnostics,
        ),
      );
      continue;
    }
    fields.push(
      planField(f, { resource: resource.name, label: f.name }, options, diagnostics, readOnCreate.has(f.name)),
    );
  }
  const associations = resource.associations.map((a) => planAssociation(resource, a, options, diagnostics));
  const clientMethods = clientMethodsOf(methods);
  const described = resource.fields.length > 0 || resource.associations.length > 0;
  id ??= idPlan(
    planField(makeField('id', { references: resource.name }), { resource: resource.name, label: 'id' }, options, []),
  );
  const extensions = extensionsKey(resource.fields.map((f) => f.name));
  const className = pascalCase(resource.nodeName ?? resource.name);
  return {
    name: resource.name,
    description: resource.description,
    nodeName: resource.nodeName,
    nodesName: resource.nodesName,
    names: names.of(resource.name),
    methods,
    clientMethods,
    hasClient: resource.nodeName !== null && described && clientMethods.length > 0,
    hasInput: methods.includes('POST') || methods.includes('PUT'),
    hasPatch: methods.includes('PATCH'),
    described,
    id,
    fields,
    fieldsByName: byName(fields),
    associations,
    associationsByName: byName(associations),
    extensionsKey: extensions,
    quirks: resource.quirks,
    changeFeed: fields.some((f) => f.name === 'date_upd' && f.kind === 'date' && f.filterable && !f.dateOnly)
      ? 'date'
      : 'id',
    checks: resourceChecks(
      { name: resource.name, className, id, fields, associations, extensionsKey: extensions },
      ...languages,
    ),
  };
}

/**
 * The plan of a model. `defaultLanguage` is the language a required multilingual value must have
 * (the caller checks it is one of the store's).
 */
export function buildPlan(
  model: StoreSchema,
  options: PlanOptions = DEFAULT_PLAN_OPTIONS,
  defaultLanguage: number | null = null,
  names: NameTable = NameTable.forSchema(model),
): StorePlan {
  const diagnostics: PlanDiagnostic[] = [];
  const languages = model.store.languages.map((l) => l.id).sort((a, b) => a - b);
  const language = defaultLanguage ?? languages[0] ?? 1;
  const resources = [...model.resources]
    .sort((a, b) => compareCodeUnits(a.name, b.name))
    .map((r) => planResource(r, names, options, [languages, language], diagnostics));
  const plainStrings: string[] = [];
  const untypedCore: string[] = [];
  const note = (f: FieldPlan, path: string): void => {
    if (f.kindSource !== 'none') return;
    plainStrings.push(path);
    // A catalog entry means PrestaShop's own code declares the field (with no type): not a module's.
    if (f.origin === 'catalog' || f.origin === 'customised') untypedCore.push(path);
  };
  for (const r of resources) {
    for (const f of r.fields) note(f, `${r.name}.${f.name}`);
    for (const a of r.associations)
      for (const f of a.fields) note(f, `${r.name}.${ASSOCIATIONS_KEY}.${a.name}.${f.name}`);
  }
  return {
    resources,
    languages,
    defaultLanguage: language,
    diagnostics,
    plainStrings,
    untypedCore,
  };
}

/** The plan of one resource by wire name. */
export function resourcePlan(plan: StorePlan, name: string): ResourcePlan {
  const r = plan.resources.find((x) => x.name === name);
  if (r === undefined) throw new Error(`plan: unknown resource ${JSON.stringify(name)}`);
  return r;
}
