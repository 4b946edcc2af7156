/**
 * SQL for the logs an organisation's administrators read: lines written in that organisation's
 * context (its administration, sign-ins through its directory or with a password its
 * administrator set), plus sign-in lines without an organisation (the person's own password,
 * one-time codes, failures, client addresses) about identities that belong to this organisation
 * alone. Those of an identity several organisations share are the person's own: no organisation
 * reads its activity elsewhere (docs/product/security.md).
 */
import type { FieldCatalog } from '@docket/shared';
import { exclusiveMembersQuery } from '../identities/identities.repository.ts';
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
  // docs/product/administration.md#logs: logs are ordered by created descending.
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
    .where((eb) =>
      eb.or([
        eb('l.org_id', '=', orgId),
        eb.and([eb('l.org_id', 'is', null), eb('l.identity_uuid', 'in', exclusiveMembersQuery(database, orgId))]),
      ]),
    );
}
