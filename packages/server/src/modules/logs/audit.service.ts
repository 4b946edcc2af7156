/**
 * The audit trail API (issue 3 item 6): who changed which document field when, before and after.
 * Read-only and for administrators: rows carry every field's values, protected ones included.
 */
import type { AuditAnswer, ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { readJson } from '../../platform/db/json.ts';
import { runTableList, type ParsedList } from '../../platform/lists/table-list.ts';
import { auditListSpec, auditSource, type AuditRow } from './audit.repository.ts';

export async function listAudit(
  ctx: AppContext,
  principal: Principal,
  docId: number | undefined,
  list: ParsedList,
): Promise<ListAnswer<AuditAnswer>> {
  requireAdministrator(principal, adminTypes.audit, 'read', 'the audit trail');
  const result = await runTableList<AuditRow>(
    ctx.database,
    auditSource(ctx.database, principal.org.id, docId),
    auditListSpec,
    list,
    principal.uuid,
  );
  return {
    dataAr: result.rows.map((row) => ({
      id: Number(row.id),
      doc_id: Number(row.doc_id),
      doc_type: row.doc_type,
      action: row.action,
      actor: { uuid: row.actor_uuid, display_name: row.actor_name ?? '' },
      created_date: row.created_date,
      changes: readJson<AuditAnswer['changes']>(row.changes, {}),
    })),
    total: result.total,
  };
}
