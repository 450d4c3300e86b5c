/**
 * Validation of an untrusted snapshot (a file someone edited, or an older `schemaVersion`).
 * Version 1 snapshots load with the version-2 members at their defaults; their fields stay in the
 * name order version 1 wrote them in. Version 1 and 2 snapshots load with the version-3 members
 * derived: `allowNull` false; where a catalog was applied, a field without an entry (`synopsis`)
 * is a module's (`module`), and a resource is `core` when any of its fields had an entry.
 */
import {
  FIELD_ORIGINS,
  RESOURCE_ORIGINS,
  HTTP_METHODS,
  PHP_TYPES,
  SCHEMA_VERSION,
  SUPPORTED_SCHEMA_VERSIONS,
  WRITE_MODES,
  type Association,
  type Field,
  type FieldModifier,
  type HttpMethod,
  type Language,
  type Resource,
  type ResourceOrigin,
  type StoreSchema,
  type SynopsisSource,
} from './schema.js';
import { SnapshotError } from './snapshot-error.js';

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
   * letters, digits, `_`, `-` and `.` are allowed, not `.` first (`order-items` loads; `../x`,
   * `a/b`, `%2e%2e` and `a b` do not).
   */
  resourceName(v: Json, path: string): string {
    const s = this.name(v, path);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(s)) {
      this.fail(
        path,
        `resource name ${JSON.stringify(s)} is not a plain identifier (ASCII letters, digits, "_", "-", "."; not "." first); it would become a URL path segment`,
      );
    }
    return s;
  }

  nullableName(v: Json, path: string): string | null {
    return v === null ? null : this.name(v, path);
  }

  oneOf<T extends string>(v: Json, choices: readonly T[], path: string): T {
    if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
      this.fail(path, `expected one of ${choices.join(', ')}`);
    }
    return v as T;
  }

  methods(v: Json, path: string): HttpMethod[] {
    return this.array(v, path).map((m, i) => this.oneOf(m, HTTP_METHODS, `${path}[${i}]`));
  }

  /** A version-2 member: required from version 2 on, else its default. */
  v2<T>(version: number, v: Json, fallback: T, read: (v: Json) => T): T {
    return version < 2 ? fallback : read(v);
  }

  /** A version-3 member: required from version 3 on, else its default. */
  v3<T>(version: number, v: Json, fallback: T, read: (v: Json) => T): T {
    return version < 3 ? fallback : read(v);
  }

  nullableSize(v: Json, path: string): number | null {
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
      this.fail(path, 'expected a non-negative integer or null');
    }
    return v;
  }
}

function readModifier(r: Reader, v: Json, path: string): FieldModifier | null {
  if (v === null) return null;
  const o = r.record(v, path);
  return { name: r.name(o.name, `${path}.name`), methods: r.methods(o.methods, `${path}.methods`) };
}

function readValues(r: Reader, v: Json, path: string): string[] | null {
  if (v === null) return null;
  return r.array(v, path).map((x, i) => r.string(x, `${path}[${i}]`));
}

/** What a snapshot's version and store say about the members it may lack. */
interface ReadContext {
  readonly version: number;
  /** A catalog was applied at introspection (`store.catalog`). */
  readonly catalog: boolean;
}

function readField(r: Reader, v: Json, path: string, ctx: ReadContext): Field {
  const { version } = ctx;
  const o = r.record(v, path);
  const readOnly = r.bool(o.readOnly, `${path}.readOnly`);
  return {
    name: r.name(o.name, `${path}.name`),
    required: r.bool(o.required, `${path}.required`),
    maxSize: r.nullableSize(o.maxSize, `${path}.maxSize`),
    format: r.nullableString(o.format, `${path}.format`),
    inputType: r.nullableString(o.inputType, `${path}.inputType`),
    multilingual: r.bool(o.multilingual, `${path}.multilingual`),
    readOnly,
    filterable: r.bool(o.filterable, `${path}.filterable`),
    references: r.nullableName(o.references, `${path}.references`),
    type: r.v2(version, o.type, null, (x) => (x === null ? null : r.oneOf(x, PHP_TYPES, `${path}.type`))),
    values: r.v2(version, o.values, null, (x) => readValues(r, x, `${path}.values`)),
    write: r.v2(version, o.write, readOnly ? 'refused' : 'stored', (x) => r.oneOf(x, WRITE_MODES, `${path}.write`)),
    setter: r.v2(version, o.setter, null, (x) => r.nullableName(x, `${path}.setter`)),
    modifier: r.v2(version, o.modifier, null, (x) => readModifier(r, x, `${path}.modifier`)),
    computed: r.v2(version, o.computed, false, (x) => r.bool(x, `${path}.computed`)),
    writeBack: r.v2(version, o.writeBack, true, (x) => r.bool(x, `${path}.writeBack`)),
    allowNull: r.v3(version, o.allowNull, false, (x) => r.bool(x, `${path}.allowNull`)),
    origin:
      version >= 3
        ? r.oneOf(o.origin, FIELD_ORIGINS, `${path}.origin`)
        : legacyOrigin(
            r.v2(version, o.origin, 'synopsis', (x) => r.oneOf(x, LEGACY_ORIGINS, `${path}.origin`)),
            ctx,
          ),
  };
}

