/**
 * The connector interface (docs/product/mail.md#connectors): what the mail screen, import and
 * rules need from a mailbox, whatever serves it. IMAP is the one provider today
 * (imap-provider.ts); another (e.g. a Graph API) adds a file and one line in `mailProviders`.
 */
import type { OutboundPolicy } from '../../platform/net/address-policy.ts';

export type MailSecurity = 'tls' | 'starttls' | 'none';

/** A connector's settings as stored (never the secret). */
export interface MailConnectorSettings {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  /** 'password' or 'oauth2' (the secret is then an OAuth2 bearer token). */
  auth: 'password' | 'oauth2';
  /** The folders shown and polled; the first is the inbox. */
  folders: string[];
  /** Minutes between polls for the connector's rules (docs/product/mail.md#limits: 15). */
  pollMinutes: number;
  /** The organisation's allow-list for this connector's host (`host` or `host:port`); empty: any host the server allows. */
  allowHosts: string[];
  /**
   * The authserv-id the connector's own mail server writes in its Authentication-Results headers:
   * only its verdicts prove a sender (sender-trust.ts); absent, no sender is trusted.
   */
  trustedAuthservId?: string;
}

export interface MailHeaderItem {
  uid: number;
  /** The first bytes of the message (enough for the preview), or the whole of a small one. */
  head: Buffer;
  flags: string[];
  internalDate: string | null;
  size: number;
}

export interface FolderPage {
  items: MailHeaderItem[];
  total: number;
  unread: number;
}

export interface PageRequest {
  start: number;
  count: number;
  unreadOnly: boolean;
  search: string;
}

export interface MailSession {
  page(folder: string, request: PageRequest): Promise<FolderPage>;
  unreadCount(folder: string): Promise<number>;
  /** The whole message, or undefined when the folder has no such UID. */
  fetch(folder: string, uid: number): Promise<Buffer | undefined>;
  /** Sets the IMAP Seen flag (docs/product/mail.md#read-state); answers false when the folder has no such UID. */
  markSeen(folder: string, uid: number): Promise<boolean>;
  /** Answers false when the folder has no such UID. */
  remove(folder: string, uid: number): Promise<boolean>;
  /** The paths of the mailbox's folders, as the server names them. */
  listFolders(): Promise<string[]>;
  /** UIDs above `afterUid`, oldest first, and the folder's UIDVALIDITY. */
  newUids(folder: string, afterUid: number): Promise<{ uidValidity: string; uids: number[] }>;
  /** False once the connection is closed or broken: a pooled session is then dropped (session-pool.ts). */
  isUsable(): boolean;
  close(): Promise<void>;
  /** Ends the connection at once, whatever command is under way (a poll past its deadline): pending calls fail. */
  abort(): void;
}

export interface OpenOptions {
  policy: OutboundPolicy;
  /** Silence allowed while connecting, waiting for the greeting, and per command. */
  timeoutMs: number;
  /** The whole sign-in (connecting, greeting, STARTTLS, login) ends by then, however the server paces its answers. */
  signInDeadlineMs: number;
}

export interface MailProvider {
  open(settings: MailConnectorSettings, secret: string, options: OpenOptions): Promise<MailSession>;
}

/** Why a connection failed, in words naming what failed (the caller adds the connector's title). */
export class MailConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailConnectionError';
  }
}

/**
 * This server's own rule refused the connection before any mail server was asked (a private or
 * local address, a host outside the organisation's allowed hosts, plain IMAP without TLS): the
 * settings are the caller's to change, so it is a 400, not the mail server's failure (502).
 */
export class MailPolicyRefusal extends MailConnectionError {
  constructor(message: string) {
    super(message);
    this.name = 'MailPolicyRefusal';
  }
}
