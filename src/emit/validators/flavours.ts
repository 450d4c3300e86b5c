/**
 * The validator flavours: the one list of them. The `validators` option, the CLI's choices, the
 * emitter, the layout decisions and the tests all read `FLAVOURS`. A flavour is a folder here
 * (its renderer) plus, when its output needs shared glue, a folder under `templates/` whose files
 * are copied into `validators/` of an output of that flavour. To add one: write the folder, add
 * the entry (and its name to `FLAVOUR_NAMES`). `validators: 'none'` emits no validators.
 */
import type { FlavourName, ValidatorsOption } from '../flavour-names.js';
import type { ValidatorFlavour } from './flavour.js';
import { standalone } from './standalone/index.js';
import { zod } from './zod/index.js';

/** Every name of `FLAVOUR_NAMES` (../flavour-names.ts) has its renderer here, and no other. */
export const FLAVOURS = { standalone, zod } as const satisfies Readonly<Record<FlavourName, ValidatorFlavour>>;

export type { ValidatorFlavour } from './flavour.js';
export type { FlavourName, ValidatorsOption } from '../flavour-names.js';

/** The flavour of a `validators` option value, or null for `none`. */
export function flavourOf(option: ValidatorsOption): ValidatorFlavour | null {
  return option === 'none' ? null : FLAVOURS[option];
}

/** The template folders of every flavour that has one. */
export function flavourTemplateFolders(): string[] {
  return Object.values(FLAVOURS as Readonly<Record<string, ValidatorFlavour>>).flatMap((f) =>
    f.templates === null ? [] : [f.templates],
  );
}
