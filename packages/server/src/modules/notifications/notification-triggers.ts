/**
 * Document events that may fire notification rules (docs/product/mail.md#notifications: create, closed, submit,
 * approve, and approval_requested when a document starts waiting for an approval). The writer enqueues one job per event inside its own transaction, keyed by the event,
 * so the trigger exists exactly when the change committed; rules are evaluated by the job.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';

export type DocumentTrigger = 'create' | 'closed' | 'submit' | 'approve' | 'approval_requested';
export const NOTIFY_DOCUMENT_JOB = 'notify.document';

export async function enqueueDocumentTrigger(
  trx: Transaction<Tables>,
  orgId: number,
  docId: number,
  trigger: DocumentTrigger,
  occurrence: string,
): Promise<void> {
  await enqueueJob(trx, {
    orgId,
    kind: NOTIFY_DOCUMENT_JOB,
    uniqueKey: `notify:${orgId}:${docId}:${trigger}:${occurrence}`,
    payload: { docId, trigger, occurrence: `${trigger}:${occurrence}` },
  });
}

/** A close nobody performed (every remaining stage satisfied), keyed by the state version it reached. */
export function enqueueAutomaticClose(trx: Transaction<Tables>, orgId: number, docId: number, version: number): Promise<void> {
  return enqueueDocumentTrigger(trx, orgId, docId, 'closed', `auto-${version}`);
}

/** A workflow moved on its own (a dependency block satisfied) into an approve block, keyed by the state version. */
export function enqueueAutomaticApprovalRequest(trx: Transaction<Tables>, orgId: number, docId: number, version: number): Promise<void> {
  return enqueueDocumentTrigger(trx, orgId, docId, 'approval_requested', `auto-${version}`);
}
