/**
 * The CRUD fake store on HTTP (127.0.0.1, port 0): authentication like the dispatcher (Basic user
 * name or `ws_key`; 401 without key, 401/18 for a malformed key, 401/20+21 for an unknown one),
 * output format selection (`Io-Format` > `Output-Format` > `output_format` > `io_format`, only
 * the exact `JSON`), the `ps_method` override, PrestaShop's headers, and a log of every request
 * as it arrived (method, path, raw query, headers, body) for tests to assert on.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CrudEngine, type CrudAnswer, type CrudEngineOptions, type UploadedFile } from './crud.js';

/** The key the CRUD store accepts unless told otherwise (32 characters, like a real key). */
export const CRUD_STORE_KEY = 'CRUDSTORE0DEMO0KEY00000000000001';

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  /** The query string as sent, without `?` (still URL-encoded). */
  readonly rawQuery: string;
  /** The query as PHP sees it (decoded). */
  readonly query: readonly (readonly [string, string])[];
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly status: number;
}

export interface CrudStoreOptions extends Omit<CrudEngineOptions, 'schema'> {
  readonly schema: CrudEngineOptions['schema'];
  readonly apiKey?: string;
  /** `PSWS-Version` header (default from the schema, `1.7.8.10` for generation 1.7). */
  readonly version?: string;
}

export interface CrudStore {
  /** Base URL (no `/api`). */
  readonly url: string;
  readonly apiKey: string;
  readonly engine: CrudEngine;
  readonly requests: readonly LoggedRequest[];
  clearLog(): void;
  close(): Promise<void>;
}

const REALM = 'Basic realm="Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required."';

/** The key of a request: the Basic user name, else `ws_key`. */
export function requestKey(req: IncomingMessage, query: URLSearchParams): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^basic /i.test(auth)) {
    const user = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8').split(':')[0] ?? '';
    if (user !== '') return user;
  }
  return query.get('ws_key');
}

/** The output format PrestaShop picks: headers before query parameters, only the exact `JSON`. */
export function requestFormat(req: IncomingMessage, query: URLSearchParams): 'XML' | 'JSON' {
  const pick = (req.headers['io-format'] as string | undefined) ?? (req.headers['output-format'] as string | undefined) ?? query.get('output_format') ?? query.get('io_format');
  return pick === 'JSON' ? 'JSON' : 'XML';
}

/** Multipart parts, parsed with the platform's own form-data reader. */
export async function readMultipart(body: Buffer, contentType: string): Promise<Map<string, UploadedFile>> {
  const parts = new Map<string, UploadedFile>();
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  for (const [name, value] of form) {
    if (typeof value === 'string') continue;
    parts.set(name, { bytes: new Uint8Array(await value.arrayBuffer()), type: value.type, filename: value.name });
  }
  return parts;
}

export async function startCrudStore(options: CrudStoreOptions): Promise<CrudStore> {
  const engine = new CrudEngine(options);
  const apiKey = options.apiKey ?? CRUD_STORE_KEY;
  const version = options.version ?? (engine.generation === '1.7' ? '1.7.8.10' : (options.schema.store.psVersion ?? '8.2.0'));
  const log: LoggedRequest[] = [];
  let origin = '';

  const answer = async (req: IncomingMessage, body: Buffer): Promise<CrudAnswer & { headers?: Record<string, string> }> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const query = url.searchParams;
    const format = requestFormat(req, query);
    const key = requestKey(req, query);
    if (key === null || key === '') return { status: 401, contentType: 'text/html', body: '401 Unauthorized', headers: { 'www-authenticate': REALM } };
    if (key.length !== 32) return { ...engine.error(format, 401, [{ code: 18, message: 'Invalid authentication key format' }]), headers: { 'www-authenticate': REALM } };
    if (key !== apiKey) {
      return {
        ...engine.error(format, 401, [
          { code: 20, message: 'Authentification key is not active' },
          { code: 21, message: 'No permission for this authentication key' },
        ]),
        headers: { 'www-authenticate': REALM },
      };
    }
    if (!url.pathname.startsWith('/api/')) return { status: 404, contentType: 'text/html', body: 'Not Found' };
    const segments = url.pathname.slice(5).split('/').map(decodeURIComponent);
    const override = query.get('ps_method');
    const method = override ?? req.method ?? 'GET';
    const contentType = req.headers['content-type'] ?? '';
    const multipart = /^multipart\/form-data/i.test(contentType) ? await readMultipart(body, contentType) : undefined;
    const text = multipart === undefined && ['POST', 'PUT', 'PATCH'].includes(req.method ?? '') ? body.toString('utf8') : '';
    return engine.handle({ method, segments, query, body: text, format, wsUrl: `${origin}/api/`, ...(multipart === undefined ? {} : { multipart }) });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      answer(req, body)
        .then((a) => {
          const url = new URL(req.url ?? '/', 'http://fake.invalid');
          const headers: Record<string, string> = {
            'access-time': '1795237470',
            'x-powered-by': 'PrestaShop Webservice',
            'execution-time': '0.001',
            'psws-version': a.status === 401 && engine.generation !== '1.7' ? '0' : version,
            'content-type': a.contentType,
            ...(a.headers ?? {}),
          };
          const payload = typeof a.body === 'string' ? Buffer.from(a.body, 'utf8') : Buffer.from(a.body);
          if (a.status >= 200 && a.status < 300 && payload.length > 0) headers['content-sha1'] = createHash('sha1').update(payload).digest('hex');
          log.push({
            method: req.method ?? 'GET',
            path: url.pathname,
            rawQuery: url.search.slice(1),
            query: [...url.searchParams],
            headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
            body: body.toString('utf8'),
            status: a.status,
          });
          res.writeHead(a.status, headers);
          res.end(req.method === 'HEAD' ? undefined : payload);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`crud store error: ${(error as Error).message}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    apiKey,
    engine,
    get requests() {
      return log;
    },
    clearLog() {
      log.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
