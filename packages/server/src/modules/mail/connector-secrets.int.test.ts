/**
 * A connector's stored secret goes only to the server it was entered for, on both databases
 * (docs/product/mail.md#connectors): it is write-only, so an administrator (or a member for their
 * own My Mail) who moves the host, port or security of a saved connector — to save or only to
 * test — must send it again. Otherwise whoever made the change would read the mailbox password
 * from a server of their own. The capturing server below answers like an IMAP server and writes
 * down every credential it is sent.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember } from '../../test-support/access-fixtures.ts';
import { startDovecot, type DovecotServer } from '../../test-support/dovecot-server.ts';
import { workflowCast } from '../../test-support/workflow-fixtures.ts';
import { LOOPBACK_MAIL } from '../../test-support/mail-fixtures.ts';

const mailbox = { user: 'secrets', password: 'stored-secret-9f2c' };
const AGAIN = (title: string) =>
  `Mail connector '${title}': enter the password or token again: the connector now points to another server.`;

/** An IMAP server of the attacker's: greets, asks for the AUTHENTICATE PLAIN payload, keeps it, refuses. */
function capturingServer(heard: string[]): Server {
  return createServer((socket) => {
    socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n');
    let waiting: string | undefined;
    socket.on('data', (data) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        heard.push(line);
        if (waiting) {
          heard.push(Buffer.from(line, 'base64').toString());
          socket.write(`${waiting} NO refused\r\n`);
          waiting = undefined;
          continue;
        }
        const [tag, command] = line.split(' ');
        if (/^AUTHENTICATE$/i.test(command ?? '')) {
          waiting = tag;
          socket.write('+ \r\n');
        } else if (/^CAPABILITY$/i.test(command ?? '')) socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
        else socket.write(`${tag} NO refused\r\n`);
      }
    });
    socket.on('error', () => undefined);
  });
}

describe.each(testDialects)('mail connector secrets on %s', (dialect) => {
  let t: TestApp;
  let imap: DovecotServer;
  let capture: Server;
  let capturePort: number;
  const heard: string[] = [];
  let admin: string;
  let mailUser: string;
  let connectorId: number;

  const settings = (extra: Record<string, unknown> = {}) => ({
    title: 'Guarded inbox',
    kind: 'imap',
    host: '127.0.0.1',
    port: imap.port,
    security: 'none',
    user: mailbox.user,
    folders: ['INBOX'],
    ...extra,
  });
  const storedSecret = async () =>
    (await t.ctx.database.db.selectFrom('mail_connectors').select('secret').where('id', '=', connectorId).executeTakeFirstOrThrow()).secret;

  beforeAll(async () => {
    imap = await startDovecot([mailbox]);
    capture = capturingServer(heard);
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    capturePort = (capture.address() as AddressInfo).port;
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL });
    const cast = await workflowCast(t);
    admin = (await t.signIn('admin@demo.local')).access;
    await addMember(t, cast.orgId, {
      email: `secret-user-${dialect}@demo.local`,
      level: 4,
      roles: ['editor', 'mail'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    mailUser = (await t.signIn(`secret-user-${dialect}@demo.local`)).access;
    const created = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors',
      payload: settings({ secret: mailbox.password }),
    });
    expect(created.statusCode).toBe(201);
    connectorId = created.json().id;
  });

  afterAll(async () => {
    await t?.close();
    await imap?.stop();
    await new Promise((resolve) => capture?.close(resolve));
  });

  it("never sends an organisation connector's stored secret to another server, to save or to test", async () => {
    const before = await storedSecret();
    const elsewhere = settings({ port: capturePort });
    const tested = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors/test', payload: { ...elsewhere, id: connectorId } });
    expect(tested.statusCode).toBe(400);
    expect(tested.json().error_description).toBe(AGAIN('Guarded inbox'));
    const saved = await t.as(admin, { method: 'PUT', url: `/mail/settings/connectors/${connectorId}`, payload: elsewhere });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error_description).toBe(AGAIN('Guarded inbox'));
    // Another host name for the same address, or another security, is another server too.
    const renamed = await t.as(admin, {
      method: 'PUT',
      url: `/mail/settings/connectors/${connectorId}`,
      payload: settings({ host: 'localhost' }),
    });
    expect(renamed.statusCode).toBe(400);
    const secured = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors/test',
      payload: { ...settings({ security: 'starttls' }), id: connectorId },
    });
    expect(secured.json().error_description).toBe(AGAIN('Guarded inbox'));
    expect(heard.join('\n')).not.toContain(mailbox.password);
    expect(await storedSecret()).toBe(before);
    // The same server keeps the stored secret; a secret sent again goes where the settings say.
    const kept = await t.as(admin, {
      method: 'PUT',
      url: `/mail/settings/connectors/${connectorId}`,
      payload: settings({ title: 'Kept' }),
    });
    expect(kept.statusCode).toBe(200);
    const typed = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors/test',
      payload: { ...elsewhere, secret: 'typed-again', id: connectorId },
    });
    expect(typed.statusCode).toBe(502);
    expect(heard.join('\n')).toContain('typed-again');
    expect(heard.join('\n')).not.toContain(mailbox.password);
  });

  it("never sends a member's stored My Mail secret to another server", async () => {
    const saved = await t.as(mailUser, { method: 'PUT', url: '/mail/settings/my', payload: settings({ secret: mailbox.password }) });
    expect(saved.statusCode).toBe(200);
    heard.length = 0;
    const moved = await t.as(mailUser, { method: 'POST', url: '/mail/settings/my/test', payload: settings({ port: capturePort }) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_description).toBe(AGAIN('My Mail'));
    const movedSave = await t.as(mailUser, { method: 'PUT', url: '/mail/settings/my', payload: settings({ port: capturePort }) });
    expect(movedSave.statusCode).toBe(400);
    expect(heard).toEqual([]);
    expect((await t.as(mailUser, { method: 'POST', url: '/mail/settings/my/test', payload: settings() })).statusCode).toBe(200);
  });
});
