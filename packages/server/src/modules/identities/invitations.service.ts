/**
 * Invitations (docs/product/identities-and-sign-in.md): an identity joins a second organisation
 * only by its owner's consent. Adding an address that already has an identity (in any
 * organisation) records an invitation and e-mails a single-use link; the person opens it, signs
 * in with their own credentials and accepts; only then does the membership exist. Until then the
 * inviting organisation sees the address it typed, the status and the dates — nothing of the
 * identity.
 */
import {
  PASSWORD_MIN_LENGTH,
  type InvitationAcceptedAnswer,
  type InvitationAnswer,
  type InvitationGrant,
  type InvitationLookupAnswer,
} from '@docket/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { HttpError, notFound, badRequest } from '../../http/http-error.ts';
import type { AuthenticatedIdentity } from '../../http/request-context.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { hashToken, newOpaqueToken, revokeSessionsOf } from '../../platform/auth/refresh-tokens.ts';
import { nowIso } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { insertOrganisationGrant, isMember, removeFromOrganisation } from './identities.repository.ts';
import { sendLinkMail } from './invitations.mail.ts';
import {
  closeInvitation,
  findInvitation,
  grantOf,
  insertInvitation,
  invitationByToken,
  invitationsOf,
  pendingInvitationFor,
  renewInvitation,
  type InvitationRow,
} from './invitations.repository.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const WHAT = 'invitations';

export const INVITATION_PENDING = 'An invitation to this e-mail address is already pending: resend it from the invitations.';
export const INVITATION_NOT_FOUND = 'No invitation with that id can be found.';
export const INVITATION_UNKNOWN = "This invitation link is not valid. Ask the organisation's administrator for a new one.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask the organisation's administrator to send it again.";
export const INVITATION_ACCEPTED = 'This invitation has already been accepted.';
export const INVITATION_CANCELLED = 'This invitation was cancelled.';
export const INVITATION_OTHER_ADDRESS = 'This invitation was sent to another e-mail address: sign in with the account it was sent to.';
export const OWN_PASSWORD_REQUIRED =
  "Choose your own password to accept: you signed in with a password set by an organisation's administrator, or through an organisation's directory.";
export const PASSWORD_TOO_SHORT_FOR_INVITATION = 'The password must be at least 10 characters long.';
export const SIGN_IN_TO_ACCEPT = 'Your account has its own password: sign in with it to accept the invitation.';

/** The lookup's answer, and whether the invited account has a password of its own (else the link sets one). */
export type InvitationLookup = InvitationLookupAnswer & { own_password: boolean };

/** Records an invitation and e-mails its link; the organisation learns nothing of the identity. */
export async function inviteByEmail(
  ctx: AppContext,
  principal: Principal,
  email: string,
  grant: InvitationGrant | null,
): Promise<InvitationAnswer> {
  requireAdministrator(principal, adminTypes.users, 'create', WHAT);
  const orgId = principal.org.id;
  if (await pendingInvitationFor(ctx.database.db, orgId, email)) throw new HttpError('conflict', INVITATION_PENDING);
  const token = newOpaqueToken();
  const expiresDate = new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString();
  const id = await insertInvitation(ctx.database.db, {
    orgId,
    email,
    tokenHash: hashToken(token),
    grant,
    invitedBy: principal.uuid,
    expiresDate,
  });
  await mailInvitation(ctx, principal, email, token);
  await logAdministration(ctx.database, principal, {
    subject: 'Invitation sent',
    action: `invited ${email}`,
  });
  return toAnswer((await findInvitation(ctx.database.db, orgId, id))!);
}

export async function listInvitations(ctx: AppContext, principal: Principal, all: boolean): Promise<InvitationAnswer[]> {
  requireAdministrator(principal, adminTypes.users, 'read', WHAT);
  return (await invitationsOf(ctx.database.db, principal.org.id, all)).map(toAnswer);
}

/** A fresh link (the previous one stops working) and a new expiry, e-mailed again. */
export async function resendInvitation(ctx: AppContext, principal: Principal, id: number): Promise<InvitationAnswer> {
  requireAdministrator(principal, adminTypes.users, 'update', WHAT);
  const orgId = principal.org.id;
  const row = await findInvitation(ctx.database.db, orgId, id);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  closedOrThrow(row);
  const token = newOpaqueToken();
  const expiresDate = new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString();
  if (!(await renewInvitation(ctx.database.db, orgId, id, hashToken(token), expiresDate)))
    closedOrThrow((await findInvitation(ctx.database.db, orgId, id))!);
  await mailInvitation(ctx, principal, row.email, token);
  await logAdministration(ctx.database, principal, {
    subject: 'Invitation sent again',
    action: `invited ${row.email} again`,
  });
  return toAnswer((await findInvitation(ctx.database.db, orgId, id))!);
}

