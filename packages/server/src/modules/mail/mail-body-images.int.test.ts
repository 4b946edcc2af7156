/**
 * A picture in a message's body against a real IMAP server, on both databases
 * (docs/product/mail.md#parsing, docs/product/mail.md#mail-import): mail clients send one as a
 * part named by `cid:`, often without a file name. What the member sees in the message is what is
 * imported: the picture in place in the body, on the mail screen and the timeline, and as a file
 * of the document (a nameless 1×1 PNG used to be refused by the upload checks and vanish). An entry
 * imported before remote images were dropped is served without them (served-mail-html.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test-support/access-fixtures.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { relatedMessage } from '../../test-support/mime-related.ts';
import { samplePng } from '../../test-support/sample-files.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { LOOPBACK_MAIL, loopbackConnector } from '../../test-support/mail-fixtures.ts';

const mailbox = { user: 'pictures', password: 'imap-secret-7' };

describe.each(testDialects)('pictures in a message body on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let cast: WorkflowCast;
  let mailUser: string;
  let connectorId: number;
  let uid: number;
  let pixel: Buffer;

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL });
    cast = await workflowCast(t);
    await addMember(t, cast.orgId, {
      email: `pictures-${dialect}@demo.local`,
      level: 4,
      roles: ['editor', 'mail'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    mailUser = (await t.signIn(`pictures-${dialect}@demo.local`)).access;
    const created = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: loopbackConnector('Pictures inbox', imap.port, mailbox),
    });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
    pixel = await samplePng(1, 1);
    [uid] = (await imap.append(mailbox, 'INBOX', [
      relatedMessage({
        subject: 'Where the leak is',
        html: '<p>Here: <img src="cid:pixel@pat" alt="the leak"></p>',
        images: [{ cid: 'pixel@pat', type: 'image/png', content: pixel }],
      }),
    ])) as [number];
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it('shows the picture in the message and imports it in the body and as a file', async () => {
    const inPlace = `<img alt="the leak" src="data:image/png;base64,${pixel.toString('base64')}" />`;
    const shown = (await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/message/${uid}?f=INBOX` })).json();
    expect(shown.content).toContain(inPlace);
    // Shown in the body, so not listed again under the message (docs/product/mail.md#mail-item).
    expect(shown.attachments).toEqual([]);
    const incident = await createIncident(t, mailUser, cast.siteA);
    const imported = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${uid}?f=INBOX&doc_id=${incident.id}` });
    expect(imported.json()).toMatchObject({ imported: 2, total: 2, message: '2 of 2 imported!' });
    const events = (await t.as(mailUser, { method: 'GET', url: `/doc/${incident.id}/events?type=import_mail` })).json();
    expect(events.dataAr[0].data.html).toContain(inPlace);
    expect(events.dataAr[0].attachments).toEqual(['attachment-1.png']);
    const files = await t.ctx.database.db.selectFrom('files').select('name').where('doc_id', '=', incident.id).execute();
    expect(files.map((f) => f.name)).toEqual(['attachment-1.png']);
  });

  it('serves an entry imported before remote images were dropped without them, on the timeline and as one event', async () => {
    const incident = await createIncident(t, mailUser, cast.siteA);
    const imported = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${uid}?f=INBOX&doc_id=${incident.id}` });
    const eventId = imported.json().event_id as number;
    // As the import stored it before: the shared allow-list only, remote and same-origin images kept.
    const inPlace = `<img alt="the leak" src="data:image/png;base64,${pixel.toString('base64')}" />`;
    const legacy = `<p>Hi</p><img src="https://tracker.example/open.gif?who=1" alt="logo" /><img src="/api/x" />${inPlace}<a href="https://example.org/" rel="noopener noreferrer">link</a>`;
    const stored = await t.ctx.database.db.selectFrom('events').select('data').where('id', '=', eventId).executeTakeFirstOrThrow();
    const data = typeof stored.data === 'string' ? JSON.parse(stored.data) : stored.data;
    await t.ctx.database.db
      .updateTable('events')
      .set({ data: JSON.stringify({ ...data, html: legacy }) })
      .where('id', '=', eventId)
      .execute();
    const served = `<p>Hi</p><img alt="logo" /><img />${inPlace}<a href="https://example.org/" rel="noopener noreferrer">link</a>`;
    const timeline = (await t.as(mailUser, { method: 'GET', url: `/doc/${incident.id}/events?type=import_mail` })).json();
    expect(timeline.dataAr[0].data.html).toBe(served);
    const one = await t.as(mailUser, { method: 'GET', url: `/doc/${incident.id}/event/${eventId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.html).toBe(served);
  });
});
