/**
 * One resource → `types/<file>.ts`: the read type `<Type>`, and where the resource accepts writes
 * `<Type>Input` (POST/PUT) and `<Type>Patch` (PATCH).
 */
import { compareCodeUnits } from '../../model/index.js';
import type { AssociationPlan, FieldPlan, ResourcePlan, SharedImport } from '../../plan/index.js';
import { fileHeader, importTypes } from '../code.js';
import type { EmitContext } from '../context.js';
import { ASSOCIATIONS_KEY, jsdoc, jsString, propertyKey } from '../naming.js';

type SharedImports = Set<SharedImport>;

/** The three shapes a resource's types come in. */
type Shape = 'read' | 'input' | 'patch';

/** True when the types emitter writes a file for the resource (it has fields or associations). */
export function hasTypes(resource: Pick<ResourcePlan, 'described'>): boolean {
  return resource.described;
}

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

/** One property line with its JSDoc; `optional` adds `?`. */
function property(name: string, type: string, doc: readonly string[], optional: boolean, pad: string): string {
  return `${jsdoc(doc, pad)}${pad}${propertyKey(name)}${optional ? '?' : ''}: ${type};\n`;
}

/**
 * Members every object literal has through `Object.prototype`. TypeScript checks a literal's
 * inherited member against a write shape's property of the same name, so `{}` would not be a valid
 * `{ constructor?: string }`. In write shapes such fields also accept the inherited member's type.
 */
const OBJECT_MEMBERS = new Set([
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

function writeType(name: string, type: string): string {
  return OBJECT_MEMBERS.has(name) ? `${type} | Object[${jsString(name)}]` : type;
}

/** Whether a field appears in a shape, and whether it is optional there. */
function presence(field: FieldPlan, shape: Shape): 'absent' | 'required' | 'optional' {
  if (shape === 'read') return 'required';
  if (!field.writable) return 'absent';
  if (shape === 'patch') return 'optional';
  return field.required ? 'required' : 'optional';
}

class ResourceRenderer {
  readonly imports: SharedImports = new Set();

  constructor(private readonly plan: ResourcePlan) {}

  private use(field: FieldPlan): FieldPlan {
    for (const i of field.imports) this.imports.add(i);
    return field;
  }

  private idProperty(): string {
    const id = this.use(this.plan.id);
    const doc = [`Id of this \`${this.plan.name}\` item: always present when read, never part of a write body.`, ...id.doc];
    return property('id', id.readType, doc, false, '  ');
  }

  /** Properties sorted by name (store order matters to write bodies, not to types). */
  private fieldProperties(shape: Shape): string {
    let out = '';
    for (const f of [...this.plan.fields].sort(byName)) {
      const p = presence(f, shape);
      if (p === 'absent') continue;
      this.use(f);
      out += property(f.name, shape === 'read' ? f.readType : writeType(f.name, f.writeType), f.doc, p === 'optional', '  ');
    }
    return out;
  }

  /** The element type of one association list, e.g. `{ id: Id<"categories"> }`. */
  private associationItem(a: AssociationPlan, shape: Shape): string {
    let body = '';
    for (const f of [...a.fields].sort(byName)) {
      const p = presence(f, shape === 'patch' ? 'input' : shape);
      if (p === 'absent') continue;
      this.use(f);
      body += property(f.name, shape === 'read' ? f.readType : writeType(f.name, f.writeType), f.doc, p === 'optional', '      ');
    }
    return body.length === 0 ? 'Record<string, never>' : `{\n${body}    }`;
  }

  private associationsProperty(shape: Shape): string {
    const list = [...this.plan.associations].sort(byName);
    if (list.length === 0) return '';
    let body = '';
    for (const a of list) {
      const target = a.virtual || a.resource === null ? 'a virtual entity' : `\`${a.resource}\``;
      const doc = [`Association \`${a.name}\`: items \`${a.nodeName}\` of ${target}.`];
      if (shape !== 'read') doc.push('When sent, the list replaces the stored one.');
      body += property(a.name, `${this.associationItem(a, shape)}[]`, doc, shape !== 'read', '    ');
    }
    const doc =
      shape === 'read'
        ? ['Associations of the item; an empty association is an empty list.']
        : ['Associations to set; the ones left out are kept as they are.'];
    return property(ASSOCIATIONS_KEY, `{\n${body}  }`, doc, shape !== 'read', '  ');
  }

  private extensionsProperty(shape: Shape): string {
    this.imports.add('Extensions');
    const doc =
      shape === 'read'
        ? ['Fields the store sent that the snapshot does not describe (module fields), by wire name.']
        : ['Fields the snapshot does not describe (module fields) to send as they are, by wire name.'];
    return property(this.plan.extensionsKey, 'Extensions', doc, true, '  ');
  }

  private interfaceOf(shape: Shape): string {
    const r = this.plan;
    const where = `\`/api/${r.name}\``;
    const head =
      shape === 'read'
        ? [
            `One item of \`${r.name}\` as the client returns it${r.nodeName === null ? '' : ` (node \`${r.nodeName}\`)`}.`,
            ...(r.description === null ? [] : [`Store description: ${r.description}`]),
          ]
        : shape === 'input'
          ? [
              `Body of a ${[r.methods.includes('POST') ? 'POST' : '', r.methods.includes('PUT') ? 'PUT' : ''].filter((m) => m !== '').join(' or ')} to ${where}: required fields required, read-only fields absent.`,
              ...(r.methods.includes('PUT') ? ['PUT is a full replacement: the store resets the fields it omits.'] : []),
            ]
          : [`Body of a PATCH to ${where}: only the fields sent are changed.`];
    const name = shape === 'read' ? r.names.type : shape === 'input' ? r.names.input : r.names.patch;
    return (
      `${jsdoc(head)}export interface ${name} {\n` +
      (shape === 'read' ? this.idProperty() : '') +
      this.fieldProperties(shape) +
      this.associationsProperty(shape) +
      this.extensionsProperty(shape) +
      '}\n'
    );
  }

  render(ctx: EmitContext): string {
    const r = this.plan;
    const blocks = [this.interfaceOf('read')];
    if (r.hasInput) blocks.push(this.interfaceOf('input'));
    if (r.hasPatch) {
      blocks.push(
        r.hasInput
          ? `${jsdoc([`Body of a PATCH to \`/api/${r.name}\`: every field optional; only the fields sent are changed.`])}export type ${r.names.patch} = Partial<${r.names.input}>;\n`
          : this.interfaceOf('patch'),
      );
    }
    return `${fileHeader(ctx)}${importTypes(this.imports, '../common.js')}\n${blocks.join('\n')}`;
  }
}

/** The text of `types/<file>.ts`. */
export function renderResourceTypes(plan: ResourcePlan, ctx: EmitContext): string {
  return new ResourceRenderer(plan).render(ctx);
}
