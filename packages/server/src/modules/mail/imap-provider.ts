/**
 * The IMAP provider (imapflow) behind the connector interface (docs/product/mail.md#connectors).
 * The host goes through the guarded outbound check first (platform/net/guarded-target.ts) and the
 * connection is made to the checked address, with time-outs on connecting, on the greeting and
 * on every command, and a deadline on the whole sign-in. TLS or STARTTLS is required unless the server's operator allowed plain
 * protocols (OUTBOUND_ALLOW_HTTP): a mailbox password never crosses the network in clear text
 * because an organisation asked for it. Messages are listed newest first.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { checkedTarget } from '../../platform/net/guarded-target.ts';
import { OutboundRefused } from '../../platform/net/guarded-fetch.ts';
import {
  MailConnectionError,
  MailPolicyRefusal,
  type FolderPage,
  type MailConnectorSettings,
  type MailHeaderItem,
  type MailProvider,
  type MailSession,
  type OpenOptions,
  type PageRequest,
} from './mail-provider.ts';

/** Enough of a message for its list preview (docs/product/mail.md#limits: 250 characters). */
const HEAD_BYTES = 8 * 1024;

function describeFailure(error: unknown, settings: MailConnectorSettings): string {
  const e = error as { code?: string; authenticationFailed?: boolean; responseText?: string; message?: string };
  if (e.authenticationFailed || e.code === 'AUTHENTICATIONFAILED') return 'the mail server refused the user name or password';
  if (e.code === 'ECONNREFUSED') return `nothing answers at ${settings.host}:${settings.port}`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `the host ${settings.host} could not be found`;
  if (e.code === 'ETIMEDOUT' || e.code === 'CONNECT_TIMEOUT' || e.code === 'GREETING_TIMEOUT' || /timed? ?out/i.test(e.message ?? ''))
    return `${settings.host}:${settings.port} did not answer in time`;
  if (/certificate|self[- ]signed|TLS|SSL/i.test(`${e.code ?? ''} ${e.message ?? ''}`))
    return `the TLS connection to ${settings.host} failed`;
  return `the connection to ${settings.host}:${settings.port} failed`;
}

function headerItemOf(message: FetchMessageObject): MailHeaderItem {
  return {
    uid: message.uid,
    head: message.source ?? Buffer.alloc(0),
    flags: [...(message.flags ?? [])],
    internalDate: message.internalDate ? new Date(message.internalDate).toISOString() : null,
    size: message.size ?? 0,
  };
}

class ImapSession implements MailSession {
  private readonly client: ImapFlow;

  constructor(client: ImapFlow) {
    this.client = client;
  }

  private async inFolder<T>(folder: string, work: () => Promise<T>, readOnly = true): Promise<T> {
    const open = this.client.mailbox;
    const isOpenAlready = Boolean(open && open.path === folder && open.readOnly === readOnly);
    const lock = await this.client.getMailboxLock(folder, { readOnly });
    try {
      // A kept session (session-pool.ts) still has the folder open from an earlier call: NOOP has
      // the server report what changed since (new messages, expunges), so the call sees the folder
      // as it is now, exactly as a new session would.
      if (isOpenAlready) await this.client.noop();
      return await work();
    } finally {
      lock.release();
    }
  }

  async page(folder: string, request: PageRequest): Promise<FolderPage> {
    return this.inFolder(folder, async () => {
      // In the folder, synced by inFolder: the count is current without a second NOOP.
      const unread = await this.unseen(folder);
      const mailbox = this.client.mailbox;
      const exists = mailbox ? mailbox.exists : 0;
      const query = { source: { maxLength: HEAD_BYTES }, flags: true, internalDate: true, size: true } as const;
      if (!request.unreadOnly && !request.search) {
        const high = exists - request.start;
        if (high < 1) return { items: [], total: exists, unread };
        const low = Math.max(1, high - request.count + 1);
        const items = (await this.client.fetchAll(`${low}:${high}`, query)).map(headerItemOf);
        return { items: items.sort((a, b) => b.uid - a.uid), total: exists, unread };
      }
      const text = request.search.trim();
      const found =
        (await this.client.search(
          {
            ...(request.unreadOnly ? { seen: false } : {}),
            ...(text ? { or: [{ subject: text }, { from: text }, { body: text }] } : {}),
          },
          { uid: true },
        )) || [];
      const uids = [...found].sort((a, b) => b - a).slice(request.start, request.start + request.count);
      const items = uids.length === 0 ? [] : (await this.client.fetchAll(uids, query, { uid: true })).map(headerItemOf);
      return { items: items.sort((a, b) => b.uid - a.uid), total: found.length, unread };
    });
  }

