/**
 * Which export of `templates/runtime/rules.ts` checks a format or an `inputType`. A view of the one
 * validator table (`src/model/formats.ts`): every name there has a rule of the same name, and a
 * test keeps the table and the template's exports in step.
 */
import { formatValidator, inputTypeInfo, VALIDATORS } from '../../model/index.js';

/** Rule functions of `runtime/rules.ts` that take the value alone, by their PrestaShop name. */
export const RULE_NAMES: readonly string[] = VALIDATORS.map((v) => v.name).sort();

/** The rule for a format (first known name of a space-joined list), or null when the table has none. */
export function ruleForFormat(format: string): string | null {
  return formatValidator(format)?.name ?? null;
}

/** The rule for a spec `inputType`, or null. */
export function ruleForInputType(inputType: string): string | null {
  return inputTypeInfo(inputType)?.rule ?? null;
}
