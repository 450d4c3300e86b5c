/**
 * TypeScript types as the layout step prints them. The plan and the emitters give every type as a
 * `TypeNode` (plan/type-node.ts): this module prints a node as one-line text (`typeText`) and builds
 * the document prettier would print for it (unions, type arguments, object types, arrays, indexed
 * access). Nothing is parsed: the node already has its parts.
 */
import type { TypeNode } from '../plan/index.js';
import { jsString } from '../naming/index.js';
import { builders } from 'prettier/doc';
import {
  afterOperator,
  assignment,
  layoutAt,
  objectType,
  typeArguments,
  union,
  type Doc,
  type Layout,
} from './layout.js';

const { group, indent, softline } = builders;

/** A node's document, with what prettier looks at to choose a layout. */
interface Laid {
  readonly doc: Doc;
  /** `reference`: a name, with or without arguments; `other`: an array or indexed access. */
  readonly kind: 'union' | 'object' | 'reference' | 'keyword' | 'null' | 'literal' | 'other';
  /** A union prettier prints on one line whatever the width (an object-like type with `null`). */
  readonly hug?: boolean;
}

function literalText(value: string | number): string {
  return typeof value === 'number' ? String(value) : jsString(value);
}

/** A union needs parentheses as an array's element or an indexed object. */
function operand(node: TypeNode): string {
  return node.kind === 'union' ? `(${typeText(node)})` : typeText(node);
}

/** The type on one line, as prettier prints it when it fits (`{ id: Id<"images"> }[]`). */
export function typeText(node: TypeNode): string {
  switch (node.kind) {
    case 'keyword':
      return node.name;
    case 'literal':
      return literalText(node.value);
    case 'ref':
      return node.args.length === 0 ? node.name : `${node.name}<${node.args.map(typeText).join(', ')}>`;
    case 'union':
      return node.members.map(typeText).join(' | ');
    case 'array':
      return `${operand(node.element)}[]`;
    case 'object':
      return node.members.length === 0
        ? '{}'
        : `{ ${node.members.map((m) => `${m.key}${m.optional ? '?' : ''}: ${typeText(m.type)}`).join('; ')} }`;
    case 'index':
      return `${operand(node.object)}[${jsString(node.key)}]`;
  }
}

/**
 * The object of `[]` or `[…]`: a union goes in parentheses, on their own lines when it does not fit
 * (prettier's `(\n  A | B\n)[]`).
 */
function wrapped(node: TypeNode, layout: Layout): Doc {
  const laid = lay(node, layout);
  return node.kind === 'union' ? ['(', group([indent([softline, laid.doc]), softline]), ')'] : laid.doc;
}

function lay(node: TypeNode, layout: Layout): Laid {
  switch (node.kind) {
    case 'keyword':
      return { doc: node.name, kind: node.name === 'null' ? 'null' : 'keyword' };
    case 'literal':
      return { doc: literalText(node.value), kind: 'literal' };
    case 'ref': {
      if (node.args.length === 0) return { doc: node.name, kind: 'reference' };
      const args = node.args.map((a) => lay(a, layout));
      // A lone name, keyword or literal argument never breaks (`Id<"products">`, `Multilang<string>`).
      const simple = args.length === 1 && args[0]!.kind !== 'union' && args[0]!.kind !== 'object';
      return {
        doc: [
          node.name,
          typeArguments(
            args.map((a) => a.doc),
            !simple,
          ),
        ],
        kind: 'reference',
      };
    }
    case 'union': {
      const members = node.members.map((m) => lay(m, layout));
      const objects = members.filter((m) => m.kind === 'object' || m.kind === 'reference');
      const hug = objects.length === 1 && members.every((m) => m === objects[0] || m.kind === 'null');
      if (hug)
        return { doc: members.flatMap((m, i) => (i === 0 ? [m.doc] : [' | ', m.doc])), kind: 'union', hug: true };
      return { doc: union(members.map((m) => m.doc)), kind: 'union' };
    }
    case 'array':
      return { doc: [wrapped(node.element, layout), '[]'], kind: 'other' };
    case 'object':
      return {
        doc: objectType(
          node.members.map((m) => annotated(`${m.key}${m.optional ? '?' : ''}`, lay(m.type, layout), '')),
          layout,
        ),
        kind: 'object',
      };
    case 'index':
      return { doc: [wrapped(node.object, layout), '[', jsString(node.key), ']'], kind: 'other' };
  }
}

/** `key: type` (with `tail`, e.g. `;`): a union that does not fit moves after the colon, then breaks. */
function annotated(key: string, type: Laid, tail: string): Doc {
  if (type.kind === 'union' && type.hug !== true) return afterOperator(`${key}:`, type.doc, tail);
  return [key, ': ', type.doc, tail];
}

/** The document of a type. */
export function typeDoc(node: TypeNode, layout: Layout): Doc {
  return lay(node, layout).doc;
}

/**
 * The line of a property signature `key?: type;` of an interface or object type at indentation
 * `level`, with its newline. A line that fits is the type's one-line text (most lines: the
 * document is built and laid out only when it is too long).
 */
export function propertyLine(key: string, node: TypeNode, level: number, layout: Layout): string {
  const text = typeText(node);
  const doc = fitsFlat(level, key.length + 2 + text.length + 1, text, layout)
    ? `${key}: ${text};`
    : annotated(key, lay(node, layout), ';');
  return `${layoutAt(doc, level, layout)}\n`;
}

/** Whether a one-line text of `width` characters fits at `level`, with no line break in it. */
function fitsFlat(level: number, width: number, text: string, layout: Layout): boolean {
  return (
    level * 2 + width <= layout.printWidth && !text.includes('\n') && (layout.bracketSpacing || !text.includes('{'))
  );
}

/** `type Name = type;` (with `export ` or other modifiers in `head`). */
export function typeAlias(head: string, node: TypeNode, layout: Layout): Doc {
  const type = lay(node, layout);
  if ((type.kind === 'union' && type.hug !== true) || type.kind === 'literal')
    return afterOperator(`${head} =`, type.doc, ';');
  return assignment(`${head} =`, type.doc, ';');
}
