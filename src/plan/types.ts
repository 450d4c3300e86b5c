/**
 * The field plan: what every field of the snapshot means for the generated code, computed once per
 * run (`buildPlan`) from the model. Types, validators, clients and the export only print from it,
 * so they cannot disagree on a field's kind, rule, date form, allowed values or write behaviour.
 */
import type { FieldKind, FieldOrigin, HttpMethod, WriteMode } from '../model/index.js';
import type { ResourceNames } from '../naming/index.js';
import type { TypeNode } from './type-node.js';
import type { ResourceChecks } from './checks.js';

/** Names from `common.ts` a TypeScript form needs. */
export type SharedImport = 'Extensions' | 'Id' | 'Multilang' | 'PsDate' | 'PsDateTime';

/** How a value of the write type is checked and turned into the text the store receives. */
export type ValueForm =
  /** `number` (ids, integers, decimals with `decimals: 'number'`): `String(n)`. */
  | 'number'
  /** `boolean`: `"1"` / `"0"`. */
  | 'boolean'
  /** `string` as it is. */
  | 'string'
  /** `Date | null` (`dates: 'Date'`): `YYYY-MM-DD HH:MM:SS`, null as empty. */
  | 'datetime'
  /** `Date | null` for a date-only field: `YYYY-MM-DD`, null as empty. */
  | 'day';

/** Where a field's kind came from. `none`: nothing says what the value is, so it is a plain string. */
export type KindSource = 'format' | 'inputType' | 'reference' | 'catalog' | 'none';

/** A method of a generated resource client. */
export type ClientMethod =
  | 'list'
  | 'listAll'
  | 'get'
  | 'count'
  | 'changes'
  | 'head'
  | 'create'
  | 'createMany'
  | 'update'
  | 'updateMany'
  | 'patch'
  | 'delete';

export interface FieldPlan {
  /** Wire name. */
  readonly name: string;
  readonly kind: FieldKind;
  readonly kindSource: KindSource;
  /** Export of `runtime/rules.ts` that checks the value as the store does, or null. */
  readonly rule: string | null;
  /** The rule on create (POST), when a modifier normalises the value first: null = no rule then. */
  readonly createRule: string | null;
  /** A date without a time (`YYYY-MM-DD`). */
  readonly dateOnly: boolean;
  /** The field's rule accepts null as well (`isNullOrUnsignedId`, `isDateOrNull`). */
  readonly nullable: boolean;
  readonly form: ValueForm;
  /** Allowed values; other values are refused with code 85. */
  readonly values: readonly string[] | null;
  readonly multilingual: boolean;
  readonly maxSize: number | null;
  /** Required in a POST/PUT body. */
  readonly required: boolean;
  /**
   * Required in a POST body although the synopsis does not say so: a modifier the store runs on
   * create reads it (`Product::modifierWsLinkRewrite` loops over `name`: without it, 500 and nothing saved).
   */
  readonly requiredOnCreate: boolean;
  /**
   * The store keeps NULL (`allow_null`): an empty value reads as `null`, and a `null` is left out of
   * write bodies, which a PUT stores as NULL (an empty value would be stored as 0).
   */
  readonly allowNull: boolean;
  readonly filterable: boolean;
  /** Target resource of a foreign key, or null. */
  readonly references: string | null;
  readonly write: WriteMode;
  /** Part of the Input and Patch shapes (false for fields the store refuses on write, and `id`). */
  readonly writable: boolean;
  /** The synopsis says read-only, but the store stores the value as sent (a PUT without it empties it). */
  readonly serverManaged: boolean;
  /** A value read may be sent back unchanged (false: it fails or changes the record). */
  readonly writeBack: boolean;
  /** The store hashes what is written (a plain value is sent; a hash is read). */
  readonly hashed: boolean;
  /** The read value is computed by a getter. */
  readonly computed: boolean;
  /** The type in the read shape, and in the write shapes, as a node (emit prints it). */
  readonly readType: TypeNode;
  readonly writeType: TypeNode;
  readonly imports: readonly SharedImport[];
  /** JSDoc lines, the same in every shape. */
  readonly doc: readonly string[];
  readonly origin: FieldOrigin;
  /** The raw format and inputType, or null. */
  readonly format: string | null;
  readonly inputType: string | null;
}

