/**
 * Mail connectors and mail import (issue 16, migration 015): the mailboxes an organisation or a
 * member connects, the messages imported into documents, and how far each folder's rules have read.
 */
import type { Generated } from 'kysely';

/** A mail connector: an organisation's shared mailbox (owner_uuid null) or a member's own 'My Mail'. */
export interface MailConnectorsTable {
  id: Generated<number>;
  org_id: number;
  /** The member whose own mailbox this is; null for the organisation's connectors. */
  owner_uuid: string | null;
  /** The provider registry key (`imap`). */
  provider: string;
  /** 'personal' (My Mail), 'shared' (a shared mailbox) or 'imap' (an IMAP inbox). */
  kind: string;
  title: string;
  /** JSON: host, port, security, user, auth, folders, poll minutes (never the secret). */
  settings: unknown;
  /** The password or OAuth2 bearer, encrypted with the organisation's key (org-secrets.ts). */
  secret: string | null;
  /** JSON: the rules turning new messages into documents. */
  rules: unknown;
  enabled: number;
  last_error: string | null;
  /** Polls failed in a row (the backoff grows with it). */
  failures: number;
  next_poll: string | null;
  created_by: string;
  created_date: string;
  updated_date: string;
}

/** One message imported into one document (unique by Message-ID per document). */
export interface MailImportsTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  message_id: string;
  event_id: number;
  connector_id: number;
  created_by: string;
  created_date: string;
}

/** The last UID a connector's rules handled in a folder (reset when the folder's UIDVALIDITY changes). */
export interface MailFolderStateTable {
  connector_id: number;
  folder: string;
  org_id: number;
  uid_validity: string;
  last_uid: number;
  updated_date: string;
}

export interface MailTables {
  mail_connectors: MailConnectorsTable;
  mail_imports: MailImportsTable;
  mail_folder_state: MailFolderStateTable;
}
