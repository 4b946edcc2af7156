/**
 * `GET|PUT /v3/account/settings` and `GET /v3/account/storage` on both databases
 * (docs/product/administration.md#settings): administrators only, one organisation never reads or
 * changes another's, a bad section stores nothing, the translation key is write-only, and a full
 * organisation cannot upload but keeps its files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_MESSAGE, STORAGE_FULL_MESSAGE } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { multipart } from '../../test-support/multipart.ts';
import { sampleJpeg } from '../../test-support/sample-files.ts';
import { nowIso, readJson } from '../../platform/db/json.ts';
import { translationSettingsOf } from '../translation/translation-settings.ts';
import { STORAGE_MEASURE_MAX_AGE_MS, storageBytesOf, storageForLimit } from '../../platform/files/storage-usage.ts';

describe.each(testDialects)('organisation settings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  const read = (token: string, app = 'demo') => t.as(token, { method: 'GET', url: `/v3/account/settings?app=${app}` });
  const save = (token: string, payload: object, app = 'demo') =>
    t.as(token, { method: 'PUT', url: `/v3/account/settings?app=${app}`, payload });
  const session = async (token: string, app = 'demo') =>
    (await t.as(token, { method: 'GET', url: `/v3/account/session?app=${app}` })).json();

  it('answers every section with its defaults to the administrator', async () => {
    const response = await read(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      general: { time_zone: 'UTC', fiscal_year_start_month: 1, translation_api_key_set: false, showSearch: true },
      theme: { primaryColor: '#263238', chartPalette: 'default', density: 'medium' },
      storage: { maxImageSize: 2560, imageCompression: 0.9, thumbQuality: 128, maxFileMb: 25 },
      mail: { imap_enabled: false, shared_mailboxes: [] },
    });
  });

  it('refuses members who are not administrators, reading or writing', async () => {
    for (const response of [await read(reader), await save(reader, { theme: { primaryColor: '#000000' } })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error_description).toBe(
        'You do not have sufficient access rights to administer the organisation settings for your organisation.',
      );
    }
    expect((await t.as(reader, { method: 'GET', url: '/v3/account/storage?app=demo' })).statusCode).toBe(403);
    expect((await read(admin)).json().theme.primaryColor).toBe('#263238');
  });

  it('applies a theme to every member at their next request, and logs it', async () => {
    const saved = await save(admin, { theme: { primaryColor: '#1565c0', chartPalette: 'teal', density: 'small', blur: 4 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().theme).toMatchObject({
      primaryColor: '#1565c0',
      secondaryColor: '#ff5722',
      chartPalette: 'teal',
      density: 'small',
    });
    expect((await session(reader)).subscription.app_config.themeVersion3).toMatchObject({
      primaryColor: '#1565c0',
      chartPalette: 'teal',
      density: 'small',
    });
    const log = await t.ctx.database.db
      .selectFrom('logs')
      .select(['subject', 'summary', 'descrip'])
      .where('subject', '=', 'Organisation settings updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.summary).toContain('updated the organisation settings (theme)');
    expect(log.descrip).toContain('theme.primaryColor: "#263238" → "#1565c0"');
  });

  it('refuses invalid colours with their field and stores no section of that save', async () => {
    const before = (await read(admin)).json();
    const response = await save(admin, {
      storage: { maxImageSize: 3840 },
      theme: { secondaryColor: 'orange' },
      general: { time_zone: 'Mars/Olympus' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'theme.secondaryColor', message: COLOUR_MESSAGE },
        { path: 'general.time_zone', message: 'must be a time zone such as Europe/Paris' },
      ]),
    );
    expect((await read(admin)).json()).toEqual(before);
    for (const payload of [{}, { unknown: {} }, { theme: { primaryColor: '#000', isAdmin: true } }, { storage: { imageCompression: 2 } }]) {
      expect((await save(admin, payload)).statusCode).toBe(400);
    }
    expect((await read(admin)).json()).toEqual(before);
  });

  it('keeps the reporting keys and the translation key where the other modules read them', async () => {
    const saved = await save(admin, {
      general: {
        time_zone: 'Europe/Paris',
        fiscal_year_start_month: 7,
        translation: false,
        translation_url: 'https://translate.example.com',
        translation_api_key: 'k-123',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().general).toMatchObject({ translation: false, translation_api_key_set: true });
    expect(JSON.stringify(saved.json())).not.toContain('k-123');
    const row = await t.ctx.database.db
      .selectFrom('organisations')
      .select(['settings', 'app_config'])
      .where('app_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    expect(settings).toMatchObject({ time_zone: 'Europe/Paris', fiscal_year_start_month: 7, translation: false });
    // The key is kept sealed as an organisation secret, which the translation module opens.
    expect(JSON.stringify(settings)).not.toContain('k-123');
    expect(settings.translation_api_key).toMatch(/^v1:/);
    const demoId = Number(
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id,
    );
    expect((await translationSettingsOf(t.ctx, demoId)).apiKey).toBe('k-123');
    // An empty key keeps the stored one; the session never carries it.
    await save(admin, { general: { translation_api_key: '', translation: true } });
    const again = await t.ctx.database.db
      .selectFrom('organisations')
      .select('settings')
      .where('app_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(readJson<{ translation_api_key?: string }>(again.settings, {}).translation_api_key).toBe(settings.translation_api_key);
    const member = await session(reader);
    expect(JSON.stringify(member)).not.toContain('k-123');
    expect(member.subscription.app_config.general.translation).toBe(true);
    expect(member.subscription.app_config.general.default_report_id).toBeUndefined();
    const log = await t.ctx.database.db.selectFrom('logs').select('descrip').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.descrip ?? '').not.toContain('k-123');
  });

  it('keeps each organisation to its own settings', async () => {
    const acme = await save(acmeAdmin, { theme: { primaryColor: '#00ff00' } }, 'acme');
    expect(acme.statusCode).toBe(200);
    expect((await read(admin)).json().theme.primaryColor).toBe('#1565c0');
    expect((await read(acmeAdmin)).statusCode).toBe(403);
    expect((await save(acmeAdmin, { theme: { primaryColor: '#ff0000' } })).statusCode).toBe(403);
    expect((await read(admin, 'acme')).statusCode).toBe(403);
    expect((await read(admin)).json().theme.primaryColor).toBe('#1565c0');
    expect((await session(acmeAdmin, 'acme')).subscription.app_config.themeVersion3.primaryColor).toBe('#00ff00');
  });

  it('shows storage by category and refuses uploads past the limit, keeping every file', async () => {
    const usage = await t.as(admin, { method: 'GET', url: '/v3/account/storage?app=demo' });
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toMatchObject({ limit_mb: 10240, over_limit: false });
    expect(usage.json().dataAr.map((row: { category: string }) => row.category)).toEqual([
      'documents',
      'attachments',
      'thumbnails',
      'mail',
      'exports',
    ]);
    expect(usage.json().dataAr[0].sizekb).toBeGreaterThan(0);

    const db = t.ctx.database.db;
    const acmeOrg = await db.selectFrom('organisations').select('id').where('app_id', '=', 'acme').executeTakeFirstOrThrow();
    const demoOrg = await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow();
    const doc = await db
      .selectFrom('documents')
      .select('id')
      .where('org_id', '=', demoOrg.id)
      .where('doc_type', '=', 'site')
      .executeTakeFirstOrThrow();
    const upload = () => {
      const form = multipart([{ name: 'note.txt', data: 'hello', type: 'text/plain' }]);
      return t.as(admin, { method: 'POST', url: `/files/doc/${doc.id}/uploadAtt`, headers: form.headers, payload: form.payload });
    };
    expect((await upload()).statusCode).toBe(200);
    // A photo's thumbnail is counted by the size recorded when it was made.
    const photo = multipart([{ name: 'photo.jpg', data: await sampleJpeg(800, 600), type: 'image/jpeg' }]);
    const sent = await t.as(admin, {
      method: 'POST',
      url: `/files/doc/${doc.id}/uploadAtt`,
      headers: photo.headers,
      payload: photo.payload,
    });
    expect(sent.statusCode).toBe(200);
    const thumb = await db
      .selectFrom('files')
      .select('thumb_size')
      .where('org_id', '=', demoOrg.id)
      .where('name', '=', 'photo.jpg')
      .executeTakeFirstOrThrow();
    expect(Number(thumb.thumb_size)).toBeGreaterThan(0);
    const files = async () =>
      Number(
        (
          await db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('org_id', '=', demoOrg.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Another organisation's bytes never count against this one.
    const big = {
      doc_id: null,
      event_id: null,
      owner_uuid: null,
      thumb_key: null,
      content_type: 'application/pdf',
      created_by: 'x',
      created_date: nowIso(),
    };
    for (let i = 0; i < 6; i += 1) {
      await db
        .insertInto('files')
        .values({ ...big, org_id: acmeOrg.id, name: `a${i}.pdf`, storage_key: `acme-big-${i}`, size: 2_000_000_000 })
        .execute();
    }
    expect((await upload()).statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) {
      await db
        .insertInto('files')
        .values({ ...big, org_id: demoOrg.id, name: `d${i}.pdf`, storage_key: `demo-big-${i}`, size: 2_000_000_000 })
        .execute();
    }
    const kept = await files();
    const refused = await upload();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error_description).toBe(STORAGE_FULL_MESSAGE);
    expect(await files()).toBe(kept);
    expect((await t.as(admin, { method: 'GET', url: '/v3/account/storage?app=demo' })).json().over_limit).toBe(true);
  });
  it('checks the limit against the last measure plus the files stored since, measuring again once it is 15 minutes old', async () => {
    const db = t.ctx.database.db;
    const org = await db.selectFrom('organisations').select('id').where('app_id', '=', 'acme').executeTakeFirstOrThrow();
    const later = Date.now() + STORAGE_MEASURE_MAX_AGE_MS + 1_000;
    const measured = await storageForLimit(t.ctx.database, org.id, later);
    const measure = await db.selectFrom('storage_measures').selectAll().where('org_id', '=', org.id).executeTakeFirstOrThrow();
    expect(Number(measure.bytes)).toBe(measured);
    // A file stored since is added at once; a document written since waits for the next measure.
    await db
      .insertInto('files')
      .values({
        org_id: org.id,
        doc_id: null,
        event_id: null,
        owner_uuid: null,
        name: 'since.pdf',
        storage_key: 'acme-since',
        thumb_key: null,
        size: 1_000,
        thumb_size: 24,
        content_type: 'application/pdf',
        created_by: 'x',
        created_date: nowIso(),
      })
      .execute();
    const post = await t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/post', payload: { summary: 'Grows', descrip: 'y' } });
    expect(post.statusCode).toBe(201);
    expect(await storageForLimit(t.ctx.database, org.id)).toBe(measured + 1_024);
    const remeasured = await storageForLimit(t.ctx.database, org.id, later);
    expect(remeasured).toBeGreaterThan(measured + 1_024);
    expect(remeasured).toBe(Object.values(await storageBytesOf(t.ctx.database, org.id)).reduce((sum, bytes) => sum + bytes, 0));
  });
});
