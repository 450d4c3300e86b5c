/**
 * `validators/_zod.ts`: the glue every zod validators file imports, written as prettier formats it
 * with its default settings (under other settings prettier formats it, see `isLaidOut`).
 */

/** The text of `validators/_zod.ts` (after the generated-file header). */
export function zodGlue(): string {
  return `import { z } from "zod";
import { charLength } from "../runtime/rules.js";
import {
  formatIssue,
  isExtensions,
  languageIssue,
  lengthIssue,
  readOnlyIssue,
  requiredIssue,
  typeIssue,
  unknownKeyIssue,
  valueIssue,
  type IssueCode,
  type ValidationIssue,
} from "../runtime/validation.js";

interface Ctx {
  addIssue(issue: {
    code: "custom";
    message: string;
    path?: PropertyKey[];
    params?: Record<string, unknown>;
  }): void;
}

function fail(
  ctx: Ctx,
  code: IssueCode,
  path: PropertyKey[],
  params: Record<string, unknown> = {},
): void {
  ctx.addIssue({
    code: "custom",
    message: code,
    path,
    params: { ...params, code },
  });
}

/** The store's checks on the text it receives: required (not empty), length, then the rule. */
export function wireCheck(
  ctx: Ctx,
  s: string,
  max: number | null,
  rule: ((s: string) => boolean) | null,
  ruleName: string,
  values: readonly string[] | null,
  property: string,
  required: boolean,
  path: PropertyKey[] = [],
): void {
  if (s === "") {
    if (required) fail(ctx, "required", path);
    return;
  }
  if (max !== null && s.length > max) {
    const length = charLength(s);
    if (length > max) return fail(ctx, "too_long", path, { length, max });
  }
  if (rule !== null && s !== "0" && !rule(s))
    return fail(ctx, "invalid_format", path, { rule: ruleName });
  if (values !== null && s !== "0" && !values.includes(s))
    fail(ctx, "invalid_value", path, { property, values });
}

/** A required multilingual field must hold its default language. */
export function hasLanguage(
  ctx: Ctx,
  list: readonly { id: number }[],
  language: number,
  at: string,
): void {
  if (!list.some((e) => e.id === language)) fail(ctx, "required", [], { at });
}

/** A field the store refuses in writes. */
export function readOnly() {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v !== undefined) fail(ctx, "read_only", []);
    })
    .optional();
}

/** The module-field escape hatch. */
export function extensions() {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v !== undefined && !isExtensions(v))
        fail(ctx, "invalid_type", [], {
          expected: "an object of module fields",
        });
    })
    .optional();
}

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly expected?: unknown;
  readonly keys?: readonly string[];
  readonly params?: Record<string, unknown>;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path)
    out +=
      typeof key === "number"
        ? \`[\${key}]\`
        : out === ""
          ? String(key)
          : \`.\${String(key)}\`;
  return out;
}

const EXPECTED: Record<string, string> = {
  number: "a finite number",
  string: "a string",
  boolean: "a boolean",
  date: "a valid Date or null",
  object: "an object",
};

/** zod's issues in the standalone validators' format (paths \`name[2]\`, \`associations.categories[0].id\`). */
export function fromZodIssues(
  issues: readonly ZodIssueLike[],
  value: unknown,
  multilingual: ReadonlySet<string>,
  languages: readonly number[],
  defaultLanguage: number,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    let path = issue.path;
    const head = path[0];
    const params = issue.params ?? {};
    if (issue.code === "unrecognized_keys") {
      const prefix = pathText(path);
      for (const key of issue.keys ?? [])
        out.push(unknownKeyIssue(prefix === "" ? key : \`\${prefix}.\${key}\`));
      continue;
    }
    let text = pathText(path);
    if (typeof head === "string" && multilingual.has(head)) {
      const entry =
        typeof path[1] === "number" ? at(value, path.slice(0, 2)) : undefined;
      if (path.length >= 3 && path[2] === "id") {
        out.push(languageIssue(head, at(entry, ["id"]), languages));
        continue;
      }
      if (path.length === 2) {
        out.push(typeIssue(head, "a list of { id, value } entries", entry));
        continue;
      }
      if (path.length >= 3) {
        text = \`\${head}[\${String(at(entry, ["id"]))}]\`;
        path = [...path.slice(0, 2), "value"];
        if (issue.code === "invalid_type") {
          // An entry without a value holds a value of the wrong type; the field is not missing.
          out.push(
            typeIssue(
              text,
              EXPECTED[String(issue.expected)] ?? "a valid value",
              at(value, path),
            ),
          );
          continue;
        }
      } else if (issue.code === "invalid_type") {
        const actual = at(value, path);
        out.push(
          actual === undefined
            ? requiredIssue(\`\${head}[\${defaultLanguage}]\`)
            : typeIssue(
                head,
                "a list of { id, value } entries, one per language",
                actual,
              ),
        );
        continue;
      }
    }
    const actual = at(value, path);
    switch (
      issue.code === "custom" ? (params["code"] as IssueCode) : issue.code
    ) {
      case "required":
        out.push(
          requiredIssue(typeof params["at"] === "string" ? params["at"] : text),
        );
        break;
      case "read_only":
        out.push(readOnlyIssue(text));
        break;
      case "too_long":
        out.push(
          lengthIssue(
            text,
            params["length"] as number,
            params["max"] as number,
          ),
        );
        break;
      case "invalid_format":
        out.push(formatIssue(text, params["rule"] as string));
        break;
      case "invalid_value":
        out.push(
          valueIssue(
            text,
            params["property"] as string,
            params["values"] as string[],
          ),
        );
        break;
      case "invalid_type":
        if (actual === undefined && issue.code === "invalid_type")
          out.push(requiredIssue(text));
        else {
          const expected =
            typeof params["expected"] === "string"
              ? params["expected"]
              : issue.expected === "array"
                ? "a list"
                : (EXPECTED[String(issue.expected)] ?? "a valid value");
          out.push(typeIssue(text, expected, actual));
        }
        break;
      default:
        out.push(typeIssue(text, "a valid value", actual));
    }
  }
  return out;
}
`;
}
