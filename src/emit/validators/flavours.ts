/**
 * The validator flavours: the one list of them. The `validators` option, the CLI's choices, the
 * emitter, the layout decisions and the tests all read `FLAVOURS`. A flavour is a folder here
 * (its renderer) plus, when its output needs shared glue, a folder under `templates/` whose files
 * are copied into `validators/` of an output of that flavour. To add one: write the folder, add
 * the entry. `validators: 'none'` emits no validators.
 */
import type { ResourcePlan } from '../../plan/index.js';
import type { EmitOptions } from '../context.js';
import type { Layout } from '../layout.js';
import { standalone } from './standalone/index.js';
import { zod } from './zod/index.js';

/** What a flavour's renderer gets for one resource. */
export interface FlavourInput {
  /** The resource's plan; `resource.checks` holds what to check, field by field. */
  readonly resource: ResourcePlan;
  readonly unknownKeys: EmitOptions['unknownKeys'];
  readonly layout: Layout;
}

export interface ValidatorFlavour {
  /** One line for `--help` and the docs. */
  readonly summary: string;
  /** Packages the generated validators import, which the user installs. */
  readonly packages: readonly string[];
  /** Folder under `templates/` whose `.ts` files are copied into `validators/` (the flavour's glue), or null. */
  readonly templates: string | null;
  /** `validators/<file>.ts` after the generated-file header: imports, checks, and `validate<Type>Input`/`Patch`. */
  render(input: FlavourInput): string;
}

export const FLAVOURS = { standalone, zod } as const satisfies Readonly<Record<string, ValidatorFlavour>>;

export type FlavourName = keyof typeof FLAVOURS;

/** The values of the `validators` option: a flavour, or `none`. */
export type ValidatorsOption = FlavourName | 'none';

export const VALIDATORS_CHOICES: readonly ValidatorsOption[] = [...(Object.keys(FLAVOURS) as FlavourName[]), 'none'];

/** The flavour of a `validators` option value, or null for `none`. */
export function flavourOf(option: ValidatorsOption): ValidatorFlavour | null {
  return option === 'none' ? null : FLAVOURS[option];
}

/** The template folders of every flavour that has one. */
export function flavourTemplateFolders(): string[] {
  return Object.values(FLAVOURS as Readonly<Record<string, ValidatorFlavour>>).flatMap((f) => (f.templates === null ? [] : [f.templates]));
}
