/**
 * What a save or a test of a connector sends, checked and made into the settings, secret and
 * rules to store (docs/product/mail.md#connectors): the default folders of its kind, the trusted
 * mail server only on an organisation's connector, the stored secret only for the server it was
 * entered for, and rules only on the connector's own folders. Refusals are 400s in words.
 */
import { MAIL_POLL_MINUTES, type MailConnectorInput } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import type { ConnectorKind, ConnectorRow, ConnectorWrite } from './connectors.repository.ts';
import { mailSecretKeys } from './connector-sessions.ts';
import type { MailConnectorSettings } from './mail-provider.ts';

/** My Mail's owner writes every header of what is in it: it names no trusted mail server (docs/product/mail.md#requests-from-mail). */
export const MY_MAIL_TRUSTS_NO_SERVER =
  'My Mail cannot name a trusted mail server: its owner can put any message in their own mailbox, headers included, so no sender of My Mail is verified.';

function defaultFolders(kind: ConnectorKind): string[] {
  return kind === 'imap' ? ['INBOX'] : ['INBOX', 'Sent'];
}

export function settingsOf(input: MailConnectorInput, kind: ConnectorKind): MailConnectorSettings {
  if (kind === 'personal' && input.trusted_authserv_id?.trim()) throw new HttpError('bad_request', MY_MAIL_TRUSTS_NO_SERVER);
  return {
    host: input.host.trim(),
    port: input.port,
    security: input.security,
    user: input.user,
    auth: input.auth ?? 'password',
    folders: input.folders && input.folders.length > 0 ? [...new Set(input.folders)] : defaultFolders(kind),
    pollMinutes: input.poll_minutes ?? MAIL_POLL_MINUTES,
    allowHosts: (input.allow_hosts ?? []).map((host) => host.trim().toLowerCase()).filter(Boolean),
    ...trustedServerSettingOf(input),
  };
}

/** The trusted mail server's name as stored: lower case, and left out when empty (docs/product/mail.md#requests-from-mail). */
function trustedServerSettingOf(input: MailConnectorInput): Pick<MailConnectorSettings, 'trustedAuthservId'> {
  const id = input.trusted_authserv_id?.trim().toLowerCase();
  return id ? { trustedAuthservId: id } : {};
}

/** Pure: true when `settings` would sign in at the server the stored secret was entered for (host, port and security). */
function isSameServer(settings: MailConnectorSettings, stored: MailConnectorSettings): boolean {
  return (
    settings.host.toLowerCase() === stored.host.toLowerCase() && settings.port === stored.port && settings.security === stored.security
  );
}

/**
 * The sealed secret a save or a test signs in with: the one sent, else the stored one — but only
 * at the server it was entered for. The secret is write-only (docs/product/mail.md#connectors):
 * moving the host, port or security without sending it again would hand the stored password to
 * whatever answers there, to be read by whoever made the change.
 */
export async function secretFor(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
  settings: MailConnectorSettings,
  existing: ConnectorRow | undefined,
): Promise<string | null> {
  if (input.secret !== undefined) return encryptOrgSecret(mailSecretKeys(ctx), principal.org.id, input.secret);
  if (!existing?.secret) return null;
  if (!isSameServer(settings, existing.settings))
    throw new HttpError(
      'bad_request',
      `Mail connector '${input.title}': enter the password or token again: the connector now points to another server.`,
    );
  return existing.secret;
}

/**
 * The rules to store: each on one of the connector's folders. A rule kept from before keeps whom
 * it runs as; a new one runs as the administrator saving it.
 */
export function rulesOf(
  input: MailConnectorInput,
  settings: MailConnectorSettings,
  existing: ConnectorRow | undefined,
  principal: Principal,
): ConnectorWrite['rules'] {
  const runAs = new Map((existing?.rules ?? []).map((rule) => [`${rule.folder}\u0000${rule.doc_type}`, rule.run_as]));
  return (input.rules ?? []).map((rule) => {
    if (!settings.folders.includes(rule.folder))
      throw new HttpError('bad_request', `The rule's folder '${rule.folder}' is not one of the connector's folders.`);
    return { ...rule, run_as: runAs.get(`${rule.folder}\u0000${rule.doc_type}`) ?? principal.uuid };
  });
}
