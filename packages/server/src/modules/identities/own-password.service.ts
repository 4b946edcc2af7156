/**
 * A signed-in user changes their own password (docs/product/identities-and-sign-in.md#own-password):
 * the current password is checked first, each try counted by the account's sign-in attempt limit
 * (docs/product/security.md#lesson-15), so this form cannot be used to guess faster than sign-in.
 * The new password becomes the identity's own (no longer bound to an administrator's
 * organisation) and ends every other session of the identity; the caller keeps theirs.
 */
import type { AppContext } from '../../app-context.ts';
import type { AuthenticatedIdentity } from '../../http/request-context.ts';
import { badRequest, HttpError } from '../../http/http-error.ts';
import { isPasswordSignInAllowed, settingsOfIdentity } from '../../platform/auth/directory-settings.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { releaseAttempt, reserveAttempt, SIGN_IN_LIMIT } from '../../platform/auth/rate-limiter.ts';
import { revokeSessionsOf } from '../../platform/auth/refresh-tokens.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { passwordOrThrow } from './identities.service.ts';

export const NO_LOCAL_PASSWORD = "Your account signs in through your organisation's directory: change your password there.";
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const SAME_PASSWORD = 'The new password must differ from the current one.';
export const TOO_MANY_TRIES = 'Too many wrong passwords. Please wait a few minutes and try again.';

export async function changeOwnPassword(
  ctx: AppContext,
  identity: AuthenticatedIdentity,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('identities')
    .select(['password_hash', 'email'])
    .where('uuid', '=', identity.uuid)
    .executeTakeFirstOrThrow();
  // A directory session (bound, no local password) or a directory that forbids passwords: the
  // password lives in the directory.
  const passwordAllowed = isPasswordSignInAllowed(await settingsOfIdentity(ctx.database, identity.uuid));
  if (!row.password_hash || !passwordAllowed) throw new HttpError('conflict', NO_LOCAL_PASSWORD);
  passwordOrThrow(newPassword);
  if (newPassword === currentPassword) throw badRequest(SAME_PASSWORD);
  // The same per-account counter as sign-in: wrong guesses here and there add up.
  const accountKey = `signin:email:${row.email}`;
  const reservation = await reserveAttempt(ctx.database, accountKey, SIGN_IN_LIMIT);
  if (!reservation.allowed) throw new HttpError('rate_limited', TOO_MANY_TRIES);
  if (!(await verifyPassword(row.password_hash, currentPassword))) {
    await writeLog(ctx.database, {
      orgId: null,
      type: 2,
      subject: 'Password change refused',
      summary: `${row.email} gave a wrong current password`,
      identityUuid: identity.uuid,
    });
    throw badRequest(WRONG_CURRENT_PASSWORD);
  }
  await releaseAttempt(ctx.database, accountKey);
  await ctx.database.db
    .updateTable('identities')
    .set({ password_hash: await hashPassword(newPassword), password_org_id: null })
    .where('uuid', '=', identity.uuid)
    .execute();
  await revokeSessionsOf(ctx.database, identity.uuid, identity.sessionId);
  await writeLog(ctx.database, {
    orgId: null,
    type: 1,
    subject: 'Password changed',
    summary: `${row.email} changed their own password`,
    identityUuid: identity.uuid,
  });
}
