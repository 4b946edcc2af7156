/**
 * Mail sessions of a connector (docs/product/mail.md#sessions): opening one with the connector's
 * settings and its secret unsealed, within the sign-in's deadline and what is left of a member's
 * call; running a call's work in a kept session or a new one; and naming the connector in every
 * failure, in words the caller can act on.
 */
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { decryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import type { ConnectorRow } from './connectors.repository.ts';
import { MailConnectionError, MailPolicyRefusal, type MailSession } from './mail-provider.ts';
import type { MailCallDeadline } from './mail-call-deadline.ts';
import { mailProviders } from './mail-providers.ts';
import { MailSessionPool, sessionPoolOf } from './session-pool.ts';

export const MAIL_TIMEOUT_MS = 15_000;
/**
 * How long signing in to a mail server may take in all (docs/product/mail.md#connectors). A member
 * testing or using a connector waits for it, and a poll holds the jobs behind it: a server that
 * paces its answers to stay under the silence time-outs is refused in words instead.
 */
export const MAIL_SIGN_IN_DEADLINE_MS = 30_000;

/** Where a connector's secrets are sealed and unsealed: the organisation's key, derived from the server's master key. */
export const mailSecretKeys = (ctx: AppContext) => ({ database: ctx.database, masterKey: ctx.config.secretsKey });

/** Opens a session with the connector's settings; a failure names the connector and what failed. */
export async function openSession(
  ctx: AppContext,
  row: Pick<ConnectorRow, 'orgId' | 'title' | 'provider' | 'settings' | 'secret'>,
  signInDeadlineMs = MAIL_SIGN_IN_DEADLINE_MS,
): Promise<MailSession> {
  const provider = mailProviders[row.provider];
  if (!provider) throw new HttpError('mail_server_failed', `${row.title}: this kind of mail connector is not supported`);
  try {
    const secret = row.secret ? await decryptOrgSecret(mailSecretKeys(ctx), row.orgId, row.secret) : '';
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
export async function openSessionWithin(
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
