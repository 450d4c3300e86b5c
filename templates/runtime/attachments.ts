/**
 * Attachment files (`/api/attachments/file`, `WebserviceSpecificManagementAttachments`): the
 * attachment's record is an ordinary resource (`client.attachments.get/list/update/delete`); its
 * file goes through these calls.
 *
 * - `upload`: `POST attachments/file`, multipart `file` and `name` (the attachment's name in the
 *   store's default language, the other languages take it too). The answer is the new attachment.
 *   A store that saves it and then answers 500 (a PHP warning) is looked up, so the call does not
 *   fail on an attachment that exists: only a record with an id above the highest one before the
 *   upload and the same file name, size, mime type and name is taken; anything less certain
 *   throws with `mayBeSaved: true`. Never retried.
 * - `download`: `GET attachments/file/{id}`: the bytes, the file name (`Content-Disposition`; the
 *   store sends it in ISO-8859-1, `?` for characters outside it) made safe to use as a path
 *   segment, the store's name as is (`rawFileName`) and the mime type.
 * - `replaceFile`: a POST with `ps_method=PUT` (PHP reads multipart bodies of POSTs only).
 * - `deleteFile`: `DELETE attachments/{id}`: deletes the attachment and its file. Not
 *   `DELETE attachments/file/{id}`: the store answers 200 there and deletes nothing
 *   (`WebserviceSpecificManagementAttachments` builds `new Attachment((int) 'file')`, 1.7.8 – 9.0).
 *
 * Works with the `FormData`/`Blob` of Node ≥ 18 and of browsers.
 */
import { highestId, safeFileName, sentMime, uploadedRecord } from './attachments-match.js';
import type { Entity } from './decode.js';
import { mayHaveSaved, PrestaShopError, writeError } from './errors.js';
import type { ResourceMeta } from './meta.js';
import { ResourceRuntime, type ClientContext } from './resource.js';

/** A file: a `Blob` (a `File` carries its name), or bytes with a file name. */
export type FileInput = Blob | { readonly bytes: Uint8Array | ArrayBuffer; readonly fileName: string; readonly mimeType?: string | undefined };

export interface UploadAttachmentOptions {
  /** The attachment's name (default: the file name). */
  readonly name?: string | undefined;
  /** The file name when `file` is a `Blob` without one (default `file`). */
  readonly fileName?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface DownloadedFile {
  readonly bytes: Uint8Array;
  /**
   * From `Content-Disposition`, safe to join to a directory (no `/`, `\\`, `..`, control or
   * reserved characters: see `safeFileName`), or null.
   */
  readonly fileName: string | null;
  /** The name exactly as the store sent it (may be `../../etc/passwd`): never use it as a path. */
  readonly rawFileName: string | null;
  /** From `Content-Type`, or null. */
  readonly mimeType: string | null;
}

export interface AttachmentFilesClient {
  upload(file: FileInput, options?: UploadAttachmentOptions): Promise<Entity>;
  download(id: number, options?: { readonly signal?: AbortSignal | undefined }): Promise<DownloadedFile>;
  replaceFile(id: number, file: FileInput, options?: Omit<UploadAttachmentOptions, 'name'> & { readonly name?: string | undefined }): Promise<Entity>;
  deleteFile(id: number, options?: { readonly signal?: AbortSignal | undefined }): Promise<void>;
}

function blobOf(file: FileInput, fallbackName: string | undefined): { blob: Blob; fileName: string } {
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    const named = (file as Blob & { name?: unknown }).name;
    return { blob: file, fileName: typeof named === 'string' && named !== '' ? named : (fallbackName ?? 'file') };
  }
  const f = file as Exclude<FileInput, Blob>;
  if (typeof f !== 'object' || f === null || typeof f.fileName !== 'string' || f.fileName === '') {
    throw new TypeError('file: expected a Blob / File, or { bytes, fileName[, mimeType] }');
  }
  // A copy over a plain ArrayBuffer: what every Blob implementation (and DOM typings) accepts.
  const bytes = new Uint8Array(f.bytes instanceof ArrayBuffer ? new Uint8Array(f.bytes) : f.bytes);
  return { blob: new Blob([bytes], { type: f.mimeType ?? 'application/octet-stream' }), fileName: f.fileName };
}

/** `filename="…"` (or `filename*=UTF-8''…`) of a `Content-Disposition` header. */
export function dispositionFileName(header: string | null): string | null {
  if (header === null) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]*)/i.exec(header);
  if (star !== null) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]*)/i.exec(header);
  if (plain === null) return null;
  return (plain[1] ?? plain[2] ?? '').trim();
}

function checkId(id: number): void {
  if (!Number.isInteger(id) || id <= 0) throw new RangeError(`id: expected a positive integer, got ${String(id)}`);
}

export function createAttachmentFiles(ctx: ClientContext, meta: ResourceMeta): AttachmentFilesClient {
  const records = new ResourceRuntime(ctx, meta);
  const decodeOne = (text: string, status: number, url: string, method: string): Entity => {
    const item = records.decodeXml(text)[0];
    if (item === undefined) throw new PrestaShopError({ kind: 'decode', status, method, url, errors: [{ code: null, message: 'the store answered without the attachment' }], mayBeSaved: true });
    return item;
  };
  const send = async (id: number | null, file: FileInput, options: UploadAttachmentOptions): Promise<Entity> => {
    const { blob, fileName } = blobOf(file, options.fileName);
    const form = new FormData();
    form.append('file', blob, fileName);
    form.append('name', options.name ?? fileName);
    const path = id === null ? 'attachments/file' : `attachments/file/${id}`;
    const params: [string, string][] = id === null ? [] : [['ps_method', 'PUT']];
    // The highest id before a new upload: what proves, after an unclear answer, which record is ours.
    const maxIdBefore = id !== null ? null : await records.list({ sort: 'id_DESC', limit: 1, display: ['id'], signal: options.signal }).then(highestId, () => null);
    try {
      const res = await ctx.transport.expectOk({ method: 'POST', path, params, format: 'XML', body: form, signal: options.signal });
      return decodeOne(res.text, res.status, res.url, 'POST');
    } catch (error) {
      // Saved, then a PHP warning while answering: find it rather than invite a second upload, but
      // only a record that is provably this upload (never another user's file of the same name).
      if (maxIdBefore !== null && error instanceof PrestaShopError && error.kind === 'http' && mayHaveSaved(error)) {
        const sent = { fileName, name: options.name ?? fileName, size: blob.size, mime: sentMime(blob) };
        const found = await records.list({ filter: { file_name: fileName }, sort: 'id_DESC', limit: 100 }).catch(() => []);
        const mine = uploadedRecord(found, maxIdBefore, sent);
        if (mine !== null) return mine;
      }
      throw writeError(error);
    }
  };
  return {
    upload: (file, options = {}) => send(null, file, options),
    replaceFile: (id, file, options = {}) => {
      checkId(id);
      return send(id, file, options);
    },
    async download(id, options = {}) {
      checkId(id);
      const res = await ctx.transport.expectOk({ method: 'GET', path: `attachments/file/${id}`, format: 'XML', binary: true, signal: options.signal });
      const type = res.headers.get('content-type');
      const rawFileName = dispositionFileName(res.headers.get('content-disposition'));
      return {
        bytes: new Uint8Array(res.bytes ?? new ArrayBuffer(0)),
        fileName: rawFileName === null ? null : safeFileName(rawFileName),
        rawFileName,
        mimeType: type === null || type === '' ? null : type,
      };
    },
    async deleteFile(id, options = {}) {
      checkId(id);
      await records.delete(id, { signal: options.signal });
    },
  };
}
