/**
 * The rule table: every check the diff can report, with its severity, the code it concerns and
 * why, written from the side of someone whose code talks to the store. The rule table of docs/diff.md is
 * checked against this one by a test, so the two cannot drift apart.
 */
import type { HttpMethod } from '../model/index.js';
import type { Direction, Severity } from './types.js';

export interface Rule {
  readonly severity: Severity;
  /** `verb`: read for GET/HEAD, write for POST/PUT/PATCH/DELETE. */
  readonly direction: Direction | 'verb';
  /** When the check fires (for the README). */
  readonly when: string;
  /** Why it matters, in one line (copied into every change). */
  readonly reason: string;
}

const rule = (severity: Severity, direction: Direction | 'verb', when: string, reason: string): Rule => ({
  severity,
  direction,
  when,
  reason,
});

export const RULES = {
  // --- resources ---------------------------------------------------------------------------
  'resource-added': rule('safe', 'both', 'a resource appears', 'Nothing uses it yet.'),
  'resource-removed': rule(
    'breaking',
    'both',
    'a resource disappears (from the store or from what the key may use)',
    'Every request to it fails.',
  ),
  'resource-node-name-changed': rule(
    'breaking',
    'both',
    'the item node name changes (`product` → …)',
    'Responses are wrapped in a different key and writes must send a different root element.',
  ),
  'resource-list-node-name-changed': rule(
    'breaking',
    'read',
    'the list node name changes (`products` → …)',
    'List responses are wrapped in a different key.',
  ),
  'resource-synopsis-changed': rule(
    'dangerous',
    'both',
    'the field metadata comes from a different synopsis (json, xml, none)',
    'Property changes on this resource may come from the synopsis, not from the store; check them by hand.',
  ),
  'resource-description-changed': rule(
    'safe',
    'both',
    'the description in the `/api` listing changes',
    'Documentation only.',
  ),
  // --- methods -----------------------------------------------------------------------------
  'method-added': rule('safe', 'verb', 'the key may use one more method', 'Nothing uses it yet.'),
  'method-removed': rule(
    'breaking',
    'verb',
    'a method disappears (GET/HEAD: readers; POST/PUT/PATCH/DELETE: writers)',
    'Calls with this method are refused (405 or 401).',
  ),
  // --- fields (of a resource or of an association) -------------------------------------------
  'field-added': rule(
    'safe',
    'both',
    'an optional or read-only field appears',
    'Readers get one more value; writers may leave it out.',
  ),
  'required-field-added': rule(
    'breaking',
    'write',
    'a required, writable field appears',
    'Creates and full updates that do not send it are rejected.',
  ),
  'field-removed': rule(
    'breaking',
    'both',
    'a writable field disappears',
    'Readers no longer get the value; a value writers send is silently dropped.',
  ),
  'read-only-field-removed': rule(
    'breaking',
    'read',
    'a read-only field disappears',
    'Readers no longer get the value.',
  ),
  'field-became-required': rule(
    'breaking',
    'write',
    '`required` false → true',
    'Creates and full updates that do not send it are rejected.',
  ),
  'field-became-optional': rule('safe', 'write', '`required` true → false', 'Writers may now leave it out.'),
  'field-max-size-decreased': rule(
    'dangerous',
    'write',
    '`maxSize` gets smaller',
    'Values that fitted before may now be rejected as too long.',
  ),
  'field-max-size-added': rule(
    'dangerous',
    'write',
    '`maxSize` null → a number',
    'Values longer than the new limit are rejected.',
  ),
  'field-max-size-increased': rule(
    'safe',
    'both',
    '`maxSize` gets larger',
    'Every value that fitted still fits; readers may get longer values.',
  ),
  'field-max-size-removed': rule(
    'safe',
    'both',
    '`maxSize` a number → null',
    'No length limit any more; readers may get longer values.',
  ),
  'field-type-changed': rule(
    'breaking',
    'both',
    '`format` or `inputType` changes the kind of value (integer, decimal, bool, date, string)',
    'Values are read and written as a different kind.',
  ),
  'field-format-changed': rule(
    'dangerous',
    'write',
    '`format` changes, same kind of value',
    'The store validates values with a different rule; some accepted values may be refused.',
  ),
  'field-format-added': rule(
    'dangerous',
    'write',
    '`format` null → a validator, same kind of value',
    'The store now validates values; some accepted values may be refused.',
  ),
  'field-format-removed': rule('safe', 'write', '`format` a validator → null', 'The store no longer validates values.'),
  'field-input-type-changed': rule(
    'dangerous',
    'write',
    '`inputType` changes, same kind of value',
    'Writers may have to send the value in another shape.',
  ),
  'field-multilingual-changed': rule(
    'breaking',
    'both',
    '`multilingual` flips',
    'The value changes shape between a plain value and one value per language.',
  ),
  'field-became-read-only': rule(
    'breaking',
    'write',
    '`readOnly` false → true',
    'Writers can no longer set it; writes that send it are refused.',
  ),
  'field-became-writable': rule('safe', 'write', '`readOnly` true → false', 'Writers may now set it.'),
  'field-no-longer-filterable': rule(
    'breaking',
    'read',
    '`filterable` true → false',
    'Reads that filter or sort on it are refused.',
  ),
  'field-became-filterable': rule(
    'safe',
    'read',
    '`filterable` false → true',
    'Readers may now filter and sort on it.',
  ),
  'field-references-changed': rule(
    'dangerous',
    'both',
    '`references` changes target',
    'The id now points at another resource; code that follows it loads the wrong thing.',
  ),
  'field-references-removed': rule(
    'dangerous',
    'both',
    '`references` a resource → null',
    'The id no longer points at a known resource; typed ids and lookups change.',
  ),
  'field-references-added': rule(
    'safe',
    'read',
    '`references` null → a resource',
    'The id now names the resource it points at.',
  ),
  // --- fields: what the store's classes decide (the catalog) ----------------------------------
  'field-php-type-changed': rule(
    'breaking',
    'both',
    "the catalog's PHP `type` of a field without a format changes the kind of value",
    'Values are read and written as a different kind.',
  ),
  'field-values-restricted': rule(
    'breaking',
    'write',
    '`values` gets a list, or loses values',
    'Writes of a value no longer in the list are refused (code 85).',
  ),
  'field-values-extended': rule(
    'dangerous',
    'read',
    '`values` gains values, or loses its list',
    'Readers may get values their code does not expect (a switch over the old list misses them).',
  ),
  'field-write-refused': rule(
    'breaking',
    'write',
    '`write` becomes `refused` (the setter is `false`)',
    'Writes that send the field are refused (code 93), and a PUT without it empties it.',
  ),
  'field-write-changed': rule(
    'dangerous',
    'write',
    '`write` changes otherwise (stored as sent, hashed, taken by a setter)',
    'What the store does with a written value changes; check writes of this field.',
  ),
  // --- associations ------------------------------------------------------------------------
  'association-added': rule(
    'safe',
    'both',
    'an association appears',
    'Readers get one more list; writers may leave it out.',
  ),
  'association-removed': rule(
    'breaking',
    'both',
    'an association disappears',
    'Readers no longer get the linked ids; writes that send them are refused.',
  ),
  'association-target-changed': rule(
    'breaking',
    'both',
    'the association links to another resource',
    'The linked ids now point at another resource.',
  ),
  'association-node-name-changed': rule(
    'breaking',
    'both',
    'the node name of an association item changes',
    'Each linked item is wrapped in a different key.',
  ),
  'association-virtual-changed': rule(
    'dangerous',
    'both',
    'the association becomes virtual (no resource of its own) or stops being virtual',
    'How its items are linked and validated changes.',
  ),
} as const satisfies Record<string, Rule>;

export type CheckId = keyof typeof RULES;

export const CHECK_IDS: readonly CheckId[] = Object.keys(RULES) as CheckId[];

export function isCheckId(id: string): id is CheckId {
  return Object.prototype.hasOwnProperty.call(RULES, id);
}

/** The direction of a rule for one change; `verb` rules need the method. */
export function ruleDirection(id: CheckId, method: HttpMethod | null): Direction {
  const d = RULES[id].direction;
  if (d !== 'verb') return d;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
