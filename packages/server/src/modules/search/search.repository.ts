/**
 * Ranked full-text search over summary, descrip, display_id and ref (migration 003): SQLite FTS5
 * (bm25, ids and references weighted highest) or PostgreSQL `search_vector @@ to_tsquery` (ts_rank).
 * Always within the organisation and, per type, the caller's row filter (multiTypeCondition).
 */
import { sql, type RawBuilder } from 'kysely';
import { TOTAL_COUNT_WINDOW } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { documentColumns, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { multiTypeCondition, type TypeScope } from '../../platform/records/document-query.ts';
import { fts5Query, tsQuery } from './fts-query.ts';

export interface TextSearch {
  orgId: number;
  parts: readonly TypeScope[];
  userId: string;
  terms: string[];
  start: number;
  count: number;
}

const columns = sql.join(documentColumns.map((c) => sql.ref(`d.${c}`)));

function sources(
  database: Database,
  search: TextSearch,
): { from: RawBuilder<unknown>; match: RawBuilder<unknown>; rank: RawBuilder<unknown> } {
  if (database.dialect === 'sqlite') {
    return {
      from: sql`documents_fts JOIN documents AS d ON d.id = documents_fts.rowid`,
      match: sql`documents_fts MATCH ${fts5Query(search.terms)}`,
      // bm25 is lower for better matches; columns: summary, descrip, display_id, ref.
      rank: sql`bm25(documents_fts, 5.0, 1.0, 10.0, 10.0) ASC`,
    };
  }
  const query = sql`to_tsquery('simple', ${tsQuery(search.terms)})`;
  return { from: sql`documents AS d`, match: sql`d.search_vector @@ ${query}`, rank: sql`ts_rank(d.search_vector, ${query}) DESC` };
}

export async function searchText(
  database: Database,
  search: TextSearch,
): Promise<{ rows: RowWithAuthor[]; total: number; totalIsEstimate: boolean }> {
  const { from, match, rank } = sources(database, search);
  const access = multiTypeCondition(database, search.orgId, search.parts, search.userId);
  const page = await sql<RowWithAuthor>`SELECT ${columns}, author.display_name AS created_by_name
    FROM ${from} LEFT JOIN identities AS author ON author.uuid = d.created_by
    WHERE ${match} AND ${access}
    ORDER BY ${rank}, d.id DESC
    LIMIT ${search.count} OFFSET ${search.start}`.execute(database.reader);
  if (search.start === 0 && page.rows.length < search.count) return { rows: page.rows, total: page.rows.length, totalIsEstimate: false };
  const cap = search.start + TOTAL_COUNT_WINDOW;
  const counted = await sql<{
    total: number;
  }>`SELECT count(*) AS total FROM (SELECT 1 FROM ${from} WHERE ${match} AND ${access} LIMIT ${cap + 1}) AS capped`.execute(
    database.reader,
  );
  const total = Number(counted.rows[0]?.total ?? 0);
  return { rows: page.rows, total: Math.min(total, cap), totalIsEstimate: total > cap };
}
