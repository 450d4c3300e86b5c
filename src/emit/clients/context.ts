/**
 * `clients/_context.ts`: `createClientContext(options)`, the context every per-resource client is
 * built on. With it a program builds only the clients it uses (`createProductsClient(
 * createClientContext(options))`), and a bundler keeps only those resources' modules; `createClient`
 * builds every one on the same context. The file stem starts with `_`, which no resource's stem can.
 */
import type { EmitContext, EmitOptions } from '../context.js';
import { fileHeader, moduleStatement, statement } from '../code.js';
import { assignment, callArguments, functionHead, objectLiteral, property } from '../layout.js';
import { jsdoc, jsString } from '../../naming/index.js';

export const CONTEXT_FILE = 'clients/_context.ts';

export function renderContext(options: EmitOptions, ctx: EmitContext, timeZone: string | null): string {
  // Dates are wall-clock times in the store's zone; with `dates: 'Date'` the runtime converts with it.
  const layout = ctx.layout;
  const codec = [
    property('decimals', jsString(options.decimals), 'string'),
    property('dates', jsString(options.dates), 'string'),
    // Also with `dates: 'string'`: `changes({ since: Date })` filters with the store's wall clock.
    ...(timeZone !== null ? [property('timeZone', jsString(timeZone), 'string')] : []),
  ];
  return (
    fileHeader(ctx) +
    moduleStatement(
      'import',
      ['LANGUAGE_IDS', 'LANGUAGES', 'type LangCode', 'type LangId', 'type Multilang', 'type MultilangValue'],
      '../common.js',
      layout,
    ) +
    moduleStatement('import', ['createContext', 'type ClientOptions'], '../runtime/client.js', layout) +
    moduleStatement('import', ['languageValue', 'multilang'], '../runtime/lang.js', layout) +
    moduleStatement('import type', ['Codec'], '../runtime/meta.js', layout) +
    moduleStatement('import type', ['ClientContext'], '../runtime/resource.js', layout) +
    '\n' +
    `${jsdoc(["How decoded values are typed (generate options `decimals` and `dates`), and the store's time zone from the snapshot."])}` +
    statement(assignment('const CODEC: Codec =', objectLiteral(codec, layout), ';'), 0, layout) +
    '\n' +
    `${jsdoc([
      'The connection and defaults every resource client shares, from the same options as `createClient`.',
      'Build only the clients a program uses, so that a bundler leaves the other resources out:',
      '`const products = createProductsClient(createClientContext({ baseUrl, apiKey }));`',
    ])}` +
    statement(
      functionHead('export function createClientContext', ['options: ClientOptions'], ': ClientContext {', layout),
      0,
      layout,
    ) +
    statement(['return createContext', callArguments(['options', 'CODEC', 'LANGUAGE_IDS'], layout), ';'], 1, layout) +
    '}\n' +
    languageHelpers(layout)
  );
}

/** `pickLanguage` and `toMultilang`: the runtime's language helpers bound to the snapshot's languages and typed by them. */
function languageHelpers(layout: EmitContext['layout']): string {
  return (
    '\n' +
    jsdoc([
      'The value of a multilingual field in one language, by id or ISO code: `pickLanguage(product.name, "fr")`.',
      'Undefined when the value has no entry for that language.',
    ]) +
    statement(
      functionHead(
        'export function pickLanguage<T>',
        ['value: readonly MultilangValue<T>[] | null | undefined', 'language: LangId | LangCode'],
        ': T | undefined {',
        layout,
      ),
      0,
      layout,
    ) +
    statement(['return languageValue', callArguments(['value', 'language', 'LANGUAGES'], layout), ';'], 1, layout) +
    '}\n\n' +
    jsdoc([
      'A multilingual value to write, from one value per language by ISO code or id: `toMultilang({ en: "Mug", fr: "Tasse" })`.',
      'Languages left out (or undefined) are not in the result; `update` completes them from the record (`fillLanguages`).',
    ]) +
    statement(
      functionHead(
        'export function toMultilang<T>',
        ['values: Partial<Record<LangCode | LangId, T>>'],
        ': Multilang<T> {',
        layout,
      ),
      0,
      layout,
    ) +
    statement(['return multilang', callArguments(['values', 'LANGUAGES'], layout), ' as Multilang<T>;'], 1, layout) +
    '}\n'
  );
}
