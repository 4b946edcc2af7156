/**
 * Mail connectors (docs/product/mail.md#connectors): the organisation's, which administrators
 * configure, and each member's own 'My Mail'. A connector is saved only after a connection with
 * its settings succeeds (so a wrong password or an unreachable host stores nothing); its secret
 * is encrypted with the organisation's key and never answered. Every mail call needs the mail
 * role; a connector of another organisation, or another member's own, is not found.
 */
import {
  MAIL_MESSAGES,
  MAIL_POLL_MINUTES,
  type MailConnectorAnswer,
  type MailConnectionTestAnswer,
  type MailConnectorInput,
  type MailConnectorSettingsAnswer,
  type MailFolderRef,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { notAuthorisedToAdminister } from '../../platform/access/admin-guard.ts';
import { isAdministrator, type Principal } from '../../platform/access/principal.ts';
import { decryptOrgSecret, encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import {
  connectorsFor,
  deleteConnector,
  findConnector,
  insertConnector,
  organisationConnectors,
  personalConnector,
  updateConnector,
  type ConnectorKind,
  type ConnectorRow,
  type ConnectorWrite,
} from './connectors.repository.ts';
import { MailConnectionError, MailPolicyRefusal, type MailConnectorSettings, type MailSession } from './mail-provider.ts';
import { mailCallDeadlines, type MailCallDeadline } from './mail-call-deadline.ts';
import { mailProviders } from './mail-providers.ts';
import { trustedServerOf } from './sender-trust.ts';
import { MailSessionPool, sessionPoolOf } from './session-pool.ts';

export const MAIL_TIMEOUT_MS = 15_000;
/**
 * How long signing in to a mail server may take in all (docs/product/mail.md#connectors). A member
 * testing or using a connector waits for it, and a poll holds the jobs behind it: a server that
 * paces its answers to stay under the silence time-outs is refused in words instead.
 */
export const MAIL_SIGN_IN_DEADLINE_MS = 30_000;

const keySource = (ctx: AppContext) => ({ database: ctx.database, masterKey: ctx.config.secretsKey });
export const CONNECTOR_NOT_FOUND = 'This mail connector does not exist.';
/** My Mail's owner writes every header of what is in it: it names no trusted mail server (docs/product/mail.md#requests-from-mail). */
export const MY_MAIL_TRUSTS_NO_SERVER =
  'My Mail cannot name a trusted mail server: its owner can put any message in their own mailbox, headers included, so no sender of My Mail is verified.';

export function requireMailRole(principal: Principal): void {
  if (!principal.roles.has('mail')) throw new HttpError('forbidden', MAIL_MESSAGES.notAuthorised);
}

export function requireMailAdministrator(principal: Principal): void {
  if (!isAdministrator(principal)) throw new HttpError('forbidden', notAuthorisedToAdminister('mail settings'));
}

export async function connectorForOrThrow(ctx: AppContext, principal: Principal, id: number): Promise<ConnectorRow> {
  requireMailRole(principal);
  const row = await findConnector(ctx.database.db, principal.org.id, id);
  if (!row || !row.enabled || (row.ownerUuid !== null && row.ownerUuid !== principal.uuid))
    throw new HttpError('not_found', CONNECTOR_NOT_FOUND);
  return row;
}

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

/** Opens a session with the connector's settings; a failure names the connector and what failed. */
export async function openSession(
  ctx: AppContext,
  row: Pick<ConnectorRow, 'orgId' | 'title' | 'provider' | 'settings' | 'secret'>,
  signInDeadlineMs = MAIL_SIGN_IN_DEADLINE_MS,
): Promise<MailSession> {
  const provider = mailProviders[row.provider];
  if (!provider) throw new HttpError('mail_server_failed', `${row.title}: this kind of mail connector is not supported`);
  try {
    const secret = row.secret ? await decryptOrgSecret(keySource(ctx), row.orgId, row.secret) : '';
    return await provider.open(row.settings, secret, { policy: ctx.config.outbound, timeoutMs: MAIL_TIMEOUT_MS, signInDeadlineMs });
  } catch (error) {
    throw connectionFailure(row.title, error);
  }
}

export function connectionFailure(title: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const what = error instanceof MailConnectionError ? error.message : 'the mail server did not answer as expected';
  return new HttpError(error instanceof MailPolicyRefusal ? 'bad_request' : 'mail_server_failed', `Mail connector '${title}': ${what}.`);
}

/**
 * Opens a session within what is left of a member's call (mail-call-deadline.ts): the sign-in's
 * own deadline, or less when the call has less left; past the call's deadline the refusal names it.
 */
async function openSessionWithin(
  ctx: AppContext,
  row: Pick<ConnectorRow, 'orgId' | 'title' | 'provider' | 'settings' | 'secret'>,
  deadline: MailCallDeadline,
): Promise<MailSession> {
  if (deadline.isPast()) throw connectionFailure(row.title, deadline.failure());
  const signInMs = Math.min(MAIL_SIGN_IN_DEADLINE_MS, deadline.remainingMs());
  try {
    return await openSession(ctx, row, signInMs);
  } catch (error) {
    throw signInMs < MAIL_SIGN_IN_DEADLINE_MS && deadline.isPast() ? connectionFailure(row.title, deadline.failure()) : error;
  }
}

/**
 * Runs `work` in a session of the connector: an idle one kept from an earlier call when there is
 * one (session-pool.ts), else a new one; a failure of the server is named after the connector. A
 * kept session the server closed meanwhile (idle time-out, restart) is replaced once by a new one;
 * every mail call is safe to run twice (reads, setting a flag, deleting a UID that is then gone).
 * All of it within the member's call `deadline`: past it the session is ended, never tried again.
 */
export async function withSession<T>(
  ctx: AppContext,
  row: ConnectorRow,
  deadline: MailCallDeadline,
  work: (session: MailSession) => Promise<T>,
): Promise<T> {
  const pool = sessionPoolOf(ctx);
  const key = MailSessionPool.keyOf(row);
  const kept = pool.take(key);
  if (kept) {
    try {
      const answer = await deadline.run(kept, work);
      pool.give(key, kept);
      return answer;
    } catch (error) {
      if (kept.isUsable() || error instanceof HttpError || deadline.isPast()) {
        pool.give(key, kept);
        throw connectionFailure(row.title, error);
      }
      await kept.close().catch(() => undefined);
    }
  }
  const session = await openSessionWithin(ctx, row, deadline);
  try {
    const answer = await deadline.run(session, work);
    pool.give(key, session);
    return answer;
  } catch (error) {
    pool.give(key, session);
    throw connectionFailure(row.title, error);
  }
}

export function answerOf(row: ConnectorRow): MailConnectorAnswer {
  return { id: row.id, title: row.title, kind: row.kind, folders: foldersOf(row) };
}

function settingsAnswerOf(row: ConnectorRow): MailConnectorSettingsAnswer {
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

/** The connectors on the caller's mail screen: their own My Mail first, then the organisation's. */
export async function listConnectors(ctx: AppContext, principal: Principal): Promise<MailConnectorAnswer[]> {
  requireMailRole(principal);
  const rows = await connectorsFor(ctx.database.db, principal.org.id, principal.uuid);
  return rows.filter((row) => row.enabled).map(answerOf);
}

function defaultFolders(kind: ConnectorKind): string[] {
  return kind === 'imap' ? ['INBOX'] : ['INBOX', 'Sent'];
}

function settingsOf(input: MailConnectorInput, kind: ConnectorKind): MailConnectorSettings {
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

/**
 * Connects with the settings and opens every folder once: what will not work is refused before
 * anything is stored. Always a new session, never a kept one: this is the check that the settings work.
 */
async function verifyOrThrow(
  ctx: AppContext,
  orgId: number,
  title: string,
  settings: MailConnectorSettings,
  secret: string | null,
): Promise<string[]> {
  const deadline = mailCallDeadlines.forUserCall();
  const session = await openSessionWithin(ctx, { orgId, title, provider: 'imap', settings, secret }, deadline);
  try {
    return await deadline.run(session, async () => {
      for (const folder of settings.folders) {
        try {
          await session.unreadCount(folder);
        } catch (error) {
          if (deadline.isPast()) throw error;
          throw new HttpError('bad_request', `Mail connector '${title}': the folder '${folder}' does not exist on the mail server.`);
        }
      }
      return (await session.listFolders().catch(() => [])).slice(0, MAX_SERVER_FOLDERS);
    });
  } catch (error) {
    throw connectionFailure(title, error);
  } finally {
    await session.close().catch(() => undefined);
  }
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
async function secretFor(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
  settings: MailConnectorSettings,
  existing: ConnectorRow | undefined,
): Promise<string | null> {
  if (input.secret !== undefined) return encryptOrgSecret(keySource(ctx), principal.org.id, input.secret);
  if (!existing?.secret) return null;
  if (!isSameServer(settings, existing.settings))
    throw new HttpError(
      'bad_request',
      `Mail connector '${input.title}': enter the password or token again: the connector now points to another server.`,
    );
  return existing.secret;
}

/** Folders named in a test's answer at most (a mailbox with thousands of folders answers the first). */
const MAX_SERVER_FOLDERS = 200;

async function writeOf(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
  kind: ConnectorKind,
  ownerUuid: string | null,
  existing: ConnectorRow | undefined,
): Promise<ConnectorWrite> {
  const settings = settingsOf(input, kind);
  const secret = await secretFor(ctx, principal, input, settings, existing);
  const runAs = new Map((existing?.rules ?? []).map((rule) => [`${rule.folder}\u0000${rule.doc_type}`, rule.run_as]));
  const rules = (input.rules ?? []).map((rule) => {
    if (!settings.folders.includes(rule.folder))
      throw new HttpError('bad_request', `The rule's folder '${rule.folder}' is not one of the connector's folders.`);
    return { ...rule, run_as: runAs.get(`${rule.folder}\u0000${rule.doc_type}`) ?? principal.uuid };
  });
  await verifyOrThrow(ctx, principal.org.id, input.title, settings, secret);
  return { ownerUuid, kind, title: input.title.trim(), settings, secret, rules, enabled: input.enabled ?? true };
}

/** Tries settings without saving them; an omitted secret is the stored one of the connector being edited. */
async function testSettings(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
  kind: ConnectorKind,
  existing: ConnectorRow | undefined,
): Promise<MailConnectionTestAnswer> {
  const settings = settingsOf(input, kind);
  const secret = await secretFor(ctx, principal, input, settings, existing);
  const serverFolders = await verifyOrThrow(ctx, principal.org.id, input.title, settings, secret);
  return { error: false, folders: foldersOf({ settings }), server_folders: serverFolders };
}

/** Test connection for an organisation's connector (administrators): `id` names the one being edited, for its stored secret. */
export async function testConnector(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput & { id?: number },
): Promise<MailConnectionTestAnswer> {
  requireMailAdministrator(principal);
  const existing = input.id === undefined ? undefined : await findConnector(ctx.database.db, principal.org.id, input.id);
  if (input.id !== undefined && (!existing || existing.ownerUuid !== null)) throw new HttpError('not_found', CONNECTOR_NOT_FOUND);
  return testSettings(ctx, principal, input, input.kind === 'imap' ? 'imap' : 'shared', existing);
}

/** Test connection for the caller's own My Mail, with its stored secret when none is given. */
export async function testMyMail(ctx: AppContext, principal: Principal, input: MailConnectorInput): Promise<MailConnectionTestAnswer> {
  requireMailRole(principal);
  const existing = await personalConnector(ctx.database.db, principal.org.id, principal.uuid);
  return testSettings(ctx, principal, { ...input, title: 'My Mail' }, 'personal', existing);
}

export async function listConnectorSettings(ctx: AppContext, principal: Principal): Promise<MailConnectorSettingsAnswer[]> {
  requireMailAdministrator(principal);
  return (await organisationConnectors(ctx.database.db, principal.org.id)).map(settingsAnswerOf);
}

export async function createConnector(
  ctx: AppContext,
  principal: Principal,
  input: MailConnectorInput,
): Promise<MailConnectorSettingsAnswer> {
  requireMailAdministrator(principal);
  const kind = input.kind === 'imap' ? 'imap' : 'shared';
  const write = await writeOf(ctx, principal, input, kind, null, undefined);
  const id = await insertConnector(ctx.database.db, principal.org.id, principal.uuid, write);
  return settingsAnswerOf((await findConnector(ctx.database.db, principal.org.id, id))!);
}

export async function changeConnector(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: MailConnectorInput,
): Promise<MailConnectorSettingsAnswer> {
  requireMailAdministrator(principal);
  const existing = await findConnector(ctx.database.db, principal.org.id, id);
  if (!existing || existing.ownerUuid !== null) throw new HttpError('not_found', CONNECTOR_NOT_FOUND);
  const kind = input.kind === 'imap' ? 'imap' : 'shared';
  await updateConnector(ctx.database.db, principal.org.id, id, await writeOf(ctx, principal, input, kind, null, existing));
  sessionPoolOf(ctx).forget(id);
  return settingsAnswerOf((await findConnector(ctx.database.db, principal.org.id, id))!);
}

export async function removeConnector(ctx: AppContext, principal: Principal, id: number): Promise<{ error: false }> {
  requireMailAdministrator(principal);
  const existing = await findConnector(ctx.database.db, principal.org.id, id);
  if (!existing || existing.ownerUuid !== null) throw new HttpError('not_found', CONNECTOR_NOT_FOUND);
  await deleteConnector(ctx.database.db, principal.org.id, id);
  sessionPoolOf(ctx).forget(id);
  return { error: false };
}

export async function getMyMail(ctx: AppContext, principal: Principal): Promise<MailConnectorSettingsAnswer | null> {
  requireMailRole(principal);
  const row = await personalConnector(ctx.database.db, principal.org.id, principal.uuid);
  return row ? settingsAnswerOf(row) : null;
}

/** The caller's own 'My Mail', with their own credentials; rules are for the organisation's connectors. */
export async function saveMyMail(ctx: AppContext, principal: Principal, input: MailConnectorInput): Promise<MailConnectorSettingsAnswer> {
  requireMailRole(principal);
  const existing = await personalConnector(ctx.database.db, principal.org.id, principal.uuid);
  const write = await writeOf(ctx, principal, { ...input, title: 'My Mail', rules: [] }, 'personal', principal.uuid, existing);
  if (existing) {
    await updateConnector(ctx.database.db, principal.org.id, existing.id, write);
    sessionPoolOf(ctx).forget(existing.id);
  } else await insertConnector(ctx.database.db, principal.org.id, principal.uuid, write);
  return settingsAnswerOf((await personalConnector(ctx.database.db, principal.org.id, principal.uuid))!);
}

export async function removeMyMail(ctx: AppContext, principal: Principal): Promise<{ error: false }> {
  requireMailRole(principal);
  const existing = await personalConnector(ctx.database.db, principal.org.id, principal.uuid);
  if (existing) {
    await deleteConnector(ctx.database.db, principal.org.id, existing.id);
    sessionPoolOf(ctx).forget(existing.id);
  }
  return { error: false };
}
