/**
 * The guarded outbound client against a loopback canary (docs/product/security.md): refused by IP
 * literal (any spelling), by name, and through a redirect from an allowed host; reached only
 * where the server's operator allowed the range (and plain http). An organisation's list of
 * allowed hosts only narrows: naming a private address in it opens nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, OutboundRefused } from './guarded-fetch.ts';
import { parseAddressRanges, type OutboundPolicy } from './address-policy.ts';

/** What OUTBOUND_ALLOW_PRIVATE=127.0.0.0/8 and OUTBOUND_ALLOW_HTTP=true give. */
const operatorAllowsLoopback: OutboundPolicy = { allowPrivate: parseAddressRanges('127.0.0.0/8'), allowHttp: true };
/** Plain http allowed, but no private range. */
const httpOnly: OutboundPolicy = { allowPrivate: [], allowHttp: true };

function startServer(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

describe('guarded outbound fetch', () => {
  let canary: { server: http.Server; port: number };
  let redirector: { server: http.Server; port: number };
  let canaryHits = 0;

  beforeAll(async () => {
    canary = await startServer((request, response) => {
      canaryHits += 1;
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ secret: 'canary', method: request.method, body })),
      );
    });
    redirector = await startServer((request, response) => {
      const target = request.url === '/to-name' ? `http://localhost:${canary.port}/` : `http://127.0.0.1:${canary.port}/`;
      response.writeHead(302, { location: target }).end();
    });
  });
  afterAll(async () => {
    canary.server.close();
    redirector.server.close();
  });

  it.each(['127.0.0.1', '127.1.2.3', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', 'localhost', '0.0.0.0'])(
    'refuses %s without touching the canary',
    async (host) => {
      const before = canaryHits;
      await expect(guardedFetch()(`http://${host}:${canary.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(canaryHits).toBe(before);
    },
  );

  it('refuses other protocols', async () => {
    await expect(guardedFetch()('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('reaches a loopback host the operator allowed, with method and body', async () => {
    const fetch = guardedFetch({ policy: operatorAllowsLoopback });
    const response = await fetch(`http://127.0.0.1:${canary.port}/token`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ secret: 'canary', method: 'POST', body: 'a=1' });
    expect((await fetch(`http://localhost:${canary.port}/`)).status).toBe(200);
  });

  it.each(['127.0.0.1', '169.254.169.254', '::ffff:127.0.0.1', '10.0.0.1', 'localhost'])(
    'opens nothing when an organisation lists %s and the operator did not',
    async (host) => {
      const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${canary.port}/`);
      const fetch = guardedFetch({ policy: httpOnly, allowHosts: [url.hostname, url.host] });
      const before = canaryHits;
      await expect(fetch(url.href)).rejects.toThrow('not a public address');
      expect(canaryHits).toBe(before);
    },
  );

  it("narrows to the organisation's hosts within what the operator allows", async () => {
    const fetch = guardedFetch({ policy: operatorAllowsLoopback, allowHosts: ['intranet.example'] });
    const before = canaryHits;
    await expect(fetch(`http://127.0.0.1:${canary.port}/`)).rejects.toThrow("not among the organisation's allowed hosts");
    expect(canaryHits).toBe(before);
    const listed = guardedFetch({ policy: operatorAllowsLoopback, allowHosts: [`127.0.0.1:${canary.port}`] });
    expect((await listed(`http://127.0.0.1:${canary.port}/`)).status).toBe(200);
  });

  it('refuses plain http unless the operator allows it, before any connection', async () => {
    const strictLoopback: OutboundPolicy = { ...operatorAllowsLoopback, allowHttp: false };
    const before = canaryHits;
    await expect(guardedFetch({ policy: strictLoopback })(`http://127.0.0.1:${canary.port}/`)).rejects.toThrow('https only');
    // A public address too: nothing is sent over plain http.
    await expect(guardedFetch()('http://93.184.216.34/')).rejects.toThrow('https only');
    expect(canaryHits).toBe(before);
  });

  it('checks every redirect hop again', async () => {
    const onlyRedirector: OutboundPolicy = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    const fetch = guardedFetch({ policy: onlyRedirector, allowHosts: [`127.0.0.1:${redirector.port}`] });
    const before = canaryHits;
    await expect(fetch(`http://127.0.0.1:${redirector.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch(`http://127.0.0.1:${redirector.port}/to-name`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(canaryHits).toBe(before);
    const manual = await fetch(`http://127.0.0.1:${redirector.port}/`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    await expect(fetch(`http://127.0.0.1:${redirector.port}/`, { redirect: 'error' })).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('follows a redirect to another allowed host', async () => {
    const fetch = guardedFetch({
      policy: operatorAllowsLoopback,
      allowHosts: [`127.0.0.1:${redirector.port}`, `127.0.0.1:${canary.port}`],
    });
    const response = await fetch(`http://127.0.0.1:${redirector.port}/`);
    expect(response.status).toBe(200);
  });

  it('caps the answer size', async () => {
    const fetch = guardedFetch({ policy: operatorAllowsLoopback, maxBytes: 10 });
    await expect(fetch(`http://127.0.0.1:${canary.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it("gives up on a peer that answers a byte now and then, past the whole request's deadline", async () => {
    const drip = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(timer));
    });
    try {
      // Never silent for 200 ms, so only the deadline ends it.
      const fetch = guardedFetch({ policy: operatorAllowsLoopback, timeoutMs: 200, deadlineMs: 600 });
      const began = Date.now();
      await expect(fetch(`http://127.0.0.1:${drip.port}/`)).rejects.toThrow('Outbound request took too long');
      expect(Date.now() - began).toBeGreaterThanOrEqual(550);
    } finally {
      drip.server.closeAllConnections();
      drip.server.close();
    }
  });
});
