/**
 * A member's mail call has one deadline for the whole call, on both databases
 * (docs/product/mail.md#connectors): after a quick sign-in, a server that answers every later
 * command a byte at a time is never silent long enough for the connection's time-outs, and would
 * hold the member's request for ever. Past the deadline the call answers 502 in the connector's
 * words (in the caller's language) and the connection is ended. The deadline is shortened here
 * through `mailCallDeadlines`; nothing below measures speed.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { REFUSALS_ES } from '../../platform/i18n/refusals.es.ts';
import { addMember, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { LOOPBACK_MAIL, loopbackConnector } from '../../test-support/mail-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast } from '../../test-support/workflow-fixtures.ts';
import { insertConnector } from './connectors.repository.ts';
import { MailCallDeadline, mailCallDeadlines } from './mail-call-deadline.ts';

const TOO_LONG = (title: string) => `Mail connector '${title}': the mail server took longer than 0.3 seconds to answer.`;

/**
 * An IMAP server that signs in at once (LOGIN, CAPABILITY, the delimiter's LIST), then answers
 * anything about a mailbox (STATUS, SELECT, FETCH…) with a line it never finishes, a byte every
 * 20 ms. Counts the connections still open.
 */
function drippingServer(): { server: Server; openSockets: Set<Socket> } {
  const openSockets = new Set<Socket>();
  const server = createServer((socket) => {
    openSockets.add(socket);
    let timer: NodeJS.Timeout | undefined;
    let pending = '';
    socket.on('close', () => {
      clearInterval(timer);
      openSockets.delete(socket);
    });
    socket.on('error', () => undefined);
    socket.write('* OK [CAPABILITY IMAP4rev1] ready\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n'); end >= 0 && !timer; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        const [tag, command = ''] = line.split(' ');
        pending = pending.slice(end + 2);
        const verb = command.toUpperCase();
        if (verb === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1\r\n${tag} OK done\r\n`);
        // Part of signing in: imapflow asks for the hierarchy delimiter.
        else if (line.endsWith(' LIST "" ""')) socket.write(`* LIST (\\Noselect) "/" ""\r\n${tag} OK done\r\n`);
        else if (verb === 'LOGIN' || verb === 'NOOP') socket.write(`${tag} OK done\r\n`);
        else if (verb === 'LOGOUT') socket.end(`* BYE\r\n${tag} OK done\r\n`);
        else {
          socket.write('* ');
          timer = setInterval(() => socket.write('x'), 20);
        }
      }
    });
  });
  return { server, openSockets };
}

describe.each(testDialects)("a member's mail call against a dripping server on %s", (dialect) => {
  let t: TestApp;
  let dripping: { server: Server; openSockets: Set<Socket>; port: number };
  let admin: string;
  let mailUser: string;
  let orgId: number;
  let siteId: number;
  let connectorId: number;

  const connectionsEnd = () => vi.waitFor(() => expect(dripping.openSockets.size).toBe(0), { timeout: 5_000 });
  const shortenCalls = () => vi.spyOn(mailCallDeadlines, 'forUserCall').mockImplementation(() => new MailCallDeadline(300));

  beforeAll(async () => {
    const { server, openSockets } = drippingServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dripping = { server, openSockets, port: (server.address() as AddressInfo).port };
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL, jobs: false });
    const cast = await workflowCast(t);
    admin = cast.tokens.admin;
    orgId = (await placesOf(t, 'demo')).orgId;
    siteId = cast.siteA;
    await addMember(t, orgId, {
      email: `dripping-${dialect}@demo.local`,
      level: 4,
      roles: ['editor', 'mail'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    mailUser = (await t.signIn(`dripping-${dialect}@demo.local`)).access;
    // Stored as saved earlier: saving now would meet the dripping server too.
    connectorId = await insertConnector(t.ctx.database.db, orgId, await uuidOf(t, 'admin@demo.local'), {
      ownerUuid: null,
      kind: 'imap',
      title: 'Dripping inbox',
      settings: {
        host: '127.0.0.1',
        port: dripping.port,
        security: 'none',
        user: 'dripping',
        auth: 'password',
        folders: ['INBOX'],
        pollMinutes: 15,
        allowHosts: [],
      },
      secret: await encryptOrgSecret({ database: t.ctx.database }, orgId, 'dripping-secret'),
      rules: [],
      enabled: true,
    });
  });

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await t?.close();
    for (const socket of dripping?.openSockets ?? []) socket.destroy();
    await new Promise((resolve) => dripping?.server.close(resolve));
  });

  it.each([
    ['lists a folder', 'GET', 'list?f=INBOX'],
    ['reads a message', 'GET', 'message/1?f=INBOX'],
    ['deletes a message', 'DELETE', 'message/1?f=INBOX'],
    ['makes a request from a message', 'POST', 'request/1?f=INBOX'],
  ] as const)(
    'ends a call that %s at its deadline, in words, and ends the connection',
    async (_what, method, path) => {
      shortenCalls();
      const answer = await t.as(mailUser, { method, url: `/mail/${connectorId}/${path}` });
      expect(answer.statusCode).toBe(502);
      expect(answer.json().error_description).toBe(TOO_LONG('Dripping inbox'));
      await connectionsEnd();
    },
    20_000,
  );

  it('ends an import at its deadline and adds nothing to the document', async () => {
    const incident = await createIncident(t, mailUser, siteId);
    shortenCalls();
    const answer = await t.as(mailUser, { method: 'GET', url: `/mail/${connectorId}/import/1?f=INBOX&doc_id=${incident.id}` });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error_description).toBe(TOO_LONG('Dripping inbox'));
    const events = await t.ctx.database.db
      .selectFrom('events')
      .select('id')
      .where('doc_id', '=', incident.id)
      .where('type', '=', 'import_mail')
      .execute();
    expect(events).toEqual([]);
    await connectionsEnd();
  }, 20_000);

  it('ends a connection test at its deadline, in the caller’s language', async () => {
    shortenCalls();
    const payload = loopbackConnector('Dripping test', dripping.port, { user: 'dripping', password: 'dripping-secret' });
    const tested = await t.as(admin, {
      method: 'POST',
      url: '/mail/settings/connectors/test',
      headers: { 'accept-language': 'es' },
      payload,
    });
    expect(tested.statusCode).toBe(502);
    expect(tested.json().error_description).toBe(
      REFUSALS_ES["Mail connector '{1}': {2}."]!.replace('{1}', 'Dripping test').replace(
        '{2}',
        REFUSALS_ES['the mail server took longer than {1} seconds to answer']!.replace('{1}', '0.3'),
      ),
    );
    await connectionsEnd();
  }, 20_000);
});
