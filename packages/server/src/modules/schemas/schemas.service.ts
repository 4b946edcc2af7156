/**
 * Versions of a stored type schema: listed newest first (who, when, what changed), read one by
 * one, and compared. Readable by whoever may read `$$schema` documents (administrators).
 * Create, update and delete of schemas are the generic document operations with the hooks of
 * schema-hooks.ts.
 */
import {
  schemaDocumentType,
  type ListAnswer,
  type SchemaDiffAnswer,
  type SchemaVersionAnswer,
  type SchemaVersionEntry,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { notFound } from '../../http/http-error.ts';
import { findDocument } from '../../platform/records/documents.repository.ts';
import { readScope } from '../documents/read-scope.ts';
import { changedProperties, diffSchemas } from './schema-diff.ts';
import { findSchemaVersion, listSchemaVersions, type VersionRow } from './schemas.repository.ts';

export const SCHEMA_NOT_FOUND = 'No document with that reference can be found.';
export const VERSION_NOT_FOUND = 'No such version of this schema.';

/**
 * Versions outlive their document (a deleted schema's history stays listable), so the check is
 * the caller's right to read schemas, then that the document or its history exists.
 */
async function schemaDocOrThrow(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const scope = readScope(principal, schemaDocumentType);
  if (await findDocument(ctx.database, ctx.database.db, scope, id, principal.uuid)) return;
  if (!(await findSchemaVersion(ctx.database, principal.org.id, id, 1))) throw notFound(SCHEMA_NOT_FOUND);
}

function entry(row: VersionRow, previous: VersionRow | undefined): SchemaVersionEntry {
  return {
    version: row.version,
    type: row.type,
    action: row.action,
    created_by: { uuid: row.created_by, display_name: row.created_by_name ?? '' },
    created_date: row.created_date,
    changed: row.action === 'delete' ? [] : changedProperties(previous?.schema ?? null, row.schema),
  };
}

export async function listVersions(ctx: AppContext, principal: Principal, id: number): Promise<ListAnswer<SchemaVersionEntry>> {
  await schemaDocOrThrow(ctx, principal, id);
  const rows = await listSchemaVersions(ctx.database, principal.org.id, id);
  return { dataAr: rows.map((row, index) => entry(row, rows[index + 1])), total: rows.length };
}

export async function getVersion(ctx: AppContext, principal: Principal, id: number, version: number): Promise<SchemaVersionAnswer> {
  await schemaDocOrThrow(ctx, principal, id);
  const row = await findSchemaVersion(ctx.database, principal.org.id, id, version);
  if (!row) throw notFound(VERSION_NOT_FOUND);
  const previous = version > 1 ? await findSchemaVersion(ctx.database, principal.org.id, id, version - 1) : undefined;
  return { ...entry(row, previous), schema: row.schema };
}

export async function compareVersions(
  ctx: AppContext,
  principal: Principal,
  id: number,
  from: number,
  to: number,
): Promise<SchemaDiffAnswer> {
  await schemaDocOrThrow(ctx, principal, id);
  const [before, after] = await Promise.all([
    findSchemaVersion(ctx.database, principal.org.id, id, from),
    findSchemaVersion(ctx.database, principal.org.id, id, to),
  ]);
  if (!before || !after) throw notFound(VERSION_NOT_FOUND);
  return { from, to, changes: diffSchemas(before.schema, after.schema) };
}
