/**
 * Standalone validators: `validators/<file>.ts` describes the checks of a resource as a table
 * (`RecordSpec`, one row per field) that `../runtime/check.js` runs. No dependency at run time.
 * The rules a table names are imported from `../runtime/rules.js`, so a bundle keeps only those.
 *
 * A row is `[wire name, form, flags, max length, rule, allowed values]`, trailing defaults left out;
 * flags: `r` required, `l` multilingual, `o` read-only, `c` rule not checked on create, `p` required
 * on create only, `n` null allowed (the store keeps NULL).
 */
import type { EmitOptions } from '../../context.js';
import { compareCodeUnits } from '../../../model/index.js';
import type { FieldCheck, ResourceChecks } from '../../../plan/index.js';
import { statement } from '../../code.js';
import {
  arrayLiteral,
  assignment,
  objectLiteral,
  property,
  type ArrayElement,
  type Doc,
  type Layout,
} from '../../layout.js';
import { jsdoc, jsString } from '../../../naming/index.js';
import type { FlavourInput, ValidatorFlavour } from '../flavour.js';
import { entryPoints, imports, newImports, type RuntimeImports } from '../shared.js';

function flags(p: FieldCheck): string {
  const onCreate = p.readOnly ? '' : `${p.skipRuleOnCreate ? 'c' : ''}${p.requiredOnCreate ? 'p' : ''}`;
  return `${p.required ? 'r' : ''}${p.multilingual ? 'l' : ''}${p.readOnly ? 'o' : ''}${onCreate}${p.nullable ? 'n' : ''}`;
}

/** The row of one field, with trailing defaults left out. */
function row(p: FieldCheck, imports: RuntimeImports, layout: Layout): ArrayElement {
  const cells: ArrayElement[] = [];
  const cell = (doc: Doc, shape?: ArrayElement['shape']): number =>
    cells.push(shape === undefined ? { doc } : { doc, shape });
  cell(jsString(p.name));
  cell(jsString(p.form));
  if (p.readOnly) cell('"o"');
  else {
    const rule = p.rule;
    if (rule !== null) imports.rules.add(rule);
    const rest = [jsString(flags(p)), String(p.maxSize ?? 0), jsString(rule ?? '')];
    if (p.values === null)
      while (rest.length > 0 && (rest[rest.length - 1] === '""' || rest[rest.length - 1] === '0')) rest.pop();
    for (const c of rest) cell(c);
    if (p.values !== null)
      cell(
        arrayLiteral(
          p.values.map((v) => ({ doc: jsString(v) })),
          layout,
        ),
        { kind: 'array', size: p.values.length },
      );
  }
  return { doc: arrayLiteral(cells, layout), shape: { kind: 'array', size: cells.length } };
}

/** `const <name>: RecordSpec = { ... };`: the table of one resource. */
function renderSpec(
  plan: ResourceChecks,
  name: string,
  options: Pick<EmitOptions, 'unknownKeys'>,
  imports: RuntimeImports,
  layout: Layout,
): string {
  imports.common.add('LANGUAGE_IDS');
  const fields = arrayLiteral(
    plan.fields.map((f) => row(f, imports, layout)),
    layout,
    false,
    1,
  );
  const associations = plan.associations.map((a): ArrayElement => {
    const rows = arrayLiteral(
      a.fields.map((f) => row(f, imports, layout)),
      layout,
      false,
      3,
    );
    return {
      doc: arrayLiteral(
        [{ doc: jsString(a.name) }, { doc: rows, shape: { kind: 'array', size: a.fields.length } }],
        layout,
      ),
      shape: { kind: 'array', size: 2 },
    };
  });
  // The rules are known once every row is printed.
  const rules = [...imports.rules].sort(compareCodeUnits);
  const body: Doc[] = [
    property('className', jsString(plan.className), 'string'),
    property('languages', 'LANGUAGE_IDS', 'literal'),
    property('defaultLanguage', String(plan.defaultLanguage), 'literal'),
    property('rules', objectLiteral(rules, layout), 'group'),
    property('fields', fields, 'group'),
  ];
  if (associations.length > 0)
    body.push(property('associations', arrayLiteral(associations, layout, false, 1), 'group'));
  if (plan.extensionsKey !== 'extensions') body.push(property('extensions', jsString(plan.extensionsKey), 'string'));
  if (options.unknownKeys !== 'passthrough')
    body.push(property('unknownKeys', jsString(options.unknownKeys), 'string'));
  return statement(assignment(`const ${name}: RecordSpec =`, objectLiteral(body, layout, true), ';'), 0, layout);
}

function render({ resource, unknownKeys, layout }: FlavourInput): string {
  const runtime = newImports();
  runtime.check.add('checkRecord');
  runtime.check.add('RecordSpec');
  runtime.validation.add('ValidationResult');
  const spec = renderSpec(resource.checks, 'SPEC', { unknownKeys }, runtime, layout);
  const doc = jsdoc([`The checks of a \`${resource.name}\` body, one row per field (columns: see runtime/check.ts).`]);
  const call = (type: string, patch: string, create: string): [string, string[]] => [
    `checkRecord<${type}>`,
    ['SPEC', 'value', patch, create],
  ];
  return `${imports(runtime, resource, layout)}\n${doc}${spec}${entryPoints(resource, layout, call)}`;
}

export const standalone: ValidatorFlavour = {
  summary: 'a dependency-free table of checks per resource, run by runtime/check.ts (default)',
  packages: [],
  templates: null,
  render,
};
