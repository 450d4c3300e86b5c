/**
 * Turns store answers into bodies or clear errors. Each message names the (redacted) URL and the
 * resource and says what to do; none holds the key. Pure apart from reading the response object.
 */
import { EXIT_FAILURE, EXIT_USAGE, IntrospectError, type StoreErrorEntry } from '../errors.js';
import type { HttpResponse } from './http.js';
import { describeStoreErrors, hasErrorCode, parseErrorDocument } from './parse-errors.js';
import { looksLikeHtml } from './xml.js';

export type Expected = 'xml' | 'json';

export interface AnswerContext {
  /** The resource asked about, or null for the `/api` listing. */
  readonly resource: string | null;
  /** True for `GET /api`: a wrong answer there means the URL is not a store (exit 2). */
  readonly listing?: boolean;
}

function where(res: Pick<HttpResponse, 'url'>, ctx: AnswerContext): string {
  return ctx.resource === null ? res.url : `${res.url} (resource "${ctx.resource}")`;
}

function fail(
  res: HttpResponse,
  ctx: AnswerContext,
  message: string,
  errors: readonly StoreErrorEntry[] | null,
  exitCode: number = EXIT_FAILURE,
): IntrospectError {
  return new IntrospectError(`${where(res, ctx)}: ${message}`, {
    url: res.url,
    resource: ctx.resource,
    status: res.status,
    errors: errors ?? [],
    exitCode,
  });
}

const NOT_A_STORE_HINT =
  'is --url the shop\'s base address (the part before "/api", e.g. https://shop.example or https://example.com/shop)?';

/** The error for a non-2xx answer. */
export function statusError(res: HttpResponse, ctx: AnswerContext): IntrospectError {
  const errors = parseErrorDocument(res.body);
  const detail = errors === null ? '' : ` (${describeStoreErrors(errors)})`;
  const after = res.attempts > 1 ? ` after ${res.attempts} attempts` : '';
  const s = res.status;
  if (s === 401) {
    if (hasErrorCode(errors, 26)) {
      return fail(
        res,
        ctx,
        `this API key has no permission on the resource${detail}. Grant it GET in Advanced Parameters > Webservice, or leave it out with --exclude ${ctx.resource ?? '<resource>'}.`,
        errors,
      );
    }
    if (hasErrorCode(errors, 16, 17, 18)) {
      return fail(
        res,
        ctx,
        `the store rejected the API key${detail}: a key is 32 characters. Check --key or PRESTASHOP_API_KEY.`,
        errors,
      );
    }
    if (hasErrorCode(errors, 20, 21)) {
      return fail(
        res,
        ctx,
        `the store does not know this API key, or the key is disabled${detail}. Check --key or PRESTASHOP_API_KEY, and the key's status in Advanced Parameters > Webservice.`,
        errors,
      );
    }
    if (errors === null) {
      return fail(
        res,
        ctx,
        'the store answered 401 without a PrestaShop error: it received no API key. Some servers (Apache with CGI/FPM) drop the Authorization header; ask the host to pass it through.',
        errors,
      );
    }
    return fail(res, ctx, `the store refused the API key (401)${detail}.`, errors);
  }
  if (s === 403 && hasErrorCode(errors, 132)) {
    return fail(res, ctx, `the API key is not associated with this shop${detail}.`, errors);
  }
  if (s === 503 && hasErrorCode(errors, 22)) {
    return fail(
      res,
      ctx,
      `the webservice is disabled on this store${detail}. Enable it in Advanced Parameters > Webservice.`,
      errors,
    );
  }
  if (s === 400 && hasErrorCode(errors, 27)) {
    return fail(res, ctx, `the store has no such resource${detail}.`, errors);
  }
  if (s === 405) {
    return fail(res, ctx, `the store does not allow GET here for this key${detail}.`, errors);
  }
  if (errors === null && (looksLikeHtml(res.body) || isHtmlType(res))) {
    return fail(
      res,
      ctx,
      `answered ${s} with an HTML page, not the PrestaShop webservice; ${NOT_A_STORE_HINT}`,
      errors,
      ctx.listing === true ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  if (s === 404 && errors === null) {
    return fail(
      res,
      ctx,
      ctx.listing === true
        ? `not found (404): this is not a PrestaShop webservice; ${NOT_A_STORE_HINT}`
        : 'not found (404).',
      errors,
      ctx.listing === true ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  return fail(res, ctx, `the store answered HTTP ${s}${after}${detail}.`, errors);
}

function contentType(res: HttpResponse): string {
  return (res.headers['content-type'] ?? '').toLowerCase();
}

function isHtmlType(res: HttpResponse): boolean {
  return contentType(res).includes('text/html');
}

/**
 * Problems with a 2xx answer's content: an HTML page, the wrong content type, an empty body, or a
 * PrestaShop error document sent with a success status. Null when the content looks right.
 */
export function contentProblem(res: HttpResponse, expected: Expected, ctx: AnswerContext): IntrospectError | null {
  const type = contentType(res);
  if (isHtmlType(res) || looksLikeHtml(res.body)) {
    return fail(
      res,
      ctx,
      `answered an HTML page, not the PrestaShop webservice; ${NOT_A_STORE_HINT}`,
      null,
      ctx.listing === true ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  if (res.body.trim() === '')
    return fail(
      res,
      ctx,
      `answered ${res.status} with an empty body where ${expected.toUpperCase()} was expected.`,
      null,
    );
  const errors = parseErrorDocument(res.body);
  if (errors !== null) {
    return fail(
      res,
      ctx,
      `answered ${res.status} with a PrestaShop error document: ${describeStoreErrors(errors)}.`,
      errors,
    );
  }
  if (expected === 'xml' && type.includes('json')) {
    return fail(res, ctx, `answered ${type} where XML was expected.`, null);
  }
  if (expected === 'json' && type.includes('xml')) {
    return fail(res, ctx, `answered ${type} where JSON was expected.`, null);
  }
  const first = res.body.trimStart()[0];
  if (expected === 'xml' && first !== '<')
    return fail(res, ctx, `answered ${type || 'an untyped body'} that is not XML.`, null);
  if (expected === 'json' && first !== '{' && first !== '[') {
    return fail(res, ctx, `answered ${type || 'an untyped body'} that is not JSON.`, null);
  }
  return null;
}

/** The body of a successful answer of the expected kind, or throws the matching error. */
export function expectBody(res: HttpResponse, expected: Expected, ctx: AnswerContext): string {
  if (res.status < 200 || res.status > 299) throw statusError(res, ctx);
  const problem = contentProblem(res, expected, ctx);
  if (problem !== null) throw problem;
  return res.body;
}

/** An error for a body that was the right kind but could not be read. */
export function unreadable(
  res: HttpResponse,
  ctx: AnswerContext,
  reason: string,
  exitCode: number = EXIT_FAILURE,
): IntrospectError {
  return fail(res, ctx, `unreadable answer: ${reason}.`, null, exitCode);
}
