/**
 * The safety rules of attachment files that do not talk HTTP themselves:
 *
 * - `uploadedRecord`: after an upload answered with an error that may come after the save (a PHP
 *   warning, a lost answer), which listed attachment is provably the one just uploaded. Only one
 *   whose id is above the highest id before the upload, with the same file name, size, mime type
 *   and name; none, or more than one (a twin uploaded at the same time), is no proof.
 * - `safeFileName`: a file name from a `Content-Disposition` header, made safe to use as a path
 *   segment (no directories, no `..`, no control or reserved characters).
 */
import type { Entity } from './decode.js';

/** What the client sent: the attachment the store should now hold. */
export interface SentFile {
  readonly fileName: string;
  readonly name: string;
  readonly size: number;
  /** The part's `Content-Type`: the Blob's type, or `application/octet-stream` (what `FormData` sends). */
  readonly mime: string;
}

/** The multipart part's content type, as `FormData` sends it. */
export function sentMime(blob: Blob): string {
  return blob.type === '' ? 'application/octet-stream' : blob.type;
}

function hasName(value: unknown, name: string): boolean {
  if (typeof value === 'string') return value === name;
  if (!Array.isArray(value)) return false;
  return value.some((v: unknown) => typeof v === 'object' && v !== null && (v as { value?: unknown }).value === name);
}

/** The one record that is provably the upload, or null (none, or more than one). */
export function uploadedRecord(candidates: readonly Entity[], maxIdBefore: number, sent: SentFile): Entity | null {
  const matches = candidates.filter((r) => {
    const id = r['id'];
    return (
      typeof id === 'number' &&
      id > maxIdBefore &&
      r['file_name'] === sent.fileName &&
      Number(r['file_size']) === sent.size &&
      r['mime'] === sent.mime &&
      hasName(r['name'], sent.name)
    );
  });
  return matches.length === 1 ? matches[0]! : null;
}

/** The highest id of a `sort: 'id_DESC', limit: 1` list (0 for an empty store). */
export function highestId(records: readonly Entity[]): number {
  const id = records[0]?.['id'];
  return typeof id === 'number' ? id : 0;
}

const MAX_FILE_NAME = 255;

/**
 * A file name safe to join to a directory: the last path segment of `raw`, with control
 * characters and `/ \ : * ? " < > |` replaced by `_`, no leading dots or spaces, at most 255
 * characters; `download` when nothing is left.
 */
export function safeFileName(raw: string): string {
  const parts = raw.split(/[/\\]/);
  let name = parts[parts.length - 1] ?? '';
  let out = '';
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    out += c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || ':*?"<>|'.includes(ch) ? '_' : ch;
  }
  let start = 0;
  while (start < out.length && (out[start] === '.' || out[start] === ' ')) start++;
  let end = out.length;
  while (end > start && (out[end - 1] === ' ' || out[end - 1] === '.')) end--;
  name = out.slice(start, end);
  if (name.length > MAX_FILE_NAME) name = Array.from(name).slice(0, MAX_FILE_NAME).join('');
  return name === '' ? 'download' : name;
}