export async function cancelInvitation(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  requireAdministrator(principal, adminTypes.users, 'delete', WHAT);
  const orgId = principal.org.id;
  const row = await findInvitation(ctx.database.db, orgId, id);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  closedOrThrow(row);
  if (!(await closeInvitation(ctx.database.db, id, 'cancelled', { orgId })))
    closedOrThrow((await findInvitation(ctx.database.db, orgId, id))!);
  await logAdministration(ctx.database, principal, {
    subject: 'Invitation cancelled',
    action: `cancelled the invitation of ${row.email}`,
  });
}

/**
 * For the page the link opens (signed in or not): which organisation invites, the address, and
 * whether the account has a password of its own. Only the mailbox holds the link, so telling its
 * holder that is telling the account's owner.
 */
export async function lookupInvitation(ctx: AppContext, token: string): Promise<InvitationLookup> {
  const row = await usableInvitationOrThrow(ctx, token);
  const org = await ctx.database.db
    .selectFrom('organisations')
    .select(['app_id', 'company'])
    .where('id', '=', row.org_id)
    .executeTakeFirstOrThrow();
  const identity = await invitedIdentity(ctx, row.email);
  return {
    company: org.company,
    app_id: org.app_id,
    email: row.email,
    expires_date: row.expires_date,
    own_password: identity ? hasOwnPassword(identity) : true,
  };
}

interface InvitedIdentity {
  uuid: string;
  password_hash: string | null;
  password_org_id: number | null;
  active: number;
  login_enabled: number;
}

async function invitedIdentity(ctx: AppContext, email: string): Promise<InvitedIdentity | undefined> {
  return ctx.database.db
    .selectFrom('identities')
    .select(['uuid', 'password_hash', 'password_org_id', 'active', 'login_enabled'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** A password its owner chose (not one an organisation's administrator set, nor none at all). */
function hasOwnPassword(identity: Pick<InvitedIdentity, 'password_hash' | 'password_org_id'>): boolean {
  return identity.password_hash !== null && identity.password_org_id === null;
}

/**
 * Accepts from the link alone, for an account with no password of its own (none, one an
 * organisation's administrator set, or a directory's sign-in only): the e-mailed token proves the
 * person controls the address, which wins over any organisation's choice. The password they
 * choose becomes the account's own, every session ends (those the other organisation's password
 * opened included), and an account that an organisation had disabled leaves that organisation
 * (its choice holds there) and is enabled for its owner. An account with its own password signs in
 * to accept (`acceptInvitation`).
 */
export async function acceptInvitationWithNewPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<InvitationAcceptedAnswer> {
  const row = await usableInvitationOrThrow(ctx, token);
  if (newPassword.length < PASSWORD_MIN_LENGTH) throw badRequest(PASSWORD_TOO_SHORT_FOR_INVITATION);
  const identity = await invitedIdentity(ctx, row.email);
  if (!identity) throw notFound(INVITATION_UNKNOWN);
  if (hasOwnPassword(identity)) throw new HttpError('forbidden', SIGN_IN_TO_ACCEPT);
  const passwordHash = await hashPassword(newPassword);
  const org = await ctx.database.db
    .selectFrom('organisations')
    .select(['app_id', 'company'])
    .where('id', '=', row.org_id)
    .executeTakeFirstOrThrow();
  const left = await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await closeInvitation(trx, row.id, 'accepted', { unexpiredAt: nowIso() }))) {
      closedOrThrow((await findInvitation(trx, row.org_id, row.id))!);
      throw new HttpError('invitation_expired', INVITATION_EXPIRED);
    }
    // Only while the account still has no password of its own: one chosen meanwhile wins.
    const claimed = await trx
      .updateTable('identities')
      .set({ password_hash: passwordHash, password_org_id: null, active: 1, login_enabled: 1 })
      .where('uuid', '=', identity.uuid)
      .where((eb) => eb.or([eb('password_hash', 'is', null), eb('password_org_id', 'is not', null)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError('forbidden', SIGN_IN_TO_ACCEPT);
    const disabled = Number(identity.active) !== 1 || Number(identity.login_enabled) !== 1;
    const leaving = disabled
      ? (await trx.selectFrom('memberships').select('org_id').where('identity_uuid', '=', identity.uuid).execute())
          .map((m) => Number(m.org_id))
          .filter((orgId) => orgId !== Number(row.org_id))
      : [];
    for (const orgId of leaving) await removeFromOrganisation(trx, orgId, identity.uuid);
    await joinOrganisation(trx, row, identity.uuid);
    return leaving;
  });
  await revokeSessionsOf(ctx.database, identity.uuid);
  await writeLog(ctx.database, {
    orgId: row.org_id,
    type: 1,
    subject: 'Invitation accepted',
    summary: `${row.email} chose their own password from the e-mailed link, accepted the invitation and joined the organisation`,
  });
  const setBy = identity.password_org_id === null ? null : Number(identity.password_org_id);
  if (setBy !== null && setBy !== Number(row.org_id) && !left.includes(setBy)) {
    await writeLog(ctx.database, {
      orgId: setBy,
      type: 1,
      subject: 'Password chosen by its owner',
      summary: `${row.email} chose their own password from an e-mailed link: the password an administrator set no longer signs in`,
    });
  }
  for (const orgId of left) {
    await writeLog(ctx.database, {
      orgId,
      type: 2,
      subject: 'Identity removed',
      summary: `${row.email} took their disabled account back from an e-mailed link and left the organisation`,
    });
  }
  return { error: false, app_id: org.app_id, company: org.company, sign_in_again: true };
}

/**
 * Accepts for the signed-in identity, whose address must be the invited one. A session that
 * another organisation vouched for (its directory, a password its administrator set) cannot
 * accept by itself: the person chooses their own password here, which ends every session, so no
 * administrator keeps a way into the account.
 */
export async function acceptInvitation(
  ctx: AppContext,
  identity: AuthenticatedIdentity,
  token: string,
  newPassword: string | undefined,
): Promise<InvitationAcceptedAnswer> {
  const row = await usableInvitationOrThrow(ctx, token);
  if (row.email !== identity.email) throw new HttpError('forbidden', INVITATION_OTHER_ADDRESS);
  const stored = await ctx.database.db
    .selectFrom('identities')
    .select(['password_org_id', 'password_hash'])
    .where('uuid', '=', identity.uuid)
    .executeTakeFirstOrThrow();
  const needsOwnPassword = identity.boundOrgId !== null || stored.password_org_id !== null || stored.password_hash === null;
  if (needsOwnPassword && !newPassword) throw new HttpError('own_password_required', OWN_PASSWORD_REQUIRED);
  if (newPassword !== undefined && newPassword.length < 10) throw badRequest(PASSWORD_TOO_SHORT_FOR_INVITATION);
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  const org = await ctx.database.db
    .selectFrom('organisations')
    .select(['app_id', 'company'])
    .where('id', '=', row.org_id)
    .executeTakeFirstOrThrow();
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await closeInvitation(trx, row.id, 'accepted', { unexpiredAt: nowIso() }))) {
      closedOrThrow((await findInvitation(trx, row.org_id, row.id))!);
      throw new HttpError('invitation_expired', INVITATION_EXPIRED);
    }
    if (passwordHash) {
      await trx
        .updateTable('identities')
        .set({ password_hash: passwordHash, password_org_id: null })
        .where('uuid', '=', identity.uuid)
        .execute();
    }
    await joinOrganisation(trx, row, identity.uuid);
  });
  // A new password ends every session, the one that accepted included: the next sign-in uses it.
  if (passwordHash) await revokeSessionsOf(ctx.database, identity.uuid);
  await writeLog(ctx.database, {
    orgId: row.org_id,
    type: 1,
    subject: 'Invitation accepted',
    summary: `${row.email} accepted the invitation and joined the organisation`,
  });
  return { error: false, app_id: org.app_id, company: org.company, sign_in_again: Boolean(passwordHash) };
}

