/**
 * Outgoing mail. With SMTP configured (SMTP_URL) messages go out through nodemailer; without it
 * they are kept in the `outbox` table, as an unconfigured mail server would keep them, and
 * administrators read them in the admin area (`GET /v3/{appId}/$$outbox`); the demo signs in
 * through it. Every message leaves a row: the body is kept only while the message is unsent, so
 * one-time codes sent over SMTP do not stay in the database.
 */
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../db/json.ts';

export interface OutgoingMail {
  /** The organisation the message belongs to; null for sign-in mail (shown to the recipient's organisations). */
  orgId: number | null;
  recipientUuid: string | null;
  to: string;
  subject: string;
  text: string;
}

const transports = new Map<string, Transporter>();

async function transportFor(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    // nodemailer is loaded with the first message sent over SMTP, not at every server start
    // (docs/architecture.md#start-up).
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

export async function sendMail(ctx: AppContext, mail: OutgoingMail): Promise<void> {
  const row = {
    org_id: mail.orgId,
    recipient_uuid: mail.recipientUuid,
    to_address: mail.to,
    subject: mail.subject,
    created_date: nowIso(),
  };
  const smtpUrl = ctx.config.smtpUrl;
  if (!smtpUrl) {
    await ctx.database.db
      .insertInto('outbox')
      .values({ ...row, body: mail.text, status: 'outbox', error: null, sent_date: null })
      .execute();
    return;
  }
  try {
    const transport = await transportFor(smtpUrl);
    await transport.sendMail({ from: ctx.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    await ctx.database.db
      .insertInto('outbox')
      .values({ ...row, body: null, status: 'sent', error: null, sent_date: nowIso() })
      .execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await ctx.database.db
      .insertInto('outbox')
      .values({ ...row, body: null, status: 'failed', error: reason, sent_date: null })
      .execute();
  }
}
