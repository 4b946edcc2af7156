/**
 * E-mailed account set-up links (migration 021 `signup_requests`): self sign-up from an
 * authorised domain and a new organisation's first administrator both get one. Opening it with a
 * name and a password creates the identity, its membership and its grant in one transaction; the
 * link is single use and valid 7 days, and only its hash is stored.
 */
import { randomUUID } from 'node:crypto';
import type { InvitationGrant } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/refresh-tokens.ts';
import { nowIso, readJson, writeJson } from '../../platform/db/json.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { insertOrganisationGrant, newIdentityRow } from '../identities/identities.repository.ts';
import { sendLinkMail } from '../identities/invitations.mail.ts';

export const SETUP_LINK_LIFETIME_MS = 7 * 24 * 3600 * 1000;
export const SETUP_LINK_UNKNOWN = 'This sign-up link is not valid. Ask for a new one.';
export const SETUP_LINK_EXPIRED = 'This sign-up link has expired. Ask for a new one.';
export const SETUP_LINK_USED = 'This sign-up link has already been used: sign in with your e-mail address and password.';
export const ACCOUNT_EXISTS = 'An account with this e-mail address already exists: sign in, or ask your administrator for an invitation.';
export const PASSWORD_TOO_SHORT = 'The password must be at least 10 characters long.';

export interface SetupLinkMail {
  subject: string;
  /** The message's text around the link. */
  text(link: string): string;
}

/** Stores a link for `email` and mails it; answers nothing the caller could learn an address from. */
export async function sendSetupLink(
  ctx: AppContext,
  orgId: number,
  email: string,
  grant: InvitationGrant,
  mail: SetupLinkMail,
): Promise<void> {
  const token = newOpaqueToken();
  const now = new Date();
  await ctx.database.db
    .insertInto('signup_requests')
    .values({
      org_id: orgId,
      email,
      token_hash: hashToken(token),
      grant_data: writeJson(grant),
      created_date: now.toISOString(),
      expires_date: new Date(now.getTime() + SETUP_LINK_LIFETIME_MS).toISOString(),
      used_date: null,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/#/signup?token=${encodeURIComponent(token)}`;
  // The link creates an account with a password: only the mailbox reads it, never the organisation's administrators.
  await sendLinkMail(ctx, { to: email, subject: mail.subject, text: mail.text(link) });
}

export interface SetupInput {
  token: string;
  display_name: string;
  password: string;
}

export async function completeSetup(
  ctx: AppContext,
  input: SetupInput,
): Promise<{ error: false; app_id: string; company: string; email: string }> {
  if (input.password.length < 10) throw badRequest(PASSWORD_TOO_SHORT);
  const displayName = input.display_name.trim();
  if (!displayName) throw badRequest('Please enter your name');
  const row = await ctx.database.db
    .selectFrom('signup_requests')
    .selectAll()
    .where('token_hash', '=', hashToken(input.token))
    .executeTakeFirst();
  if (!row) throw notFound(SETUP_LINK_UNKNOWN);
  if (row.used_date !== null) throw new HttpError('link_used', SETUP_LINK_USED);
  if (row.expires_date <= nowIso()) throw new HttpError('link_expired', SETUP_LINK_EXPIRED);
  const org = await ctx.database.db
    .selectFrom('organisations')
    .select(['app_id', 'company', 'active'])
    .where('id', '=', row.org_id)
    .executeTakeFirstOrThrow();
  if (!org.active) throw notFound('No subscription(s) found.');
  const passwordHash = await hashPassword(input.password);
  const grant = readJson<InvitationGrant>(row.grant_data, { level: 1 });
  await ctx.database.db.transaction().execute(async (trx) => {
    // Single use: of two simultaneous openings one marks the row, the other finds it used.
    const marked = await trx
      .updateTable('signup_requests')
      .set({ used_date: nowIso() })
      .where('id', '=', row.id)
      .where('used_date', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) throw new HttpError('link_used', SETUP_LINK_USED);
    const existing = await trx.selectFrom('identities').select('uuid').where('email', '=', row.email).executeTakeFirst();
    if (existing) throw new HttpError('conflict', ACCOUNT_EXISTS);
    const uuid = randomUUID();
    await trx
      .insertInto('identities')
      .values(newIdentityRow({ uuid, email: row.email, display_name: displayName, password_hash: passwordHash, mfa: 0 }))
      .execute();
    await trx.insertInto('memberships').values({ org_id: row.org_id, identity_uuid: uuid, created_date: nowIso() }).execute();
    await insertOrganisationGrant(trx, row.org_id, uuid, grant);
  });
  await writeLog(ctx.database, {
    orgId: row.org_id,
    type: 1,
    subject: 'Account set up',
    summary: `${row.email} set up their account and joined the organisation`,
  });
  return { error: false, app_id: org.app_id, company: org.company, email: row.email };
}
