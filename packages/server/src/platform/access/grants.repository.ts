/** Reads a member's access control entries as grants (the access issue adds group membership). */
import type { Grant } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { readJson } from '../db/json.ts';

export async function loadGrants(database: Database, orgId: number, identityUuid: string): Promise<Grant[]> {
  const rows = await database.db
    .selectFrom('acl_entries')
    .select(['module', 'roles', 'level', 'scope', 'region_id', 'site_id', 'can_create', 'can_delete', 'doc_types'])
    .where('org_id', '=', orgId)
    .where('identity_uuid', '=', identityUuid)
    .execute();
  return rows.map((row) => ({
    module: row.module,
    roles: readJson<string[]>(row.roles, []),
    level: row.level,
    create: row.can_create === 1,
    delete: row.can_delete === 1,
    doc_types: readJson<string[] | null>(row.doc_types, null),
    scope: row.scope,
    region_id: row.region_id,
    site_id: row.site_id,
  }));
}
