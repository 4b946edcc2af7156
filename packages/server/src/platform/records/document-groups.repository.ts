/**
 * `group_by` on one to three fields: document counts per distinct value (or value combination,
 * the cross-tab of the group view), under the same organisation, type, row filter and request
 * filter as the list. Grouped fields are read through field-sql.ts, so an indexed field groups
 * from its expression index.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { lookupField, MAX_GROUPS, type FilterNode } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { typeConditions, type TypeScope } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { isMissingIndex, isNoSuchIndex, rememberMissingIndex } from './missing-indexes.ts';

export interface GroupRequest extends TypeScope {
  filter: FilterNode | null;
  fields: string[];
  userId: string;
  /**
   * SQLite: an index holding the grouped field and every field the conditions read
   * (`groupIndexOf`, shape-index-hints.ts), read when the group counts at least `minMatches`
   * documents (`throughIndex`).
   */
  through?: { index: string; minMatches: number } | undefined;
}

export interface GroupResult {
  rows: Record<string, unknown>[];
  /** Documents counted (the sum of the groups' counts). */
  total: number;
  /** More than MAX_GROUPS groups existed; only the first ones are answered. */
  truncated: boolean;
}

export async function groupDocuments(database: Database, request: GroupRequest): Promise<GroupResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const exprs = request.fields.map((field) => fieldSql(database.dialect, request.catalog, field, 'd').expr);
  const index = await throughIndex(database, where, request.through);
  let rows: Record<string, unknown>[];
  try {
    rows = await groupRows(database, where, exprs, index);
  } catch (error) {
    if (!index || !isNoSuchIndex(error)) throw error;
    rememberMissingIndex(database, index);
    rows = await groupRows(database, where, exprs, undefined);
  }
  const truncated = rows.length > MAX_GROUPS;
  const kept = truncated ? rows.slice(0, MAX_GROUPS) : rows;
  let total = 0;
  const answer = kept.map((row) => {
    const group: Record<string, unknown> = {};
    request.fields.forEach((field, index) => {
      group[field] = normalise(row[`g${index}`], lookupField(request.catalog, field)?.type);
    });
    const count = Number(row.count);
    total += count;
    return { ...group, count };
  });
  return { rows: answer, total, truncated };
}

/**
 * The groups' statement, on the bulk reader (SQLite's reader threads but the first): a group over
 * 1,000,000 documents takes 0.1–2 s, which on the write connection would hold the event loop
 * (bench/README.md, eleventh session), and on the lists' thread every list behind it (thirtieth
 * session).
 */
async function groupRows(
  database: Database,
  where: Expression<SqlBool>[],
  exprs: RawBuilder<unknown>[],
  index: string | undefined,
): Promise<Record<string, unknown>[]> {
  const named = index ? sql` INDEXED BY ${sql.id(index)}` : sql``;
  const columns = sql.join(exprs.map((expr, position) => sql`${expr} AS ${sql.id(`g${position}`)}`));
  const keys = sql.join(exprs);
  const result = await sql<Record<string, unknown>>`SELECT ${columns}, count(*) AS ${sql.id('count')}
    FROM documents AS d${named} WHERE ${sql.join(where, sql` AND `)}
    GROUP BY ${keys} ORDER BY ${keys} LIMIT ${MAX_GROUPS + 1}`.execute(database.bulkReader);
  return result.rows;
}

/**
 * SQLite: the index a group reads (`GroupRequest.through`) when it holds every condition and at
 * least `minMatches` documents match. SQLite's planner knows nothing of how many rows a range
 * keeps (no per-value statistics in this build): grouping 1,000,000 incidents by category under
 * the default filter (`created_date >= '2023-01-01'`, the web's group mode) it read the creation
 * date's index and then every row, 2–3 s, where the category's own index, which holds the
 * creation date, answered from its entries alone in about 0.1 s (bench/README.md, thirty-sixth
 * session). Where few documents match (a small site, a narrow range), reading them is quicker
 * than every entry of the type: hence a capped count first, through the planner's choice.
 */
async function throughIndex(
  database: Database,
  where: Expression<SqlBool>[],
  through: GroupRequest['through'],
): Promise<string | undefined> {
  if (!through || isMissingIndex(database, through.index)) return undefined;
  const counted = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 FROM documents AS d
    WHERE ${sql.join(where, sql` AND `)} LIMIT ${through.minMatches}) AS capped`.execute(database.bulkReader);
  return Number(counted.rows[0]?.n ?? 0) >= through.minMatches ? through.index : undefined;
}

/** SQLite reads booleans as 0/1; answers use JSON's true/false like the documents do. */
function normalise(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1;
  if ((type === 'number' || type === 'integer') && typeof value === 'string') return Number(value);
  return value;
}
