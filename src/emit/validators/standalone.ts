/**
 * Standalone validators: `validators/<file>.ts` describes the checks of a resource as a table
 * (`RecordSpec`, one row per field) that `../runtime/check.js` runs. No dependency at run time.
 * The rules a table names are imported from `../runtime/rules.js`, so a bundle keeps only those.
 *
 * A row is `[wire name, form, flags, max length, rule, allowed values]`, trailing defaults left out;
 * flags: `r` required, `l` multilingual, `o` read-only, `c` rule not checked on create.
 */
import type { EmitOptions } from '../context.js';
import { compareCodeUnits } from '../../model/index.js';
import { jsString } from '../naming.js';
import type { Code, RuntimeImports } from './lines.js';
import type { ResourcePlan, ValuePlan } from './plan.js';

function flags(p: ValuePlan): string {
  return `${p.required ? 'r' : ''}${p.multilingual ? 'l' : ''}${p.readOnly ? 'o' : ''}${p.skipRuleOnCreate && !p.readOnly ? 'c' : ''}`;
}

/** The row of one field, with trailing defaults left out. */
function row(p: ValuePlan, imports: RuntimeImports): string {
  if (p.readOnly) return `[${jsString(p.name)}, ${jsString(p.form)}, "o"]`;
  // A boolean is written "0"/"1", which isBool always accepts: no rule to name.
  const rule = p.rule !== null && !(p.form === 'boolean' && p.rule === 'isBool') ? p.rule : null;
  if (rule !== null) imports.rules.add(rule);
  const cells = [jsString(p.name), jsString(p.form), jsString(flags(p)), String(p.maxSize ?? 0), jsString(rule ?? '')];
  if (p.values !== null) cells.push(`[${p.values.map(jsString).join(', ')}]`);
  else while (cells.length > 2 && (cells[cells.length - 1] === '""' || cells[cells.length - 1] === '0')) cells.pop();
  return `[${cells.join(', ')}]`;
}

/** `const <name>: RecordSpec = { ... };`: the table of one resource. */
export function renderSpec(plan: ResourcePlan, name: string, options: Pick<EmitOptions, 'unknownKeys'>, imports: RuntimeImports): Code[] {
  imports.common.add('LANGUAGE_IDS');
  const fields = plan.fields.map((f) => `${row(f, imports)},`);
  const body: Code[] = [
    `className: ${jsString(plan.className)},`,
    'languages: LANGUAGE_IDS,',
    `defaultLanguage: ${plan.defaultLanguage},`,
  ];
  const rulesLine = (): string => `rules: { ${[...imports.rules].sort(compareCodeUnits).join(', ')} },`;
  body.push('fields: [', fields, '],');
  if (plan.associations.length > 0) {
    const associations = plan.associations.map((a) => `[${jsString(a.name)}, [${a.fields.map((f) => row(f, imports)).join(', ')}]],`);
    body.push('associations: [', associations, '],');
  }
  if (plan.extensionsKey !== 'extensions') body.push(`extensions: ${jsString(plan.extensionsKey)},`);
  if (options.unknownKeys !== 'passthrough') body.push(`unknownKeys: ${jsString(options.unknownKeys)},`);
  // The rules are known once every row is printed.
  body.splice(3, 0, rulesLine());
  return [`const ${name}: RecordSpec = {`, body, '};'];
}
