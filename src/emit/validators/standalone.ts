/**
 * Standalone validators: `validators/<file>.ts` with straight-line checks for every field of a
 * resource, importing the rule primitives from `../runtime/rules.js`. No dependency at run time.
 *
 * The order of checks on one value follows `ObjectModel::validateField`: required, then length,
 * then the rule (skipped for PHP-empty values); only the first failure of a value is reported,
 * and every value is checked.
 */
import type { EmitOptions } from '../context.js';
import { ASSOCIATIONS_KEY, jsString } from '../naming.js';
import { chain, concat, readKey, render, setLiteral, type Code, type RuntimeImports } from './lines.js';
import type { AssociationPlan, ResourcePlan, ValuePlan } from './plan.js';

/** Where a value sits. */
interface Site {
  /** Expression of the path string (a literal, or a template literal for entries and items). */
  readonly path: string;
  /** When an empty value counts as missing: `true`, or `e["id"] === 1` for a language entry. */
  readonly requiredWhen: string;
}

/** The locals a check function uses, so only those are declared. */
type Locals = Set<'s' | 'y' | 'd' | 'a' | 'patch' | 'create'>;

const EXPECTED: Record<ValuePlan['form'], string> = {
  number: 'a finite number',
  boolean: 'a boolean',
  string: 'a string',
  datetime: 'a valid Date or null',
  day: 'a valid Date or null',
};

class ValueRenderer {
  constructor(
    private readonly imports: RuntimeImports,
    private readonly locals: Locals,
  ) {}

  private push(issue: string, name: string): string {
    this.imports.validation.add(name);
    return `issues.push(${issue});`;
  }

  /** Length then rule on the wire text `s` (an identifier or expression already known to be a string). */
  private tail(p: ValuePlan, s: string, site: Site, mayBeEmpty: boolean): string[] {
    const out: string[] = [];
    if (p.maxSize !== null) {
      this.imports.rules.add('charLength');
      const n = p.maxSize;
      out.push(`if (${s}.length > ${n} && charLength(${s}) > ${n}) ${this.push(`lengthIssue(${site.path}, charLength(${s}), ${n})`, 'lengthIssue')}`);
    }
    const notEmpty = mayBeEmpty ? `${s} !== '' && ${s} !== '0'` : `${s} !== '0'`;
    // A boolean is written "0"/"1", which isBool always accepts.
    if (p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool')) {
      this.imports.rules.add(p.rule);
      // On create a modifier normalises the value before the store checks it (`link_rewrite`).
      if (p.skipRuleOnCreate) this.locals.add('create');
      const failing = `${p.skipRuleOnCreate ? '!create && ' : ''}!${p.rule}(${s})`;
      out.push(`if (${notEmpty} && ${failing}) ${this.push(`formatIssue(${site.path}, ${jsString(p.rule)})`, 'formatIssue')}`);
    }
    if (p.values !== null) {
      const list = `[${p.values.map(jsString).join(', ')}]`;
      out.push(`if (${notEmpty} && !${list}.includes(${s})) ${this.push(`valueIssue(${site.path}, ${jsString(p.property)}, ${list})`, 'valueIssue')}`);
    }
    return out;
  }

  private requiredStatement(p: ValuePlan, site: Site): string {
    if (!p.required) return '';
    const stmt = this.push(`requiredIssue(${site.path})`, 'requiredIssue');
    return site.requiredWhen === 'true' ? stmt : `if (${site.requiredWhen}) ${stmt}`;
  }