export interface AssociationPlan {
  readonly name: string;
  readonly nodeName: string;
  /** Target resource, or null for a virtual entity. */
  readonly resource: string | null;
  /** Target path as the store gives it (`images/products`), or null. */
  readonly api: string | null;
  readonly virtual: boolean;
  /** Item fields, in store order. */
  readonly fields: readonly FieldPlan[];
  /** The same, by wire name (code-unit order): the order of the generated types. */
  readonly fieldsByName: readonly FieldPlan[];
  /** Any item field may be written (else the association is read-only). */
  readonly writable: boolean;
}

export interface ResourcePlan {
  readonly name: string;
  readonly description: string | null;
  readonly nodeName: string | null;
  readonly nodesName: string | null;
  readonly names: ResourceNames;
  /** The methods the generated code offers: the snapshot's, minus those PrestaShop forbids. */
  readonly methods: readonly HttpMethod[];
  /** The methods of its generated client, in a fixed order, from `methods`. */
  readonly clientMethods: readonly ClientMethod[];
  /** A client is generated: the resource has a node name, is described, and has a client method. */
  readonly hasClient: boolean;
  /** A POST/PUT body type and validator exist. */
  readonly hasInput: boolean;
  /** A PATCH body type and validator exist. */
  readonly hasPatch: boolean;
  /** The snapshot describes the resource (it has fields or associations); else no types are emitted. */
  readonly described: boolean;
  /** The implicit `id` field (synthesised when the store did not list it). */
  readonly id: FieldPlan;
  /** Every other field, in store order (a field named `associations` is left out, with a diagnostic). */
  readonly fields: readonly FieldPlan[];
  /**
   * The fields by wire name (code-unit order): the order of the generated types and query types
   * (store order matters to write bodies, not to types).
   */
  readonly fieldsByName: readonly FieldPlan[];
  /** In store order (the order the store applies them). */
  readonly associations: readonly AssociationPlan[];
  /** The same, by name: the order of the generated types. */
  readonly associationsByName: readonly AssociationPlan[];
  /** Key of the module-field escape hatch (`extensions`, or `extensions_` when taken). */
  readonly extensionsKey: string;
  readonly quirks: readonly string[];
  /**
   * How `changes()` finds what changed: `date` where a filterable, date-time `date_upd` exists
   * (creations, updates and deletions), else `id` (creations and deletions only).
   */
  readonly changeFeed: 'date' | 'id';
  /** What a validator checks, field by field (every validator flavour prints from it; see checks.ts). */
  readonly checks: ResourceChecks;
}

export interface PlanDiagnostic {
  readonly level: 'warning' | 'info';
  readonly code: string;
  readonly message: string;
  readonly resource: string | null;
  readonly field: string | null;
}

export interface StorePlan {
  /** Sorted by name. */
  readonly resources: readonly ResourcePlan[];
  /** Language ids of the store, ascending (empty when the snapshot lists none). */
  readonly languages: readonly number[];
  readonly defaultLanguage: number;
  readonly diagnostics: readonly PlanDiagnostic[];
  /** Fields (top level and association items) typed as plain strings for lack of any type information. */
  readonly plainStrings: readonly string[];
  /**
   * Those of `plainStrings` that are core fields: the catalog has them, but PrestaShop declares no
   * type for them (`products.new`, `currencies.names`). The others are module fields (or fields of
   * a store no bundled catalog covers).
   */
  readonly untypedCore: readonly string[];
}

/** The options that change the plan. */
export interface PlanOptions {
  readonly decimals: 'number' | 'string';
  readonly dates: 'string' | 'Date';
  readonly brandedIds: boolean;
  /** Methods to turn on beyond the spec's table, per resource (`generate.methods`). */
  readonly methods?: Readonly<Record<string, readonly HttpMethod[]>>;
}
