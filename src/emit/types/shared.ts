/**
 * `common.ts` of the output: the types every resource file and the runtime agree on, and the
 * store's language ids (`LANGUAGE_IDS`), listed here only.
 *
 * Contract with the client runtime (templates/runtime), which decodes what the store sends:
 * - `Id<R>` is a number; a plain number is accepted where an id is expected, an id of another
 *   resource is not;
 * - `Multilang<T>` is `{ id, value }[]`, one entry per language, whichever JSON form the store used
 *   (the per-language array, or the bare value it sends when one language is rendered);
 * - `PsDate`/`PsDateTime` are the strings the store sends (option `dates: 'Date'` types dates as
 *   `Date | null` instead, null for an empty or zero date);
 * - `Extensions` holds the fields a store sends that the snapshot does not describe.
 */
import type { StoreSchema } from '../../model/index.js';
import { fileHeader, numberUnion, statement, stringUnion } from '../code.js';
import type { EmitContext } from '../context.js';
import { arrayLiteral, assignment, objectLiteral, objectType, property } from '../layout.js';
import { propertyLine, typeAlias } from '../layout-types.js';
import { docText, jsdoc, propertyKey } from '../../naming/index.js';
import { arrayOf, keyword, ref, unionOf } from '../../plan/index.js';

/** A module field's value, as the store sent it. */
const EXTENSION_VALUE = unionOf(
  keyword('string'),
  keyword('number'),
  keyword('boolean'),
  keyword('null'),
  ref('Multilang', keyword('string')),
);

export function renderShared(model: StoreSchema, ctx: EmitContext): string {
  const languages = [...model.store.languages].sort((a, b) => a.id - b.id);
  const langList = languages.map((l) => (l.isoCode === null ? String(l.id) : `${l.id} (${docText(l.isoCode)})`));
  // ISO codes of the languages that have one, the first language of a code kept (ids ascending).
  const coded = languages.filter(
    (l, i) => l.isoCode !== null && languages.findIndex((o) => o.isoCode === l.isoCode) === i,
  );
  const codes = coded.map((l) => property(propertyKey(l.isoCode!), String(l.id), 'literal'));
  const version =
    model.store.psVersion === null ? 'an unknown PrestaShop version' : `PrestaShop ${model.store.psVersion}`;
  return `${fileHeader(ctx)}
${jsdoc([`Types shared by every resource of the store's Webservice API, from a snapshot of ${version}.`])}
declare const idBrand: unique symbol;

${jsdoc([
  'The id of an item of resource `R`, for example `Id<"manufacturers">`.',
  "A plain number is accepted where an id is expected; an id of one resource is not accepted where another resource's id is.",
  'In foreign keys, 0 means "none".',
])}${statement(assignment('export type Id<R extends string = string> =', ['number & ', objectType(['readonly [idBrand]?: R'], ctx.layout)], ';'), 0, ctx.layout)}
${jsdoc([
  languages.length === 0
    ? 'A language id of the store (the snapshot lists no languages).'
    : `A language id of the store: ${langList.join(', ')}.`,
])}${statement(typeAlias('export type LangId', numberUnion(languages.map((l) => l.id)), ctx.layout), 0, ctx.layout)}
${jsdoc([
  'The language ids of the store, ascending (empty when the snapshot lists none).',
  'The only place they are listed: the validators and the client read them from here.',
])}${statement(
    assignment(
      'export const LANGUAGE_IDS: readonly LangId[] =',
      arrayLiteral(
        languages.map((l) => ({ doc: String(l.id) })),
        ctx.layout,
        true,
      ),
      ';',
    ),
    0,
    ctx.layout,
  )}
${jsdoc([coded.length === 0 ? 'An ISO code of a store language (the snapshot names none).' : 'The ISO code of a store language.'])}${statement(typeAlias('export type LangCode', stringUnion(coded.map((l) => l.isoCode!)), ctx.layout), 0, ctx.layout)}
${jsdoc(["The store's languages by ISO code: what `pickLanguage` and `toMultilang` (exported by the client) read codes with."])}${statement(assignment('export const LANGUAGES: Readonly<Record<LangCode, LangId>> =', objectLiteral(codes, ctx.layout), ';'), 0, ctx.layout)}
${jsdoc(['The value of a multilingual field in one language.'])}export interface MultilangValue<T = string> {
  /** The language id. */
  id: LangId;
  value: T;
}

${jsdoc([
  'A multilingual field: one entry per language.',
  'The client turns both JSON forms of the store (the array of {id, value} and the bare value it sends when only one language is rendered) into this shape, and writes it back as <language id="..."> elements.',
  'A PUT (`update`) empties the languages a multilingual value leaves out; the client first completes such a value from the stored record (one extra GET; `fillLanguages: false` turns it off).',
])}${statement(typeAlias('export type Multilang<T = string>', arrayOf(ref('MultilangValue', ref('T'))), ctx.layout), 0, ctx.layout)}
${jsdoc(['A date `YYYY-MM-DD` as the store sends it; `0000-00-00` or empty when unset.'])}export type PsDate = string;

${jsdoc([
  "A date and time `YYYY-MM-DD HH:MM:SS` (the time may be missing) in the store's time zone, as the store sends it; `0000-00-00 00:00:00` or empty when unset.",
])}export type PsDateTime = string;

${jsdoc([
  'Fields the snapshot does not describe (module fields), by wire name. Values are as the store sent them.',
])}export interface Extensions {
${propertyLine('[field: string]', EXTENSION_VALUE, 1, ctx.layout)}}

${jsdoc(['The wire name of every resource in the snapshot.'])}${statement(typeAlias('export type ResourceName', stringUnion(model.resources.map((r) => r.name)), ctx.layout), 0, ctx.layout)}`;
}
