/**
 * What the connector form holds while it is edited (docs/product/mail.md#connector-settings), how
 * it is checked before any call — in the forms' own words — and what is sent. Pure: the form's
 * sections render a draft, this module decides what it means.
 */
import type { TFunction } from 'i18next';
import {
  MAIL_POLL_MINUTES,
  type MailConnectorInput,
  type MailConnectorSettingsAnswer,
  type MailRuleSetting,
  type MailSecurityMode,
} from '@docket/shared';

export type ConnectorScope = 'organisation' | 'mine';

export interface Draft {
  title: string;
  kind: 'shared' | 'imap';
  host: string;
  port: string;
  security: MailSecurityMode;
  user: string;
  auth: 'password' | 'oauth2';
  secret: string;
  folders: string[];
  newFolder: string;
  pollMinutes: string;
  allowHosts: string;
  trustedServer: string;
  enabled: boolean;
  rules: MailRuleSetting[];
}

export type DraftField = 'title' | 'host' | 'port' | 'user' | 'secret' | 'folders' | 'pollMinutes' | 'trustedServer';
export type DraftErrors = Partial<Record<DraftField, string>> & { rules?: Record<number, string> };
/** Changes some of the draft's settings (a change makes an earlier connection test stale). */
export type ChangeDraft = (change: Partial<Draft>) => void;

/** What the draft is of: which fields it has, and whether an empty secret keeps a stored one. */
export interface DraftContext {
  isOrganisation: boolean;
  hasStoredSecret: boolean;
}

/** Each security's usual port, which choosing it sets unless another was typed. */
export const DEFAULT_PORT: Record<MailSecurityMode, string> = { tls: '993', starttls: '143', none: '143' };
const HOST_PATTERN = /^[A-Za-z0-9.:[\]-]+$/;
/** What the server accepts: an RFC 8601 authserv-id as a mail server writes it, without spaces, quotes, `;` or comments. */
const TRUSTED_SERVER_PATTERN = /^[^\s;()"\\]*$/;

export function draftOf(initial: MailConnectorSettingsAnswer | null, scope: ConnectorScope): Draft {
  return {
    title: initial?.title ?? '',
    kind: initial?.kind === 'imap' ? 'imap' : 'shared',
    host: initial?.host ?? '',
    port: String(initial?.port ?? 993),
    security: initial?.security ?? 'tls',
    user: initial?.user ?? '',
    auth: initial?.auth ?? 'password',
    secret: '',
    folders: initial ? initial.folders.map((folder) => folder.path) : ['INBOX', 'Sent'],
    newFolder: '',
    pollMinutes: String(initial?.poll_minutes ?? MAIL_POLL_MINUTES),
    allowHosts: (initial?.allow_hosts ?? []).join(', '),
    trustedServer: scope === 'organisation' ? (initial?.trusted_authserv_id ?? '') : '',
    enabled: initial?.enabled ?? true,
    rules: initial?.rules ?? [],
  };
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The port after choosing `security`: its usual one, unless the administrator typed another. */
export function portAfterSecurity(draft: Pick<Draft, 'port'>, security: MailSecurityMode): string {
  return Object.values(DEFAULT_PORT).includes(draft.port) ? DEFAULT_PORT[security] : draft.port;
}

/** The problems found before any call, by field; none: the draft can be tested or saved. */
export function draftProblems(draft: Draft, { isOrganisation, hasStoredSecret }: DraftContext, t: TFunction): DraftErrors {
  const found: DraftErrors = {};
  const required = (field: string) => t('form.required', { field });
  if (isOrganisation && !draft.title.trim()) found.title = required(t('mailSettings.title'));
  if (!draft.host.trim()) found.host = required(t('mailSettings.host'));
  else if (!HOST_PATTERN.test(draft.host.trim())) found.host = t('mailSettings.hostInvalid');
  const port = wholeNumber(draft.port);
  if (port === null) found.port = t('validation.type', { type: t('validation.types.integer') });
  else if (port < 1) found.port = t('validation.minimum', { limit: '1' });
  else if (port > 65535) found.port = t('validation.maximum', { limit: '65535' });
  if (!draft.user.trim()) found.user = required(t('mailSettings.user'));
  if (!draft.secret && !hasStoredSecret)
    found.secret = required(t(draft.auth === 'oauth2' ? 'mailSettings.token' : 'mailSettings.password'));
  if (draft.folders.length === 0) found.folders = t('validation.minItems_one');
  // My Mail shows no interval (nothing polls it): it sends the stored one, which cannot be fixed there.
  const poll = isOrganisation ? wholeNumber(draft.pollMinutes) : MAIL_POLL_MINUTES;
  if (poll === null) found.pollMinutes = t('validation.type', { type: t('validation.types.integer') });
  else if (poll < 1) found.pollMinutes = t('validation.minimum', { limit: '1' });
  else if (poll > 1440) found.pollMinutes = t('validation.maximum', { limit: '1440' });
  if (isOrganisation && !TRUSTED_SERVER_PATTERN.test(draft.trustedServer.trim()))
    found.trustedServer = t('mailSettings.trustedServerInvalid');
  const ruleErrors: Record<number, string> = {};
  draft.rules.forEach((rule, index) => {
    if (!draft.folders.includes(rule.folder)) ruleErrors[index] = t('mailSettings.ruleFolderGone');
    else if (!rule.doc_type) ruleErrors[index] = required(t('mailSettings.ruleType'));
  });
  if (Object.keys(ruleErrors).length > 0) found.rules = ruleErrors;
  return found;
}

/** What a test or a save sends; the secret only when one was typed (an empty field keeps the stored one). */
export function inputOfDraft(draft: Draft, isOrganisation: boolean): MailConnectorInput {
  return {
    title: isOrganisation ? draft.title.trim() : 'My Mail',
    ...(isOrganisation ? { kind: draft.kind } : {}),
    host: draft.host.trim(),
    port: Number(draft.port),
    security: draft.security,
    user: draft.user.trim(),
    auth: draft.auth,
    ...(draft.secret ? { secret: draft.secret } : {}),
    folders: draft.folders,
    poll_minutes: Number(draft.pollMinutes),
    ...(isOrganisation
      ? {
          // Always sent: an emptied field stops trusting any server. My Mail never names one
          // (docs/product/mail.md#requests-from-mail): the server refuses it there.
          trusted_authserv_id: draft.trustedServer.trim(),
          allow_hosts: draft.allowHosts
            .split(/[\s,]+/)
            .map((host) => host.trim())
            .filter(Boolean),
          rules: draft.rules,
          enabled: draft.enabled,
        }
      : {}),
  };
}
