import { describe, expect, it } from 'vitest';
import {
  basicToken,
  parseStoreErrors,
  PrestaShopError,
  PrestaShopValidationError,
  redactUrl,
  scrubKey,
} from '../../templates/runtime/errors.js';
import { ValidationError } from '../../templates/runtime/validation.js';

describe('parseStoreErrors', () => {
  it('reads the XML error document, several errors, CDATA codes', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<prestashop xmlns:xlink="http://www.w3.org/1999/xlink">
<errors>
<error>
<code><![CDATA[20]]></code>
<message><![CDATA[Authentification key is not active]]></message>
</error>
<error>
<code><![CDATA[21]]></code>
<message><![CDATA[No permission for this authentication key]]></message>
</error>
</errors>
</prestashop>
`;
    expect(parseStoreErrors(xml)).toEqual([
      { code: 20, message: 'Authentification key is not active' },
      { code: 21, message: 'No permission for this authentication key' },
    ]);
  });

  it('reads the JSON error document (numeric and null codes)', () => {
    expect(
      parseStoreErrors(
        '{"errors":[{"code":27,"message":"Resource of type \\"x\\" does not exists"},{"code":null,"message":"upload failed"}]}',
      ),
    ).toEqual([
      { code: 27, message: 'Resource of type "x" does not exists' },
      { code: null, message: 'upload failed' },
    ]);
  });

  it('keeps plain text (a 401 without key, a PHP fatal) and an empty body gives no error', () => {
    expect(parseStoreErrors('401 Unauthorized')).toEqual([{ code: null, message: '401 Unauthorized' }]);
    expect(parseStoreErrors('<html><b>Fatal error</b>')).toEqual([{ code: null, message: '<html><b>Fatal error</b>' }]);
    expect(parseStoreErrors('')).toEqual([]);
    expect(parseStoreErrors('  \n')).toEqual([]);
    expect(parseStoreErrors('x'.repeat(5000))[0]!.message).toHaveLength(2001);
  });
});

describe('PrestaShopError', () => {
  it('names status, codes, method and the URL without credentials', () => {
    const e = new PrestaShopError({
      kind: 'http',
      status: 400,
      method: 'POST',
      url: 'https://user:pw@shop.example/api/products?ws_key=SECRETKEY&display=full',
      errors: [{ code: 41, message: 'parameter "price" required' }],
    });
    expect(e.message).toBe(
      'POST https://shop.example/api/products?ws_key=***&display=full answered 400: [41] parameter "price" required',
    );
    expect(e.url).not.toContain('SECRETKEY');
    expect(e.code).toBe(41);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('PrestaShopError');
  });

  it('scrubs the key and its Basic token from store texts', () => {
    const key = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    expect(scrubKey(`bad key ${key} / ${basicToken(key)}`, key)).toBe('bad key *** / ***');
    expect(basicToken(key)).toBe(Buffer.from(`${key}:`).toString('base64'));
    expect(redactUrl('not a url?ws_key=abc')).toBe('not a url?ws_key=***');
  });

  it('validation errors list the first issues', () => {
    const issues = Array.from({ length: 7 }, (_, i) => ({
      path: `f${i}`,
      code: 'required' as const,
      message: 'is required',
    }));
    const e = new PrestaShopValidationError('products', 'create', issues);
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.name).toBe('PrestaShopValidationError');
    expect(e.message).toBe(
      'products.create: invalid input, nothing was sent: f0: is required; f1: is required; f2: is required; f3: is required; f4: is required (and 2 more)',
    );
    expect(e.issues).toHaveLength(7);
  });
});
