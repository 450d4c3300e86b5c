/**
 * The names a store may send. Pure.
 *
 * Policy (docs/security.md): the introspector is where untrusted names enter the
 * model, so it checks every name a store sends — resource names from the listing, node names,
 * field and association names, association targets and foreign-key targets — against one rule,
 * the same as `--include`: 1 to 128 ASCII letters, digits or `_`. Every PrestaShop name (core, the
 * spec, module resources seen in the wild) fits it. A name that does not fit stops the run with an
 * error naming the resource and the item; a resource can be left out with `--exclude`.
 *
 * Names that fit the rule can still be TypeScript reserved words, `__proto__`, `constructor`,
 * digit-first or differ only in case: the naming module (src/naming/index.ts) makes those safe. A
 * snapshot file edited by hand may hold other names; the model only refuses empty, over-long and
 * control-character names there, and the emitters make every other name safe.
 */
import { scrubSecrets } from '../errors.js';
import type { Association, Field } from '../model/index.js';

export const STORE_NAME_RE = /^[A-Za-z0-9_]{1,128}$/;
export const STORE_NAME_RULE = 'a name is 1 to 128 ASCII letters, digits or "_"';

export function isStoreName(name: string): boolean {
  return STORE_NAME_RE.test(name);
}

/** A name for a message: JSON-quoted (so newlines and quotes show), shortened when very long. */
export function showName(name: string): string {
  const quoted = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
  return name.length > 60 ? `${quoted} (${name.length} characters)` : quoted;
}

export interface BadName {
  /** What the name is, e.g. `field "x" of association "y"`, `node name`. */
  readonly what: string;
  readonly name: string;
}

/** What a name holding the key is shown as: never the name itself. */
const KEY_NAME_PLACEHOLDER = '(a name that contains the API key)';

/**
 * True when a name holds the API key (ASCII case ignored): a store that echoes the key into its
 * resource or field names must not get it into the snapshot or generated code.
 */
export function holdsKey(name: string, key: string | undefined): boolean {
  return key !== undefined && key.length >= 4 && scrubSecrets(name, [key]) !== name;
}

interface NamedParts {
  /** The API key: names that contain it are refused too. */
  readonly key?: string | undefined;
  readonly nodeName: string | null;
  readonly nodesName?: string | null;
  readonly fields: readonly Field[];
  readonly associations: readonly Association[];
}

function fieldProblems(fields: readonly Field[], owner: string, ok: (name: string) => boolean): BadName[] {
  const out: BadName[] = [];
  for (const f of fields) {
    if (!ok(f.name)) out.push({ what: `field name${owner}`, name: f.name });
    else if (f.references !== null && !ok(f.references)) {
      out.push({ what: `foreign-key target of field "${f.name}"${owner}`, name: f.references });
    }
  }
  return out;
}

/** Every name of one resource's synopsis that breaks the rule or holds the key, in document order. */
export function badNames(parts: NamedParts): BadName[] {
  return namesBreakingRule(parts).map((b) => (holdsKey(b.name, parts.key) ? { ...b, name: KEY_NAME_PLACEHOLDER } : b));
}

/** A name that holds the key fails the rule here too, whatever its characters. */
function namesBreakingRule(parts: NamedParts): BadName[] {
  const ok = (name: string): boolean => isStoreName(name) && !holdsKey(name, parts.key);
  const out: BadName[] = [];
  if (parts.nodeName !== null && !ok(parts.nodeName)) out.push({ what: 'node name', name: parts.nodeName });
  if (parts.nodesName !== undefined && parts.nodesName !== null && !ok(parts.nodesName)) {
    out.push({ what: 'list node name', name: parts.nodesName });
  }
  out.push(...fieldProblems(parts.fields, '', ok));
  for (const a of parts.associations) {
    if (!ok(a.name)) {
      out.push({ what: 'association name', name: a.name });
      continue;
    }
    const owner = ` of association "${a.name}"`;
    if (!ok(a.nodeName)) out.push({ what: `node type${owner}`, name: a.nodeName });
    if (a.resource !== null && !ok(a.resource)) out.push({ what: `target resource${owner}`, name: a.resource });
    out.push(...fieldProblems(a.fields, owner, ok));
  }
  return out;
}