/** Field origins of version 2 (no `module`). */
const LEGACY_ORIGINS = ['catalog', 'customised', 'synopsis'] as const;

/** A version-2 origin in version 3: with a catalog applied, a field without an entry is a module's. */
function legacyOrigin(origin: (typeof LEGACY_ORIGINS)[number], ctx: ReadContext): Field['origin'] {
  return origin === 'synopsis' && ctx.catalog ? 'module' : origin;
}

function readAssociation(r: Reader, v: Json, path: string, ctx: ReadContext): Association {
  const { version } = ctx;
  const o = r.record(v, path);
  const resource = r.nullableName(o.resource, `${path}.resource`);
  return {
    name: r.name(o.name, `${path}.name`),
    resource,
    api: r.v2(version, o.api, resource, (x) => r.nullableName(x, `${path}.api`)),
    nodeName: r.name(o.nodeName, `${path}.nodeName`),
    virtual: r.bool(o.virtual, `${path}.virtual`),
    fields: r.array(o.fields, `${path}.fields`).map((f, i) => readField(r, f, `${path}.fields[${i}]`, ctx)),
  };
}

/** A version-2 resource's origin: core when any field had a catalog entry (only with a catalog). */
function legacyResourceOrigin(fields: readonly Field[], ctx: ReadContext): ResourceOrigin | null {
  if (!ctx.catalog) return null;
  return fields.some((f) => f.origin === 'catalog' || f.origin === 'customised') ? 'core' : 'module';
}

function readResource(r: Reader, v: Json, path: string, ctx: ReadContext): Resource {
  const { version } = ctx;
  const o = r.record(v, path);
  const methods = r.methods(o.methods, `${path}.methods`);
  const syn = r.record(o.synopsis, `${path}.synopsis`);
  const source = r.string(syn.source, `${path}.synopsis.source`);
  if (!(SOURCES as readonly string[]).includes(source)) {
    r.fail(`${path}.synopsis.source`, `expected one of ${SOURCES.join(', ')}`);
  }
  const fields = r.array(o.fields, `${path}.fields`).map((f, i) => readField(r, f, `${path}.fields[${i}]`, ctx));
  return {
    name: r.resourceName(o.name, `${path}.name`),
    description: r.nullableString(o.description, `${path}.description`),
    nodeName: r.nullableName(o.nodeName, `${path}.nodeName`),
    nodesName: r.nullableName(o.nodesName, `${path}.nodesName`),
    methods,
    keyMethods: r.v2(version, o.keyMethods, methods, (x) => r.methods(x, `${path}.keyMethods`)),
    synopsis: {
      source: source as SynopsisSource,
      reason: r.nullableString(syn.reason, `${path}.synopsis.reason`),
    },
    fields,
    associations: r
      .array(o.associations, `${path}.associations`)
      .map((a, i) => readAssociation(r, a, `${path}.associations[${i}]`, ctx)),
    quirks: r.v2(version, o.quirks, [], (x) =>
      r.array(x, `${path}.quirks`).map((q, i) => r.name(q, `${path}.quirks[${i}]`)),
    ),
    origin: r.v3(version, o.origin, legacyResourceOrigin(fields, ctx), (x) =>
      x === null ? null : r.oneOf(x, RESOURCE_ORIGINS, `${path}.origin`),
    ),
  };
}

/** Validates an untrusted parsed snapshot and returns it as a model (not yet canonical). */
export function validateSnapshotValue(raw: Json, source: string | null = null): StoreSchema {
  const r: Reader = new Reader(source);
  const o = r.record(raw, '$');
  const version = o.schemaVersion;
  if (typeof version !== 'number' || !SUPPORTED_SCHEMA_VERSIONS.includes(version)) {
    r.fail(
      '$.schemaVersion',
      typeof version === 'number' && version > SCHEMA_VERSION
        ? `schemaVersion ${version} is newer than this tool understands (${SCHEMA_VERSION}); upgrade prestashop-codegen`
        : `expected schemaVersion ${SUPPORTED_SCHEMA_VERSIONS.join(' or ')}`,
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
  const catalog = r.v2(version, store.catalog, null, (x) => r.nullableString(x, '$.store.catalog'));
  const ctx: ReadContext = { version, catalog: catalog !== null };
  const schema: StoreSchema = {
    schemaVersion: SCHEMA_VERSION,
    store: {
      psVersion: r.nullableString(store.psVersion, '$.store.psVersion'),
      languages,
      catalog,
      timeZone: r.v2(version, store.timeZone, null, (x) => r.nullableString(x, '$.store.timeZone')),
    },
    resources: r.array(o.resources, '$.resources').map((v, i) => readResource(r, v, `$.resources[${i}]`, ctx)),
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
