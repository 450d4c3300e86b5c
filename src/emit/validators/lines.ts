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

/** `if …` statements turned into one `if … else if …` chain. */
export function chain(statements: readonly string[]): string[] {
  return statements.map((s, i) => (i === 0 ? s : `else ${s}`));
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
}

export function newImports(): RuntimeImports {
  return { rules: new Set(), validation: new Set(), glue: new Set(), common: new Set() };
}

/**
 * Read of an own property, safe for any key: `v["price"]`, or `own(v, "constructor")` for keys that
 * an object would otherwise inherit (`__proto__`, `constructor`, `toString`, ...).
 */
export function readKey(object: string, key: string, imports: RuntimeImports): string {
  if (key === '__proto__' || key in Object.prototype) {
    imports.validation.add('own');
    return `own(${object}, ${jsString(key)})`;
  }
  return `${object}[${jsString(key)}]`;
}

/**
 * A string expression `prefix + expr + suffix` for a path built at run time (`"name[" + String(e["id"]) + "]"`).
 * Literals go through `jsString`, so nothing a store sends can leave them.
 */
export function concat(prefix: string, expr: string, suffix: string): string {
  return `${jsString(prefix)} + String(${expr})${suffix === '' ? '' : ` + ${jsString(suffix)}`}`;
}
