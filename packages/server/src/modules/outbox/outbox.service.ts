/**
 * The outbox (issue 3 item 5): messages kept because no SMTP server is configured, readable by
 * administrators in the admin area. One-time codes are in these bodies by necessity: this is the
 * one place they are stored readable, and only while SMTP is off (platform/mail/mailer.ts).
 */
import type { ListAnswer, OutboxAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { notFound } from '../../http/http-error.ts';
import { runTableList, type ParsedList } from '../../platform/lists/table-list.ts';
import { outboxListSpec, outboxSource, type OutboxRow } from './outbox.repository.ts';

const WHAT = 'the outbox';

export async function listOutbox(ctx: AppContext, principal: Principal, list: ParsedList): Promise<ListAnswer<OutboxAnswer>> {
  requireAdministrator(principal, adminTypes.outbox, 'read', WHAT);
  const result = await runTableList<OutboxRow>(
    ctx.database,
    outboxSource(ctx.database, principal.org.id),
    outboxListSpec,
    list,
    principal.uuid,
  );
  return { dataAr: result.rows.map(toAnswer), total: result.total };
}

export async function getOutboxMessage(ctx: AppContext, principal: Principal, id: number): Promise<OutboxAnswer> {
  requireAdministrator(principal, adminTypes.outbox, 'read', WHAT);
  const row = (await outboxSource(ctx.database, principal.org.id).where('o.id', '=', id).executeTakeFirst()) as OutboxRow | undefined;
  if (!row) throw notFound('No message with that id can be found.');
  return toAnswer(row);
}

function toAnswer(row: OutboxRow): OutboxAnswer {
  return {
    id: Number(row.id),
    mail_to: row.mail_to,
    subject: row.subject,
    content: row.content,
    content_type: 'text/plain',
    status: row.status,
    mail_sent: row.mail_sent,
    created_date: row.created_date,
  };
}
