/**
 * The SCIM provider's whole read has a deadline (docs/product/administration.md#directory-sync):
 * the sync runs as a job, and jobs run one after another in each server process, so a directory
 * that answers slowly — a byte at a time, which no per-request idle time-out ends, or one user a
 * page for 50,000 pages — would otherwise hold every organisation's jobs (notifications, mail
 * polls, reports) behind it. Past the deadline the read fails with a message saying so.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAddressRanges } from '../../platform/net/address-policy.ts';
import { DirectorySyncFailed } from './directory-provider.ts';
import { scimDirectoryProvider } from './scim-provider.ts';

const guard = { policy: { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true }, timeoutMs: 500 };
const servers: http.Server[] = [];

async function directory(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/scim/v2`;
}

const failureOf = (error: unknown) => (error instanceof DirectorySyncFailed ? error.message : error);

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('reading a SCIM directory within its deadline', () => {
  it('stops a directory that answers a byte at a time, however long each gap stays under the time-out', async () => {
    const baseUrl = await directory((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/scim+json' });
      const drip = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(drip));
    });
    const started = Date.now();
    const failure = await scimDirectoryProvider({ baseUrl, token: 't' }, guard, { readBudgetMs: 1_500 }).readDirectory().catch(failureOf);
    expect(failure).toBe('The directory took longer than 1.5 seconds to read: the sync stopped and changed nothing.');
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 15_000);

  it('stops a directory that pages one user at a time for longer than the deadline', async () => {
    let asked = 0;
    const baseUrl = await directory((request, response) => {
      asked += 1;
      const startIndex = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('startIndex'));
      const user = { id: `u${startIndex}`, userName: `u${startIndex}@example.com` };
      setTimeout(
        () =>
          response
            .writeHead(200, { 'content-type': 'application/scim+json' })
            .end(JSON.stringify({ totalResults: 50_000, Resources: [user] })),
        50,
      );
    });
    const failure = await scimDirectoryProvider({ baseUrl, token: 't' }, guard, { readBudgetMs: 2_000 }).readDirectory().catch(failureOf);
    expect(failure).toBe('The directory took longer than 2 seconds to read: the sync stopped and changed nothing.');
    expect(asked).toBeLessThan(80);
  }, 15_000);

  it('reads a directory that answers in time', async () => {
    const baseUrl = await directory((request, response) => {
      const users = request.url?.startsWith('/scim/v2/Users') ? [{ id: 'u1', userName: 'ann@example.com' }] : [];
      response
        .writeHead(200, { 'content-type': 'application/scim+json' })
        .end(JSON.stringify({ totalResults: users.length, Resources: users }));
    });
    const snapshot = await scimDirectoryProvider({ baseUrl, token: 't' }, guard, { readBudgetMs: 1_000 }).readDirectory();
    expect(snapshot.users.map((user) => user.email)).toEqual(['ann@example.com']);
  });
});
