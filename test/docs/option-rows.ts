/** The rows docs/configuration.md must hold for the options table (src/config/options.ts). */
import { OPTIONS, type OptionSpec } from '../../src/config/options.js';

/** `introspect.timeout`, `stores.<name>.keyEnv`, `url`; a flag without a config option: `—`. */
function optionPath(o: OptionSpec): string {
  if (o.key === null) return '—';
  if (o.section === 'top') return `\`${o.key}\``;
  if (o.section === 'store') return `\`stores.<name>.${o.key}\``;
  return `\`${o.section}.${o.key}\``;
}

/** One Markdown table row per option: option, flag, default, help. */
export function optionRows(): string[] {
  return OPTIONS.map((o) => {
    const flag = o.flag === null ? '—' : `\`--${o.flag}\``;
    const dflt = o.default === null ? '—' : `\`${JSON.stringify(o.default)}\``;
    return `| ${optionPath(o)} | ${flag} | ${dflt} | ${o.describe.replace(/\|/g, '\\|')} |`;
  });
}
