/**
 * The layout step: the constructs the emitters print that can span several lines (import and
 * export lists, object and array literals, object types, unions, type arguments, calls), built as
 * prettier documents and printed with prettier's own document printer at the line width of the
 * user's settings. Each builder gives the document prettier's TypeScript printer builds for the same
 * code, so the text comes out exactly as prettier would format it and prettier itself can be
 * skipped (test/emit/layout.test.ts formats every golden and checks that prettier changes nothing).
 *
 * Only the document printer of prettier is loaded here (`prettier/doc`, no parser): it is small.
 */
import { builders, printer, utils } from 'prettier/doc';

export type Doc = builders.Doc;

const { breakParent, conditionalGroup, group, indent, indentIfBreak, line, softline, ifBreak, join, fill } = builders;

/** The prettier options the layout step prints for (the others keep their defaults; see `layoutOf`). */
export interface Layout {
  readonly printWidth: number;
  /** Trailing commas where prettier puts them: `all` (default), `es5` (not in call arguments), or `none`. */
  readonly trailingComma: 'all' | 'es5' | 'none';
  /** Spaces inside `{ }` of object literals, object types and import lists. */
  readonly bracketSpacing: boolean;
}

/** prettier's defaults. */
export const DEFAULT_LAYOUT: Layout = { printWidth: 80, trailingComma: 'all', bracketSpacing: true };

/** The indentation of one level: the emitters indent by two spaces (prettier's default `tabWidth`). */
export const INDENT = '  ';

/**
 * The text of `doc` as a statement (or member) at indentation `level`: the first line starts with
 * the indentation, the text has no final newline.
 */
export function layoutAt(doc: Doc, level: number, layout: Layout): string {
  if (typeof doc === 'string') return `${INDENT.repeat(level)}${doc}`;
  let nested: Doc = doc;
  for (let i = 0; i < level; i++) nested = indent(nested);
  return printer.printDocToString([INDENT.repeat(level), nested], {
    printWidth: layout.printWidth,
    tabWidth: INDENT.length,
    useTabs: false,
  } as Parameters<typeof printer.printDocToString>[1]).formatted;
}

const trailing = (layout: Layout, where: 'literal' | 'call'): Doc =>
  layout.trailingComma === 'all' || (layout.trailingComma === 'es5' && where === 'literal') ? ifBreak(',') : '';

/** `{ a, b }` (or `{ a; b }`): one item per line when broken, `last` after the last one. */
function braces(items: readonly Doc[], separator: string, last: Doc, layout: Layout, forceBreak = false): Doc {
  if (items.length === 0) return '{}';
  const gap = layout.bracketSpacing ? line : softline;
  return group(['{', indent([gap, join([separator, line], [...items])]), last, gap, '}'], { shouldBreak: forceBreak });
}

/** `{ a, b }` of an import or export list: never broken with a single name. */
function specifiers(names: readonly string[], layout: Layout): Doc {
  const space = layout.bracketSpacing ? ' ' : '';
  if (names.length === 1) return `{${space}${names[0]}${space}}`;
  return braces(names, ',', trailing(layout, 'literal'), layout);
}

/** `import { a, b } from "spec";` (`head` is `import`, `import type`, `export` or `export type`). */
export function moduleList(head: string, names: readonly string[], from: string, layout: Layout): Doc {
  return [head, ' ', specifiers(names, layout), ` from ${from};`];
}

/**
 * An object literal. `forceBreak`: one property per line whatever the width (prettier keeps an
 * object broken when its source starts a new line after `{`).
 */
export function objectLiteral(properties: readonly Doc[], layout: Layout, forceBreak = false): Doc {
  return braces(properties, ',', trailing(layout, 'literal'), layout, forceBreak);
}

/** An element of an array literal, with what prettier looks at to decide the layout. */
export interface ArrayElement {
  readonly doc: Doc;
  /** `object` or `array` literal, and how many properties or elements it has. */
  readonly shape?: { readonly kind: 'object' | 'array'; readonly size: number };
}

/**
 * An array literal. prettier breaks an array of two or more objects (or arrays) of more than one
 * member each, one per line, whatever the width; an array of numbers fills its lines.
 */
export function arrayLiteral(
  elements: readonly ArrayElement[],
  layout: Layout,
  numbers = false,
  level: number | null = null,
): Doc {
  if (elements.length === 0) return '[]';
  const first = elements[0]!.shape;
  const matrix =
    elements.length > 1 &&
    first !== undefined &&
    elements.every((e) => e.shape !== undefined && e.shape.kind === first.kind && e.shape.size > 1);
  // Broken one per line at a known level: an element that fits there is printed flat, as text (the
  // printer has less to measure; prettier prints the same).
  const room = matrix && level !== null ? layout.printWidth - (level + 1) * INDENT.length - 1 : -1;
  const docs = elements.map((e) => {
    if (room < 0) return e.doc;
    const text = flatText(e.doc);
    return text !== null && text.length <= room ? text : e.doc;
  });
  const body = numbers ? fill(docs.flatMap((d, i) => (i === 0 ? [d] : [[',', line], d]))) : join([',', line], docs);
  return group(['[', indent([softline, body]), trailing(layout, 'literal'), softline, ']'], { shouldBreak: matrix });
}

/**
 * The one-line text of `doc` (every group flat), or null when it cannot be on one line (a hard
 * line, a group that must break). Only for documents of this module: no line suffixes, no fill.
 */
