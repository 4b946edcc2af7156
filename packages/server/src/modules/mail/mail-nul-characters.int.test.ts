/**
 * Mail whose subject, sender's name, text and HTML bodies and attachment name decode to text
 * holding the NUL character (U+0000), against a real IMAP server on both databases
 * (docs/product/mail.md#mail-import). PostgreSQL stores a NUL in no text or jsonb column, so such
 * a message was a 500 on every write there and a poison message for a rule. Mail is someone
 * else's: its NULs are removed, never refused, and the message is listed, read, imported and
 * turned into a document like any other, with no NUL in what is stored or answered. So is half of
 * a surrogate pair (jsonb refuses it too), and no cut leaves one; other control characters stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce, runTickers } from '../../platform/jobs/job-worker.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { LOOPBACK_MAIL, loopbackConnector } from '../../test-support/mail-fixtures.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { samplePdf } from '../../test-support/sample-files.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { MAIL_POLL_JOB } from './mail-rules.ts';

const mailbox = { user: 'nul', password: 'imap-secret-nul' };
const NUL = '\u0000';

const base64Lines = (content: Buffer) => (content.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/**
 * A message as a careless or hostile sender writes it: no NUL byte crosses IMAP, each one is
 * encoded — an encoded word in the subject and the sender's name, quoted-printable `=00` in the
 * text, base64 in the HTML, RFC 2231 `%00` and an encoded word in the attachment's name.
 */
