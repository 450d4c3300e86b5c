/**
 * What PHP itself adds to a fake store's answers: the warnings a real store turns into 500 errors
 * (`WebserviceRequest::webserviceErrorHandler`: E_WARNING → code 3 `[PHP Warning #2] …`, E_NOTICE →
 * code 5 `[PHP Notice #8] …`, with the file and line), and the password hash of `setWsPasswd`.
 *
 * PHP 8 (8.x and 9.0 stores) raises warnings; PHP 7 (1.7.8 stores) raises the same conditions as
 * notices with PHP 7's wording. Files and lines are those of 8.2.0 (the issue report and
 * crud-golden.json); a 1.7.8 store names the same files, its line numbers may differ.
 */
import { createHash } from 'node:crypto';
import type { CrudGeneration } from './render.js';
import { WsError } from './query.js';

/** The PHP conditions the fake store reproduces. */
export type PhpCondition =
  /** Reading a missing key of an array (`$value[2]`). */
  | { readonly kind: 'undefined-key'; readonly key: string | number }
  /** `(string)` of an array. */
  | { readonly kind: 'array-to-string' }
  /** `$x['k']` with `$x === null`. */
  | { readonly kind: 'offset-on-null' }
  /** `foreach` over a string. */
  | { readonly kind: 'foreach-string' };

/** Where a condition is raised (relative to the shop root). */
export interface PhpSite {
  readonly file: string;
  readonly line: number;
}

export const JSON_LANGUAGE_SITE: PhpSite = { file: 'classes/webservice/WebserviceOutputJSON.php', line: 98 };
export const XML_FIELD_SITE: PhpSite = { file: 'classes/webservice/WebserviceOutputXML.php', line: 141 };
export const POSITION_SITE: PhpSite = { file: 'classes/Product.php', line: 7273 };
export const LINK_REWRITE_SITE: PhpSite = { file: 'classes/Product.php', line: 8100 };
export const DELETE_SITE: PhpSite = { file: 'classes/webservice/WebserviceRequest.php', line: 1485 };
/** `$_POST['name']` in `executeFileAddAndEdit` (the line is approximate: read from a copy of the class without a release tag). */
export const ATTACHMENT_SITE: PhpSite = {
  file: 'classes/webservice/WebserviceSpecificManagementAttachments.php',
  line: 281,
};

const ROOT = '/var/www/html/';

function wording(condition: PhpCondition, php7: boolean): string {
  switch (condition.kind) {
    case 'undefined-key':
      if (typeof condition.key === 'string')
        return php7 ? `Undefined index: ${condition.key}` : `Undefined array key "${condition.key}"`;
      return php7 ? `Undefined offset: ${condition.key}` : `Undefined array key ${condition.key}`;
    case 'array-to-string':
      return 'Array to string conversion';
    case 'offset-on-null':
      return 'Trying to access array offset on value of type null';
    case 'foreach-string':
      return php7
        ? 'Invalid argument supplied for foreach()'
        : 'foreach() argument must be of type array|object, string given';
  }
}

/** The `{code, message}` a store's error handler records for a PHP warning (or notice on 1.7). */
export function phpError(
  generation: CrudGeneration,
  condition: PhpCondition,
  site: PhpSite,
): { code: number; message: string } {
  const php7 = generation === '1.7';
  const notice = php7 && condition.kind !== 'foreach-string';
  const head = notice ? '[PHP Notice #8]' : '[PHP Warning #2]';
  return {
    code: notice ? 5 : 3,
    message: `${head} ${wording(condition, php7)} (${ROOT}${site.file}, line ${site.line})`,
  };
}

/** A `WsError` for a PHP warning that stops a request (500). */
export function phpFailure(generation: CrudGeneration, condition: PhpCondition, site: PhpSite): WsError {
  const e = phpError(generation, condition, site);
  return new WsError(500, e.code, e.message);
}

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let salt = 0;

/**
 * A bcrypt-shaped hash (`$2y$10$` + 53 characters, 60 in all) of a password, salted per call like
 * `password_hash`: two hashes of the same password differ. Not bcrypt: the fake store only needs
 * the shape and "a hash sent back unchanged is kept".
 */
export function hashPassword(plain: string): string {
  const digest = createHash('sha512').update(`${salt++}\u0000${plain}`).digest();
  let out = '';
  for (let i = 0; i < 53; i++) out += BCRYPT_ALPHABET[digest[i % digest.length]! % 64];
  return `$2y$10$${out}`;
}
