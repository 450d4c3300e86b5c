/**
 * The fake store's router: the path below `/api`, the webservice switch, the key (format, active,
 * permissions), the resource, then the handler (`handlers.ts`) that answers. The order of the
 * checks and their error codes are those of 8.2.0 `WebserviceRequest::fetch`.
 */
import type { IncomingMessage } from 'node:http';
import {
  answerCrud,
  answerIndex,
  answerRecorded,
  baseHeaders,
  errorAnswer,
  permissionsFor,
  type StoreContext,
} from './handlers.js';
import { keyOf, outputFormat, type Answer, type RequestBody } from './request.js';
import { NOT_FOUND_PAGE, UNAUTHORIZED_REALM, type WireError } from './wire.js';

export function route(
  ctx: StoreContext,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  body: RequestBody,
): Answer {
  const apiPrefix = `${ctx.basePath}/api`;
  if (path !== apiPrefix && !path.startsWith(`${apiPrefix}/`)) {
    return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: NOT_FOUND_PAGE };
  }
  const format = outputFormat(req, query);
  if (!ctx.enabled) {
    return errorAnswer(
      ctx,
      503,
      [
        {
          code: 22,
          message: 'The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office',
        },
      ],
      format,
      false,
    );
  }
  const { key } = keyOf(req.headers, query, ctx.stripAuthorization);
  if (key === null || key === '') {
    return {
      status: 401,
      headers: { ...baseHeaders(ctx, false, 'text/html'), 'www-authenticate': UNAUTHORIZED_REALM },
      body: '401 Unauthorized',
    };
  }
  const unauthorized = (errors: WireError[]): Answer => {
    const a = errorAnswer(ctx, 401, errors, format, false);
    a.headers['www-authenticate'] = UNAUTHORIZED_REALM;
    return a;
  };
  if (key.length !== 32) return unauthorized([{ code: 18, message: 'Invalid authentication key format' }]);
  if (!Object.hasOwn(ctx.keys, key)) {
    return unauthorized([
      { code: 20, message: 'Authentification key is not active' },
      { code: 21, message: 'No permission for this authentication key' },
    ]);
  }
  const perms = permissionsFor(ctx, key);
  const segments = path
    .slice(apiPrefix.length)
    .split('/')
    .filter((s) => s !== '');
  if (segments.length === 0) return answerIndex(ctx, perms, format);
  const resource = decodeURIComponent(segments[0]!);
  if (!ctx.resourceNames.has(resource)) {
    return errorAnswer(
      ctx,
      400,
      [{ code: 27, message: `Resource of type "${resource}" does not exists.` }],
      format,
      true,
    );
  }
  const methods = perms(resource);
  if (methods === null) {
    return errorAnswer(
      ctx,
      401,
      [{ code: 26, message: `Resource of type "${resource}" is not allowed with this authentication key` }],
      format,
      true,
    );
  }
  if (ctx.crud !== null && ctx.crud.handles(resource) && query.get('schema') === null) {
    return answerCrud(ctx, ctx.crud, req, segments, query, body, format, methods);
  }
  return answerRecorded(ctx, req, resource, segments, query, format, methods);
}
