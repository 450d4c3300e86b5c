/**
 * The layout step for call expressions and method chains (the zod validators: `z.string()
 * .superRefine((v, ctx) => wireCheck(…)).optional()`), as prettier lays them out:
 * - a chain of at most two parts (`z.string()`) stays on one line;
 * - a longer one breaks before each `.call` when it does not fit, and always when it makes more
 *   than two calls and one of them takes a function (or when a part other than the last breaks);
 * - a last argument that is an object, an array or a function is "hugged": it breaks first, and the
 *   arguments before it stay on the line;
 * - an arrow function's body moves to the next line when it does not fit after `=>`.
 * test/emit/layout.test.ts checks the zod output of every golden against prettier.
 */
import { builders, utils } from 'prettier/doc';
import { callArguments, type Doc, type Layout } from './layout.js';

const { breakParent, conditionalGroup, group, hardline, indent, join } = builders;

/** An argument of a call, with what prettier looks at. */
export interface Arg {
  readonly doc: Doc;
  /** `object`, `array` or `arrow` can be hugged as the last argument. */
  readonly kind: 'object' | 'array' | 'arrow' | 'other';
  /** Not simple: a function with an expression body (prettier then breaks a long chain). */
  readonly simple: boolean;
}

export const plain = (doc: Doc): Arg => ({ doc, kind: 'other', simple: true });

/** `(a, b)`, hugging the last argument when prettier would. */
function args(list: readonly Arg[], layout: Layout): Doc {
  const last = list[list.length - 1];
  const before = list[list.length - 2];
  const hug = last !== undefined && last.kind !== 'other' && (before === undefined || before.kind !== last.kind);
  return callArguments(
    list.map((a) => a.doc),
    layout,
    hug,
  );
}

/** One `.name(args)` of a chain. */
export interface Call {
  readonly name: string;
  readonly args: readonly Arg[];
}

/** A method chain on `head` (`z`), or a call when there is no `.name` (`head(args)`). */
export function chain(head: string, calls: readonly Call[], layout: Layout): Arg {
  const parts = calls.map((c) => ['.', c.name, args(c.args, layout)] as Doc);
  const simple = calls.every((c) => c.args.every((a) => a.simple));
  if (calls.length <= 1) return { doc: [head, ...parts], kind: 'other', simple };
  const oneLine: Doc = [head, ...parts];
  const expanded: Doc = [head, indent([hardline, join(hardline, parts)])];
  const forced = (calls.length > 2 && !simple) || parts.slice(0, -1).some((p) => utils.willBreak(p));
  if (forced) return { doc: group(expanded), kind: 'other', simple };
  return {
    doc: [utils.willBreak(oneLine) ? breakParent : '', conditionalGroup([oneLine, expanded])],
    kind: 'other',
    simple,
  };
}

/** `callee(args)`. */
export function call(callee: string, list: readonly Arg[], layout: Layout): Arg {
  return { doc: [callee, args(list, layout)], kind: 'other', simple: list.every((a) => a.simple) };
}

/**
 * Whether a value after `key:` would rather move to the next line than break (prettier's "poorly
 * breakable" chain: at most two parts, and calls without arguments or with one short argument).
 */
export function poorlyBreakable(calls: readonly Call[], layout: Layout): boolean {
  return (
    calls.length <= 1 && calls.every((c) => c.args.length === 0 || (c.args.length === 1 && isShort(c.args[0]!, layout)))
  );
}

function isShort(arg: Arg, layout: Layout): boolean {
  return typeof arg.doc === 'string' && arg.doc.length <= layout.printWidth / 4 && arg.kind === 'other';
}