  /** The checks of a value known to be present (`expr !== undefined`). */
  checks(p: ValuePlan, expr: string, site: Site): Code[] {
    const typeFail = this.push(`typeIssue(${site.path}, ${jsString(EXPECTED[p.form])}, ${expr})`, 'typeIssue');
    switch (p.form) {
      case 'string': {
        const empty = p.required ? [`if (${expr} === '') { ${this.requiredStatement(p, site)} }`] : [];
        return chain([`if (typeof ${expr} !== 'string') ${typeFail}`, ...empty, ...this.tail(p, expr, site, !p.required)]);
      }
      case 'number':
      case 'boolean': {
        const check =
          p.form === 'number'
            ? `if (typeof ${expr} !== 'number' || !Number.isFinite(${expr})) ${typeFail}`
            : `if (typeof ${expr} !== 'boolean') ${typeFail}`;
        const rest = this.tail(p, 's', site, false);
        if (rest.length === 0) return [check];
        this.locals.add('s');
        if (p.form === 'number') this.imports.validation.add('numberToWire');
        const wire = p.form === 'number' ? `numberToWire(${expr})` : `${expr} ? '1' : '0'`;
        return [check, 'else {', [`s = ${wire};`, ...chain(rest)], '}'];
      }
      case 'datetime':
      case 'day': {
        // `null` is the empty date (the types allow `Date | null`).
        this.imports.validation.add('isValidDate');
        const rest = this.tail(p, 's', site, false);
        const dateChecks: Code[] = [`if (!isValidDate(${expr})) ${typeFail}`];
        if (rest.length > 0) {
          this.locals.add('s');
          const toWire = p.form === 'day' ? 'dayToWire' : 'dateToWire';
          this.imports.validation.add(toWire);
          dateChecks.push('else {', [`s = ${toWire}(${expr});`, ...chain(rest)], '}');
        }
        if (p.required) return [`if (${expr} === null) { ${this.requiredStatement(p, site)} }`, ...otherwise(dateChecks)];
        return [`if (${expr} !== null) {`, dateChecks, '}'];
      }
    }
  }
}

/** `x` is the field's value, `patch` tells PATCH (absent required fields allowed) from POST/PUT. */
function fieldChecks(p: ValuePlan, plan: ResourcePlan, values: ValueRenderer, imports: RuntimeImports, locals: Locals): Code[] {
  const read = readKey('v', p.name, imports);
  if (p.readOnly) {
    imports.validation.add('readOnlyIssue');
    return [`if (${read} !== undefined) issues.push(readOnlyIssue(${jsString(p.name)}));`];
  }
  const checks = p.multilingual
    ? languageChecks(p, plan, values, imports, locals)
    : values.checks(p, 'x', { path: jsString(p.name), requiredWhen: 'true' });
  if (!p.required) return [`x = ${read};`, 'if (x !== undefined) {', checks, '}'];
  imports.validation.add('requiredIssue');
  locals.add('patch');
  const missing = jsString(p.multilingual ? `${p.name}[${plan.defaultLanguage}]` : p.name);
  return [`x = ${read};`, `if (x === undefined) { if (!patch) issues.push(requiredIssue(${missing})); }`, ...otherwise(checks)];
}

/** `else` before the first statement of a chain that follows an `if`. */
function otherwise(checks: Code[]): Code[] {
  const [first, ...rest] = checks;
  return typeof first === 'string' ? [`else ${first}`, ...rest] : ['else {', checks, '}'];
}