async function joinOrganisation(trx: Transaction<Tables>, row: InvitationRow, uuid: string): Promise<void> {
  if (await isMember(trx, row.org_id, uuid)) return;
  await trx.insertInto('memberships').values({ org_id: row.org_id, identity_uuid: uuid, created_date: nowIso() }).execute();
  const grant = grantOf(row);
  if (grant) await insertOrganisationGrant(trx, row.org_id, uuid, grant);
}

async function usableInvitationOrThrow(ctx: AppContext, token: string): Promise<InvitationRow> {
  const row = await invitationByToken(ctx.database.db, hashToken(token));
  if (!row) throw notFound(INVITATION_UNKNOWN);
  closedOrThrow(row);
  if (row.expires_date <= nowIso()) throw new HttpError('invitation_expired', INVITATION_EXPIRED);
  return row;
}

/** The refusal for an invitation that can no longer be used, with its own code for the web's message. */
function closedOrThrow(row: InvitationRow): void {
  if (row.status === 'accepted') throw new HttpError('invitation_accepted', INVITATION_ACCEPTED);
  if (row.status === 'cancelled') throw new HttpError('invitation_cancelled', INVITATION_CANCELLED);
}

async function mailInvitation(ctx: AppContext, principal: Principal, email: string, token: string): Promise<void> {
  const link = `${ctx.config.publicUrl}/#/invitation?token=${encodeURIComponent(token)}`;
  // The link sets the password of an account without one of its own: no administrator reads it.
  await sendLinkMail(ctx, {
    to: email,
    subject: `Invitation to join ${principal.org.company} on Docket`,
    text:
      `Hello,\n\n${principal.displayName} invites you to join ${principal.org.company} on Docket.\n\n` +
      `To accept, open this link and sign in with your own account (or, if you have no password of your own, choose one):\n${link}\n\n` +
      `The link is valid for 7 days and can be used once. Until you accept, ${principal.org.company} sees nothing of your account. ` +
      'If you do not expect this invitation, ignore this message.',
  });
}

function toAnswer(row: InvitationRow): InvitationAnswer {
  const expired = row.status === 'pending' && row.expires_date <= nowIso();
  return {
    id: Number(row.id),
    email: row.email,
    status: expired ? 'expired' : row.status,
    created_date: row.created_date,
    sent_date: row.sent_date,
    expires_date: row.expires_date,
    grant: grantOf(row),
  };
}
