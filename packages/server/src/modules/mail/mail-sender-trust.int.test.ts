/**
 * Who a request from mail was reported by, against a real IMAP server on both databases
 * (docs/product/mail.md#requests-from-mail): anyone can write the managing director's address in
 * From, so a member becomes the reporter only when the connector's trusted mail server vouches for
 * the sender in its Authentication-Results header. A forged sender leaves the request form's
 * default (whoever makes the request) and shows as unverified on the mail screen and timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, uuidOf } from '../../test-support/access-fixtures.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { LOOPBACK_MAIL, loopbackConnector } from '../../test-support/mail-fixtures.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { workflowCast } from '../../test-support/workflow-fixtures.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { MY_MAIL_TRUSTS_NO_SERVER } from './connector-input.ts';

const mailbox = { user: 'reports', password: 'imap-secret-9' };
/** A member's own mailbox: its owner puts any message in it (IMAP APPEND), headers included. */
const ownMailbox = { user: 'own', password: 'imap-secret-8' };
const TRUSTED = 'mx.docket.test';
const RECEIVED = 'Received: from mail.demo.local by mx.docket.test with ESMTPS; Mon, 1 Jan 2024 10:00:00 +0000';

describe.each(testDialects)('the sender of a request from mail on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let admin: string;
  let adminUuid: string;
  let directorUuid: string;
  let trustingId: number;
  let untrustingId: number;
  const director = `director-${dialect}@demo.local`;

  /** A message from the director's address, as the mail server delivers it with `top` above what the sender wrote. */
  const fromDirector = (subject: string, top: string[] = [], senderHeaders: string[] = []) =>
    Buffer.concat([
      Buffer.from(top.map((line) => `${line}\r\n`).join('')),
      mimeMessage({ subject, from: `Managing Director <${director}>`, text: 'Please order 40 pallets.', headers: senderHeaders }),
    ]);
  const dmarcPass = `Authentication-Results: ${TRUSTED}; dmarc=pass (p=reject) header.from=demo.local`;

  /** Makes a request from the message with `uid` through `connector`; answers its reporter, and what the screen and timeline say. */
  const requestFrom = async (connector: number, uid: number) => {
    const shown = await t.as(admin, { method: 'GET', url: `/mail/${connector}/message/${uid}?f=INBOX` });
    expect(shown.statusCode).toBe(200);
    const created = await t.as(admin, { method: 'POST', url: `/mail/${connector}/request/${uid}?f=INBOX` });
    expect(created.statusCode).toBe(201);
    const docId = created.json().doc_id as number;
    const row = await t.ctx.database.db.selectFrom('documents').select('data').where('id', '=', docId).executeTakeFirstOrThrow();
    const events = (await t.as(admin, { method: 'GET', url: `/doc/${docId}/events?type=import_mail` })).json();
    return {
      reporter: readJson<{ reporter_id: string }>(row.data, { reporter_id: '' }).reporter_id,
      onScreen: shown.json().mail_from_verified as boolean,
      onTimeline: events.dataAr[0].data.mail_from_verified as boolean,
    };
  };

  beforeAll(async () => {
    imap = await startDovecot([mailbox, ownMailbox]);
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL });
    const cast = await workflowCast(t);
    admin = cast.tokens.admin;
    adminUuid = await uuidOf(t, 'admin@demo.local');
    await addMember(t, cast.orgId, { email: director, level: 4, roles: ['editor'], scope: 1 });
    directorUuid = await uuidOf(t, director);
    const trusting = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: loopbackConnector('Trusting inbox', imap.port, mailbox, { trusted_authserv_id: 'MX.Docket.Test' }),
    });
    expect(trusting.statusCode).toBe(201);
    expect(trusting.json().trusted_authserv_id).toBe(TRUSTED);
    trustingId = trusting.json().id;
    const untrusting = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: loopbackConnector('Untrusting inbox', imap.port, mailbox),
    });
    expect(untrusting.json().trusted_authserv_id).toBeNull();
    untrustingId = untrusting.json().id;
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
  });

  it("makes a member the reporter when the connector's trusted mail server vouches for the sender", async () => {
    const [uid] = (await imap.append(mailbox, 'INBOX', [fromDirector('Verified order', [RECEIVED, dmarcPass])])) as [number];
    expect(await requestFrom(trustingId, uid)).toEqual({ reporter: directorUuid, onScreen: true, onTimeline: true });
  });

  it('does not make a member the reporter of a message that only says it is from them', async () => {
    const forged = await imap.append(mailbox, 'INBOX', [
      // No verdict at all.
      fromDirector('Forged order'),
      // A verdict of another server.
      fromDirector('Forged order', [RECEIVED, `Authentication-Results: mx.elsewhere.example; dmarc=pass header.from=demo.local`]),
      // The trusted server's name, written by the sender below the server's own verdict.
      fromDirector('Forged order', [`Authentication-Results: ${TRUSTED}; dmarc=fail header.from=demo.local`, RECEIVED, dmarcPass]),
      fromDirector('Forged order', [RECEIVED, `Authentication-Results: ${TRUSTED}; spf=none`], [dmarcPass]),
    ]);
    for (const uid of forged)
      expect(await requestFrom(trustingId, uid)).toEqual({ reporter: adminUuid, onScreen: false, onTimeline: false });
  });

  it('trusts no sender on a connector without a trusted mail server', async () => {
    const [uid] = (await imap.append(mailbox, 'INBOX', [fromDirector('Order via another connector', [RECEIVED, dmarcPass])])) as [number];
    expect(await requestFrom(untrustingId, uid)).toEqual({ reporter: adminUuid, onScreen: false, onTimeline: false });
  });

  it("trusts no sender of a member's own My Mail, whose owner writes every header in it", async () => {
    const member = `own-mail-${dialect}@demo.local`;
    const memberUuid = await addMember(
      t,
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id,
      {
        email: member,
        level: 4,
        roles: ['editor', 'mail'],
        scope: 1,
      },
    );
    const token = (await t.signIn(member)).access;
    // The member may not name the server whose verdicts would prove a sender.
    const refused = await t.as(token, {
      method: 'PUT',
      url: '/mail/settings/my',
      payload: loopbackConnector('My Mail', imap.port, ownMailbox, { trusted_authserv_id: TRUSTED }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(MY_MAIL_TRUSTS_NO_SERVER);
    const tested = await t.as(token, {
      method: 'POST',
      url: '/mail/settings/my/test',
      payload: loopbackConnector('My Mail', imap.port, ownMailbox, { trusted_authserv_id: TRUSTED }),
    });
    expect(tested.statusCode).toBe(400);
    const saved = await t.as(token, {
      method: 'PUT',
      url: '/mail/settings/my',
      payload: loopbackConnector('My Mail', imap.port, ownMailbox, { trusted_authserv_id: '' }),
    });
    expect(saved.statusCode).toBe(200);
    const connectorId = saved.json().id as number;
    // One stored before the refusal existed counts for nothing either.
    const stored = await t.ctx.database.db
      .selectFrom('mail_connectors')
      .select('settings')
      .where('id', '=', connectorId)
      .executeTakeFirstOrThrow();
    await t.ctx.database.db
      .updateTable('mail_connectors')
      .set({ settings: writeJson({ ...readJson<Record<string, unknown>>(stored.settings, {}), trustedAuthservId: TRUSTED }) })
      .where('id', '=', connectorId)
      .execute();
    // Nor is it answered: the form would send it back with the next save, which would be refused.
    const answered = await t.as(token, { method: 'GET', url: '/mail/settings/my' });
    expect(answered.json().trusted_authserv_id).toBeNull();
    const [uid] = (await imap.append(ownMailbox, 'INBOX', [fromDirector('Order in my own mailbox', [RECEIVED, dmarcPass])])) as [number];
    const shown = await t.as(token, { method: 'GET', url: `/mail/${connectorId}/message/${uid}?f=INBOX` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().mail_from_verified).toBe(false);
    const created = await t.as(token, { method: 'POST', url: `/mail/${connectorId}/request/${uid}?f=INBOX` });
    expect(created.statusCode).toBe(201);
    const docId = created.json().doc_id as number;
    const row = await t.ctx.database.db.selectFrom('documents').select('data').where('id', '=', docId).executeTakeFirstOrThrow();
    expect(readJson<{ reporter_id: string }>(row.data, { reporter_id: '' }).reporter_id).toBe(memberUuid);
    const events = (await t.as(token, { method: 'GET', url: `/doc/${docId}/events?type=import_mail` })).json();
    expect(events.dataAr[0].data.mail_from_verified).toBe(false);
  });
});
