/**
 * Reads a member's grants: the access control entries that name them directly (`identity_uuid`)
 * or through a group entry's members (`acl_members`). Their union is the member's rights.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Grant } from '@docket/shared';
import type { Database } from '../db/database.ts';
import type { AclEntryRow, Tables } from '../db/tables.ts';
import { readJson } from '../db/json.ts';

type GrantColumns = Pick<
  AclEntryRow,
  'module' | 'roles' | 'level' | 'scope' | 'region_id' | 'site_id' | 'can_create' | 'can_delete' | 'doc_types'
>;

/** `executor` lets a transaction see its own uncommitted changes (the last-administrator check). */
export async function loadGrants(
  database: Database,
  orgId: number,
  identityUuid: string,
  executor: Kysely<Tables> | Transaction<Tables> = database.db,
): Promise<Grant[]> {
  const rows = await executor
    .selectFrom('acl_entries as a')
    .select(['a.id', ...GRANT_COLUMNS])
    .where('a.org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        eb('a.identity_uuid', '=', identityUuid),
        eb.exists(
          eb
            .selectFrom('acl_members as m')
            .select('m.acl_id')
            .whereRef('m.acl_id', '=', 'a.id')
            .where('m.org_id', '=', orgId)
            .where('m.identity_uuid', '=', identityUuid),
        ),
      ]),
    )
    .orderBy('a.id')
    .execute();
  return rows.map(toGrant);
}

/** The columns `toGrant` reads, as one select list over `acl_entries as a`. */
export const GRANT_COLUMNS = [
  'a.module',
  'a.roles',
  'a.level',
  'a.scope',
  'a.region_id',
  'a.site_id',
  'a.can_create',
  'a.can_delete',
  'a.doc_types',
] as const;

export function toGrant(row: GrantColumns): Grant {
  return {
    module: row.module,
    roles: readJson<string[]>(row.roles, []),
    level: row.level,
    create: row.can_create === 1,
    delete: row.can_delete === 1,
    doc_types: readJson<string[] | null>(row.doc_types, null),
    scope: row.scope,
    region_id: row.region_id,
    site_id: row.site_id,
  };
}
