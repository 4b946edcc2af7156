/**
 * An index's size as one organisation's share (docs/product/security.md#tenants).
 * The documents table and its indexes are shared by every organisation on the server, so a whole
 * index's size would tell one organisation's administrators how many documents the others keep
 * (an index of every type: the server's whole volume; a type's index: every organisation's
 * documents of a type of that name). The Indexes tab answers each index's bytes in proportion to
 * the entries that are this organisation's: its documents of the type for a type's index, its
 * documents of every type for the others, counted against the table's rows.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/**
 * An index of every type that holds one entry per document (migration 001): its entry count is the
 * table's row count, which the shares of the partial indexes of every type are measured against.
 */
export const WHOLE_TABLE_INDEX = 'documents_type_created';

export interface OwnDocuments {
  /** The organisation's documents of every type. */
  all: number;
  /** The organisation's documents of the type whose tab is open. */
  ofType: number;
}

/** One range read of the organisation's entries in an index that starts with `org_id`. */
export async function ownDocuments(database: Database, orgId: number, docType: string): Promise<OwnDocuments> {
  const row = await database.bulkReader
    .selectFrom('documents as d')
    .select([
      sql<number | string>`count(*)`.as('all'),
      sql<number | string | null>`sum(CASE WHEN d.doc_type = ${docType} THEN 1 ELSE 0 END)`.as('of_type'),
    ])
    .where('d.org_id', '=', orgId)
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), ofType: Number(row?.of_type ?? 0) };
}

/**
 * `bytes` scaled by `own` entries of `entries` in all, never above the whole. Unknown (null) when
 * either measure is: the whole size is never the fallback, as that is what must not be told.
 */
export function ownShare(bytes: number | null, entries: number | null, own: number): number | null {
  if (bytes === null || entries === null) return null;
  if (own === 0) return 0;
  return Math.min(bytes, Math.round((bytes * own) / Math.max(entries, own)));
}
