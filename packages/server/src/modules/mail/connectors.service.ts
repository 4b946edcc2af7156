/**
 * Mail connectors (docs/product/mail.md#connectors): the organisation's, which administrators
 * configure, and each member's own 'My Mail'. A connector is saved only after a connection with
 * its settings succeeds (so a wrong password or an unreachable host stores nothing); its secret
 * is encrypted with the organisation's key and never answered. Every mail call needs the mail
 * role; a connector of another organisation, or another member's own, is not found.
 * The operations are here; what is sent is checked in connector-input.ts, tried on the mail
 * server in connector-connection-test.ts, answered by connector-answers.ts, and a connector's
 * mail sessions are opened in connector-sessions.ts.
 */
import {
  MAIL_MESSAGES,
  type MailConnectorAnswer,
  type MailConnectionTestAnswer,
  type MailConnectorInput,
  type MailConnectorSettingsAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { notAuthorisedToAdminister } from '../../platform/access/admin-guard.ts';
import { isAdministrator, type Principal } from '../../platform/access/principal.ts';
import { answerOf, settingsAnswerOf } from './connector-answers.ts';
import { testSettings, verifyOrThrow } from './connector-connection-test.ts';
import { rulesOf, secretFor, settingsOf } from './connector-input.ts';
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
import { sessionPoolOf } from './session-pool.ts';

export const CONNECTOR_NOT_FOUND = 'This mail connector does not exist.';

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

/** The connectors on the caller's mail screen: their own My Mail first, then the organisation's. */
export async function listConnectors(ctx: AppContext, principal: Principal): Promise<MailConnectorAnswer[]> {
  requireMailRole(principal);
  const rows = await connectorsFor(ctx.database.db, principal.org.id, principal.uuid);
  return rows.filter((row) => row.enabled).map(answerOf);
}

/** Checks what was sent, tries it on the mail server, and answers what to store; nothing is stored when it fails. */
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
  const rules = rulesOf(input, settings, existing, principal);
  await verifyOrThrow(ctx, principal.org.id, input.title, settings, secret);
  return { ownerUuid, kind, title: input.title.trim(), settings, secret, rules, enabled: input.enabled ?? true };
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
