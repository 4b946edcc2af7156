/**
 * SQL for access control entries. Every query names the organisation; the list source exposes
 * each entry under the API's field names with roles, doc_types and members in a JSON `data`
 * column, so the generic list (platform/lists/table-list.ts) filters it like any list.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FieldCatalog } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import type { ListSpec } from '../../platform/lists/table-list.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export const aclCatalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  acl_id: { type: 'integer', column: 'id' },
  group: { type: 'string', column: 'group' },
  identity_id: { type: 'string', column: 'identity_id' },
  level: { type: 'integer', column: 'level' },
  create: { type: 'boolean', column: 'create' },
  delete: { type: 'boolean', column: 'delete' },
  module: { type: 'string', column: 'module' },
  scope: { type: 'integer', column: 'scope' },
  region_id: { type: 'integer', column: 'region_id' },
  site_id: { type: 'integer', column: 'site_id' },
  created_date: { type: 'datetime', column: 'created_date' },
  roles: { type: 'string[]' },
  doc_types: { type: 'string[]' },
  members: { type: 'string[]' },
};

export const aclListSpec: ListSpec = {
  catalog: aclCatalog,
  sortable: ['id', 'group', 'identity_id', 'level', 'scope', 'region_id', 'site_id', 'module', 'created_date'],
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  tieBreaker: 'id',
};

export interface AclRow {
  id: number;
  group: string | null;
  identity_id: string | null;
  level: number;
  create: number;
  delete: number;
  module: string | null;
  scope: number;
  region_id: number | null;
  site_id: number | null;
  created_date: string;
  data: unknown;
}

export function aclSource(database: Database, orgId: number) {
  const members =
    database.dialect === 'postgres'
      ? sql`coalesce((SELECT jsonb_agg(m.identity_uuid ORDER BY m.identity_uuid) FROM acl_members m WHERE m.acl_id = a.id), '[]'::jsonb)`
      : sql`(SELECT json_group_array(identity_uuid) FROM (SELECT m.identity_uuid FROM acl_members m WHERE m.acl_id = a.id ORDER BY m.identity_uuid))`;
  const data =
    database.dialect === 'postgres'
      ? sql`jsonb_build_object('roles', a.roles, 'doc_types', coalesce(a.doc_types, '[]'::jsonb), 'members', ${members})`
      : sql`json_object('roles', json(a.roles), 'doc_types', json(coalesce(a.doc_types, '[]')), 'members', json(${members}))`;
  return database.db
    .selectFrom('acl_entries as a')
    .select([
      'a.id',
      'a.group_name as group',
      'a.identity_uuid as identity_id',
      'a.level',
      'a.can_create as create',
      'a.can_delete as delete',
      'a.module',
      'a.scope',
      'a.region_id',
      'a.site_id',
      'a.created_date',
    ])
    .select(data.as('data'))
    .where('a.org_id', '=', orgId);
}

export async function findAclRow(database: Database, orgId: number, id: number): Promise<AclRow | undefined> {
  return (await aclSource(database, orgId).where('a.id', '=', id).executeTakeFirst()) as AclRow | undefined;
}

export interface AclWrite {
  group_name: string | null;
  identity_uuid: string | null;
  level: number;
  can_create: number;
  can_delete: number;
  roles: string[];
  doc_types: string[] | null;
  module: string | null;
  scope: number;
  region_id: number | null;
  site_id: number | null;
  members: string[];
}

/** What a person's own ACL entry grants; unsaid: no delete, organisation-wide (scope 1), every type. */
export interface PersonalGrant {
  level: number;
  roles: readonly string[];
  canCreate?: boolean;
  canDelete?: boolean;
  docTypes?: string[] | null;
  scope?: number;
  regionId?: number | null;
  siteId?: number | null;
}

/** The ACL entry of one person (not a group) with `grant`, as `insertAcl` stores it. */
export function personalEntry(uuid: string, grant: PersonalGrant): AclWrite {
  return {
    group_name: null,
    identity_uuid: uuid,
    level: grant.level,
    can_create: grant.canCreate === false ? 0 : 1,
    can_delete: grant.canDelete ? 1 : 0,
    roles: [...new Set(grant.roles)],
    doc_types: grant.docTypes ?? null,
    module: null,
    scope: grant.scope ?? 1,
    region_id: grant.regionId ?? null,
    site_id: grant.siteId ?? null,
    members: [],
  };
}

/** Stores one ACL entry and its members; also what seeds and fixtures call (outside a transaction too). */
export async function insertAcl(trx: Executor, orgId: number, write: AclWrite): Promise<number> {
  const { members, ...columns } = write;
  const row = await trx
    .insertInto('acl_entries')
    .values({
      ...columns,
      org_id: orgId,
      roles: writeJson(columns.roles),
      doc_types: columns.doc_types ? writeJson(columns.doc_types) : null,
      created_date: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await replaceMembers(trx, orgId, id, members);
  return id;
}

export async function updateAcl(trx: Transaction<Tables>, orgId: number, id: number, write: AclWrite): Promise<void> {
  const { members, ...columns } = write;
  await trx
    .updateTable('acl_entries')
    .set({ ...columns, roles: writeJson(columns.roles), doc_types: columns.doc_types ? writeJson(columns.doc_types) : null })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
  await replaceMembers(trx, orgId, id, members);
}

export async function deleteAcl(trx: Transaction<Tables>, orgId: number, id: number): Promise<void> {
  await trx.deleteFrom('acl_members').where('org_id', '=', orgId).where('acl_id', '=', id).execute();
  await trx.deleteFrom('acl_entries').where('org_id', '=', orgId).where('id', '=', id).execute();
}

async function replaceMembers(trx: Executor, orgId: number, id: number, members: string[]): Promise<void> {
  await trx.deleteFrom('acl_members').where('org_id', '=', orgId).where('acl_id', '=', id).execute();
  if (members.length === 0) return;
  await trx
    .insertInto('acl_members')
    .values(members.map((identity_uuid) => ({ acl_id: id, org_id: orgId, identity_uuid })))
    .execute();
}

/** Which of `uuids` are members of the organisation. */
export async function membersAmong(executor: Executor, orgId: number, uuids: readonly string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await executor
    .selectFrom('memberships')
    .select('identity_uuid')
    .where('org_id', '=', orgId)
    .where('identity_uuid', 'in', [...uuids])
    .execute();
  return new Set(rows.map((r) => r.identity_uuid));
}

export async function displayNames(executor: Executor, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('identities')
    .select(['uuid', 'display_name'])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((r) => [r.uuid, r.display_name]));
}

/** A reference document (region or site) of this organisation, with its region. */
export async function findReference(
  executor: Executor,
  orgId: number,
  docType: 'region' | 'site',
  id: number,
): Promise<{ id: number; region_id: number | null } | undefined> {
  const row = await executor
    .selectFrom('documents')
    .select(['id', 'region_id'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: Number(row.id), region_id: row.region_id } : undefined;
}
