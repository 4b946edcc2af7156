/**
 * The outbound allow-list (docs/product/security.md): an organisation's administrator cannot open
 * loopback, private, link-local or metadata addresses for federated sign-in; listing one is
 * refused, a list stored earlier opens nothing, and a loopback canary is never reached. Only the
 * server's operator (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HTTP) can open them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { parseAddressRanges, STRICT_OUTBOUND_POLICY } from '../../platform/net/address-policy.ts';

describe.each(testDialects)('outbound allow-list on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let canary: http.Server;
  let port: number;
  let canaryHits = 0;

  const settings = (issuer: string, allowedHosts: string[]) => ({
    federated_login: true,
    provider: 'Corporate directory',
    allow_users_internal: true,
    issuer,
    client_id: 'docket',
    client_secret: 'client-secret-for-the-canary',
    allowed_hosts: allowedHosts,
  });
  const save = (issuer: string, allowedHosts: string[]) =>
    t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings(issuer, allowedHosts) });
  const startSignIn = () => t.app.inject({ method: 'GET', url: '/oauth/federated/start?app=demo' });
  const operatorAllows = (ranges: string, allowHttp: boolean) => {
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges(ranges), allowHttp };
  };

  beforeAll(async () => {
    canary = http.createServer((_request, response) => {
      canaryHits += 1;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    port = (canary.address() as AddressInfo).port;
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => {
    await t.close();
    canary.close();
  });

  it.each(['127.0.0.1', '169.254.169.254', '[::ffff:127.0.0.1]', '10.0.0.1', 'localhost', '[::1]'])(
    "refuses %s in an organisation's allowed hosts",
    async (host) => {
      for (const entry of [host, `${host}:${port}`]) {
        const response = await save('https://login.example.com', [entry]);
        expect(response.statusCode, entry).toBe(400);
        expect(response.json()).toEqual({
          error: true,
          code: 'bad_request',
          error_description: `${entry} is not a public address. Only the server's operator can allow private or local addresses.`,
        });
      }
      const stored = await t.as(admin, { method: 'GET', url: '/v3/demo/$$directory' });
      expect(stored.json().allowed_hosts ?? []).not.toContain(host);
    },
  );

  it('refuses, when saved, an issuer over plain http or at a local or non-public address, and keeps the stored one', async () => {
    expect((await save('https://login.example.com', [])).statusCode).toBe(200);
    const refusals: [string, string][] = [
      [`http://login.example.com`, 'issuer must be an https URL.'],
      [`http://127.0.0.1:${port}`, 'issuer must be an https URL.'],
      [`https://127.0.0.1:${port}`, `127.0.0.1:${port}`],
      [`https://[::ffff:127.0.0.1]:${port}`, `[::ffff:7f00:1]:${port}`],
      [`https://localhost:${port}`, `localhost:${port}`],
      ['https://169.254.169.254/latest', '169.254.169.254'],
      ['https://0x7f000001/', '127.0.0.1'],
    ];
    for (const [issuer, message] of refusals) {
      const response = await save(issuer, []);
      expect(response.statusCode, issuer).toBe(400);
      expect(response.json().error_description, issuer).toBe(
        message.startsWith('issuer')
          ? message
          : `${message} is not a public address. Only the server's operator can allow private or local addresses.`,
      );
    }
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$directory' })).json().issuer).toBe('https://login.example.com');
  });

  it('never reaches a loopback canary stored while the operator allowed it, whatever the organisation sets', async () => {
    const before = canaryHits;
    for (const issuer of [
      `http://127.0.0.1:${port}`,
      `https://127.0.0.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://localhost:${port}`,
    ]) {
      operatorAllows('127.0.0.0/8', true);
      expect((await save(issuer, [])).statusCode, issuer).toBe(200);
      t.ctx.config.outbound = STRICT_OUTBOUND_POLICY;
      const start = await startSignIn();
      expect(start.statusCode).toBe(302);
      expect(String(start.headers.location)).toMatch(/#\/login\?message=/);
    }
    expect(canaryHits).toBe(before);
  });

  it('opens nothing with a list stored while the operator allowed loopback, once the operator no longer does', async () => {
    operatorAllows('127.0.0.0/8', true);
    expect((await save(`http://127.0.0.1:${port}`, [`127.0.0.1:${port}`])).statusCode).toBe(200);
    t.ctx.config.outbound = STRICT_OUTBOUND_POLICY;
    const before = canaryHits;
    const start = await startSignIn();
    expect(String(start.headers.location)).toMatch(/#\/login\?message=/);
    expect(canaryHits).toBe(before);
  });

  it('reaches the loopback host only once the operator allows both the range and plain http', async () => {
    operatorAllows('127.0.0.0/8', true);
    expect((await save(`http://127.0.0.1:${port}`, [])).statusCode).toBe(200);
    const before = canaryHits;
    operatorAllows('127.0.0.0/8', false);
    await startSignIn();
    expect(canaryHits).toBe(before);
    operatorAllows('10.0.0.0/8', true);
    await startSignIn();
    expect(canaryHits).toBe(before);
    operatorAllows('127.0.0.0/8', true);
    const start = await startSignIn();
    // The canary is no OpenID provider: discovery fails, but only after the server reached it.
    expect(String(start.headers.location)).toMatch(/#\/login\?message=/);
    expect(canaryHits).toBeGreaterThan(before);
    t.ctx.config.outbound = STRICT_OUTBOUND_POLICY;
  });
});
