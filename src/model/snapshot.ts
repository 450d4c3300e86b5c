/**
 * Canonical form, validation and (de)serialisation of the snapshot file.
 *
 * The snapshot is a public contract: users commit it and diff it. Its text is the canonical
 * model as JSON with two-space indentation, keys in a fixed order, and a final newline.
 */
import { createHash } from 'node:crypto';
import {
  HTTP_METHODS,
  SCHEMA_VERSION,
  type Association,
  type Field,
  type HttpMethod,
  type Language,
  type Resource,
  type StoreSchema,
  type SynopsisSource,
} from './schema.js';

/** A snapshot that cannot be read, or a model that breaks an invariant. `path` points at the bad item. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
  constructor(
    message: string,
    readonly path: string,
    readonly source: string | null = null,
  ) {
    super(source === null ? `${path}: ${message}` : `${source}: ${path}: ${message}`);
  }
}

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
  };
}

function canonicalAssociation(a: Association): Association {
  return {
    name: a.name,
    resource: a.resource,
    nodeName: a.nodeName,
    virtual: a.virtual,
    fields: [...a.fields].sort(byName).map(canonicalField),
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
    synopsis: { source: r.synopsis.source, reason: r.synopsis.reason },
    fields: [...r.fields].sort(byName).map(canonicalField),
    associations: [...r.associations].sort(byName).map(canonicalAssociation),
  };
}

/** Returns a new model in canonical order and key layout. The input is not touched. */
export function canonicalize(schema: StoreSchema): StoreSchema {
  const languages: Language[] = [...schema.store.languages]
    .map((l) => ({ id: l.id, isoCode: l.isoCode }))
    .sort((a, b) => a.id - b.id);
  return {
    schemaVersion: SCHEMA_VERSION,
    store: { psVersion: schema.store.psVersion, languages },
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

// ---------------------------------------------------------------------------------------------
// Validation of untrusted input (a snapshot file someone edited, or an older schemaVersion)
// ---------------------------------------------------------------------------------------------

type Json = unknown;

function isRecord(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const SOURCES: readonly SynopsisSource[] = ['json', 'xml', 'none'];
const MAX_NAME_LENGTH = 256;

class Reader {
  constructor(readonly source: string | null) {}

  fail(path: string, message: string): never {
    throw new SnapshotError(message, path, this.source);
  }

  record(v: Json, path: string): Record<string, Json> {
    if (!isRecord(v)) this.fail(path, 'expected an object');
    return v;
  }

  array(v: Json, path: string): Json[] {
    if (!Array.isArray(v)) this.fail(path, 'expected an array');
    return v;
  }

  bool(v: Json, path: string): boolean {
    if (typeof v !== 'boolean') this.fail(path, 'expected true or false');
    return v;
  }

  string(v: Json, path: string): string {
    if (typeof v !== 'string') this.fail(path, 'expected a string');
    return v;
  }

  nullableString(v: Json, path: string): string | null {
    if (v === null) return null;
    return this.string(v, path);
  }

  name(v: Json, path: string): string {
    const s = this.string(v, path);
    if (s.length === 0) this.fail(path, 'a name must not be empty');
    if (s.length > MAX_NAME_LENGTH) this.fail(path, `a name must be at most ${MAX_NAME_LENGTH} characters`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(s)) this.fail(path, `name ${JSON.stringify(s)} holds a control character`);
    return s;
  }

  /**
   * A resource name: it becomes a URL path segment of every generated request, so only ASCII
   * letters, digits, `_`, `-` and `.` are allowed, not first (`order-items` loads; `../x`, `a/b`,
   * `%2e%2e` and `a b` do not).
   */
  resourceName(v: Json, path: string): string {
    const s = this.name(v, path);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(s)) {
      this.fail(path, `resource name ${JSON.stringify(s)} is not a plain identifier (ASCII letters, digits, "_", "-", "."; not "." first); it would become a URL path segment`);
    }
    return s;
  }

  nullableName(v: Json, path: string): string | null {
    return v === null ? null : this.name(v, path);
  }

  nullableSize(v: Json, path: string): number | null {
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
      this.fail(path, 'expected a non-negative integer or null');
    }
    return v;
  }
}

function readField(r: Reader, v: Json, path: string): Field {
  const o = r.record(v, path);
  return {
    name: r.name(o.name, `${path}.name`),
    required: r.bool(o.required, `${path}.required`),
    maxSize: r.nullableSize(o.maxSize, `${path}.maxSize`),
    format: r.nullableString(o.format, `${path}.format`),
    inputType: r.nullableString(o.inputType, `${path}.inputType`),
    multilingual: r.bool(o.multilingual, `${path}.multilingual`),
    readOnly: r.bool(o.readOnly, `${path}.readOnly`),
    filterable: r.bool(o.filterable, `${path}.filterable`),
    references: r.nullableName(o.references, `${path}.references`),
  };
}

function readAssociation(r: Reader, v: Json, path: string): Association {
  const o = r.record(v, path);
  return {
    name: r.name(o.name, `${path}.name`),
    resource: r.nullableName(o.resource, `${path}.resource`),
    nodeName: r.name(o.nodeName, `${path}.nodeName`),
    virtual: r.bool(o.virtual, `${path}.virtual`),
    fields: r.array(o.fields, `${path}.fields`).map((f, i) => readField(r, f, `${path}.fields[${i}]`)),
  };
}

function readResource(r: Reader, v: Json, path: string): Resource {
  const o = r.record(v, path);
  const methods = r.array(o.methods, `${path}.methods`).map((m, i) => {
    if (typeof m !== 'string' || !(HTTP_METHODS as readonly string[]).includes(m)) {
      r.fail(`${path}.methods[${i}]`, `expected one of ${HTTP_METHODS.join(', ')}`);
    }
    return m as HttpMethod;
  });
  const syn = r.record(o.synopsis, `${path}.synopsis`);
  const source = r.string(syn.source, `${path}.synopsis.source`);
  if (!(SOURCES as readonly string[]).includes(source)) {
    r.fail(`${path}.synopsis.source`, `expected one of ${SOURCES.join(', ')}`);
  }
  return {
    name: r.resourceName(o.name, `${path}.name`),
    description: r.nullableString(o.description, `${path}.description`),
    nodeName: r.nullableName(o.nodeName, `${path}.nodeName`),
    nodesName: r.nullableName(o.nodesName, `${path}.nodesName`),
    methods,
    synopsis: {
      source: source as SynopsisSource,
      reason: r.nullableString(syn.reason, `${path}.synopsis.reason`),
    },
    fields: r.array(o.fields, `${path}.fields`).map((f, i) => readField(r, f, `${path}.fields[${i}]`)),
    associations: r
      .array(o.associations, `${path}.associations`)
      .map((a, i) => readAssociation(r, a, `${path}.associations[${i}]`)),
  };
}

/** Validates an untrusted parsed snapshot and returns it as a model (not yet canonical). */
export function validateSnapshotValue(raw: Json, source: string | null = null): StoreSchema {
  const r: Reader = new Reader(source);
  const o = r.record(raw, '$');
  if (o.schemaVersion !== SCHEMA_VERSION) {
    r.fail(
      '$.schemaVersion',
      typeof o.schemaVersion === 'number' && o.schemaVersion > SCHEMA_VERSION
        ? `schemaVersion ${o.schemaVersion} is newer than this tool understands (${SCHEMA_VERSION}); upgrade prestashop-codegen`
        : `expected schemaVersion ${SCHEMA_VERSION}`,
    );
  }
  const store = r.record(o.store, '$.store');
  const languages = r.array(store.languages, '$.store.languages').map((l, i): Language => {
    const lo = r.record(l, `$.store.languages[${i}]`);
    const id = lo.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
      r.fail(`$.store.languages[${i}].id`, 'expected a non-negative integer');
    }
    return { id, isoCode: r.nullableString(lo.isoCode, `$.store.languages[${i}].isoCode`) };
  });
  const schema: StoreSchema = {
    schemaVersion: SCHEMA_VERSION,
    store: { psVersion: r.nullableString(store.psVersion, '$.store.psVersion'), languages },
    resources: r.array(o.resources, '$.resources').map((v, i) => readResource(r, v, `$.resources[${i}]`)),
  };
  assertValidModel(schema, source);
  return schema;
}

/** Invariants every model must hold: unique names in each scope, sane values. */
export function assertValidModel(schema: StoreSchema, source: string | null = null): void {
  const fail = (path: string, message: string): never => {
    throw new SnapshotError(message, path, source);
  };
  const unique = (names: readonly string[], path: string, what: string): void => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n)) fail(path, `duplicate ${what} ${JSON.stringify(n)}`);
      seen.add(n);
    }
  };
  unique(
    schema.store.languages.map((l) => String(l.id)),
    '$.store.languages',
    'language id',
  );
  unique(
    schema.resources.map((r) => r.name),
    '$.resources',
    'resource',
  );
  schema.resources.forEach((res, i) => {
    const p = `$.resources[${i}] (${res.name})`;
    unique(
      res.fields.map((f) => f.name),
      `${p}.fields`,
      'field',
    );
    unique(
      res.associations.map((a) => a.name),
      `${p}.associations`,
      'association',
    );
    unique(res.methods, `${p}.methods`, 'method');
    res.associations.forEach((a, j) =>
      unique(
        a.fields.map((f) => f.name),
        `${p}.associations[${j}] (${a.name}).fields`,
        'field',
      ),
    );
  });
}
