/**
 * `clients/_context.ts`: `createClientContext(options)`, the context every per-resource client is
 * built on. With it a program builds only the clients it uses (`createProductsClient(
 * createClientContext(options))`), and a bundler keeps only those resources' modules; `createClient`
 * builds every one on the same context. The file stem starts with `_`, which no resource's stem can.
 */
import type { EmitContext, EmitOptions } from '../context.js';
import { fileHeader, statement } from '../code.js';
import { assignment, objectLiteral, property } from '../layout.js';
import { jsdoc, jsString } from '../naming.js';

export const CONTEXT_FILE = 'clients/_context.ts';

export function renderContext(options: EmitOptions, ctx: EmitContext, timeZone: string | null): string {
  // Dates are wall-clock times in the store's zone; with `dates: 'Date'` the runtime converts with it.
  const codec = [
    property('decimals', jsString(options.decimals), 'string'),
    property('dates', jsString(options.dates), 'string'),
    ...(options.dates === 'Date' && timeZone !== null ? [property('timeZone', jsString(timeZone), 'string')] : []),
  ];
  return (
    fileHeader(ctx) +
    'import { LANGUAGE_IDS } from "../common.js";\n' +
    'import { createContext, type ClientOptions } from "../runtime/client.js";\n' +
    'import type { Codec } from "../runtime/meta.js";\n' +
    'import type { ClientContext } from "../runtime/resource.js";\n\n' +
    `${jsdoc(['How decoded values are typed (generate options `decimals` and `dates`), and the store\'s time zone from the snapshot.'])}` +
    statement(assignment('const CODEC: Codec =', objectLiteral(codec, ctx.layout), ';'), 0, ctx.layout) +
    '\n' +
    `${jsdoc([
      'The connection and defaults every resource client shares, from the same options as `createClient`.',
      'Build only the clients a program uses, so that a bundler leaves the other resources out:',
      '`const products = createProductsClient(createClientContext({ baseUrl, apiKey }));`',
    ])}` +
    'export function createClientContext(options: ClientOptions): ClientContext {\n' +
    '  return createContext(options, CODEC, LANGUAGE_IDS);\n' +
    '}\n'
  );
}
