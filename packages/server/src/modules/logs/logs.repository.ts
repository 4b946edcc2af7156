/**
 * SQL for the logs an organisation's administrators read: only lines written in that
 * organisation's context (its administration, sign-ins through its directory or with a password
 * its administrator set). Sign-in lines without an organisation (a person's own password, their
 * one-time codes, failures, client addresses) are the person's own: an identity that several
 * organisations share must not show one its activity in another (docs/product/security.md).
 */
import type { FieldCatalog } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { ListSpec } from '../../platform/lists/table-list.ts';

export const logCatalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  type: { type: 'integer', column: 'type' },
  created_date: { type: 'datetime', column: 'created_date' },
  created: { type: 'datetime', column: 'created_date' },
  subject: { type: 'string', column: 'subject' },
  summary: { type: 'string', column: 'summary' },
  descrip: { type: 'text', column: 'descrip' },
};

export const logListSpec: ListSpec = {
  catalog: logCatalog,
  sortable: ['id', 'type', 'created_date', 'subject'],
  // Spec 000 §9: logs are ordered by created descending.
  defaultOrder: [{ field: 'created_date', direction: 'desc' }],
  tieBreaker: 'id',
};

export interface LogRow {
  id: number;
  type: number;
  created_date: string;
  subject: string;
  summary: string;
  descrip: string;
}

export function logSource(database: Database, orgId: number) {
  return database.db
    .selectFrom('logs as l')
    .select(['l.id', 'l.type', 'l.created_date', 'l.subject', 'l.summary', 'l.descrip'])
    .where('l.org_id', '=', orgId);
}
