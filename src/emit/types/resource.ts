/**
 * One resource → `types/<file>.ts`: the read type `<Type>`, and where the resource accepts writes
 * `<Type>Input` (POST/PUT) and `<Type>Patch` (PATCH).
 */
import { compareCodeUnits, fieldKind, type Association, type Field, type Resource } from '../../model/index.js';
import { fileHeader, importTypes } from '../code.js';
import type { Diagnostic, EmitContext } from '../context.js';
import { ASSOCIATIONS_KEY, extensionsKey, jsdoc, jsString, propertyKey, type ResourceNames } from '../naming.js';
import {
  fieldDiagnostics,
  fieldDocLines,
  fieldType,
  idType,
  type SharedImports,
  type TypeOptions,
} from './fields.js';

/** The three shapes a resource's types come in. */
type Shape = 'read' | 'input' | 'patch';

/** True when the types emitter writes a file for the resource (it has fields or associations). */
export function hasTypes(resource: Resource): boolean {
  return resource.fields.length > 0 || resource.associations.length > 0;
}

export function acceptsInput(resource: Resource): boolean {
  return resource.methods.includes('POST') || resource.methods.includes('PUT');
}

export function acceptsPatch(resource: Resource): boolean {
  return resource.methods.includes('PATCH');
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
function presence(field: Field, shape: Shape): 'absent' | 'required' | 'optional' {
  if (shape === 'read') return 'required';
  if (field.readOnly) return 'absent';
  if (shape === 'patch') return 'optional';
  return field.required ? 'required' : 'optional';
}

interface Rendered {
  readonly text: string;
  readonly diagnostics: Diagnostic[];
}

class ResourceRenderer {
  readonly imports: SharedImports = new Set();
  readonly diagnostics: Diagnostic[] = [];
  /** Fields typed at the top level: every field except `id` (always emitted first) and clashing names. */
  private readonly fields: Field[];
  private readonly idField: Field | null;
  private readonly extensions: string;

  constructor(
    private readonly resource: Resource,
    private readonly names: ResourceNames,
    private readonly options: TypeOptions,
  ) {
    const fields = [...resource.fields].sort(byName);
    this.idField = fields.find((f) => f.name === 'id') ?? null;
    this.fields = [];
    for (const f of fields) {
      if (f.name === 'id') continue;
      if (f.name === ASSOCIATIONS_KEY) {
        this.diagnostics.push({
          level: 'warning',
          code: 'field-name-clash',
          message: `${resource.name}.${f.name}: a field cannot be named "${ASSOCIATIONS_KEY}" (the key of an item's associations); left out of the types`,
          resource: resource.name,
          field: f.name,
        });
        continue;
      }
      this.fields.push(f);
    }
    this.extensions = extensionsKey(resource.fields.map((f) => f.name));
    for (const f of fields) {
      this.diagnostics.push(...fieldDiagnostics(f, { resource: resource.name, field: f.name }));
    }
    for (const a of [...resource.associations].sort(byName)) {
      for (const f of a.fields) {
        this.diagnostics.push(
          ...fieldDiagnostics(f, { resource: resource.name, field: `${ASSOCIATIONS_KEY}.${a.name}.${f.name}` }),
        );
      }
    }
  }

  private idProperty(): string {
    const doc = [
      `Id of this \`${this.resource.name}\` item: always present when read, never part of a write body.`,
      ...(this.idField === null ? [] : fieldDocLines({ ...this.idField, required: false, readOnly: false })),
    ];
    return property('id', idType(this.resource.name, this.options, this.imports), doc, false, '  ');
  }

  private fieldProperties(shape: Shape): string {
    let out = '';
    for (const f of this.fields) {
      const p = presence(f, shape);
      if (p === 'absent') continue;
      const type = fieldType(f, this.options, this.imports);
      out += property(f.name, shape === 'read' ? type : writeType(f.name, type), fieldDocLines(f), p === 'optional', '  ');
    }
    return out;
  }

  /** The element type of one association list, e.g. `{ id: Id<"categories"> }`. */
  private associationItem(a: Association, shape: Shape): string {
    let body = '';
    for (const f of [...a.fields].sort(byName)) {
      const p = presence(f, shape === 'patch' ? 'input' : shape);
      if (p === 'absent') continue;
      // An association item's `id` is an id of its target resource unless the store says otherwise.
      const field: Field =
        f.name === 'id' && f.references === null && !a.virtual && a.resource !== null && fieldKind(f) === 'id'
          ? { ...f, references: a.resource }
          : f;
      const type = fieldType(field, this.options, this.imports);
      body += property(f.name, shape === 'read' ? type : writeType(f.name, type), fieldDocLines(field), p === 'optional', '      ');
    }
    return body.length === 0 ? 'Record<string, never>' : `{\n${body}    }`;
  }

  private associationsProperty(shape: Shape): string {
    const list = [...this.resource.associations].sort(byName);
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
    return property(this.extensions, 'Extensions', doc, true, '  ');
  }

  private interfaceOf(shape: Shape): string {
    const r = this.resource;
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
    const name = shape === 'read' ? this.names.type : shape === 'input' ? this.names.input : this.names.patch;
    return (
      `${jsdoc(head)}export interface ${name} {\n` +
      (shape === 'read' ? this.idProperty() : '') +
      this.fieldProperties(shape) +
      this.associationsProperty(shape) +
      this.extensionsProperty(shape) +
      '}\n'
    );
  }

  render(ctx: EmitContext): Rendered {
    const r = this.resource;
    const blocks = [this.interfaceOf('read')];
    if (acceptsInput(r)) blocks.push(this.interfaceOf('input'));
    if (acceptsPatch(r)) {
      blocks.push(
        acceptsInput(r)
          ? `${jsdoc([`Body of a PATCH to \`/api/${r.name}\`: every field optional; only the fields sent are changed.`])}export type ${this.names.patch} = Partial<${this.names.input}>;\n`
          : this.interfaceOf('patch'),
      );
    }
    const text = `${fileHeader(ctx)}${importTypes(this.imports, '../common.js')}\n${blocks.join('\n')}`;
    return { text, diagnostics: this.diagnostics };
  }
}

/** The text of `types/<file>.ts` and the warnings found on the way. */
export function renderResourceTypes(
  resource: Resource,
  names: ResourceNames,
  options: TypeOptions,
  ctx: EmitContext,
): { text: string; diagnostics: Diagnostic[] } {
  return new ResourceRenderer(resource, names, options).render(ctx);
}
