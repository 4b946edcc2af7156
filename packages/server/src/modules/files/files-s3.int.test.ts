/**
 * Attachments in an S3-compatible store through the real HTTP stack on both databases (issue 6
 * item 5, "any S3-compatible store when configured"). A fake S3 server (s3rver, which checks every
 * request's SigV4 signature) runs in-process on a free port: uploads land in its bucket under the
 * key prefix, downloads stream back, deleting the document purges the objects, and a store that
 * refuses (missing bucket, wrong secret) or is gone answers a clear 500 and leaves no row, no
 * object and no temporary file behind.
 */
import type { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3FileStore } from '../../platform/files/s3-file-store.ts';
import type { S3Settings } from '../../platform/files/s3-settings.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { multipart, type PartFile } from '../../test-support/multipart.ts';
import { samplePng } from '../../test-support/sample-files.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { STORE_READ_FAILED, STORE_WRITE_FAILED } from './store-writes.ts';

const BUCKET = 'docket-test';
/** S3's smallest part: a file above it goes up as a multipart upload. */
const PART_SIZE = 5 * 1024 * 1024;
const s3Dir = mkdtempSync(join(tmpdir(), 'docket-s3rver-'));
const tempRoot = mkdtempSync(join(tmpdir(), 'docket-s3-uploads-'));
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
let endpoint = '';

