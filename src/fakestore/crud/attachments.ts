/**
 * `/api/attachments/file` of the CRUD fake store (`WebserviceSpecificManagementAttachments`):
 *
 * - `POST attachments/file`, multipart `file` (+ `name`, `$_POST['name']`): a new attachment with a
 *   sha1 file id, the upload's file name and mime type, `name` in the default language (the others
 *   take it too: the field is required, `formatFields` copies the default language); the answer is
 *   the attachment read back, like a GET. Without a `name` part PHP warns
 *   (`Undefined array key "name"`) and the store answers 500;
 * - `GET attachments/file/{id}`: the bytes, with `Content-Type` (the stored mime type) and
 *   `Content-Disposition: attachment; filename="…"` (passed through `utf8_decode`: ISO-8859-1,
 *   `?` for characters outside it; see `utf8Decode`); a missing file → 500, code 1;
 * - `PUT attachments/file/{id}` (a POST with `ps_method=PUT`: PHP reads multipart bodies of POSTs
 *   only) replaces the file;
 * - `DELETE attachments/file/{id}` deletes nothing: the store builds `new Attachment((int)
 *   $this->getWsObject()->urlSegment[1])`, and segment 1 is `file` (8.2.0
 *   WebserviceSpecificManagementAttachments::manage, 221-224), so it deletes the unloaded attachment
 *   0 and answers 200. `DELETE attachments/{id}` (engine.ts) deletes the row and the file;
 * - a plain `POST attachments` saves nothing: the entity switch of `manage` has no POST case; the
 *   answer is 200 with an empty document (`[]` in JSON), seen on a real 8.2.0 store.
 */
import { createHash } from 'node:crypto';
import type { CrudAnswer, CrudEngine, CrudRequest } from './engine.js';
import { ATTACHMENT_SITE, phpFailure } from './php.js';
import { WsError } from './query.js';
import { XML_HEAD, XML_TAIL } from '../wire.js';

export interface AttachmentFile {
  bytes: Uint8Array;
}

/**
 * PHP's `utf8_decode` (UTF-8 → ISO-8859-1, `?` for what it cannot hold). PHP then sends the
 * ISO-8859-1 bytes; Node's HTTP server refuses header bytes above 0x7E, so the fake store sends
 * `?` for those as well: a client sees at worst a `?` where a real store sends a Latin-1 byte.
 */
function utf8Decode(text: string): string {
  return [...text].map((c) => (c.codePointAt(0)! <= 0x7e ? c : '?')).join('');
}

export function handleAttachmentFiles(engine: CrudEngine, req: CrudRequest): CrudAnswer {
  const method = req.method.toUpperCase();
  const idSeg = req.segments[2] ?? '';
  const id = parseInt(idSeg, 10) || 0;
  switch (method) {
    case 'GET':
    case 'HEAD': {
      const item = engine.get('attachments', id);
      const file = item === undefined ? undefined : engine.attachmentFiles.get(item.values.get('file') ?? '');
      if (item === undefined || file === undefined)
        throw new WsError(500, 1, `Unable to load the attachment file for attachment ${id}`);
      const headers = {
        'content-length': String(file.bytes.length),
        'content-disposition': `attachment; filename="${utf8Decode(item.values.get('file_name') ?? '')}"`,
      };
      return {
        status: 200,
        contentType: item.values.get('mime') ?? '',
        body: method === 'HEAD' ? '' : file.bytes,
        headers,
      };
    }
    case 'POST':
    case 'PUT': {
      const saved = upload(engine, req, method === 'PUT' ? id : 0);
      return engine.renderAttachment(saved, req);
    }
    case 'DELETE':
      // `new Attachment((int) 'file')`: nothing is deleted (see above).
      return { status: 200, contentType: '', body: '' };
    default:
      throw new WsError(405, 23, `Method ${method} is not valid`);
  }
}

function upload(engine: CrudEngine, req: CrudRequest, id: number): number {
  const file = req.multipart?.get('file');
  // `isset($_FILES['file'])` fails: nothing happens, and the GET emulation finds no attachment.
  if (file === undefined || file.text !== undefined) throw new WsError(404, null, '');
  const existing = id === 0 ? undefined : engine.get('attachments', id);
  if (id !== 0 && existing === undefined) throw new WsError(404, null, '');
  const name = req.multipart?.get('name')?.text;
  if (name === undefined) throw phpFailure(engine.generation, { kind: 'undefined-key', key: 'name' }, ATTACHMENT_SITE);
  const key = existing?.values.get('file') ?? createHash('sha1').update(`${Date.now()}:${Math.random()}`).digest('hex');
  engine.attachmentFiles.set(key, { bytes: file.bytes });
  const values = { file: key, file_name: file.filename, mime: file.type, file_size: String(file.bytes.length) };
  if (existing !== undefined) {
    for (const [k, v] of Object.entries(values)) existing.values.set(k, v);
    existing.langs.get('name')?.set(engine.languages[0]!, name);
    return existing.id;
  }
  return engine.insertRaw('attachments', values, { name }).id;
}

/** `POST /api/attachments`: no POST case in the entity switch, nothing saved, an empty document. */
export function attachmentEntityPost(req: CrudRequest): CrudAnswer {
  return req.format === 'JSON'
    ? { status: 200, contentType: 'application/json', body: '[]' }
    : { status: 200, contentType: 'text/xml', body: `${XML_HEAD}${XML_TAIL}` };
}
