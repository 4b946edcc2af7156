/** SQL of stored type-schema versions (`schema_versions`, migration 003) and schema lookups. */
import { sql, type Transaction } from 'kysely';
import { fieldCatalogOf, SCHEMA_TYPE, schemaDocumentType } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { nowIso, readJson, writeJson } from '../../platform/db/json.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';

export interface VersionRow {
  version: number;
  type: string;
  action: 'create' | 'update' | 'delete';
  schema: Record<string, unknown>;
  created_by: string;
  created_by_name: string | null;
  created_date: string;
}

export async function appendSchemaVersion(
  trx: Transaction<Tables>,
  entry: { orgId: number; docId: number; type: string; action: VersionRow['action']; schema: Record<string, unknown>; actor: string },
): Promise<number> {
  const last = await trx
    .selectFrom('schema_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('org_id', '=', entry.orgId)
    .where('schema_doc_id', '=', entry.docId)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto('schema_versions')
    .values({
      org_id: entry.orgId,
      schema_doc_id: entry.docId,
      type: entry.type,
      version,
      action: entry.action,
      schema: writeJson(entry.schema),
      created_by: entry.actor,
      created_date: nowIso(),
    })
    .execute();
  return version;
}

function selectVersions(database: Database, orgId: number, docId: number) {
  return database.db
    .selectFrom('schema_versions as v')
    .leftJoin('identities as who', 'who.uuid', 'v.created_by')
    .select(['v.version', 'v.type', 'v.action', 'v.schema', 'v.created_by', 'v.created_date', 'who.display_name as created_by_name'])
    .where('v.org_id', '=', orgId)
    .where('v.schema_doc_id', '=', docId);
}

type SelectedVersion = Awaited<ReturnType<ReturnType<typeof selectVersions>['execute']>>[number];

function toVersion(row: SelectedVersion): VersionRow {
  return {
    version: Number(row.version),
    type: row.type,
    action: row.action,
    schema: readJson<Record<string, unknown>>(row.schema, {}),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_date: row.created_date,
  };
}

export async function listSchemaVersions(database: Database, orgId: number, docId: number): Promise<VersionRow[]> {
  const rows = await selectVersions(database, orgId, docId).orderBy('v.version', 'desc').execute();
  return rows.map(toVersion);
}

export async function findSchemaVersion(
  database: Database,
  orgId: number,
  docId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const row = await selectVersions(database, orgId, docId).where('v.version', '=', version).executeTakeFirst();
  return row ? toVersion(row) : undefined;
}

/** Ids of the organisation's `$$schema` documents storing `type` (case-insensitive), except `exceptId`. */
export async function schemaDocIdsOfType(database: Database, orgId: number, type: string, exceptId: number | null): Promise<number[]> {
  const { expr } = fieldSql(database.dialect, fieldCatalogOf(schemaDocumentType, { canSeeProtected: true }), 'type');
  let query = database.db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', SCHEMA_TYPE)
    .where(sql<boolean>`lower(${expr}) = lower(cast(${type} as text))`);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.execute()).map((r) => Number(r.id));
}

export async function countDocumentsOfType(database: Database, orgId: number, type: string): Promise<number> {
  const row = await database.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('doc_type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
