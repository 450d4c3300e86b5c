/**
 * yargs flag definitions from the options table (src/config/options.ts): the type, choices and
 * help of each flag are the table's, so the flags, the config file check and the docs agree.
 */
import type { Argv, Options } from 'yargs';
import { flagOption, type OptionSection } from '../config/options.js';
import { ConfigError } from '../errors.js';

/** `a,b` and repeated flags both give a list. */
const commaList = (values: unknown): string[] =>
  (Array.isArray(values) ? values : [values])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The yargs definition of `--<flag>` (an option of `section`), with its help text or `describe`. */
export function flagDefinition(flag: string, section: OptionSection, describe?: string): Options {
  const spec = flagOption(flag, [section]);
  const help = { describe: describe ?? spec.describe };
  switch (spec.type.kind) {
    case 'boolean':
      return { type: 'boolean', ...help };
    case 'integer':
      return { type: 'number', ...help };
    case 'choice':
      return { choices: spec.type.choices, ...help };
    case 'names':
      return { type: 'string', array: true, coerce: commaList, ...help };
    case 'string':
    case 'object':
      return { type: 'string', ...help };
  }
}

/** Adds the flags of `section`, in the order given; `describe` overrides some help texts. */
export function tableFlags<T>(
  y: Argv<T>,
  section: OptionSection,
  flags: readonly string[],
  describe: Readonly<Record<string, string>> = {},
): Argv<T> {
  let out = y;
  for (const flag of flags) out = out.option(flag, flagDefinition(flag, section, describe[flag])) as Argv<T>;
  return out;
}

/** `--json`, spelt the same on every command that reports something (`viaFormat`: the command's `--format json`). */
export function jsonFlag(command: string, viaFormat = false): Options {
  return {
    type: 'boolean',
    describe: `Print a JSON report on stdout (schemas/${command}-output.schema.json)${viaFormat ? '; the same as --format json' : ''}`,
  };
}

/** `--json` on a command that also has `--format`: the same as `--format json`; another explicit format is a usage error. */
export function jsonFormat<F extends string>(args: { readonly format: F; readonly json?: boolean }): F {
  if (args.json !== true) return args.format;
  if (args.format !== 'text' && args.format !== 'json')
    throw new ConfigError(`prints the JSON report; drop --format ${args.format}`, 'json');
  return 'json' as F;
}
