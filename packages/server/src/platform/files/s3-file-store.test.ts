/**
 * The S3 store's retries, against a loopback stand-in for S3 that fails the first attempt of each
 * request the way S3 does under load (503 SlowDown). The full store runs against s3rver in
 * modules/files/files-s3.int.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3FileStore } from './s3-file-store.ts';

const SLOW_DOWN =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>';

describe('S3FileStore retries', () => {
  const tempDir = mkdtempSync(join(tmpdir(), 'docket-s3-retry-'));
  const seen: string[] = [];
  let server: Server;
  let endpoint = '';

  beforeAll(async () => {
    const failedOnce = new Set<string>();
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const what = `${request.method} ${request.url?.split('?')[0]}`;
        seen.push(what);
        if (!failedOnce.has(what)) {
          failedOnce.add(what);
          response.writeHead(503, { 'content-type': 'application/xml' }).end(SLOW_DOWN);
        } else if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5', etag: '"e"' }).end('bytes');
        } else {
          response.writeHead(request.method === 'DELETE' ? 204 : 200, { etag: '"e"' }).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('tries a refused put, get and delete again and succeeds', async () => {
    const store = new S3FileStore(
      {
        endpoint,
        bucket: 'docket',
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        forcePathStyle: true,
        prefix: '',
      },
      tempDir,
    );
    const temp = await store.tempPath();
    writeFileSync(temp, 'bytes');
    await store.commit(temp, 'org-1/abc');
    const read = await store.read('org-1/abc');
    expect(read?.size).toBe(5);
    read?.stream.resume();
    await store.remove('org-1/abc');
    expect(seen).toEqual([
      'PUT /docket/org-1/abc',
      'PUT /docket/org-1/abc',
      'GET /docket/org-1/abc',
      'GET /docket/org-1/abc',
      'DELETE /docket/org-1/abc',
      'DELETE /docket/org-1/abc',
    ]);
  });

  it('sends at most four files at once, the others waiting their turn', async () => {
    const held: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const holding = createServer((request, response) => {
      request.resume();
      inFlight += 1;
      most = Math.max(most, inFlight);
      held.push(() => {
        inFlight -= 1;
        response.writeHead(200, { etag: '"e"' }).end();
      });
    });
    await new Promise<void>((resolve) => holding.listen(0, '127.0.0.1', resolve));
    try {
      const store = new S3FileStore(
        {
          endpoint: `http://127.0.0.1:${(holding.address() as { port: number }).port}`,
          bucket: 'docket',
          region: 'us-east-1',
          credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
          forcePathStyle: true,
          prefix: '',
        },
        tempDir,
      );
      const commits = await Promise.all(
        ['a', 'b', 'c', 'd', 'e', 'f'].map(async (name) => {
          const temp = await store.tempPath();
          writeFileSync(temp, name);
          return () => store.commit(temp, `org-1/${name}`);
        }),
      );
      const done = Promise.all(commits.map((commit) => commit()));
      await vi.waitFor(() => expect(held).toHaveLength(4));
      await new Promise((resolve) => setTimeout(resolve, 200)); // room for a fifth, which must not come
      expect(held).toHaveLength(4);
      // Until all six were answered: the last two arrive only after a slot frees, and on a loaded
      // machine that can take longer than one pause (a loop that stopped at the first empty pause
      // left them unanswered and the test waiting for ever).
      let answered = 0;
      while (answered < 6) {
        const ready = held.splice(0);
        ready.forEach((answer) => answer());
        answered += ready.length;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await done;
      expect(most).toBe(4);
    } finally {
      holding.closeAllConnections();
      await new Promise((resolve) => holding.close(resolve));
    }
  });
});
