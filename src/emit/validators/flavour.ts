/** What a validator flavour is: the interface every renderer of `FLAVOURS` (flavours.ts) implements. */
import type { ResourcePlan } from '../../plan/index.js';
import type { EmitOptions } from '../context.js';
import type { Layout } from '../layout.js';

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