/** The loop over a multilingual value's `{ id, value }` entries. */
function languageChecks(p: ValuePlan, plan: ResourcePlan, values: ValueRenderer, imports: RuntimeImports, locals: Locals): Code[] {
  imports.validation.add('typeIssue');
  imports.validation.add('isRecord');
  imports.validation.add('languageIssue');
  const name = jsString(p.name);
  const def = plan.defaultLanguage;
  const knownLanguage =
    plan.languages.length === 0
      ? `typeof e["id"] === 'number' && Number.isInteger(e["id"]) && e["id"] > 0`
      : plan.languages.map((id) => `e["id"] === ${id}`).join(' || ');
  const path = concat(`${p.name}[`, 'e["id"]', ']');
  locals.add('y');
  const body: Code[] = [
    `if (!isRecord(e)) { issues.push(typeIssue(${name}, ${jsString('a list of { id, value } entries')}, e)); continue; }`,
    `if (!(${knownLanguage})) { issues.push(languageIssue(${name}, e["id"], [${plan.languages.join(', ')}])); continue; }`,
  ];
  if (p.required) {
    locals.add('d');
    body.push(`if (e["id"] === ${def}) d = true;`);
  }
  body.push('y = e["value"];');
  // An entry without a value is a value of the wrong type (undefined), not a missing field.
  body.push(...values.checks(p, 'y', { path, requiredWhen: `e["id"] === ${def}` }));
  const loop: Code[] = [
    `if (!Array.isArray(x)) issues.push(typeIssue(${name}, ${jsString('a list of { id, value } entries, one per language')}, x));`,
    'else {',
    [
      ...(p.required ? ['d = false;'] : []),
      'for (const e of x) {',
      body,
      '}',
      ...(p.required ? [`if (!d && !patch) issues.push(requiredIssue(${jsString(`${p.name}[${def}]`)}));`] : []),
    ],
    '}',
  ];
  return loop;
}

function associationChecks(
  a: AssociationPlan,
  index: number,
  values: ValueRenderer,
  imports: RuntimeImports,
  locals: Locals,
  strict: boolean,
): Code[] {
  locals.add('a');
  imports.validation.add('typeIssue');
  imports.validation.add('isRecord');
  const base = `${ASSOCIATIONS_KEY}.${a.name}`;
  const item = (suffix: string): string => concat(`${base}[`, 'i', `]${suffix}`);
  const body: Code[] = ['const it = a[i];', `if (!isRecord(it)) { issues.push(typeIssue(${item('')}, ${jsString('an object')}, it)); continue; }`];
  for (const f of a.fields) {
    const path = item(`.${f.name}`);
    const read = readKey('it', f.name, imports);
    if (f.readOnly) {
      imports.validation.add('readOnlyIssue');
      body.push(`if (${read} !== undefined) issues.push(readOnlyIssue(${path}));`);
      continue;
    }
    // Declared only when a field is checked: an association without writable fields would leave it unused.
    locals.add('y');
    body.push(`y = ${read};`);
    const checks = values.checks(f, 'y', { path, requiredWhen: 'true' });
    if (f.required) {
      imports.validation.add('requiredIssue');
      body.push(`if (y === undefined) issues.push(requiredIssue(${path}));`, ...otherwise(checks));
    } else {
      body.push('if (y !== undefined) {', checks, '}');
    }
  }
  if (strict) {
    imports.validation.add('unknownKeyIssue');
    body.push(`for (const k of Object.keys(it)) if (!${itemKeysConst(index)}.has(k)) issues.push(unknownKeyIssue(${item('.')} + k));`);
  }
  return [
    `a = ${readKey('x', a.name, imports)};`,
    'if (a !== undefined) {',
    [
      `if (!Array.isArray(a)) issues.push(typeIssue(${jsString(base)}, ${jsString('a list')}, a));`,
      'else {',
      ['for (let i = 0; i < a.length; i++) {', body, '}'],
      '}',
    ],
    '}',
  ];
}

/** Name of the generated constant that lists the keys of the `index`-th association's items. */
function itemKeysConst(index: number): string {
  return `ITEM_KEYS_${index}`;
}

export interface RenderedCheck {
  /** Declarations and the check function, without imports. */
  readonly code: string;
}

/**
 * `function check(value, patch)` for one resource, plus the key sets it needs. `resultType` is the
 * type of a valid value (`ProductInput`, or `ProductPatch` when the resource only has PATCH).
 */
