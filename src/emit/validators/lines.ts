/**
 * A tiny structure for generated code: a list of lines where a nested list is a block indented
 * one level deeper. Keeps the renderers free of hand-counted indentation.
 */
import { compareCodeUnits } from '../../model/index.js';
import { jsString } from '../naming.js';

export type Code = string | readonly Code[];

/** Lines joined with `\n`, nested lists indented by two spaces per level; ends with a newline. */
export function render(code: readonly Code[], depth = 0): string {
  let out = '';
  for (const c of code) {
    if (typeof c === 'string') out += c.length === 0 ? '\n' : `${'  '.repeat(depth)}${c}\n`;
    else out += render(c, depth + 1);
  }
  return out;
}

/** `new Set<string>(["a", "b"])`, sorted. */
export function setLiteral(values: Iterable<string>): string {
  return `new Set<string>([${[...new Set(values)].sort(compareCodeUnits).map(jsString).join(', ')}])`;
}

/** Identifiers one generated file imports from the runtime, filled while rendering. */
export interface RuntimeImports {
  readonly rules: Set<string>;
  readonly validation: Set<string>;
  /** From `./_zod.js` (zod output only). */
  readonly glue: Set<string>;
  /** From `../common.js` (`LANGUAGE_IDS`). */
  readonly common: Set<string>;
  /** From `../runtime/check.js` (standalone output only). */
  readonly check: Set<string>;
}

export function newImports(): RuntimeImports {
  return { rules: new Set(), validation: new Set(), glue: new Set(), common: new Set(), check: new Set() };
}
