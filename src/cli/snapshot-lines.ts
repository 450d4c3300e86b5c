/**
 * Where a change sits in a snapshot file, for GitHub annotations (`::error file=…,line=…`): the
 * line of the field, association, methods list or resource. Snapshots are written by
 * `serializeSnapshot` (two-space JSON, fixed key order), which this scan relies on.
 */
import type { Change } from '../diff/index.js';

const NAME = /^( *)"name": "((?:[^"\\]|\\.)*)",?$/;
const SECTION = /^( *)"(fields|associations|methods)": \[/;

/** A lookup from a change to its 1-based line in `text`, or null when the thing is not in the file. */
export function snapshotLineIndex(
  text: string,
): (c: Pick<Change, 'resource' | 'method' | 'association' | 'field'>) => number | null {
  const lines = new Map<string, number>();
  let resource: string | null = null;
  let association: string | null = null;
  let section: string | null = null;
  text.split('\n').forEach((line, i) => {
    const n = i + 1;
    const sec = SECTION.exec(line);
    if (sec !== null && sec[1]!.length === 6 && resource !== null) {
      section = sec[2]!;
      if (section === 'methods') lines.set(`${resource}:methods`, n);
      return;
    }
    const m = NAME.exec(line);
    if (m === null) return;
    const depth = m[1]!.length;
    const name = JSON.parse(`"${m[2]!}"`) as string;
    if (depth === 6) {
      resource = name;
      association = null;
      section = null;
      lines.set(resource, n);
    } else if (depth === 10 && resource !== null && section === 'fields') {
      lines.set(`${resource}.${name}`, n);
    } else if (depth === 10 && resource !== null && section === 'associations') {
      association = name;
      lines.set(`${resource}@${name}`, n);
    } else if (depth === 14 && resource !== null && association !== null) {
      lines.set(`${resource}@${association}.${name}`, n);
    }
  });
  return (c) => {
    const r = c.resource;
    const keys = [
      c.association !== null && c.field !== null ? `${r}@${c.association}.${c.field}` : null,
      c.association === null && c.field !== null ? `${r}.${c.field}` : null,
      c.association !== null ? `${r}@${c.association}` : null,
      c.method !== null ? `${r}:methods` : null,
      r,
    ];
    for (const k of keys) if (k !== null && lines.has(k)) return lines.get(k)!;
    return null;
  };
}