  async unreadCount(folder: string): Promise<number> {
    // The server answers STATUS of the folder a kept session has open as of its last sync: sync first.
    const open = this.client.mailbox;
    if (open && open.path === folder) await this.client.noop();
    return this.unseen(folder);
  }

  private async unseen(folder: string): Promise<number> {
    const status = await this.client.status(folder, { unseen: true });
    return status.unseen ?? 0;
  }

  async fetch(folder: string, uid: number): Promise<Buffer | undefined> {
    return this.inFolder(folder, async () => {
      const message = await this.client.fetchOne(String(uid), { source: true }, { uid: true });
      return message && message.source ? message.source : undefined;
    });
  }

  async markSeen(folder: string, uid: number): Promise<boolean> {
    return this.inFolder(
      folder,
      async () => {
        const found = (await this.client.search({ uid: String(uid) }, { uid: true })) || [];
        if (found.length === 0) return false;
        return this.client.messageFlagsAdd([uid], ['\\Seen'], { uid: true });
      },
      false,
    );
  }

  async remove(folder: string, uid: number): Promise<boolean> {
    return this.inFolder(
      folder,
      async () => {
        const found = (await this.client.search({ uid: String(uid) }, { uid: true })) || [];
        if (found.length === 0) return false;
        return this.client.messageDelete([uid], { uid: true });
      },
      false,
    );
  }

  async listFolders(): Promise<string[]> {
    const folders = await this.client.list();
    return folders.filter((folder) => !folder.flags.has('\\Noselect')).map((folder) => folder.path);
  }

  async newUids(folder: string, afterUid: number): Promise<{ uidValidity: string; uids: number[] }> {
    return this.inFolder(folder, async () => {
      const uidValidity = String(this.client.mailbox ? this.client.mailbox.uidValidity : '');
      const found = (await this.client.search({ uid: `${afterUid + 1}:*` }, { uid: true })) || [];
      // `n:*` always matches the highest UID, even one at or below n.
      return { uidValidity, uids: found.filter((uid) => uid > afterUid).sort((a, b) => a - b) };
    });
  }

  isUsable(): boolean {
    return this.client.usable;
  }

  async close(): Promise<void> {
    await this.client.logout().catch(() => this.client.close());
  }

  abort(): void {
    // The socket time-out measures silence only: a server sending a byte now and then never meets it.
    this.client.close();
  }
}

/** Past the sign-in deadline (OpenOptions.signInDeadlineMs). */
const signInTooLong = (ms: number) => new MailConnectionError(`the mail server took longer than ${ms / 1000} seconds to sign in`);

export const imapProvider: MailProvider = {
  async open(settings, secret, options: OpenOptions): Promise<MailSession> {
    if (settings.security === 'none' && !options.policy.allowHttp)
      throw new MailPolicyRefusal('plain IMAP without TLS is not allowed by this server: choose TLS or STARTTLS');
    let client: ImapFlow | undefined;
    let isPastDeadline = false;
    const signIn = (async () => {
      const target = await checkedTarget(settings.host, settings.port, { policy: options.policy, allowHosts: settings.allowHosts });
      // imapflow is loaded with the first mailbox opened, not at every server start (docs/architecture.md#start-up).
      const { ImapFlow } = await import('imapflow');
      if (isPastDeadline) throw signInTooLong(options.signInDeadlineMs);
      client = new ImapFlow({
        host: target.address,
        port: settings.port,
        secure: settings.security === 'tls',
        doSTARTTLS: settings.security === 'starttls' ? true : settings.security === 'none' ? false : undefined,
        servername: target.servername,
        auth: settings.auth === 'oauth2' ? { user: settings.user, accessToken: secret } : { user: settings.user, pass: secret },
        logger: false,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: Math.max(options.timeoutMs * 3, 30_000),
        disableAutoIdle: true,
        tls: { rejectUnauthorized: true },
      });
      // A socket error after the connection is up is reported by the command that meets it.
      client.on('error', () => undefined);
      await client.connect();
      return client;
    })();
    // The time-outs above measure silence only: a server answering its capabilities, STARTTLS or
    // the login a byte at a time would hold the caller (a member testing a connector, every
    // organisation's jobs behind a poll) for as long as it liked. The whole sign-in has a deadline.
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        isPastDeadline = true;
        reject(signInTooLong(options.signInDeadlineMs));
      }, options.signInDeadlineMs);
    });
    try {
      return new ImapSession(await Promise.race([signIn, expired]));
    } catch (error) {
      signIn.catch(() => undefined);
      (client as ImapFlow | undefined)?.close();
      if (error instanceof OutboundRefused) throw new MailPolicyRefusal(error.message);
      if (error instanceof MailConnectionError) throw error;
      throw new MailConnectionError(describeFailure(error, settings));
    } finally {
      clearTimeout(timer);
    }
  },
};
