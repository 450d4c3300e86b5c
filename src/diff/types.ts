/**
 * The diff's public records. A `Change` is one difference between two store schemas, classified
 * from the point of view of code that uses the store: does it break reading code, writing code,
 * or neither? The JSON output (`schemas/diff-output.schema.json`) is these records as they are.
 */
import type { HttpMethod } from '../model/index.js';
import type { CheckId } from './rules.js';

export type ChangeKind = 'added' | 'removed' | 'changed';

/** `breaking`: code that worked fails. `dangerous`: it may fail, depending on data. `safe`: it keeps working. */
export type Severity = 'breaking' | 'dangerous' | 'safe';

/** Which code the change concerns: code that reads (GET/HEAD), code that writes (POST/PUT/PATCH/DELETE), or both. */
export type Direction = 'read' | 'write' | 'both';

/** Severities from the most to the least serious. */
export const SEVERITIES: readonly Severity[] = ['breaking', 'dangerous', 'safe'];

/** The model property a `changed` record is about (`null` for items added or removed). */
export type ChangeProperty =
  // resource
  | 'description'
  | 'nodeName'
  | 'nodesName'
  | 'synopsis'
  | 'methods'
  // field
  | 'required'
  | 'maxSize'
  | 'format'
  | 'inputType'
  | 'multilingual'
  | 'readOnly'
  | 'filterable'
  | 'references'
  // field, from the store-behaviour catalog
  | 'type'
  | 'values'
  | 'write'
  // association
  | 'resource'
  | 'virtual';

export type ChangeValue = string | number | boolean | null;

/**
 * Whether the item a change is about (a resource, field or association) is defined by PrestaShop
 * itself (`core`), only by the store's modules or overrides (`module`), or cannot be told (`null`:
 * no baseline for the version and the two sides are different versions).
 */
export type ChangeOrigin = 'core' | 'module' | null;

export interface Change {
  /** Stable check id, e.g. `field-became-required` (see `RULES`). */
  readonly id: CheckId;
  /**
   * Where: `products`, `products.name` (field), `products:DELETE` (method), `products@categories`
   * (association), `products@categories.id` (association field).
   */
  readonly path: string;
  readonly resource: string;
  readonly method: HttpMethod | null;
  readonly association: string | null;
  readonly field: string | null;
  readonly kind: ChangeKind;
  readonly property: ChangeProperty | null;
  readonly before: ChangeValue;
  readonly after: ChangeValue;
  readonly severity: Severity;
  readonly direction: Direction;
  /** What changed, in one line, e.g. `products.name: maxSize 128 → 64`. */
  readonly message: string;
  /** Why it matters to code that uses the store, in one line. */
  readonly reason: string;
  readonly origin: ChangeOrigin;
}
