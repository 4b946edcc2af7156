/**
 * Rules that turn mail into documents, against a real IMAP server on both databases
 * (docs/product/mail.md#mail-rules): the first poll only marks where the folder stands; new
 * messages become requests; a reply (its thread, or a display id in its subject) joins the earlier
 * document; polling again — after a restart, from a second process, or after a crash before the
 * last UID was saved — handles nothing twice; a failing connector backs off; a mail server that
 * answers too slowly ends its poll at the poll's deadline; a subject naming a document of another
 * type joins nothing (whoever can mail the folder writes the subject).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { runJobsOnce, runTickers } from '../../platform/jobs/job-worker.ts';
import { placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { createIncident, regionOf } from '../../test-support/workflow-fixtures.ts';
import { REFUSALS_ES } from '../../platform/i18n/refusals.es.ts';
import { REFUSALS_FR } from '../../platform/i18n/refusals.fr.ts';
import { findConnector } from './connectors.repository.ts';
import { imapProvider } from './imap-provider.ts';
import type { MailSession } from './mail-provider.ts';
import { pollConnector } from './mail-rules.ts';
import { LOOPBACK_MAIL } from '../../test-support/mail-fixtures.ts';

const mailbox = { user: 'requests', password: 'imap-secret-2' };

describe.each(testDialects)('mail rules on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let admin: string;
  let connectorId: number;

  const requestRows = async () =>
    t.ctx.database.db
      .selectFrom('documents')
      .select(['id', 'display_id', 'summary'])
      .where('doc_type', '=', 'request')
      .where('summary', 'like', 'Rule:%')
      .orderBy('id')
      .execute();
  const mailEvents = async () =>
    t.ctx.database.db.selectFrom('events').select(['doc_id', 'subject']).where('type', '=', 'import_mail').orderBy('id').execute();
  let dueCount = 0;
  /** Makes the connector due now (each time a new due time: the poll job's key names it). */
  const makeDue = () =>
    t.ctx.database.db
      .updateTable('mail_connectors')
      .set({ next_poll: new Date(Date.now() - 1000 - ++dueCount).toISOString() })
      .execute();
  /** One poll as the worker does it: the ticker enqueues due connectors, the jobs run. */
  const poll = async (workerId = 'w1') => {
    await makeDue();
    await runTickers(t.ctx);
    return runJobsOnce(t.ctx, workerId);
  };

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL, jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    const created = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: {
        title: 'Requests inbox',
        host: '127.0.0.1',
        port: imap.port,
        security: 'none',
        user: mailbox.user,
        secret: mailbox.password,
        folders: ['INBOX'],
        rules: [{ folder: 'INBOX', doc_type: 'request' }],
      },
    });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it('acts only on messages that arrive after the first poll', async () => {
    await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'Rule: old message', text: 'Before the rule.' })]);
    await poll();
    expect(await requestRows()).toEqual([]);
    const state = await t.ctx.database.db.selectFrom('mail_folder_state').selectAll().executeTakeFirstOrThrow();
    expect(Number(state.last_uid)).toBe(1);
  });

  it('turns new messages into requests and appends replies to the document they answer', async () => {
    await imap.append(mailbox, 'INBOX', [
      mimeMessage({ subject: 'Rule: leaking roof', text: 'Water in bay 2.', messageId: '<roof@example.org>' }),
      mimeMessage({ subject: 'Rule: blocked exit', text: 'Pallets in front of exit B.', messageId: '<exit@example.org>' }),
    ]);
    await poll();
    const created = await requestRows();
    expect(created.map((r) => r.summary)).toEqual(['Rule: leaking roof', 'Rule: blocked exit']);
    const [roof, exit] = created as [(typeof created)[0], (typeof created)[0]];
    await imap.append(mailbox, 'INBOX', [
      mimeMessage({ subject: 'Re: the roof', text: 'Still leaking.', inReplyTo: '<roof@example.org>', references: '<roof@example.org>' }),
      mimeMessage({ subject: `About ${exit.display_id.toLowerCase()} again`, text: 'Cleared now.' }),
    ]);
    await poll();
    expect((await requestRows()).length).toBe(2);
    const events = await mailEvents();
    expect(events.filter((e) => Number(e.doc_id) === Number(roof.id)).map((e) => e.subject)).toEqual([
      'Rule: leaking roof',
      'Re: the roof',
    ]);
    expect(events.filter((e) => Number(e.doc_id) === Number(exit.id)).map((e) => e.subject)).toEqual([
      'Rule: blocked exit',
      `About ${exit.display_id.toLowerCase()} again`,
    ]);
  });

  it('handles nothing twice: again, from two workers at once, or after a crash before the last UID was saved', async () => {
    const before = { docs: (await requestRows()).length, events: (await mailEvents()).length };
    await poll();
    await makeDue();
    await runTickers(t.ctx);
    await runTickers(t.ctx);
    const ran = await Promise.all([runJobsOnce(t.ctx, 'process-a'), runJobsOnce(t.ctx, 'process-b')]);
    expect(ran[0] + ran[1]).toBe(1);
    // A crash after the documents were made but before the UID was saved: the folder state is behind.
    await t.ctx.database.db.updateTable('mail_folder_state').set({ last_uid: 1 }).execute();
    await poll();
    expect({ docs: (await requestRows()).length, events: (await mailEvents()).length }).toEqual(before);
    const state = await t.ctx.database.db.selectFrom('mail_folder_state').selectAll().executeTakeFirstOrThrow();
    expect(Number(state.last_uid)).toBe(5);
  });

  it('backs off when the mail server refuses, naming the connector, and recovers', async () => {
    const orgId = Number((await t.ctx.database.db.selectFrom('mail_connectors').select('org_id').executeTakeFirstOrThrow()).org_id);
    const good = (await t.ctx.database.db.selectFrom('mail_connectors').select('secret').executeTakeFirstOrThrow()).secret;
    const wrong = await encryptOrgSecret({ database: t.ctx.database }, orgId, 'wrong-password');
    await t.ctx.database.db.updateTable('mail_connectors').set({ secret: wrong }).execute();
    const started = Date.now();
    await poll();
    let row = await t.ctx.database.db.selectFrom('mail_connectors').selectAll().executeTakeFirstOrThrow();
    expect(row.last_error).toBe("Mail connector 'Requests inbox': the mail server refused the user name or password.");
    expect(Number(row.failures)).toBe(1);
    // The settings screen answers the stored English failure in the caller's language (http/stored-messages.ts).
    const settingsIn = async (language: string) => {
      const answer = await t.as(admin, { method: 'GET', url: '/mail/settings/connectors', headers: { 'accept-language': language } });
      expect(String(answer.headers.vary)).toMatch(/Accept-Language/);
      return (answer.json() as { last_error: string | null }[]).map((connector) => connector.last_error);
    };
    expect(await settingsIn('en')).toEqual([row.last_error]);
    const refused = (language: Record<string, string>) =>
      language["Mail connector '{1}': {2}."]!.replace('{1}', 'Requests inbox').replace(
        '{2}',
        language['the mail server refused the user name or password']!,
      );
    expect(await settingsIn('fr-CA,fr;q=0.9')).toEqual([refused(REFUSALS_FR)]);
    expect(await settingsIn('es')).toEqual([refused(REFUSALS_ES)]);
    expect(Date.parse(row.next_poll!) - started).toBeGreaterThanOrEqual(2 * 15 * 60_000);
    // Not due yet: the ticker enqueues nothing.
    await runTickers(t.ctx);
    expect(await runJobsOnce(t.ctx, 'w1')).toBe(0);
    await poll();
    row = await t.ctx.database.db.selectFrom('mail_connectors').selectAll().executeTakeFirstOrThrow();
    expect(Number(row.failures)).toBe(2);
    expect(Date.parse(row.next_poll!) - started).toBeGreaterThanOrEqual(4 * 15 * 60_000);
    await t.ctx.database.db.updateTable('mail_connectors').set({ secret: good }).execute();
    await poll();
    row = await t.ctx.database.db.selectFrom('mail_connectors').selectAll().executeTakeFirstOrThrow();
    expect({ error: row.last_error, failures: Number(row.failures) }).toEqual({ error: null, failures: 0 });
    expect(connectorId).toBe(Number(row.id));
  });

  it('ends a poll whose mail server answers too slowly at its deadline, and backs off', async () => {
    const orgId = Number((await t.ctx.database.db.selectFrom('mail_connectors').select('org_id').executeTakeFirstOrThrow()).org_id);
    const row = (await findConnector(t.ctx.database.db, orgId, connectorId))!;
    const state = await t.ctx.database.db
      .selectFrom('mail_folder_state')
      .select(['uid_validity', 'last_uid'])
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    // A server that sends a byte now and then: the message never finishes arriving until the connection is ended.
    let endConnection: (error: Error) => void = () => undefined;
    const trickling = {
      newUids: async () => ({ uidValidity: state.uid_validity, uids: [Number(state.last_uid) + 1] }),
      fetch: () => new Promise<Buffer>((_resolve, reject) => (endConnection = reject)),
      markSeen: async () => true,
      abort: () => endConnection(new Error('Connection not available')),
      close: async () => undefined,
      isUsable: () => true,
    } as unknown as MailSession;
    vi.spyOn(imapProvider, 'open').mockResolvedValue(trickling);
    try {
      const started = Date.now();
      expect(await pollConnector(t.ctx, row, new Date(), 300)).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      vi.restoreAllMocks();
    }
    const after = await t.ctx.database.db.selectFrom('mail_connectors').selectAll().where('id', '=', connectorId).executeTakeFirstOrThrow();
    expect(after.last_error).toBe(
      "Mail connector 'Requests inbox': the mail server took longer than 0.3 seconds to answer; the next poll goes on from there.",
    );
    expect(Number(after.failures)).toBe(1);
  }, 20_000);

  it("joins by subject only a document of the rule's own type: another type's display id makes a new document", async () => {
    // The connector's rule makes requests; an incident of the same organisation exists.
    const places = await placesOf(t, 'demo');
    const siteId = [...places.sites.values()][0]!;
    const site = await t.ctx.database.db.selectFrom('documents').select('region_id').where('id', '=', siteId).executeTakeFirstOrThrow();
    regionOf.set(siteId, Number(site.region_id));
    const incident = await createIncident(t, admin, siteId);
    const { display_id: incidentId } = await t.ctx.database.db
      .selectFrom('documents')
      .select('display_id')
      .where('id', '=', incident.id)
      .executeTakeFirstOrThrow();
    const before = (await requestRows()).length;
    await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: `Rule: more about ${incidentId}`, text: 'Written by a stranger.' })]);
    await poll();
    expect((await mailEvents()).filter((e) => Number(e.doc_id) === incident.id)).toEqual([]);
    const requests = await requestRows();
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)!.summary).toBe(`Rule: more about ${incidentId}`);
  });
});