/** A port nothing listens on (it was free a moment ago): a store that is gone. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(tempRoot, { recursive: true, force: true });
});

describe.each(testDialects)('attachments in an S3-compatible store on %s', (dialect) => {
  const prefix = `${dialect}-files/`;
  const tempDir = join(tempRoot, dialect);
  const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix,
    ...overrides,
  });
  let store: S3FileStore;
  let t: TestApp;
  let cast: WorkflowCast;
  let docId: number;

  const upload = (token: string, files: PartFile[], id = docId) => {
    const body = multipart(files);
    return t.as(token, { method: 'POST', url: `/files/doc/${id}/uploadAtt`, payload: body.payload, headers: body.headers });
  };
  const objectKeys = async () => (await s3.store.listObjects(BUCKET, { prefix })).objects.map((o) => o.key).sort();
  const tempFiles = () => readdirSync(tempDir);
  const storedKeys = async (id: number) =>
    (await t.ctx.database.db.selectFrom('files').select(['storage_key', 'thumb_key']).where('doc_id', '=', id).execute())
      .flatMap((row) => [row.storage_key, ...(row.thumb_key ? [row.thumb_key] : [])])
      .map((key) => prefix + key)
      .sort();
  const fileRows = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = new S3FileStore(settings(), tempDir, { partSize: PART_SIZE });
    t = await startTestApp(dialect, { fileStore: store, jobs: false });
    cast = await workflowCast(t);
    docId = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores uploads in the bucket under the prefix and streams them back', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 123, 'docket ');
    const response = await upload(cast.tokens.editorA, [
      { name: 'photo.png', data: await samplePng(640, 480) },
      { name: 'notes.txt', data: 'plain text kept in S3' },
      { name: 'big.txt', data: big },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().attachments.map((a: { name: string; thumb: boolean }) => [a.name, a.thumb])).toEqual([
      ['photo.png', true],
      ['notes.txt', false],
      ['big.txt', false],
    ]);
    const keys = await storedKeys(docId);
    expect(keys).toHaveLength(4);
    expect(await objectKeys()).toEqual(keys);
    expect(tempFiles()).toEqual([]);

    const notes = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/notes.txt` });
    expect(notes.statusCode).toBe(200);
    expect(notes.body).toBe('plain text kept in S3');
    expect(notes.headers['content-length']).toBe(String('plain text kept in S3'.length));
    expect(notes.headers['content-disposition']).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    const bigDownload = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/big.txt` });
    expect(bigDownload.rawPayload.equals(big)).toBe(true);
    const photo = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/photo.png` });
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(640);
    const thumb = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/photo.png?thumb=true` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/file/doc/${docId}/notes.txt` })).statusCode).toBe(404);
  });

  it('sends a file bigger than a part as a multipart upload and reads it back whole', async () => {
    const huge = Buffer.alloc(2 * PART_SIZE + 4321);
    for (let i = 0; i < huge.length; i += 1) huge[i] = 32 + ((i * 7) % 90);
    const created: [string, string][] = [];
    const record = (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) =>
      created.push(...event.Records.map((r): [string, string] => [r.s3.object.key, r.eventName]));
    // s3rver is a Koa application (an EventEmitter); its type declarations leave that out.
    const events = s3 as unknown as EventEmitter;
    events.on('event', record);
    const response = await upload(cast.tokens.editorA, [
      { name: 'huge.txt', data: huge },
      { name: 'small.txt', data: 'one request' },
    ]).finally(() => events.off('event', record));
    expect(response.statusCode, response.body).toBe(200);
    expect(tempFiles()).toEqual([]);
    const keys = (
      await t.ctx.database.db
        .selectFrom('files')
        .select('storage_key')
        .where('doc_id', '=', docId)
        .where('name', 'in', ['huge.txt', 'small.txt'])
        .orderBy('name')
        .execute()
    ).map((row) => prefix + row.storage_key);
    // s3rver announces a completed multipart upload as ObjectCreated:Post, a single PutObject as :Put.
    expect(created.sort()).toEqual(
      [
        [keys[0], 'ObjectCreated:Post'],
        [keys[1], 'ObjectCreated:Put'],
      ].sort(),
    );
    const download = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/huge.txt` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(huge)).toBe(true);
  });

  it('removes the objects once the deleted document’s purge job ran', async () => {
    const doomed = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
    expect((await upload(cast.tokens.editorA, [{ name: 'gone.png', data: await samplePng() }], doomed)).statusCode).toBe(200);
    const keys = await storedKeys(doomed);
    expect(keys).toHaveLength(2);
    expect(await objectKeys()).toEqual(expect.arrayContaining(keys));

    const deleted = await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/incident/${doomed}` });
    expect(deleted.json()).toEqual({ error: false });
    expect(await storedKeys(doomed)).toEqual([]);
    await vi.waitFor(
      async () => {
        await runJobsOnce(t.ctx, `files-s3-${dialect}`);
        expect(await objectKeys()).not.toEqual(expect.arrayContaining([keys[0]]));
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await objectKeys()).filter((key) => keys.includes(key))).toEqual([]);
  });

  it('answers a clear 500 and keeps nothing when the store refuses the upload or is gone', async () => {
    const broken = [
      new S3FileStore(settings({ bucket: 'no-such-bucket' }), tempDir),
      new S3FileStore(settings({ credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong-secret' } }), tempDir),
      new S3FileStore(settings({ endpoint: `http://127.0.0.1:${await closedPort()}` }), tempDir),
    ];
    const rowsBefore = await fileRows();
    const objectsBefore = await objectKeys();
    const attachmentsBefore = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${docId}` })).json().meta
      .attachments;
    try {
      for (const [index, brokenStore] of broken.entries()) {
        t.ctx.fileStore = brokenStore;
        const response = await upload(cast.tokens.editorA, [
          { name: 'lost.png', data: await samplePng() },
          { name: 'lost.txt', data: 'never stored' },
        ]);
        expect(response.statusCode, `store ${index}`).toBe(500);
        expect(response.json()).toMatchObject({ error: true, code: 'internal', error_description: STORE_WRITE_FAILED });
        expect(await fileRows()).toBe(rowsBefore);
        expect(await objectKeys()).toEqual(objectsBefore);
        expect(tempFiles()).toEqual([]);
      }
      const unreachable = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/notes.txt` });
      expect(unreachable.statusCode).toBe(500);
      expect(unreachable.json().error_description).toBe(STORE_READ_FAILED);
    } finally {
      t.ctx.fileStore = store;
    }
    const doc = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${docId}` })).json();
    expect(doc.meta.attachments).toEqual(attachmentsBefore);
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/notes.txt` })).body).toBe('plain text kept in S3');
  });
});
