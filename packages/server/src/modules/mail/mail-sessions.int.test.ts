/**
 * Mail sessions and read state against a real IMAP server (Debian's dovecot on loopback), on both
 * databases: a session is kept between calls and reused (docs/product/mail.md#sessions), yet
 * every call answers what the mailbox holds now and a changed connector never reuses an old
 * session; a message opened or imported is marked read (docs/product/mail.md#read-state); and who
 * is calling is settled before the input is checked (docs/product/mail.md#errors); and a connection
 * test tries settings without saving them (docs/product/mail.md#connector-settings).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember } from '../../test-support/access-fixtures.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { imapProvider } from './imap-provider.ts';
import { findConnector } from './connectors.repository.ts';
import { MailSessionPool, sessionPoolOf } from './session-pool.ts';
import { LOOPBACK_MAIL, loopbackConnector } from '../../test-support/mail-fixtures.ts';

const mailbox = { user: 'pooled', password: 'pool-secret-1' };

interface Listed {
  dataAr: { uid: number; subject: string; flags: string[] }[];
  folder: { totalItemCount: number; unreadItemCount: number };
}

describe.each(testDialects)('mail sessions and read state on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let cast: WorkflowCast;
  let admin: string;
  let mailUser: string;
  let connectorId: number;

  const settings = (extra: Record<string, unknown> = {}) => loopbackConnector('Pooled inbox', imap.port, mailbox, extra);
  const list = async (token = mailUser): Promise<Listed> => {
    const answer = await t.as(token, { method: 'GET', url: `/mail/${connectorId}/list?f=INBOX&count=100` });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const flagsOf = async (uid: number) => (await list()).dataAr.find((item) => item.uid === uid)?.flags;

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL });
    cast = await workflowCast(t);
    admin = (await t.signIn('admin@demo.local')).access;
    await addMember(t, cast.orgId, {
      email: `pool-user-${dialect}@demo.local`,
      level: 4,
      roles: ['editor', 'mail'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    mailUser = (await t.signIn(`pool-user-${dialect}@demo.local`)).access;
    await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'First' }), mimeMessage({ subject: 'Second' })]);
    const created = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors', payload: settings() });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
  });

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it('keeps a session open between calls and reuses it, while every call sees the mailbox as it is now', async () => {
    const opens = vi.spyOn(imapProvider, 'open');
    const before = await list();
    expect(sessionPoolOf(t.ctx).idleCount(connectorId)).toBe(1);
    const [added] = await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'Arrived meanwhile' })]);
    const after = await list();
    expect(after.folder.totalItemCount).toBe(before.folder.totalItemCount + 1);
    expect(after.dataAr[0]!.uid).toBe(added);
    const removed = await t.as(mailUser, { method: 'DELETE', url: `/mail/${connectorId}/message/${added}?f=INBOX` });
    expect(removed.statusCode).toBe(200);
    expect((await list()).dataAr.map((item) => item.uid)).not.toContain(added);
    // Four calls, at most one login (none when the connector's check left a session behind).
    expect(opens.mock.calls.length).toBeLessThanOrEqual(1);
    expect(sessionPoolOf(t.ctx).idleCount(connectorId)).toBe(1);
  });

  it('drops a kept session whose connection has closed and opens a new one', async () => {
    const pool = sessionPoolOf(t.ctx);
    await list();
    const key = MailSessionPool.keyOf((await findConnector(t.ctx.database.db, cast.orgId, connectorId))!);
    const kept = pool.take(key)!;
    pool.give(key, kept);
    // Closed while it waits, as when the server ends an idle connection.
    await kept.close();
    const opens = vi.spyOn(imapProvider, 'open');
    expect((await list()).folder.totalItemCount).toBeGreaterThan(0);
    expect(opens).toHaveBeenCalledTimes(1);
    expect(pool.idleCount(connectorId)).toBe(1);
  });

  it('opens a new session once the connector changes (its old session is closed at once)', async () => {
    await list();
    expect(sessionPoolOf(t.ctx).idleCount(connectorId)).toBe(1);
    const { secret: _omit, ...withoutSecret } = settings({ title: 'Pooled mail' });
    const changed = await t.as(admin, { method: 'PUT', url: `/mail/settings/connectors/${connectorId}`, payload: withoutSecret });
    expect(changed.statusCode).toBe(200);
    expect(sessionPoolOf(t.ctx).idleCount(connectorId)).toBe(0);
    const opens = vi.spyOn(imapProvider, 'open');
    await list();
    expect(opens).toHaveBeenCalledTimes(1);
  });

  it('marks a message read when it is opened', async () => {
    const [uid] = (await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'Open me' })])) as [number];
    const unreadBefore = (await list()).folder.unreadItemCount;
    expect(await flagsOf(uid)).toEqual([]);
    const opened = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/message/${uid}?f=INBOX` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().flags).toEqual(['SEEN']);
    expect(await flagsOf(uid)).toEqual(['SEEN']);
    expect((await list()).folder.unreadItemCount).toBe(unreadBefore - 1);
  });

  it('marks a message read when it is imported into a document or becomes a request', async () => {
    const [imported, requested] = (await imap.append(mailbox, 'INBOX', [
      mimeMessage({ subject: 'Import me' }),
      mimeMessage({ subject: 'Request from me' }),
    ])) as [number, number];
    const incident = await createIncident(t, mailUser, cast.siteA);
    const answer = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/${imported}?f=INBOX&doc_id=${incident.id}` });
    expect(answer.statusCode).toBe(200);
    expect(await flagsOf(imported)).toEqual(['SEEN']);
    expect(await flagsOf(requested)).toEqual([]);
    const request = await t.as(admin, { method: 'POST', url: `/mail/${connectorId}/request/${requested}?f=INBOX` });
    expect(request.statusCode).toBe(201);
    expect(await flagsOf(requested)).toEqual(['SEEN']);
  });

  it('leaves a message unread when it cannot be opened', async () => {
    const [uid] = (await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'Not for you' })])) as [number];
    const refused = await t.as(cast.tokens.editorA, { method: 'GET', url: `/mail/${connectorId}/message/${uid}?f=INBOX` });
    expect(refused.statusCode).toBe(403);
    expect(await flagsOf(uid)).toEqual([]);
  });

  it('settles who is calling before checking what they sent', async () => {
    const invalid = { title: '', port: 'not a port' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/mail/settings/connectors', payload: invalid });
    expect(anonymous.statusCode).toBe(401);
    const anonymousMine = await t.app.inject({ method: 'PUT', url: '/mail/settings/my', payload: invalid });
    expect(anonymousMine.statusCode).toBe(401);
    const anonymousList = await t.app.inject({ method: 'GET', url: `/mail/${connectorId}/list?start=-1` });
    expect(anonymousList.statusCode).toBe(401);
    const notAdministrator = await t.as(mailUser, { method: 'POST', url: '/mail/settings/connectors', payload: invalid });
    expect(notAdministrator.statusCode).toBe(403);
    const noMailRole = await t.as(cast.tokens.editorA, { method: 'PUT', url: '/mail/settings/my', payload: invalid });
    expect(noMailRole.statusCode).toBe(403);
    const administrator = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors', payload: invalid });
    expect(administrator.statusCode).toBe(400);
  });

  it('tests settings without saving them, with the stored secret of the connector being edited', async () => {
    const rows = async () => (await t.ctx.database.db.selectFrom('mail_connectors').select('id').execute()).length;
    const before = await rows();
    const tested = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors/test', payload: settings({ title: 'Trial' }) });
    expect(tested.statusCode).toBe(200);
    expect(tested.json().folders).toEqual([{ path: 'INBOX', title: 'Inbox' }]);
    expect(tested.json().server_folders).toContain('INBOX');
    const { secret: _omit, ...withoutSecret } = settings();
    const stored = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors/test',
      payload: { ...withoutSecret, id: connectorId },
    });
    expect(stored.statusCode).toBe(200);
    const wrong = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors/test', payload: settings({ secret: 'wrong' }) });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json().error_description).toBe("Mail connector 'Pooled inbox': the mail server refused the user name or password.");
    const missingFolder = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors/test',
      payload: settings({ folders: ['INBOX', 'Nowhere'] }),
    });
    expect(missingFolder.statusCode).toBe(400);
    expect(missingFolder.json().error_description).toBe(
      "Mail connector 'Pooled inbox': the folder 'Nowhere' does not exist on the mail server.",
    );
    const member = await t.as(mailUser, { method: 'POST', url: '/mail/settings/connectors/test', payload: settings() });
    expect(member.statusCode).toBe(403);
    const mine = await t.as(mailUser, { method: 'POST', url: '/mail/settings/my/test', payload: settings() });
    expect(mine.statusCode).toBe(200);
    // Without a secret and with no My Mail saved, there is nothing to sign in with.
    const mineWithout = await t.as(mailUser, { method: 'POST', url: '/mail/settings/my/test', payload: withoutSecret });
    expect(mineWithout.statusCode).toBe(502);
    expect(await rows()).toBe(before);
  });
});
