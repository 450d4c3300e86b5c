/**
 * Standard Schema (https://standardschema.dev, version 1): every generated validator function
 * carries a `~standard` property, so that libraries that take a Standard Schema (tRPC, TanStack
 * Form, Hono's standard validator, …) accept it as they accept a zod or valibot schema. It reports
 * the same issues with the same messages as the function; each issue keeps its `code` too.
 *
 * The interface is written out here (the spec asks libraries to copy it rather than depend on it).
 */
import type { IssueCode, ValidationResult } from './validation.js';

/** The Standard Schema interface, version 1. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

export interface StandardIssue {
  readonly message: string;
  /** `associations.categories[0].id` → `["associations", "categories", 0, "id"]`; `name[2]` (language 2) → `["name", 2]`. */
  readonly path?: readonly PropertyKey[] | undefined;
  /** The generated validator's issue code (`required`, `format`, …). */
  readonly code: IssueCode;
}

/** `a.b[0].c` → `["a", "b", 0, "c"]`, in one pass; '' → no path. */
export function pathSegments(path: string): PropertyKey[] {
  const out: PropertyKey[] = [];
  let name = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '.' || c === '[') {
      if (name !== '') out.push(name);
      name = '';
      if (c === '[') {
        const end = path.indexOf(']', i);
        if (end === -1) {
          name = path.slice(i);
          break;
        }
        const inner = path.slice(i + 1, end);
        out.push(/^\d{1,15}$/.test(inner) ? Number(inner) : inner);
        i = end;
      }
    } else name += c;
  }
  if (name !== '') out.push(name);
  return out;
}

/**
 * A generated validator: the check function itself, carrying `~standard` (whose `validate` calls it
 * with the value alone). Generated code calls it in an initialiser annotated `@__PURE__`.
 */
export function standardSchema<A extends unknown[], T>(
  check: (value: unknown, ...rest: A) => ValidationResult<T>,
): ((value: unknown, ...rest: A) => ValidationResult<T>) & StandardSchemaV1<unknown, T> {
  return Object.assign(check, { '~standard': standardProps<T>((value) => check(value, ...([] as unknown as A))) });
}

function standardProps<T>(check: (value: unknown) => ValidationResult<T>): StandardSchemaProps<unknown, T> {
  return {
    version: 1,
    vendor: 'prestashop-codegen',
    validate(value: unknown): StandardResult<T> {
      const result = check(value);
      if (result.ok) return { value: result.value };
      return {
        issues: result.issues.map((i) => {
          const path = pathSegments(i.path);
          return path.length === 0 ? { message: i.message, code: i.code } : { message: i.message, path, code: i.code };
        }),
      };
    },
  };
}
