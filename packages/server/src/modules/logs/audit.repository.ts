/** SQL for the read-only audit trail API (the table itself refuses updates and deletes). */
import type { FieldCatalog } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { ListSpec } from '../../platform/lists/table-list.ts';

export const auditCatalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  doc_id: { type: 'integer', column: 'doc_id' },
  doc_type: { type: 'string', column: 'doc_type' },
  action: { type: 'string', column: 'action' },
  actor_uuid: { type: 'string', column: 'actor_uuid' },
  created_date: { type: 'datetime', column: 'created_date' },
};

export const auditListSpec: ListSpec = {
  catalog: auditCatalog,
  sortable: ['id', 'created_date', 'doc_id', 'doc_type', 'action'],
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  tieBreaker: 'id',
};

export interface AuditRow {
  id: number;
  doc_id: number;
  doc_type: string;
  action: string;
  actor_uuid: string;
  actor_name: string | null;
  created_date: string;
  changes: unknown;
}

export function auditSource(database: Database, orgId: number, docId: number | undefined) {
  let query = database.db
    .selectFrom('audit_trail as a')
    .leftJoin('identities as i', 'i.uuid', 'a.actor_uuid')
    .select(['a.id', 'a.doc_id', 'a.doc_type', 'a.action', 'a.actor_uuid', 'i.display_name as actor_name', 'a.created_date', 'a.changes'])
    .where('a.org_id', '=', orgId);
  if (docId !== undefined) query = query.where('a.doc_id', '=', docId);
  return query;
}
