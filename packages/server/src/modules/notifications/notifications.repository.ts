/**
 * The exactly-once record of notifications: one row per (organisation, rule, occurrence,
 * recipient), inserted with ON CONFLICT DO NOTHING, so re-running a job — after a crash, or in a
 * second process — records nothing twice. Each new row gets a delivery job (at least once).
 */
import type { Database } from '../../platform/db/database.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import type { Recipient } from './notification-rules.ts';

export const DELIVER_JOB = 'notify.deliver';

export interface Notification {
  orgId: number;
  ruleId: number;
  occurrence: string;
  docId: number | null;
  subject: string;
  body: string;
}

export async function recordNotifications(
  database: Database,
  notification: Notification,
  recipients: readonly Recipient[],
): Promise<number> {
  let recorded = 0;
  await database.db.transaction().execute(async (trx) => {
    for (const recipient of recipients) {
      const row = await trx
        .insertInto('notification_deliveries')
        .values({
          org_id: notification.orgId,
          rule_id: notification.ruleId,
          occurrence: notification.occurrence,
          recipient: recipient.address.toLowerCase(),
          recipient_uuid: recipient.uuid,
          kind: recipient.kind,
          doc_id: notification.docId,
          subject: notification.subject,
          body: notification.body,
          status: 'pending',
          created_date: new Date().toISOString(),
          sent_date: null,
        })
        .onConflict((oc) => oc.columns(['org_id', 'rule_id', 'occurrence', 'recipient']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      recorded += 1;
      await enqueueJob(trx, {
        orgId: notification.orgId,
        kind: DELIVER_JOB,
        uniqueKey: `deliver:${row.id}`,
        payload: { deliveryId: Number(row.id) },
      });
    }
  });
  return recorded;
}

export async function findDelivery(database: Database, id: number) {
  return database.db.selectFrom('notification_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markDelivered(database: Database, id: number): Promise<void> {
  await database.db
    .updateTable('notification_deliveries')
    .set({ status: 'sent', sent_date: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
