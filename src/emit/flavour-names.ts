/**
 * The names of the validator flavours, the first half of the registry (the renderers are the
 * second: `FLAVOURS` in validators/flavours.ts, which must have exactly these keys). Kept apart so
 * that the emit options and the options table can name the flavours without loading a renderer,
 * and without the emit context depending on the validators folder.
 */
export const FLAVOUR_NAMES = ['standalone', 'zod'] as const;

export type FlavourName = (typeof FLAVOUR_NAMES)[number];

/** The values of the `validators` option: a flavour, or `none`. */
export type ValidatorsOption = FlavourName | 'none';

export const VALIDATORS_CHOICES: readonly ValidatorsOption[] = [...FLAVOUR_NAMES, 'none'];
