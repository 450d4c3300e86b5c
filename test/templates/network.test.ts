// Network failures of the runtime client: the cause code and a one-line hint in the message, the
// code on `networkCode`, never the key. Real sockets: a closed port on 127.0.0.1, a host under the
// reserved `.invalid` TLD (resolution fails without any network), and a self-signed TLS server.
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PrestaShopError } from '../../templates/runtime/errors.js';
import { Transport } from '../../templates/runtime/http.js';
import { networkCause } from '../../templates/runtime/network.js';
import { hasOpenssl, selfSignedCert } from '../hardening/helpers.js';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const servers: Server[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function failureOf(baseUrl: string): Promise<PrestaShopError> {
  const t = new Transport({ baseUrl, apiKey: KEY, retries: 0, timeoutMs: 10_000 });
  const error = await t.send({ method: 'GET', path: 'products', format: 'XML' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrestaShopError);
  return error as PrestaShopError;
}

function expectOneLine(error: PrestaShopError): void {
  expect(error.kind).toBe('network');
  expect(error.message).not.toContain('\n');
  expect(error.message).not.toContain(KEY);
  expect(error.message).not.toContain('fetch failed');
}

describe('network failures carry their cause and a hint', () => {
  it('a closed port: ECONNREFUSED, check the host and port', async () => {
    const port = await listen(createServer());
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    const error = await failureOf(`http://127.0.0.1:${port}`);
    expectOneLine(error);
    expect(error.networkCode).toBe('ECONNREFUSED');
    expect(error.message).toBe(
      `GET http://127.0.0.1:${port}/api/products failed: ECONNREFUSED: nothing answers at this address: check the host and port of baseUrl, and that the store is running`,
    );
  });

  it('an unknown host: ENOTFOUND (or EAI_AGAIN), check the spelling', async () => {
    const error = await failureOf('http://no-such-shop.invalid');
    expectOneLine(error);
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(error.networkCode);
    expect(error.message).toContain(
      `failed: ${error.networkCode}: this host name does not resolve: check the spelling of baseUrl`,
    );
  });

  it.skipIf(!hasOpenssl())('a self-signed certificate: the TLS code and how to trust it', async () => {
    const { key, cert } = selfSignedCert('IP:127.0.0.1');
    const port = await listen(
      createTlsServer({ key, cert }, (_req, res) => res.end('<prestashop/>')) as unknown as Server,
    );
    const error = await failureOf(`https://127.0.0.1:${port}`);
    expectOneLine(error);
    expect(error.networkCode).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(error.message).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('a failure without a known code keeps the innermost reason, and a plain error has no code', async () => {
    const fetch = async (): Promise<Response> => {
      throw new TypeError('fetch failed', { cause: new Error(`socket hung up at ${KEY}`) });
    };
    const t = new Transport({ baseUrl: 'http://shop.example', apiKey: KEY, retries: 0, fetch });
    const error = (await t
      .send({ method: 'GET', path: 'products', format: 'XML' })
      .catch((e: unknown) => e)) as PrestaShopError;
    expect(error.networkCode).toBeNull();
    expect(error.message).toBe('GET http://shop.example/api/products failed: fetch failed: socket hung up at ***');
  });

  it('finds the code through causes and AggregateError, and only codes of its table', () => {
    expect(
      networkCause(
        new TypeError('fetch failed', {
          cause: new AggregateError([Object.assign(new Error('x'), { code: 'ETIMEDOUT' })]),
        }),
      )?.code,
    ).toBe('ETIMEDOUT');
    expect(networkCause(Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }))?.hint).toContain('validity dates');
    expect(networkCause(Object.assign(new Error('x'), { code: 'toString' }))).toBeNull();
    expect(networkCause('ECONNREFUSED')).toBeNull();
  });
});
