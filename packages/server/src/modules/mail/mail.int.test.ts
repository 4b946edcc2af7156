/**
 * The mail calls against a real IMAP server (Debian's dovecot on loopback) on both databases
 * (docs/product/mail.md#api): connectors saved only when a connection works, secrets encrypted
 * and never answered, the paged list with unread counts, one sanitised message, delete, import
 * with attachments through the upload checks, idempotent re-import, a request from a message,
 * and the refusals: no mail role, missing arguments, another organisation's connector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember } from '../../test-support/access-fixtures.ts';
import { freePort, startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { samplePdf, samplePng } from '../../test-support/sample-files.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { LOOPBACK_MAIL } from '../../test-support/mail-fixtures.ts';

const mailbox = { user: 'safety', password: 'imap-secret-1' };

describe.each(testDialects)('mail on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let cast: WorkflowCast;
  let admin: string;
  let mailUser: string;
  let connectorId: number;
  let uids: number[];
  let attachmentUid: number;

  const settings = (extra: Record<string, unknown> = {}) => ({
    title: 'Safety inbox',
    kind: 'shared',
    host: '127.0.0.1',
    port: imap.port,
    security: 'none',
    user: mailbox.user,
    secret: mailbox.password,
    folders: ['INBOX', 'Sent'],
    ...extra,
  });
  const connectorRows = async () => (await t.ctx.database.db.selectFrom('mail_connectors').selectAll().execute()).length;

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL });
    cast = await workflowCast(t);
    admin = (await t.signIn('admin@demo.local')).access;
    await addMember(t, cast.orgId, {
      email: `mail-user-${dialect}@demo.local`,
      level: 4,
      roles: ['editor', 'mail'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    mailUser = (await t.signIn(`mail-user-${dialect}@demo.local`)).access;
    const plain = Array.from({ length: 20 }, (_, i) =>
      mimeMessage({ subject: `Report ${i + 1}`, text: `Body of report ${i + 1} `.repeat(40), messageId: `<report-${i + 1}@example.org>` }),
    );
    uids = await imap.append(mailbox, 'INBOX', plain.slice(0, 5), ['\\Seen']);
    uids.push(...(await imap.append(mailbox, 'INBOX', plain.slice(5))));
    [attachmentUid] = (await imap.append(mailbox, 'INBOX', [
      mimeMessage({
        subject: 'Photos of the spill',
        from: 'Pat Reporter <pat@example.org>',
        html: '<p>See <b>attached</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
        messageId: '<spill@example.org>',
        attachments: [
          { name: 'spill.png', type: 'image/png', content: await samplePng() },
          { name: 'report.pdf', type: 'application/pdf', content: samplePdf() },
          { name: 'tool.exe', type: 'application/octet-stream', content: Buffer.from('MZ\x90\x00 not a program') },
          { name: 'empty.txt', type: 'text/plain', content: Buffer.alloc(0) },
        ],
      }),
    ])) as [number];
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it('refuses a connector whose password is wrong, or whose host does not answer, naming it and storing nothing', async () => {
    const wrong = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors', payload: settings({ secret: 'wrong' }) });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json().error_description).toBe("Mail connector 'Safety inbox': the mail server refused the user name or password.");
    const closedPort = await freePort();
    const unreachable = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors', payload: settings({ port: closedPort }) });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().error_description).toBe(`Mail connector 'Safety inbox': nothing answers at 127.0.0.1:${closedPort}.`);
    expect(await connectorRows()).toBe(0);
  });

  it('refuses plain IMAP and loopback unless the operator allowed them', async () => {
    const strict = await startTestApp(dialect, { seed: true });
    try {
      const token = (await strict.signIn('admin@demo.local')).access;
      const plain = await strict.as(token, { method: 'POST', url: '/mail/settings/connectors', payload: settings() });
      // This server's own rule, not the mail server's failure: the caller's settings to change (400).
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error_description).toMatch(/plain IMAP without TLS is not allowed/);
      const loop = await strict.as(token, { method: 'POST', url: '/mail/settings/connectors', payload: settings({ security: 'tls' }) });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().error_description).toBe("Mail connector 'Safety inbox': Refused to connect to 127.0.0.1: not a public address.");
    } finally {
      await strict.close();
    }
  });

  it('saves a working connector with its secret encrypted and never answered', async () => {
    const created = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors', payload: settings() });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
    expect(created.body).not.toContain(mailbox.password);
    expect(created.json()).toMatchObject({
      title: 'Safety inbox',
      has_secret: true,
      folders: [
        { path: 'INBOX', title: 'Inbox' },
        { path: 'Sent', title: 'Sent Items' },
      ],
    });
    const stored = await t.ctx.database.db.selectFrom('mail_connectors').select(['secret', 'settings']).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(mailbox.password);
    const listed = await t.as(admin, { method: 'GET', url: '/mail/settings/connectors' });
    expect(listed.body).not.toContain(mailbox.password);
    // An update without a secret keeps the stored one (the connection still works).
    const { secret: _omit, ...withoutSecret } = settings({ title: 'Safety mail' });
    const changed = await t.as(admin, { method: 'PUT', url: `/mail/settings/connectors/${connectorId}`, payload: withoutSecret });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('Safety mail');
  });

  it('lists a folder 15 at a time, newest first, with the unread count and a 250-character preview', async () => {
    const first = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?f=INBOX` });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.folder).toEqual({ path: 'INBOX', totalItemCount: 21, unreadItemCount: 16 });
    expect(page.dataAr).toHaveLength(15);
    expect(page.dataAr[0]).toMatchObject({
      uid: attachmentUid,
      subject: 'Photos of the spill',
      mail_from: { name: 'Pat Reporter', address: 'pat@example.org' },
      sent: false,
    });
    expect(page.dataAr[1].subject).toBe('Report 20');
    expect(page.dataAr[1].bodyPreview).toHaveLength(250);
    const second = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?f=INBOX&start=15` })).json();
    expect(second.dataAr.map((m: { subject: string }) => m.subject)).toEqual([
      'Report 6',
      'Report 5',
      'Report 4',
      'Report 3',
      'Report 2',
      'Report 1',
    ]);
    expect(second.dataAr[1].flags).toEqual(['SEEN']);
    const unread = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?u=true&count=100` })).json();
    expect(unread.folder.totalItemCount).toBe(16);
    const search = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?s=spill` })).json();
    expect(search.dataAr.map((m: { uid: number }) => m.uid)).toEqual([attachmentUid]);
    const sent = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?f=Sent` })).json();
    expect(sent.folder.totalItemCount).toBe(0);
  });

  it('answers one message with sanitised HTML and its attachments, and 404 for a missing one', async () => {
    const message = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/message/${attachmentUid}?f=INBOX` })).json();
    expect(message.content_type).toBe('html');
    expect(message.content).toContain('<b>attached</b>');
    expect(message.content).not.toMatch(/script|onerror|javascript:/i);
    expect(message.attachments.map((a: { name: string }) => a.name)).toEqual(['spill.png', 'report.pdf', 'tool.exe', 'empty.txt']);
    const missing = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/message/99999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe(MAIL_MESSAGES.noContent);
  });

  it('refuses members without the mail role, and is not found for another organisation', async () => {
    const noRole = await t.as(cast.tokens.editorA, { method: 'GET', url: `/mail/${connectorId}/list` });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().error_description).toBe(MAIL_MESSAGES.notAuthorised);
    const acme = (await t.signIn('admin@acme.local')).access;
    await t.ctx.database.db
      .updateTable('acl_entries')
      .set({ roles: JSON.stringify(['administrator', 'mail']) })
      .where('org_id', '!=', cast.orgId)
      .execute();
    const other = await t.as(acme, { method: 'GET', url: `/mail/${connectorId}/list?app=acme` });
    expect(other.statusCode).toBe(404);
    const otherImport = await t.as(acme, { method: 'DELETE', url: `/mail/${connectorId}/message/${uids[0]}?app=acme` });
    expect(otherImport.statusCode).toBe(404);
    expect((await t.as(acme, { method: 'GET', url: '/mail/connectors?app=acme' })).json()).toEqual([]);
    expect((await t.as(mailUser, { method: 'GET', url: '/mail/connectors' })).json().map((c: { id: number }) => c.id)).toEqual([
      connectorId,
    ]);
  });

  it('imports a message with its attachments through the upload checks, once per document', async () => {
    const incident = await createIncident(t, mailUser, cast.siteA);
    const missing = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${attachmentUid}?f=INBOX` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toBe(MAIL_MESSAGES.missingImportArguments);
    const url = `/mail/${connectorId}/import/${attachmentUid}?f=INBOX&doc_id=${incident.id}`;
    const first = await t.as(mailUser, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    // The message, the PNG and the PDF; the fake program and the empty file are refused by the checks.
    expect(first.json()).toMatchObject({ imported: 3, total: 5, message: '3 of 5 imported!', already_imported: false });
    const again = (await t.as(mailUser, { method: 'GET', url })).json();
    expect(again).toMatchObject({
      imported: 0,
      total: 5,
      message: '0 of 5 imported!',
      already_imported: true,
      event_id: first.json().event_id,
    });
    const events = (await t.as(mailUser, { method: 'GET', url: `/doc/${incident.id}/events?type=import_mail` })).json();
    expect(events.dataAr).toHaveLength(1);
    expect(events.dataAr[0]).toMatchObject({
      type: 'import_mail',
      subject: 'Photos of the spill',
      attachments: ['spill.png', 'report.pdf'],
    });
    expect(events.dataAr[0].data.html).not.toMatch(/script|onerror|javascript:/i);
    expect(events.dataAr[0].data.mail_from).toEqual({ name: 'Pat Reporter', address: 'pat@example.org' });
    const files = await t.ctx.database.db.selectFrom('files').select(['name', 'thumb_key']).where('doc_id', '=', incident.id).execute();
    expect(files.map((f) => f.name).sort()).toEqual(['report.pdf', 'spill.png']);
    expect(files.every((f) => f.thumb_key !== null)).toBe(true);
  });

  it('does not import into a document the caller may not change', async () => {
    const incidentB = await createIncident(t, cast.tokens.managerB, cast.siteB);
    const refused = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${uids[0]}?f=INBOX&doc_id=${incidentB.id}` });
    expect([403, 404]).toContain(refused.statusCode);
    expect(await t.ctx.database.db.selectFrom('mail_imports').selectAll().where('doc_id', '=', incidentB.id).execute()).toEqual([]);
  });

  it("creates a request from a message; a member's address in From alone does not make them its reporter", async () => {
    const [fromMember, fromStranger] = await imap.append(mailbox, 'INBOX', [
      mimeMessage({
        subject: 'Broken ladder',
        from: `Mail User <mail-user-${dialect}@demo.local>`,
        text: 'The ladder in bay 3 is broken.',
        attachments: [{ name: 'ladder.png', type: 'image/png', content: await samplePng() }],
      }),
      mimeMessage({ subject: 'Noise complaint', from: 'Neighbour <someone@elsewhere.example>', text: 'Too loud at night.' }),
    ]);
    const created = await t.as(admin, { method: 'POST', url: `/mail/${connectorId}/request/${fromMember}?f=INBOX` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ doc_type: 'request', message: '2 of 2 imported!' });
    const docId = created.json().doc_id;
    const row = await t.ctx.database.db
      .selectFrom('documents')
      .select(['data', 'attachments', 'summary', 'descrip'])
      .where('id', '=', docId)
      .executeTakeFirstOrThrow();
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    const memberUuid = (
      await t.ctx.database.db
        .selectFrom('identities')
        .select('uuid')
        .where('email', '=', `mail-user-${dialect}@demo.local`)
        .executeTakeFirstOrThrow()
    ).uuid;
    expect({ summary: row.summary, descrip: row.descrip }).toEqual({ summary: 'Broken ladder', descrip: 'The ladder in bay 3 is broken.' });
    // Nothing vouches for the sender (docs/product/mail.md#requests-from-mail; mail-sender-trust.int.test.ts):
    // the request form's default, the person who made it.
    const adminUuid = (
      await t.ctx.database.db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()
    ).uuid;
    expect(data).toMatchObject({ reporter_id: adminUuid, reporter_category_id: 24, anonymous: false });
    expect(data.reporter_id).not.toBe(memberUuid);
    expect(JSON.stringify(row.attachments)).toContain('ladder.png');
    const stranger = await t.as(admin, { method: 'POST', url: `/mail/${connectorId}/request/${fromStranger}?f=INBOX` });
    const strangerRow = await t.ctx.database.db
      .selectFrom('documents')
      .select('data')
      .where('id', '=', stranger.json().doc_id)
      .executeTakeFirstOrThrow();
    const strangerData = typeof strangerRow.data === 'string' ? JSON.parse(strangerRow.data) : strangerRow.data;
    // A sender who is not a member: the request's form default, the person who made it.
    expect(strangerData.reporter_id).toBe(adminUuid);
  });

  it('deletes a message, and answers 404 for one already gone', async () => {
    const gone = await t.as(mailUser, { method: 'DELETE', url: `/mail/${connectorId}/message/${uids[0]}?f=INBOX` });
    expect(gone.json()).toEqual({ error: false });
    const again = await t.as(mailUser, { method: 'DELETE', url: `/mail/${connectorId}/message/${uids[0]}?f=INBOX` });
    expect(again.statusCode).toBe(404);
    const list = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/list?count=100` })).json();
    expect(list.dataAr.map((m: { uid: number }) => m.uid)).not.toContain(uids[0]);
  });

  it('names the connector when its server stops answering, and stores nothing', async () => {
    const before = await t.ctx.database.db.selectFrom('events').select('id').execute();
    await t.ctx.database.db
      .updateTable('mail_connectors')
      .set({ settings: JSON.stringify({ ...settings(), port: await freePort(), pollMinutes: 15, auth: 'password', allowHosts: [] }) })
      .execute();
    const incident = await createIncident(t, mailUser, cast.siteA);
    const failed = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${uids[1]}?f=INBOX&doc_id=${incident.id}` });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error_description).toMatch(/^Mail connector 'Safety mail': nothing answers at 127\.0\.0\.1:\d+\.$/);
    const after = await t.ctx.database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'import_mail')
      .where('doc_id', '=', incident.id)
      .execute();
    expect(after).toEqual([]);
    expect(before.length).toBeGreaterThan(0);
  });
});
