/**
 * Attachment files against a hostile or unlucky store, over real HTTP to the seeded CRUD fake
 * store: an upload whose answer is an error never resolves with another user's attachment, and a
 * downloaded file name is safe to use as a path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFileName } from '../../templates/runtime/attachments-match.js';
import type { FetchLike } from '../../templates/runtime/http.js';
import { startHarness, type Harness } from '../client/writes-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('8.x');
});
afterAll(() => h.close());

const WARNING =
  '<?xml version="1.0" encoding="UTF-8"?>\n<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">\n<errors>\n<error>\n<code><![CDATA[3]]></code>\n<message><![CDATA[[PHP Warning #2] something went wrong (/var/www/classes/Attachment.php, line 90)]]></message>\n</error>\n</errors>\n</prestashop>\n';

const isUpload = (input: string | URL, init?: RequestInit): boolean =>
  String(input).includes('/api/attachments/file') && init?.method === 'POST';

/** A `fetch` that runs `between` after a POST of an attachment file reached the store, before the client sees the answer. */
function fetchWith(between: (sent: Response) => Promise<Response>): FetchLike {
  return (async (input: string | URL, init?: RequestInit) => {
    const res = await fetch(input, init);
    return isUpload(input, init) ? between(res) : res;
  }) as unknown as FetchLike;
}

function warning(): Response {
  return new Response(WARNING, { status: 500, headers: { 'content-type': 'text/xml;charset=utf-8' } });
}

describe('upload after an unclear answer', () => {
  it('an error with nothing saved never resolves with another user’s attachment of the same file name', async () => {
    const theirs = await h
      .attachments()
      .upload({ bytes: new Uint8Array([9, 9, 9]), fileName: 'report.pdf', mimeType: 'application/pdf' });
    // The store answers 500 without saving: the POST never reaches it.
    const notSent = (async (input: string | URL, init?: RequestInit) =>
      isUpload(input, init) ? warning() : fetch(input, init)) as unknown as FetchLike;
    const files = h.attachments({ fetch: notSent });
    const error = await files
      .upload({ bytes: new Uint8Array([1, 2, 3]), fileName: 'report.pdf', mimeType: 'application/pdf' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PrestaShopError', status: 500, mayBeSaved: true });
    expect(error).not.toHaveProperty('id', theirs['id']);
  });

  it('saved then a PHP warning: resolves with the upload, not a newer upload of the same name by someone else', async () => {
    const ours = new Uint8Array(Array.from({ length: 40 }, (_, i) => i));
    const files = h.attachments({
      fetch: fetchWith(async () => {
        // Someone else uploads a file of the same name right after ours was saved.
        await h
          .attachments()
          .upload({ bytes: new Uint8Array([7]), fileName: 'invoice.pdf', mimeType: 'application/pdf' });
        return warning();
      }),
    });
    const got = await files.upload(
      { bytes: ours, fileName: 'invoice.pdf', mimeType: 'application/pdf' },
      { name: 'Invoice' },
    );
    expect(got).toMatchObject({ file_name: 'invoice.pdf', file_size: 40, mime: 'application/pdf' });
    const all = [...h.store.engine.stored('attachments').values()].filter(
      (r) => r.values.get('file_name') === 'invoice.pdf',
    );
    expect(all).toHaveLength(2);
    expect(got['id']).toBe(Math.min(...all.map((r) => r.id)));
  });

  it('saved then a warning, with an identical twin uploaded meanwhile: no proof, so it throws with mayBeSaved', async () => {
    const bytes = new Uint8Array([5, 5, 5, 5]);
    const files = h.attachments({
      fetch: fetchWith(async () => {
        await h.attachments().upload({ bytes, fileName: 'twin.txt', mimeType: 'text/plain' }, { name: 'Twin' });
        return warning();
      }),
    });
    const error = await files
      .upload({ bytes, fileName: 'twin.txt', mimeType: 'text/plain' }, { name: 'Twin' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PrestaShopError', status: 500, mayBeSaved: true });
  });
});

describe('download', () => {
  it('returns a file name safe as a path, and the store’s raw name apart', async () => {
    const created = await h
      .attachments()
      .upload({ bytes: new Uint8Array([1]), fileName: 'a.txt', mimeType: 'text/plain' });
    const id = created['id'] as number;
    const rule = h.store.store.fault({
      path: `/api/attachments/file/${id}`,
      headers: { 'content-disposition': 'attachment; filename="../../etc/passwd"' },
    });
    try {
      const down = await h.attachments().download(id);
      expect(down.fileName).toBe('passwd');
      expect(down.rawFileName).toBe('../../etc/passwd');
    } finally {
      rule.remove();
    }
  });

  it('safeFileName keeps the last segment and replaces what a file system refuses', () => {
    expect(safeFileName('..\\..\\win.ini')).toBe('win.ini');
    expect(safeFileName('..')).toBe('download');
    expect(safeFileName('a\u0000b:c?.txt')).toBe('a_b_c_.txt');
    expect(safeFileName(' .hidden ')).toBe('hidden');
    expect(safeFileName('x'.repeat(300))).toHaveLength(255);
  });
});
