/**
 * What the mail calls answer about a connector (docs/product/mail.md#connector-settings): its
 * folders with their titles, the connector as the mail screen lists it, and its settings as the
 * settings screens show them — never its secret, only whether one is stored.
 */
import type { MailConnectorAnswer, MailConnectorSettingsAnswer, MailFolderRef } from '@docket/shared';
import type { ConnectorRow } from './connectors.repository.ts';
import { trustedServerOf } from './sender-trust.ts';

function folderTitle(path: string, index: number): string {
  if (index === 0 || path.toUpperCase() === 'INBOX') return 'Inbox';
  if (/^sent( items| messages)?$/i.test(path.split(/[/.]/).pop() ?? '')) return 'Sent Items';
  return path;
}

export function foldersOf(row: Pick<ConnectorRow, 'settings'>): MailFolderRef[] {
  return row.settings.folders.map((path, index) => ({ path, title: folderTitle(path, index) }));
}

export function isSentFolder(path: string): boolean {
  return folderTitle(path, 1) === 'Sent Items';
}

export function answerOf(row: ConnectorRow): MailConnectorAnswer {
  return { id: row.id, title: row.title, kind: row.kind, folders: foldersOf(row) };
}

export function settingsAnswerOf(row: ConnectorRow): MailConnectorSettingsAnswer {
  const s = row.settings;
  return {
    ...answerOf(row),
    host: s.host,
    port: s.port,
    security: s.security,
    user: s.user,
    auth: s.auth,
    poll_minutes: s.pollMinutes,
    allow_hosts: s.allowHosts,
    // What is in effect: My Mail's one stored before the refusal is not read, nor answered to be sent back.
    trusted_authserv_id: trustedServerOf(row) ?? null,
    rules: row.rules.map(({ folder, doc_type, enabled }) => ({ folder, doc_type, enabled })),
    enabled: row.enabled,
    has_secret: row.secret !== null,
    last_error: row.lastError,
  };
}
