/**
 * The append-only audit trail of document mutations (who, when, which fields, before and after),
 * written in the same transaction as the change it records. The database refuses edits to it.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';
import { nowIso, writeJson } from '../db/json.ts';

export interface AuditEntry {
  orgId: number;
  docId: number;
  docType: string;
  action: string;
  actor: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export async function appendAudit(trx: Transaction<Tables>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_trail')
    .values({
      org_id: entry.orgId,
      doc_id: entry.docId,
      doc_type: entry.docType,
      action: entry.action,
      actor_uuid: entry.actor,
      created_date: nowIso(),
      changes: writeJson(entry.changes),
    })
    .execute();
}

/** Field-level differences between two flat documents (server fields like meta are skipped). */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry['changes'] {
  const skip = new Set(['meta', 'data_normalised', 'id', 'display_id', 'doc_type', 'status']);
  const changes: AuditEntry['changes'] = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(key)) continue;
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}
