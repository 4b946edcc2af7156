/**
 * The mail calls' shapes (docs/product/mail.md#api): connectors, the message list, one message,
 * the import answer. Secrets are never part of any answer: `has_secret` says one is stored.
 */

export const MAIL_PAGE_SIZE = 15;
export const MAIL_PICKER_PAGE_SIZE = 5;
export const MAIL_PREVIEW_LENGTH = 250;
export const MAIL_POLL_MINUTES = 15;
export const MAIL_REQUEST_REPORTER_CATEGORY = 24;

export const MAIL_MESSAGES = {
  notAuthorisedTitle: 'Not Authorised',
  notAuthorised: 'You do not have access to this functionality!',
  setupTitle: 'Additional setup required',
  noConnectors: 'There are no mail connectors setup for your organisation!',
  noContent: 'No mail content found!',
  unableToParse: 'Unable to parse mail content.',
  deleteConfirm: 'Are you sure you want to delete this mail?',
  deleteError: 'Error deleting mail!',
  missingImportArguments: 'Unable to import due to missing arguments!',
} as const;

/** '{n} of {total} imported!' */
export function importedMessage(n: number, total: number): string {
  return `${n} of ${total} imported!`;
}

export type MailConnectorKind = 'personal' | 'shared' | 'imap';
export type MailSecurityMode = 'tls' | 'starttls' | 'none';

export interface MailFolderRef {
  /** The folder's path on the server (`INBOX`, `Sent`). */
  path: string;
  /** 'Inbox' or 'Sent Items' (the screen translates them), else the path. */
  title: string;
}

export interface MailRuleSetting {
  folder: string;
  doc_type: string;
  enabled: boolean;
}

/** A connector as members see it on the mail screen. */
export interface MailConnectorAnswer {
  id: number;
  title: string;
  kind: MailConnectorKind;
  folders: MailFolderRef[];
}

/** A connector as its administrator (or, for My Mail, its owner) edits it. */
export interface MailConnectorSettingsAnswer extends MailConnectorAnswer {
  host: string;
  port: number;
  security: MailSecurityMode;
  user: string;
  auth: 'password' | 'oauth2';
  poll_minutes: number;
  allow_hosts: string[];
  /** The authserv-id of the mail server whose Authentication-Results prove a sender; null: no sender is trusted. */
  trusted_authserv_id: string | null;
  rules: MailRuleSetting[];
  enabled: boolean;
  has_secret: boolean;
  last_error: string | null;
}

export interface MailConnectorInput {
  title: string;
  kind?: MailConnectorKind;
  host: string;
  port: number;
  security: MailSecurityMode;
  user: string;
  auth?: 'password' | 'oauth2';
  /** Write-only; omitted on an update: the stored one stays. */
  secret?: string;
  folders?: string[];
  poll_minutes?: number;
  allow_hosts?: string[];
  /** Empty or omitted: no sender is trusted (docs/product/mail.md#requests-from-mail). */
  trusted_authserv_id?: string;
  rules?: MailRuleSetting[];
  enabled?: boolean;
}

/** The answer of a connection test (nothing is saved). */
export interface MailConnectionTestAnswer {
  error: false;
  /** The connector's folders, each opened once. */
  folders: MailFolderRef[];
  /** The folders the mail server offers (at most 200), to choose from. */
  server_folders: string[];
}

export interface MailPerson {
  name: string;
  address: string;
}

export interface MailAttachmentInfo {
  name: string;
  content_type: string;
  size: number;
}

/** A mail item (docs/product/mail.md#mail-item). */
export interface MailItem {
  uid: number;
  subject: string;
  bodyPreview: string;
  mail_from: MailPerson | null;
  /** True only when the connector's trusted mail server vouches for the sender (docs/product/mail.md#requests-from-mail). */
  mail_from_verified: boolean;
  mail_to: MailPerson[];
  mail_received: string | null;
  mail_sent: string | null;
  /** True in a Sent folder. */
  sent: boolean;
  flags: string[];
}

export interface MailListAnswer {
  dataAr: MailItem[];
  folder: { path: string; totalItemCount: number; unreadItemCount: number };
}

export interface MailMessageAnswer extends MailItem {
  /** Sanitised HTML, or plain text; empty when the message has no body. */
  content: string;
  content_type: 'html' | 'text';
  attachments: MailAttachmentInfo[];
}

export interface MailImportAnswer {
  error: false;
  imported: number;
  total: number;
  /** '{n} of {total} imported!' */
  message: string;
  event_id: number;
  doc_id: number;
  doc_type: string;
  /** True when this message was already on the document's timeline (nothing was added). */
  already_imported: boolean;
}
