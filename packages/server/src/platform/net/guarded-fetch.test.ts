/**
 * The guarded outbound client against a loopback canary (SECURITY-LESSONS #6): refused by IP
 * literal (any spelling), by name, and through a redirect from an allowed host; allowed only
 * where an administrator named the host.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, OutboundRefused } from './guarded-fetch.ts';

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

  it('reaches a host an administrator allowed, with method and body', async () => {
    const fetch = guardedFetch({ allowHosts: [`127.0.0.1:${canary.port}`] });
    const response = await fetch(`http://127.0.0.1:${canary.port}/token`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ secret: 'canary', method: 'POST', body: 'a=1' });
  });

  it('checks every redirect hop again', async () => {
    const fetch = guardedFetch({ allowHosts: [`127.0.0.1:${redirector.port}`] });
    const before = canaryHits;
    await expect(fetch(`http://127.0.0.1:${redirector.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetch(`http://127.0.0.1:${redirector.port}/to-name`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(canaryHits).toBe(before);
    const manual = await fetch(`http://127.0.0.1:${redirector.port}/`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    await expect(fetch(`http://127.0.0.1:${redirector.port}/`, { redirect: 'error' })).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('follows a redirect to another allowed host', async () => {
    const fetch = guardedFetch({ allowHosts: [`127.0.0.1:${redirector.port}`, `127.0.0.1:${canary.port}`] });
    const response = await fetch(`http://127.0.0.1:${redirector.port}/`);
    expect(response.status).toBe(200);
  });

  it('caps the answer size', async () => {
    const fetch = guardedFetch({ allowHosts: [`127.0.0.1:${canary.port}`], maxBytes: 10 });
    await expect(fetch(`http://127.0.0.1:${canary.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
  });
});
