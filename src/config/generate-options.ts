/**
 * `generate`'s emit options, resolved: the flags over the config file's `generate` section over
 * the defaults. Used by `generate`, and by `impact` and `mcp`, which print from the same plan.
 */
import { resolveEmitOptions, type EmitOptions } from '../emit/context.js';
import { checkBanner } from '../emit/finish.js';
import { ConfigError } from '../errors.js';
import { checkSection } from './check.js';
import type { UserConfig } from './types.js';

/** The flags of the `generate` section (yargs' camelCase names). */
export interface GenerateFlags {
  format?: boolean;
  decimals?: EmitOptions['decimals'];
  dates?: EmitOptions['dates'];
  brandedIds?: boolean;
  validators?: EmitOptions['validators'];
  unknownKeys?: EmitOptions['unknownKeys'];
  clients?: boolean;
  defaultLanguage?: number;
  importExtension?: EmitOptions['importExtension'];
  banner?: string;
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The config file's `generate` section, checked (the loader checks it too, naming the file). */
export function checkGenerateConfig(generate: UserConfig['generate']): Partial<EmitOptions> & { format?: boolean } {
  checkSection('generate', generate, 'generate.', null);
  return definedOnly(generate ?? {});
}

/** Flags win over the config file; every option ends up resolved. */
export function resolveGenerateOptions(
  args: GenerateFlags,
  config: UserConfig,
): { emit: EmitOptions; format: boolean } {
  const { format: configFormat, ...configEmit } = checkGenerateConfig(config.generate);
  if (args.defaultLanguage !== undefined && !(Number.isSafeInteger(args.defaultLanguage) && args.defaultLanguage > 0)) {
    throw new ConfigError('expected a positive integer', 'default-language');
  }
  const { format, ...flags } = args;
  const emit = resolveEmitOptions({ ...configEmit, ...definedOnly(flags) });
  try {
    checkBanner(emit.banner);
  } catch (error) {
    throw new ConfigError((error as Error).message, args.banner !== undefined ? 'banner' : 'generate.banner');
  }
  return { emit, format: format ?? configFormat ?? true };
}
