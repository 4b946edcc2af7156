/**
 * How notifications leave: a `MailSender` (the platform mailer by default: SMTP when SMTP_URL is
 * set, else the outbox table administrators read). Tests and other transports plug in here.
 */
import type { AppContext } from '../../app-context.ts';
import { sendMail, type OutgoingMail } from '../../platform/mail/mailer.ts';

export interface MailSender {
  send(ctx: AppContext, mail: OutgoingMail): Promise<void>;
}

export const platformMailSender: MailSender = { send: sendMail };

let current: MailSender = platformMailSender;

export function mailSender(): MailSender {
  return current;
}

/** Replaces the sender (tests); answers the previous one. */
export function useMailSender(sender: MailSender): MailSender {
  const previous = current;
  current = sender;
  return previous;
}
