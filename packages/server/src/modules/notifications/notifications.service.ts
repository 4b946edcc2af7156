/**
 * The notification jobs: `notify.document` (a document event: evaluate the rules — built-in ones
 * too, see notification-rules.ts — and record the notifications), `notify.scheduled` (a rule's period: one summary of the matching documents) and
 * `notify.deliver` (send one recorded notification through the MailSender, at least once).
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { findAnyDocument } from '../../platform/records/documents.repository.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import { approversOf } from './approvers.ts';
import { mailSender } from './mail-sender.ts';
import { loadRules, recipientsOf, ruleMatches, type NotificationRule } from './notification-rules.ts';
import { renderTemplate } from './notification-template.ts';
import { findDelivery, markDelivered, recordNotifications } from './notifications.repository.ts';

/** A rule without a message of its own sends this line per document. */
export const DEFAULT_MESSAGE = '{{display_id}} {{summary}} ({{status}})';

export async function handleDocumentTrigger(ctx: AppContext, job: ClaimedJob): Promise<void> {
  const orgId = job.orgId!;
  const { docId, trigger, occurrence } = job.payload as { docId: number; trigger: string; occurrence: string };
  const rules = await loadRules(ctx.database, orgId, trigger);
  if (rules.length === 0) return;
  const row = await findAnyDocument(ctx.database.db, orgId, docId);
  if (!row) return;
  const type = await typeRegistryFor(ctx.database).get(orgId, row.doc_type);
  if (!type) return;
  const doc = { ...flatValues(row), status: row.status };
  let approvers: Promise<string[]> | undefined;
  const approversNow = () => (approvers ??= approversOf(ctx, orgId, type, row));
  for (const rule of rules.filter((r) => ruleMatches(r, type, doc))) {
    const body = renderTemplate(rule.message || DEFAULT_MESSAGE, doc);
    await notify(ctx, orgId, rule, type, doc, `doc:${docId}:${occurrence}`, docId, body, approversNow);
  }
}

async function notify(
  ctx: AppContext,
  orgId: number,
  rule: NotificationRule,
  type: DocumentSchema,
  doc: Record<string, unknown>,
  occurrence: string,
  docId: number | null,
  body: string,
  approvers?: () => Promise<readonly string[]>,
): Promise<void> {
  const recipients = await recipientsOf(ctx.database, orgId, rule, type, doc, approvers);
  const subject = renderTemplate(docId === null ? rule.title : `[{{display_id}}] ${rule.title}`, doc);
  await recordNotifications(ctx.database, { orgId, ruleId: rule.id, occurrence, docId, subject, body }, recipients);
}

/** A scheduled rule's period: one message listing the matching documents (nothing when none match). */
export async function handleScheduled(ctx: AppContext, job: ClaimedJob): Promise<void> {
  const orgId = job.orgId!;
  const { ruleId, period } = job.payload as { ruleId: number; period: string };
  const rule = (await loadRules(ctx.database, orgId, 'scheduled')).find((r) => r.id === ruleId);
  if (!rule) return;
  const registry = typeRegistryFor(ctx.database);
  const names =
    rule.target_type && rule.target_type !== 'any' ? [rule.target_type] : ['request', 'incident', 'action', 'worksafe_travel_request'];
  const lines: string[] = [];
  let sample: { type: DocumentSchema; doc: Record<string, unknown> } | undefined;
  for (const name of names) {
    const type = await registry.get(orgId, name);
    if (!type) continue;
    const rows = await ctx.database.db
      .selectFrom('documents')
      .select('id')
      .where('org_id', '=', orgId)
      .where('doc_type', '=', name)
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    for (const { id } of rows) {
      const row = await findAnyDocument(ctx.database.db, orgId, Number(id));
      if (!row) continue;
      const doc = { ...flatValues(row), status: row.status };
      if (!ruleMatches(rule, type, doc)) continue;
      sample ??= { type, doc };
      lines.push(renderTemplate(rule.message || DEFAULT_MESSAGE, doc));
    }
  }
  if (!sample) return;
  await notify(ctx, orgId, rule, sample.type, sample.doc, `sched:${period}`, null, lines.join('\n'));
}

export async function handleDelivery(ctx: AppContext, job: ClaimedJob): Promise<void> {
  const delivery = await findDelivery(ctx.database, Number(job.payload.deliveryId));
  if (!delivery || delivery.status === 'sent') return;
  await mailSender().send(ctx, {
    orgId: delivery.org_id,
    recipientUuid: delivery.recipient_uuid,
    to: delivery.recipient,
    subject: delivery.subject,
    text: delivery.body,
  });
  await markDelivered(ctx.database, Number(delivery.id));
}
