/**
 * Self sign-up by e-mail (docs/product/administration.md#subscriptions): an address of an
 * authorised domain of an active organisation that allows `email_signup` gets an account set-up
 * link; the answer is the same for every address, so nobody learns which organisations or
 * addresses exist. Attempts are limited per client address and per address typed.
 */
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { normaliseEmail } from '../../platform/auth/email.ts';
import { reserveAttempt, SIGN_IN_LIMIT } from '../../platform/auth/rate-limiter.ts';
import { acceptsSignUpFrom, domainOf, SUBSCRIPTION_COLUMNS, subscriptionOf } from './subscription-record.ts';
import { sendSetupLink } from './account-setup.ts';

export const SIGNUP_SENT =
  'If your organisation allows sign-up for this address, a link to set up your account is on its way. It is valid for 7 days.';
export const SIGNUP_TOO_MANY = 'Too many sign-up requests. Please try again later.';

/** Self sign-up members start as depositors who may create documents: they report, and see what they reported. */
export const SELF_SIGNUP_GRANT = { level: 1, roles: [] as string[] };

export async function requestSignup(
  ctx: AppContext,
  emailTyped: string,
  clientAddress: string,
): Promise<{ error: false; message: string }> {
  const email = normaliseEmail(emailTyped);
  for (const key of [`signup:ip:${clientAddress}`, `signup:email:${email}`]) {
    const reservation = await reserveAttempt(ctx.database, key, SIGN_IN_LIMIT);
    if (!reservation.allowed) throw new HttpError('rate_limited', SIGNUP_TOO_MANY);
  }
  const domain = domainOf(email);
  const known = await ctx.database.db.selectFrom('identities').select('uuid').where('email', '=', email).executeTakeFirst();
  if (domain && !known) {
    const rows = await ctx.database.db
      .selectFrom('organisations')
      .select(SUBSCRIPTION_COLUMNS)
      .where('active', '=', 1)
      .where('email_signup', '=', 1)
      .execute();
    const org = rows.map(subscriptionOf).find((subscription) => acceptsSignUpFrom(subscription, email));
    if (org) {
      await sendSetupLink(ctx, org.id, email, SELF_SIGNUP_GRANT, {
        subject: `Set up your ${org.company} account on Docket`,
        text: (link) =>
          `Hello,\n\nTo finish signing up to ${org.company} on Docket, open this link and choose your password:\n${link}\n\n` +
          'The link is valid for 7 days and can be used once. If you did not ask to sign up, ignore this message.',
      });
    }
  }
  return { error: false, message: SIGNUP_SENT };
}
