/**
 * Signing in to a mail server has a deadline, on both databases (docs/product/mail.md#connectors):
 * the connection's time-outs measure silence only, so a server that sends its greeting, or its
 * answer to the login, a byte at a time would otherwise hold a member testing a connector or
 * reading a folder, and a poll (with every organisation's jobs behind it,
 * docs/product/mail.md#mail-rules), for as long as it liked. Past the deadline the caller gets the
 * connector's refusal in words and the connection is ended. The deadlines are shortened here
 * through the provider's options; nothing below measures speed.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { REFUSALS_FR } from '../../platform/i18n/refusals.fr.ts';
import { addMember, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { findConnector, insertConnector } from './connectors.repository.ts';
import { imapProvider } from './imap-provider.ts';
import { pollConnector } from './mail-rules.ts';
import type { MailRule } from './mail-rules-shape.ts';
import { LOOPBACK_MAIL } from '../../test-support/mail-fixtures.ts';

const TOO_LONG = (title: string, seconds: number) =>
  `Mail connector '${title}': the mail server took longer than ${seconds} seconds to sign in.`;

type Pace = 'greeting' | 'login';

/**
 * An IMAP server that never finishes a line yet is never silent: with `greeting` it drips its
 * greeting; with `login` it greets at once and drips its answer to whatever it is asked next
 * (the capabilities, the login). Counts the connections still open.
 */
function pacedServer(pace: Pace): { server: Server; openSockets: Set<Socket> } {
  const openSockets = new Set<Socket>();
  const server = createServer((socket) => {
    openSockets.add(socket);
    let timer: NodeJS.Timeout | undefined;
    const drip = (start: string) => {
      socket.write(start);
      timer ??= setInterval(() => socket.write('x'), 20);
    };
    socket.on('close', () => {
      clearInterval(timer);
      openSockets.delete(socket);
    });
    socket.on('error', () => undefined);
    if (pace === 'greeting') drip('* OK ');
    else {
      socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n');
      socket.once('data', () => drip('* OK '));
    }
  });
  return { server, openSockets };
}

describe.each(testDialects)('signing in to a mail server on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let mailUser: string;
  let orgId: number;
  let adminUuid: string;
  const servers = {} as Record<Pace, { server: Server; openSockets: Set<Socket>; port: number }>;

  const settings = (pace: Pace) => ({
    title: 'Paced inbox',
    kind: 'imap',
    host: '127.0.0.1',
    port: servers[pace].port,
    security: 'none' as const,
    user: 'paced',
    secret: 'paced-secret',
    folders: ['INBOX'],
  });
  /** The provider as the routes call it, with the sign-in deadline shortened to `ms`. */
  const shortenSignIn = (ms: number) => {
    const open = imapProvider.open.bind(imapProvider);
    vi.spyOn(imapProvider, 'open').mockImplementation((s, secret, options) => open(s, secret, { ...options, signInDeadlineMs: ms }));
  };
  /** A connector stored as saved earlier, pointing at the server that paces its login. */
  const storedConnector = async (title: string, rules: MailRule[]) => {
    const { title: _title, secret, kind: _kind, ...rest } = settings('login');
    return insertConnector(t.ctx.database.db, orgId, adminUuid, {
      ownerUuid: null,
      kind: 'shared',
      title,
      settings: { ...rest, auth: 'password', pollMinutes: 15, allowHosts: [] },
      secret: await encryptOrgSecret({ database: t.ctx.database }, orgId, secret),
      rules,
      enabled: true,
    });
  };
  const connectionsEnd = (pace: Pace) => vi.waitFor(() => expect(servers[pace].openSockets.size).toBe(0), { timeout: 5_000 });

  beforeAll(async () => {
    for (const pace of ['greeting', 'login'] as const) {
      const { server, openSockets } = pacedServer(pace);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers[pace] = { server, openSockets, port: (server.address() as AddressInfo).port };
    }
    t = await startTestApp(dialect, { config: LOOPBACK_MAIL, jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    orgId = (await placesOf(t, 'demo')).orgId;
    adminUuid = await uuidOf(t, 'admin@demo.local');
    await addMember(t, orgId, { email: `paced-${dialect}@demo.local`, level: 4, roles: ['editor', 'mail'], scope: 1 });
    mailUser = (await t.signIn(`paced-${dialect}@demo.local`)).access;
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await t?.close();
    for (const { server, openSockets } of Object.values(servers)) {
      for (const socket of openSockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each(['greeting', 'login'] as const)(
    "refuses a connection test whose server paces its %s, in the connector's words, and ends the connection",
    async (pace) => {
      shortenSignIn(300);
      const tested = await t.as(admin, { method: 'POST', url: '/mail/settings/connectors/test', payload: settings(pace) });
      expect(tested.statusCode).toBe(502);
      expect(tested.json().error_description).toBe(TOO_LONG('Paced inbox', 0.3));
      await connectionsEnd(pace);
      // The member's own My Mail test, in French.
      const mine = await t.as(mailUser, {
        method: 'POST',
        url: '/mail/settings/my/test',
        headers: { 'accept-language': 'fr' },
        payload: settings(pace),
      });
      expect(mine.statusCode).toBe(502);
      expect(mine.json().error_description).toBe(
        REFUSALS_FR["Mail connector '{1}': {2}."]!.replace('{1}', 'My Mail').replace(
          '{2}',
          REFUSALS_FR['the mail server took longer than {1} seconds to sign in']!.replace('{1}', '0.3'),
        ),
      );
      await connectionsEnd(pace);
    },
    20_000,
  );

  it('refuses listing a folder whose server paces its login', async () => {
    const id = await storedConnector('Paced list', []);
    shortenSignIn(300);
    const listed = await t.as(mailUser, { method: 'GET', url: `/mail/${id}/list?f=INBOX` });
    expect(listed.statusCode).toBe(502);
    expect(listed.json().error_description).toBe(TOO_LONG('Paced list', 0.3));
    await connectionsEnd('login');
  }, 20_000);

  it("keeps a poll's sign-in within the poll's deadline and records the failed poll", async () => {
    const id = await storedConnector('Paced poll', [{ folder: 'INBOX', doc_type: 'request', enabled: true, run_as: adminUuid }]);
    const row = (await findConnector(t.ctx.database.db, orgId, id))!;
    expect(await pollConnector(t.ctx, row, new Date(), 300)).toBe(0);
    const after = await t.ctx.database.db.selectFrom('mail_connectors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ error: after.last_error, failures: Number(after.failures) }).toEqual({ error: TOO_LONG('Paced poll', 0.3), failures: 1 });
    await connectionsEnd('login');
  }, 20_000);
});
