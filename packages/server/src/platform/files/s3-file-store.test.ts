/**
 * The S3 store's retries, against a loopback stand-in for S3 that fails the first attempt of each
 * request the way S3 does under load (503 SlowDown). The full store runs against s3rver in
 * modules/files/files-s3.int.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