function messageWithNuls(subject: string, messageId: string): string {
  const encodedSubject = `=?UTF-8?Q?${subject.replace(/ /g, '_').split(NUL).join('=00')}?=`;
  const html = Buffer.from(`<p>Water${NUL} <b>on</b> the floor.</p>`, 'utf8');
  return [
    'From: =?UTF-8?Q?Pat=00_Reporter?= <pat@example.org>',
    'To: Safety <safety@example.org>',
    `Subject: ${encodedSubject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Water=00 on the floor.',
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(html),
    '--inner--',
    '--outer',
    'Content-Type: application/pdf; name="=?UTF-8?Q?report=00.pdf?="',
    "Content-Disposition: attachment; filename*=UTF-8''report%00.pdf",
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(samplePdf()),
    '--outer--',
    '',
  ].join('\r\n');
}

/** Whether any text in a stored value (a row, a JSON column read back) holds a NUL. */
const holdsNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

describe.each(testDialects)('mail carrying NUL characters on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let cast: WorkflowCast;
  let admin: string;
  let connectorId: number;
  let screenUid: number;

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    // The rule's folder exists before the connector is saved (each folder is opened then).
    await imap.append(mailbox, 'Rules', [mimeMessage({ subject: 'Before the rule', text: 'Already there.' })]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL, jobs: false });
    cast = await workflowCast(t);
    admin = (await t.signIn('admin@demo.local')).access;
    const created = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: loopbackConnector('Leaks inbox', imap.port, mailbox, {
        folders: ['INBOX', 'Rules'],
        rules: [{ folder: 'Rules', doc_type: 'request' }],
      }),
    });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
    [screenUid] = (await imap.append(mailbox, 'INBOX', [messageWithNuls(`Leak${NUL} in bay 2`, '<leak-2@example.org>')])) as [number];
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it('lists and reads the message on the mail screen, its NULs removed', async () => {
    const list = await t.as(admin, { method: 'GET', url: `/mail/${connectorId}/list?f=INBOX` });
    expect(list.statusCode).toBe(200);
    expect(list.json().dataAr).toEqual([
      expect.objectContaining({
        uid: screenUid,
        subject: 'Leak in bay 2',
        bodyPreview: 'Water on the floor.',
        mail_from: { name: 'Pat Reporter', address: 'pat@example.org' },
      }),
    ]);
    const read = await t.as(admin, { method: 'GET', url: `/mail/${connectorId}/message/${screenUid}?f=INBOX` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      subject: 'Leak in bay 2',
      content_type: 'html',
      content: '<p>Water <b>on</b> the floor.</p>',
      mail_from: { name: 'Pat Reporter', address: 'pat@example.org' },
      attachments: [{ name: 'report.pdf', content_type: 'application/pdf' }],
    });
    expect(holdsNul(list.json())).toBe(false);
    expect(holdsNul(read.json())).toBe(false);
  });

  it("imports the message and its attachment into a document's timeline without a NUL stored", async () => {
    const incident = await createIncident(t, admin, cast.siteA);
    const imported = await t.as(admin, { method: 'GET', url: `/mail/${connectorId}/import/${screenUid}?f=INBOX&doc_id=${incident.id}` });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2, total: 2, already_imported: false });
    const events = await t.ctx.database.db
      .selectFrom('events')
      .select(['subject', 'descrip', 'data'])
      .where('doc_id', '=', incident.id)
      .where('type', '=', 'import_mail')
      .execute();
    expect(events).toHaveLength(1);
    expect({ subject: events[0]!.subject, descrip: events[0]!.descrip }).toEqual({
      subject: 'Leak in bay 2',
      descrip: 'Water on the floor.',
    });
    const files = await t.ctx.database.db.selectFrom('files').select('name').where('doc_id', '=', incident.id).execute();
    expect(files.map((file) => file.name)).toEqual(['report.pdf']);
    expect(holdsNul(events)).toBe(false);
    const timeline = (await t.as(admin, { method: 'GET', url: `/doc/${incident.id}/events?type=import_mail` })).json();
    expect(timeline.dataAr[0]).toMatchObject({
      subject: 'Leak in bay 2',
      attachments: ['report.pdf'],
      data: { mail_from: { name: 'Pat Reporter', address: 'pat@example.org' }, html: '<p>Water <b>on</b> the floor.</p>' },
    });
  });

  it('lets a rule turn the message into a request once: its job succeeds and nothing is retried', async () => {
    const poll = async () => {
      await t.ctx.database.db
        .updateTable('mail_connectors')
        .set({ next_poll: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', connectorId)
        .execute();
      await runTickers(t.ctx);
      return runJobsOnce(t.ctx, 'w1');
    };
    // The first poll only marks where the folder stands (docs/product/mail.md#mail-rules).
    await poll();
    const [ruleUid] = (await imap.append(mailbox, 'Rules', [messageWithNuls(`Rule: leak${NUL} in bay 3`, '<leak-3@example.org>')])) as [
      number,
    ];
    await poll();
    const requests = await t.ctx.database.db
      .selectFrom('documents')
      .select(['id', 'summary', 'descrip', 'data', 'attachments'])
      .where('doc_type', '=', 'request')
      .where('summary', 'like', 'Rule:%')
      .execute();
    expect(requests.map((row) => ({ summary: row.summary, descrip: row.descrip }))).toEqual([
      { summary: 'Rule: leak in bay 3', descrip: 'Water on the floor.' },
    ]);
    const docId = Number(requests[0]!.id);
    const events = await t.ctx.database.db
      .selectFrom('events')
      .select(['subject', 'descrip', 'data'])
      .where('doc_id', '=', docId)
      .execute();
    const files = await t.ctx.database.db.selectFrom('files').select('name').where('doc_id', '=', docId).execute();
    expect(files.map((file) => file.name)).toEqual(['report.pdf']);
    expect(holdsNul({ requests, events })).toBe(false);
    // The job is done, the connector's poll succeeded, and the folder goes on after the message.
    const jobs = await t.ctx.database.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', MAIL_POLL_JOB).execute();
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    const connector = await t.ctx.database.db
      .selectFrom('mail_connectors')
      .select(['last_error', 'failures'])
      .where('id', '=', connectorId)
      .executeTakeFirstOrThrow();
    expect({ error: connector.last_error, failures: Number(connector.failures) }).toEqual({ error: null, failures: 0 });
    const state = await t.ctx.database.db
      .selectFrom('mail_folder_state')
      .select('last_uid')
      .where('connector_id', '=', connectorId)
      .where('folder', '=', 'Rules')
      .executeTakeFirstOrThrow();
    expect(Number(state.last_uid)).toBe(ruleUid);
    const ruleFailures = await t.ctx.database.db.selectFrom('logs').select('summary').where('subject', 'like', 'Mail rule%').execute();
    expect(ruleFailures).toEqual([]);
    // Polling again handles nothing more.
    await poll();
    expect((await t.ctx.database.db.selectFrom('documents').select('id').where('summary', 'like', 'Rule:%').execute()).length).toBe(1);
  });

  it('replaces half a surrogate pair from a UTF-16 encoded word, and never cuts a pair in two', async () => {
    // 0xD83D alone, then 'a': what a sender's broken UTF-16 decodes to; PostgreSQL's jsonb refuses it.
    const halfPair = `=?UTF-16LE?B?${Buffer.from([0x3d, 0xd8, 0x61, 0x00]).toString('base64')}?=`;
    const subject = `${'x'.repeat(199)}\u{1F600} and more`;
    const [uid] = (await imap.append(mailbox, 'INBOX', [
      mimeMessage({ subject, from: `${halfPair} <pat@example.org>`, text: 'Water on the floor.' }),
    ])) as [number];
    const created = await t.as(admin, { method: 'POST', url: `/mail/${connectorId}/request/${uid}?f=INBOX` });
    expect(created.statusCode).toBe(201);
    const docId = created.json().doc_id as number;
    const row = await t.ctx.database.db.selectFrom('documents').select('summary').where('id', '=', docId).executeTakeFirstOrThrow();
    // The summary keeps 200 units at most: the emoji whole or not at all.
    expect(row.summary).toBe('x'.repeat(199));
    const timeline = (await t.as(admin, { method: 'GET', url: `/doc/${docId}/events?type=import_mail` })).json();
    expect(timeline.dataAr[0].data.mail_from).toEqual({ name: '\uFFFDa', address: 'pat@example.org' });
  });

  it('keeps other control characters, which both databases store; a file name holding one is left out', async () => {
    const [uid] = (await imap.append(mailbox, 'INBOX', [
      mimeMessage({
        subject: '=?UTF-8?Q?Tab=09and_bell=07?=',
        text: 'Line one\r\n\tindented\u001b[0m',
        attachments: [
          { name: 'report.pdf', type: 'application/pdf', content: samplePdf() },
          { name: '=?UTF-8?Q?bell=07.pdf?=', type: 'application/pdf', content: samplePdf() },
        ],
      }),
    ])) as [number];
    const incident = await createIncident(t, admin, cast.siteA);
    const imported = await t.as(admin, { method: 'GET', url: `/mail/${connectorId}/import/${uid}?f=INBOX&doc_id=${incident.id}` });
    expect(imported.statusCode).toBe(200);
    // The upload checks refuse a name with a control character (docs/product/mail.md#mail-import): counted, not imported.
    expect(imported.json()).toMatchObject({ imported: 2, total: 3 });
    const event = await t.ctx.database.db
      .selectFrom('events')
      .select(['subject', 'descrip'])
      .where('doc_id', '=', incident.id)
      .where('type', '=', 'import_mail')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ subject: 'Tab\tand bell\u0007', descrip: 'Line one\n\tindented\u001b[0m' });
  });
});
