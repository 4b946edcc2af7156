/**
 * Mail whose link proves control of the address (invitations, account set-up links): it goes to
 * the address only. Kept in the outbox (no SMTP server configured), it belongs to no organisation
 * and names no recipient identity, so no organisation's administrator reads it through
 * `$$outbox`: a link that sets a password is never a way for an administrator, or another
 * organisation, to take an address they do not control (docs/product/security.md#mailbox-control).
 */
import type { AppContext } from '../../app-context.ts';
import { sendMail } from '../../platform/mail/mailer.ts';

export interface LinkMail {
  to: string;
  subject: string;
  text: string;
}

export async function sendLinkMail(ctx: AppContext, mail: LinkMail): Promise<void> {
  await sendMail(ctx, { orgId: null, recipientUuid: null, to: mail.to, subject: mail.subject, text: mail.text });
}
