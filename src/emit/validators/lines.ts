/**
 * The runtime names a generated validators file imports, collected while it is printed.
 */

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
