/**
 * JSON values and their stable text: object keys sorted by code units at every level (key order
 * carries no meaning in OpenAPI or JSON Schema), arrays kept in order, two-space indentation and a
 * final newline. Objects are built without a prototype so a wire name such as `__proto__` is an
 * ordinary key.
 */
import { compareCodeUnits } from '../model/index.js';

export type Json = null | boolean | number | string | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json;
}

/** A prototype-less object from entries; later entries win. `undefined` values are left out. */
export function obj(entries: Iterable<readonly [string, Json | undefined]>): JsonObject {
  const out: Record<string, Json> = Object.create(null) as Record<string, Json>;
  for (const [key, value] of entries) if (value !== undefined) out[key] = value;
  return out;
}

/** A prototype-less object from a record literal, leaving out `undefined` values. */
export function record(fields: { readonly [key: string]: Json | undefined }): JsonObject {
  return obj(Object.entries(fields));
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const source = value as JsonObject;
    return obj(
      Object.keys(source)
        .sort(compareCodeUnits)
        .map((k) => [k, sortKeys(source[k]!)] as const),
    );
  }
  return value;
}

/** The deterministic text of a JSON value. */
export function stableJson(value: Json): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