function flatText(doc: Doc): string | null {
  if (typeof doc === 'string') return doc;
  if (Array.isArray(doc)) {
    let out = '';
    for (const part of doc as Doc[]) {
      const text = flatText(part);
      if (text === null) return null;
      out += text;
    }
    return out;
  }
  const d = doc as {
    type: string;
    contents?: Doc;
    break?: boolean | string;
    hard?: boolean;
    soft?: boolean;
    flatContents?: Doc;
    parts?: Doc[];
  };
  switch (d.type) {
    case 'group':
      return d.break ? null : flatText(d.contents!);
    case 'indent':
    case 'align':
    case 'indent-if-break':
      return flatText(d.contents!);
    case 'line':
      return d.hard ? null : d.soft ? '' : ' ';
    case 'if-break':
      return d.flatContents === undefined ? '' : flatText(d.flatContents);
    case 'fill':
      return flatText(d.parts!);
    default:
      return null;
  }
}

/** `{ a: A; b: B }` as an object type. `forceBreak` as in `objectLiteral`. */
export function objectType(members: readonly Doc[], layout: Layout, forceBreak = false): Doc {
  return braces(members, ';', ifBreak(';'), layout, forceBreak);
}

/**
 * A union type `A | B`: broken, one member per line, each after `| `. Where it follows `=` or `:`
 * (a type alias, a property), use `afterOperator`.
 */
export function union(members: readonly Doc[]): Doc {
  if (members.length === 1) return members[0]!;
  return group([ifBreak('| '), join([line, '| '], [...members])]);
}

/**
 * A union, or any type, after the `=` of a type alias or the `:` of a property: on the same line
 * when it fits, else on the next line (indented), and broken there only when it does not fit
 * either.
 */
export function afterOperator(head: Doc, type: Doc, tail: string): Doc {
  return group([head, group(indent([line, type])), tail]);
}

/**
 * `head value` after `=` (a variable or a type alias): the value stays on the line when it starts
 * with something that can break (`{`, `[`, `(`, `<`), and moves to the next line when even its
 * first line does not fit.
 */
export function assignment(head: Doc, value: Doc, tail: string): Doc {
  const id = Symbol('assignment');
  return group([head, group(indent(line), { id }), indentIfBreak(value, { groupId: id }), tail]);
}

/**
 * Type arguments `<A, B>`: broken one per line when they do not fit. A single argument that cannot
 * break (a name, a literal) is printed as is.
 */
export function typeArguments(args: readonly Doc[], breakable: boolean): Doc {
  if (!breakable) return ['<', join(', ', [...args]), '>'];
  return group(['<', indent([softline, join([',', line], [...args])]), softline, '>']);
}

/**
 * Call arguments `(a, b)`: broken one per line when they do not fit. With `hugLast` (the last
 * argument is an object literal) the object breaks first and the other arguments stay on the line,
 * as prettier does.
 */
export function callArguments(args: readonly Doc[], layout: Layout, hugLast = false): Doc {
  if (args.length === 0) return '()';
  // One argument per line; with `hugLast`, the last resort of the conditional group below.
  const broken = group(
    ['(', indent([softline, join([',', line], [...args])]), trailing(layout, 'call'), softline, ')'],
    {
      shouldBreak: hugLast,
    },
  );
  if (!hugLast) return broken;
  const head = args.slice(0, -1);
  const last = args[args.length - 1]!;
  // An argument that must break breaks what holds the call too (a conditional group does not pass it on).
  return [
    args.some((a) => utils.willBreak(a)) ? breakParent : '',
    conditionalGroup([
      ['(', join(', ', [...head, last]), ')'],
      ['(', join(', ', [...head, group(last, { shouldBreak: true })]), ')'],
      broken,
    ]),
  ];
}

/**
 * What a property's value is, for prettier's choice of layout when `key: value` does not fit:
 * `string` (a string literal, or a call with no argument or one short one, which prettier would
 * rather move than break), `literal` (a number, boolean or name), `group` (anything that breaks
 * inside: an object, an array, a call with arguments).
 */
export type ValueKind = 'string' | 'literal' | 'group';

/**
 * `key: value` of an object literal. A string value moves to the next line when it does not fit
 * (unless the key is shorter than 5 characters); a number or boolean stays; an object, array or
 * call breaks inside itself.
 */
export function property(key: string, value: Doc, kind: ValueKind): Doc {
  if (kind === 'literal' || (kind === 'string' && key.length < INDENT.length + 3)) return [key, ': ', value];
  return kind === 'string' ? afterOperator(`${key}:`, value, '') : assignment(`${key}:`, value, '');
}

/** `head(params)tail`, e.g. a function's signature: the parameters break one per line when it does not fit. */
export function functionHead(head: string, params: readonly string[], tail: string, layout: Layout): Doc {
  return group([head, callArguments(params, layout), tail]);
}

/**
 * `head extends A, B tail` with two or more heritage types: when it does not fit, `extends` goes on
 * its own line and the types one per line under it.
 */
export function heritage(head: string, types: readonly Doc[], tail: string): Doc {
  return [group([head, indent([line, 'extends', indent([line, join([',', line], [...types])])])]), tail];
}

/**
 * `head callee(arg);` (`head` ends with `=`) as prettier prints an assignment of a one-argument
 * call: after `=` first when `arg` is a lone short argument (a name of at most a quarter of the
 * width: "break-after-operator"), else the call's own arguments may break first ("fluid").
 */
export function callAssignment(head: string, callee: string, arg: string, layout: Layout): Doc {
  const call: Doc = [callee, callArguments([arg], layout)];
  return arg.length <= layout.printWidth * 0.25 ? afterOperator(head, call, ';') : assignment(head, call, ';');
}
