/**
 * Formatting of generated files with prettier, using the user's prettier configuration when one is
 * found. Prettier is loaded only when formatting is on, so `--no-format` runs never pay for it.
 */
import { createHash } from 'node:crypto';
import { WriteError } from '../errors.js';

export interface Formatter {
  /** Identifies the settings: `none`, or a hash of the prettier version and the resolved config. */
  readonly key: string;
  format(path: string, text: string): Promise<string>;
}

export const NO_FORMAT: Formatter = {
  key: 'none',
  format: (_path, text) => Promise.resolve(text),
};

/** Stable JSON (sorted keys) for hashing a config object. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A prettier formatter whose options come from the prettier config that applies to `configFrom`
 * (a file path inside the output directory; `.editorconfig` is honoured too).
 */
export async function createPrettierFormatter(configFrom: string): Promise<Formatter> {
  const prettier = await import('prettier');
  let config: Record<string, unknown> | null;
  try {
    config = (await prettier.resolveConfig(configFrom, { editorconfig: true, useCache: false })) as Record<string, unknown> | null;
  } catch (error) {
    throw new WriteError(`cannot read the prettier configuration (${(error as Error).message})`, configFrom, {
      cause: error,
    });
  }
  // Plugins and overrides of other languages do not matter here; the parser is always TypeScript.
  const options = { ...(config ?? {}), parser: 'typescript' };
  const key = createHash('sha256')
    .update(`prettier ${prettier.version}\n${stableJson(options)}`)
    .digest('hex')
    .slice(0, 32);
  return {
    key,
    async format(path, text) {
      try {
        return await prettier.format(text, { ...options, filepath: path });
      } catch (error) {
        throw new WriteError(`prettier could not format the generated code (${(error as Error).message})`, path, {
          cause: error,
        });
      }
    },
  };
}
