/**
 * TypeScript types as data. The plan carries each field's read and write type as a `TypeNode`, and
 * the emitters build the other types they print (association items, client types) from the same
 * nodes; only the emit step turns a node into text or a layout document (emit/layout-types.ts). So
 * no step ever reads TypeScript text back.
 *
 * The union holds what the generated types use: keywords (`string`, `null`), literals (`"new"`,
 * `1`), references with type arguments (`Id<"products">`, `Multilang<string>`, `Product`), unions,
 * arrays, object types, and indexed access (`Object["constructor"]`).
 */

/** A keyword type. `null` is one too. */
export type TypeKeyword = 'string' | 'number' | 'boolean' | 'null' | 'never' | 'unknown';

export type TypeNode =
  | { readonly kind: 'keyword'; readonly name: TypeKeyword }
  /** A string literal (printed quoted) or a number literal. */
  | { readonly kind: 'literal'; readonly value: string | number }
  /** A type name, with its type arguments (none: a bare name such as `PsDate` or `Product`). */
  | { readonly kind: 'ref'; readonly name: string; readonly args: readonly TypeNode[] }
  /** Two or more members, none of them a union. */
  | { readonly kind: 'union'; readonly members: readonly TypeNode[] }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'object'; readonly members: readonly TypeMember[] }
  /** `object[key]` with a string key. */
  | { readonly kind: 'index'; readonly object: TypeNode; readonly key: string };

/** A property of an object type. `key` is the key as written (already quoted where it must be). */
export interface TypeMember {
  readonly key: string;
  readonly optional: boolean;
  readonly type: TypeNode;
}

export const keyword = (name: TypeKeyword): TypeNode => ({ kind: 'keyword', name });

export const literal = (value: string | number): TypeNode => ({ kind: 'literal', value });

export const ref = (name: string, ...args: TypeNode[]): TypeNode => ({ kind: 'ref', name, args });

export const arrayOf = (element: TypeNode): TypeNode => ({ kind: 'array', element });

export const objectOf = (members: readonly TypeMember[]): TypeNode => ({ kind: 'object', members });

export const indexedAccess = (object: TypeNode, key: string): TypeNode => ({ kind: 'index', object, key });

/**
 * The union of `members`, flattened (`A | B` with `C` is `A | B | C`, as TypeScript reads the text);
 * a single member is itself, and no member is `never`.
 */
export function unionOf(...members: TypeNode[]): TypeNode {
  const flat = members.flatMap((m) => (m.kind === 'union' ? m.members : [m]));
  if (flat.length === 0) return keyword('never');
  return flat.length === 1 ? flat[0]! : { kind: 'union', members: flat };
}

/** Whether `node` uses the type named `name` anywhere (`Id` in `Multilang<Id<"x">> | null`). */
export function mentions(node: TypeNode, name: string): boolean {
  switch (node.kind) {
    case 'keyword':
    case 'literal':
      return false;
    case 'ref':
      return node.name === name || node.args.some((a) => mentions(a, name));
    case 'union':
      return node.members.some((m) => mentions(m, name));
    case 'array':
      return mentions(node.element, name);
    case 'object':
      return node.members.some((m) => mentions(m.type, name));
    case 'index':
      return mentions(node.object, name);
  }
}
