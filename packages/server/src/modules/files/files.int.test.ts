/**
 * Attachments through the real HTTP stack on both databases (issue 6 item 5, "Bad input"): uploads
 * with thumbnails and an import_file event, duplicate names, downloads with safe headers (bearer
 * or the /file cookie), and every refusal — too many, too large, empty, dangerous names, SVG,
 * content that does not match the extension, a form cut off midway — storing nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ERROR } from '@docket/shared';
import { LocalFileStore } from '../../platform/files/file-store.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { multipart, type PartFile } from '../../test-support/multipart.ts';
import { samplePdf, sampleJpeg, samplePng } from '../../test-support/sample-files.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'docket-files-'));

function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return walk(filesDir);
}

describe.each(testDialects)('attachments on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let docId: number;

  const upload = (token: string, files: PartFile[], fields: Record<string, string> = {}, path = 'uploadAttWithEvent', id = docId) => {
    const body = multipart(files, fields);
    return t.as(token, { method: 'POST', url: `/files/doc/${id}/${path}`, payload: body.payload, headers: body.headers });
  };
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
    t = await startTestApp(dialect, { fileStore: new LocalFileStore(filesDir) });
    cast = await workflowCast(t);
    docId = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
  });
  afterAll(async () => {
    await t.close();
    if (dialect === testDialects.at(-1)) rmSync(filesDir, { recursive: true, force: true });
  });

  it('stores files with thumbnails, records the import_file event and serves them as attachments', async () => {
    const response = await upload(
      cast.tokens.editorA,
      [
        { name: 'photo.png', data: await samplePng(640, 480) },
        { name: 'report.pdf', data: samplePdf() },
        { name: 'notes.txt', data: 'plain text' },
      ],
      { descrip: 'Photos from the site' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.attachments.map((a: { name: string; thumb: boolean }) => [a.name, a.thumb])).toEqual([
      ['photo.png', true],
      ['report.pdf', true],
      ['notes.txt', false],
    ]);
    expect(body.event).toMatchObject({
      type: 'import_file',
      descrip: 'Photos from the site',
      attachments: ['photo.png', 'report.pdf', 'notes.txt'],
    });
    const doc = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/incident/${docId}` })).json();
    expect(doc.meta.attachments).toHaveLength(3);
    expect(doc.meta.attachments[0]).toMatchObject({
      name: 'photo.png',
      content_type: 'image/png',
      thumb: true,
      created_by: { uuid: cast.uuids.editorA },
    });

    const download = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/photo.png` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(download.rawPayload).metadata()).width).toBe(640);
    const thumb = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/report.pdf?thumb=true` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(128);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: `/file/event/${body.event.id}/notes.txt`,
      cookies: { access_token: cast.tokens.readerA },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.body).toBe('plain text');
    expect((await t.app.inject({ method: 'GET', url: `/file/doc/${docId}/notes.txt` })).statusCode).toBe(401);
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/file/doc/${docId}/notes.txt` })).statusCode).toBe(404);
  });

  it('gives a duplicate name a suffix and scales large photos to maxImageSize', async () => {
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: JSON.stringify({ storage: { maxImageSize: 1920, thumbQuality: 64 } }) })
      .where('id', '=', cast.orgId)
      .execute();
    try {
      const response = await upload(
        cast.tokens.editorA,
        [{ name: 'photo.png', data: await sampleJpeg(10, 10) }]
          .map((f) => ({ ...f, name: 'photo.jpg' }))
          .concat([{ name: 'photo.png', data: await samplePng(3000, 1000) }]),
        {},
        'uploadAtt',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().attachments.map((a: { name: string }) => a.name)).toEqual(['photo.jpg', 'photo (1).png']);
      expect(response.json().event).toBeNull();
      const big = await t.as(cast.tokens.editorA, { method: 'GET', url: `/file/doc/${docId}/${encodeURIComponent('photo (1).png')}` });
      expect((await sharp(big.rawPayload).metadata()).width).toBe(1920);
      const thumb = await t.as(cast.tokens.editorA, {
        method: 'GET',
        url: `/file/doc/${docId}/${encodeURIComponent('photo (1).png')}?thumb=true`,
      });
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);
    } finally {
      await t.ctx.database.db
        .updateTable('organisations')
        .set({ settings: JSON.stringify({}) })
        .where('id', '=', cast.orgId)
        .execute();
    }
  });

  it('refuses bad uploads with a precise message and stores nothing', async () => {
    const beforeRows = await fileRows();
    const beforeFiles = storedFiles().length;
    const png = await samplePng();
    const cases: [PartFile[], number, string][] = [
      [Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, data: png })), 400, 'At most 10 files can be uploaded at once.'],
      [[{ name: 'empty.txt', data: '' }], 400, "The file 'empty.txt' is empty."],
      [[{ name: '../../x.png', data: png }], 400, "The file name '../../x.png' is not allowed."],
      [[{ name: '..\\evil.png', data: png }], 400, "The file name '..\\evil.png' is not allowed."],
      [
        [{ name: 'x.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>' }],
        415,
        "Files of type '.svg' cannot be uploaded.",
      ],
      [[{ name: 'page.html', data: '<script>alert(1)</script>' }], 415, "Files of type '.html' cannot be uploaded."],
      [[{ name: 'README', data: 'plain words' }], 415, "The file 'README' has no extension, so its type cannot be checked."],
      [[{ name: 'photo.png', data: await sampleJpeg() }], 415, "The content of 'photo.png' does not match its type (.png)."],
      [[{ name: 'notes.txt', data: png }], 415, "The content of 'notes.txt' does not match its type (.txt)."],
      [
        [
          { name: 'fine.png', data: png },
          { name: 'doc.pdf', data: 'not a pdf' },
        ],
        415,
        "The content of 'doc.pdf' does not match its type (.pdf).",
      ],
    ];
    for (const [files, status, message] of cases) {
      const response = await upload(cast.tokens.editorA, files);
      expect(response.statusCode, message).toBe(status);
      expect(response.json()).toMatchObject({ error: true, error_description: message });
    }
    const none = multipart([], { descrip: 'nothing' });
    expect(
      (
        await t.as(cast.tokens.editorA, {
          method: 'POST',
          url: `/files/doc/${docId}/uploadAtt`,
          payload: none.payload,
          headers: none.headers,
        })
      ).json().error_description,
    ).toBe('At least one file is needed.');
    // A description past a comment's limit is refused, not stored cut.
    const long = await upload(cast.tokens.editorA, [{ name: 'long.png', data: png }], { descrip: 'x'.repeat(100_001) });
    expect([long.statusCode, long.json().error_description]).toEqual([400, "The field 'descrip' is longer than 100,000 characters."]);
    const json = await t.as(cast.tokens.editorA, { method: 'POST', url: `/files/doc/${docId}/uploadAtt`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const forbidden = await upload(cast.tokens.readerA, [{ name: 'a.png', data: png }]);
    expect(forbidden.statusCode).toBe(403);
    expect(await fileRows()).toBe(beforeRows);
    expect(storedFiles().length).toBe(beforeFiles);
  });

  it('refuses files over the organisation limit and a form cut off midway, leaving nothing behind', async () => {
    const beforeRows = await fileRows();
    const beforeFiles = storedFiles().length;
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: JSON.stringify({ storage: { maxFileMb: 1 } }) })
      .where('id', '=', cast.orgId)
      .execute();
    try {
      const big = await upload(cast.tokens.editorA, [{ name: 'big.txt', data: 'x'.repeat(1024 * 1024 + 10) }]);
      expect(big.statusCode).toBe(413);
      expect(big.json().error_description).toBe("The file 'big.txt' is larger than 1 MB.");
    } finally {
      await t.ctx.database.db
        .updateTable('organisations')
        .set({ settings: JSON.stringify({}) })
        .where('id', '=', cast.orgId)
        .execute();
    }
    const whole = multipart([
      { name: 'a.png', data: await samplePng() },
      { name: 'b.txt', data: 'y'.repeat(50_000) },
    ]);
    const cut = whole.payload.subarray(0, whole.payload.length - 20_000);
    const interrupted = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: `/files/doc/${docId}/uploadAtt`,
      payload: cut,
      headers: whole.headers,
    });
    expect(interrupted.statusCode).toBe(400);
    expect(interrupted.json().error_description).toBe(UPLOAD_ERROR);
    expect(await fileRows()).toBe(beforeRows);
    expect(storedFiles().length).toBe(beforeFiles);
  });
});
