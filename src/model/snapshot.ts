/**
 * Canonical form, validation and (de)serialisation of the snapshot file.
 *
 * The snapshot is a public contract: users commit it and diff it. Its text is the canonical
 * model as JSON with two-space indentation, keys in a fixed order, and a final newline.
 */
import { createHash } from 'node:crypto';
import { assertValidModel, validateSnapshotValue } from './snapshot-read.js';
import {
  HTTP_METHODS,
  SCHEMA_VERSION,
  type Association,
  type Field,
  type HttpMethod,
  type Language,
  type Resource,
  type StoreSchema,
} from './schema.js';

export { SnapshotError } from './snapshot-error.js';
import { SnapshotError } from './snapshot-error.js';

/** Code-unit comparison: independent of the machine's locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const byName = <T extends { readonly name: string }>(a: T, b: T): number => compareCodeUnits(a.name, b.name);

function canonicalField(f: Field): Field {
  // Rebuild with a fixed key order so JSON.stringify is stable.
  return {
    name: f.name,
    required: f.required,
    maxSize: f.maxSize,
    format: f.format,
    inputType: f.inputType,
    multilingual: f.multilingual,
    readOnly: f.readOnly,
    filterable: f.filterable,
    references: f.references,
    type: f.type,
    values: f.values === null ? null : [...f.values],
    write: f.write,
    setter: f.setter,
    modifier: f.modifier === null ? null : { name: f.modifier.name, methods: canonicalMethods(f.modifier.methods) },
    computed: f.computed,
    writeBack: f.writeBack,
    allowNull: f.allowNull,
    origin: f.origin,
  };
}

function canonicalAssociation(a: Association): Association {
  return {
    name: a.name,
    resource: a.resource,
    api: a.api,
    nodeName: a.nodeName,
    virtual: a.virtual,
    // Store order: the order the store applies an association item's fields in.
    fields: a.fields.map(canonicalField),
  };
}

function canonicalMethods(methods: readonly HttpMethod[]): HttpMethod[] {
  const set = new Set(methods);
  return HTTP_METHODS.filter((m) => set.has(m));
}

function canonicalResource(r: Resource): Resource {
  return {
    name: r.name,
    description: r.description,
    nodeName: r.nodeName,
    nodesName: r.nodesName,
    methods: canonicalMethods(r.methods),
    keyMethods: canonicalMethods(r.keyMethods),
    synopsis: { source: r.synopsis.source, reason: r.synopsis.reason },
    // Store order, not sorted: it is deterministic (the class's definition order) and it is the
    // order the store applies fields and associations in, which write bodies must follow.
    fields: r.fields.map(canonicalField),
    associations: r.associations.map(canonicalAssociation),
    quirks: [...new Set(r.quirks)].sort(compareCodeUnits),
    origin: r.origin,
  };
}

/** Returns a new model in canonical order and key layout. The input is not touched. */
export function canonicalize(schema: StoreSchema): StoreSchema {
  const languages: Language[] = [...schema.store.languages]
    .map((l) => ({ id: l.id, isoCode: l.isoCode }))
    .sort((a, b) => a.id - b.id);
  return {
    schemaVersion: SCHEMA_VERSION,
    store: {
      psVersion: schema.store.psVersion,
      languages,
      catalog: schema.store.catalog,
      timeZone: schema.store.timeZone,
    },
    resources: [...schema.resources].sort(byName).map(canonicalResource),
  };
}

/** The snapshot file's text for a model: canonical, deterministic, newline-terminated. */
export function serializeSnapshot(schema: StoreSchema): string {
  const canonical = canonicalize(schema);
  assertValidModel(canonical);
  return `${JSON.stringify(canonical, null, 2)}\n`;
}

/** A short, stable hash of the canonical snapshot (first 16 hex digits of SHA-256). */
export function snapshotHash(schema: StoreSchema): string {
  return createHash('sha256').update(serializeSnapshot(schema)).digest('hex').slice(0, 16);
}

/** Reads a snapshot's text, validates it, and returns the canonical model. */
export function parseSnapshot(text: string, source: string | null = null): StoreSchema {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`not valid JSON (${(error as Error).message})`, '$', source);
  }
  return canonicalize(validateSnapshotValue(raw, source));
}