export function renderCheckFunction(
  plan: ResourcePlan,
  fnName: string,
  resultType: string,
  options: Pick<EmitOptions, 'unknownKeys'>,
  imports: RuntimeImports,
): RenderedCheck {
  const locals: Locals = new Set();
  const values = new ValueRenderer(imports, locals);
  imports.validation.add('isRecord');
  imports.validation.add('typeIssue');
  const strict = options.unknownKeys === 'strict';
  const strip = options.unknownKeys === 'strip';
  const body: Code[] = [];
  for (const f of plan.fields) body.push(...fieldChecks(f, plan, values, imports, locals));

  const ext = plan.extensionsKey;
  imports.validation.add('isExtensions');
  body.push(`x = ${readKey('v', ext, imports)};`);
  body.push(`if (x !== undefined && !isExtensions(x)) issues.push(typeIssue(${jsString(ext)}, ${jsString('an object of module fields')}, x));`);

  const decls: string[] = [];
  const topKeys = [...plan.fields.map((f) => f.name), ext, ...(plan.associations.length > 0 ? [ASSOCIATIONS_KEY] : [])];
  if (strict || strip) decls.push(`const KEYS = ${setLiteral(topKeys)};`);
  if (plan.associations.length > 0) {
    if (!strip) decls.push(`const ASSOCIATIONS = ${setLiteral(plan.associations.map((a) => a.name))};`);
    if (strict || strip) {
      plan.associations.forEach((a, i) => decls.push(`const ${itemKeysConst(i)} = ${setLiteral(a.fields.map((f) => f.name))};`));
    }
    const assoc: Code[] = [];
    if (!strip) {
      imports.validation.add('unknownKeyIssue');
      assoc.push(`for (const k of Object.keys(x)) if (!ASSOCIATIONS.has(k)) issues.push(unknownKeyIssue(${jsString(`${ASSOCIATIONS_KEY}.`)} + k));`);
    }
    plan.associations.forEach((a, i) => assoc.push(...associationChecks(a, i, values, imports, locals, strict)));
    body.push(
      `x = ${readKey('v', ASSOCIATIONS_KEY, imports)};`,
      'if (x !== undefined) {',
      [`if (!isRecord(x)) issues.push(typeIssue(${jsString(ASSOCIATIONS_KEY)}, ${jsString('an object')}, x));`, 'else {', assoc, '}'],
      '}',
    );
  }
  if (strict) {
    imports.validation.add('unknownKeyIssue');
    body.push('for (const k of Object.keys(v)) if (!KEYS.has(k)) issues.push(unknownKeyIssue(k));');
  }

  let valid = `value as unknown as ${resultType}`;
  if (strip) {
    imports.validation.add('stripUnknownKeys');
    const items = plan.associations.length === 0 ? 'null' : `new Map<string, ReadonlySet<string>>([${plan.associations.map((a, i) => `[${jsString(a.name)}, ${itemKeysConst(i)}]`).join(', ')}])`;
    decls.push(`const ITEMS: ReadonlyMap<string, ReadonlySet<string>> | null = ${items};`);
    valid = `stripUnknownKeys(v, KEYS, ITEMS) as unknown as ${resultType}`;
  }

  const localDecls: string[] = ['let x: unknown;'];
  if (locals.has('y')) localDecls.push('let y: unknown;');
  if (locals.has('a')) localDecls.push('let a: unknown;');
  if (locals.has('s')) localDecls.push('let s: string;');
  if (locals.has('d')) localDecls.push('let d: boolean;');
  imports.validation.add('ValidationIssue');
  imports.validation.add('ValidationResult');
  const fn: Code[] = [
    `function ${fnName}(value: unknown, ${locals.has('patch') ? 'patch' : '_patch'}: boolean, ${locals.has('create') ? 'create' : '_create'}: boolean): ValidationResult<${resultType}> {`,
    [
      `if (!isRecord(value)) return { ok: false, issues: [typeIssue("", ${jsString('an object')}, value)] };`,
      'const v = value;',
      'const issues: ValidationIssue[] = [];',
      ...localDecls,
      ...body,
      `return issues.length === 0 ? { ok: true, value: ${valid} } : { ok: false, issues };`,
    ],
    '}',
  ];
  return { code: `${decls.map((d) => `${d}\n`).join('')}${decls.length > 0 ? '\n' : ''}${render(fn)}` };
}

