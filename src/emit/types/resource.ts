/**
 * One resource → `types/<file>.ts`: the read type `<Type>`, and where the resource accepts writes
 * `<Type>Input` (POST/PUT) and `<Type>Patch` (PATCH).
 */
import {
  arrayOf,
  indexedAccess,
  keyword,
  mentions,
  objectOf,
  ref,
  unionOf,
  type AssociationPlan,
  type FieldPlan,
  type ResourcePlan,
  type SharedImport,
  type TypeMember,
  type TypeNode,
} from '../../plan/index.js';
import { fileHeader, importTypes, statement } from '../code.js';
import type { EmitContext } from '../context.js';
import { INDENT, type Layout } from '../layout.js';
import { propertyLine, typeAlias } from '../layout-types.js';
import { ASSOCIATIONS_KEY, jsdoc, propertyKey } from '../../naming/index.js';

type SharedImports = Set<SharedImport>;

/** The three shapes a resource's types come in. */
type Shape = 'read' | 'input' | 'patch';

/** True when the types emitter writes a file for the resource (it has fields or associations). */
export function hasTypes(resource: Pick<ResourcePlan, 'described'>): boolean {
  return resource.described;
}

/** One property line with its JSDoc, at indentation `level`; `optional` adds `?`. */
function property(
  name: string,
  type: TypeNode,
  doc: readonly string[],
  optional: boolean,
  level: number,
  layout: Layout,
): string {
  const key = `${propertyKey(name)}${optional ? '?' : ''}`;
  return `${jsdoc(doc, INDENT.repeat(level))}${propertyLine(key, type, level, layout)}`;
}

/** A property whose type is an object type written over several lines (`{\n…}` or `{\n…}[]`). */
function blockProperty(
  name: string,
  body: string,
  suffix: string,
  doc: readonly string[],
  optional: boolean,
  level: number,
): string {
  const pad = INDENT.repeat(level);
  return `${jsdoc(doc, pad)}${pad}${propertyKey(name)}${optional ? '?' : ''}: {\n${body}${pad}}${suffix};\n`;
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

function writeType(name: string, type: TypeNode): TypeNode {
  // `globalThis.Object`: never a generated type of the same name, and not the wrapper type
  // typescript-eslint's `no-wrapper-object-types` refuses.
  return OBJECT_MEMBERS.has(name) ? unionOf(type, indexedAccess(ref('globalThis.Object'), name)) : type;
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

  constructor(
    private readonly plan: ResourcePlan,
    private readonly layout: Layout,
  ) {}

  private use(field: FieldPlan): FieldPlan {
    for (const i of field.imports) this.imports.add(i);
    return field;
  }

  private idProperty(): string {
    const id = this.use(this.plan.id);
    const doc = [
      `Id of this \`${this.plan.name}\` item: always present when read, never part of a write body.`,
      ...id.doc,
    ];
    return property('id', id.readType, doc, false, 1, this.layout);
  }

  /** Properties by name (the plan's order for types). */
  private fieldProperties(shape: Shape): string {
    let out = '';
    for (const f of this.plan.fieldsByName) {
      const p = presence(f, shape);
      if (p === 'absent') continue;
      this.use(f);
      out += property(
        f.name,
        shape === 'read' ? f.readType : writeType(f.name, f.writeType),
        f.doc,
        p === 'optional',
        1,
        this.layout,
      );
    }
    return out;
  }

  /**
   * The element type of one association list: `{ id: Id<"categories"> }` on one line when no field
   * has a comment (`inline`), else the lines of its properties (`body`).
   */
  private associationItem(a: AssociationPlan, shape: Shape): { inline: TypeNode } | { body: string } {
    let body = '';
    const inline: TypeMember[] = [];
    let documented = false;
    for (const f of a.fieldsByName) {
      const p = presence(f, shape === 'patch' ? 'input' : shape);
      if (p === 'absent') continue;
      this.use(f);
      const type = shape === 'read' ? f.readType : writeType(f.name, f.writeType);
      body += property(f.name, type, f.doc, p === 'optional', 3, this.layout);
      inline.push({ key: propertyKey(f.name), optional: p === 'optional', type });
      if (f.doc.length > 0) documented = true;
    }
    if (inline.length === 0) return { inline: ref('Record', keyword('string'), keyword('never')) };
    return documented ? { body } : { inline: objectOf(inline) };
  }

  private associationsProperty(shape: Shape): string {
    const list = this.plan.associationsByName;
    if (list.length === 0) return '';
    let body = '';
    for (const a of list) {
      const target = a.virtual || a.resource === null ? 'a virtual entity' : `\`${a.resource}\``;
      // A branded id type names the target already; a virtual entity is said once, on the read shape.
      const named = a.fields.some((f) => mentions(f.readType, 'Id'));
      const doc =
        shape === 'read' && (target === 'a virtual entity' || !named) ? [`Items \`${a.nodeName}\` of ${target}.`] : [];
      const item = this.associationItem(a, shape);
      body +=
        'inline' in item
          ? property(a.name, arrayOf(item.inline), doc, shape !== 'read', 2, this.layout)
          : blockProperty(a.name, item.body, '[]', doc, shape !== 'read', 2);
    }
    const doc =
      shape === 'read'
        ? ['Associations of the item; an empty association is an empty list.']
        : ['Associations to set: a list sent replaces the stored one; the ones left out are kept as they are.'];
    return blockProperty(ASSOCIATIONS_KEY, body, '', doc, shape !== 'read', 1);
  }

  private extensionsProperty(): string {
    this.imports.add('Extensions');
    // The `Extensions` type says what they are (common.ts).
    return property(this.plan.extensionsKey, ref('Extensions'), [], true, 1, this.layout);
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
              ...(r.methods.includes('PUT')
                ? ['PUT is a full replacement: the store resets the fields it omits.']
                : []),
            ]
          : [`Body of a PATCH to ${where}: only the fields sent are changed.`];
    const name = shape === 'read' ? r.names.type : shape === 'input' ? r.names.input : r.names.patch;
    return (
      `${jsdoc(head)}export interface ${name} {\n` +
      (shape === 'read' ? this.idProperty() : '') +
      this.fieldProperties(shape) +
      this.associationsProperty(shape) +
      this.extensionsProperty() +
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
          ? `${jsdoc([`Body of a PATCH to \`/api/${r.name}\`: every field optional; only the fields sent are changed.`])}${statement(typeAlias(`export type ${r.names.patch}`, ref('Partial', ref(r.names.input)), this.layout), 0, this.layout)}`
          : this.interfaceOf('patch'),
      );
    }
    return `${fileHeader(ctx)}${importTypes(this.imports, '../common.js', this.layout)}\n${blocks.join('\n')}`;
  }
}

/** The text of `types/<file>.ts`. */
export function renderResourceTypes(plan: ResourcePlan, ctx: EmitContext): string {
  return new ResourceRenderer(plan, ctx.layout).render(ctx);
}
