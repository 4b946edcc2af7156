/**
 * The one read the reference-list rules need: the ids of an organisation's documents of a type
 * that match a filter, under the named system scope (a uniqueness rule holds across every row,
 * whoever may read them). Reads through the given executor, so a check inside a write's
 * transaction sees that transaction's own rows.
 */
import type { DocumentSchema, FilterNode } from '@docket/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';
import { catalogFor } from '../documents/list-params.ts';

export async function idsWhere(
  database: Database,
  executor: Kysely<Tables>,
  orgId: number,
  type: DocumentSchema,
  filter: FilterNode,
): Promise<number[]> {
  const part: TypeScope<'read'> = {
    docType: type.type,
    scope: AccessScope.system(orgId, 'read', 'reference list uniqueness'),
    catalog: catalogFor(null, type),
  };
  const where = typeConditions(database, part, '', filter);
  const result = await sql<{ id: number }>`SELECT d.id AS id FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`.execute(executor);
  return result.rows.map((row) => Number(row.id));
}
