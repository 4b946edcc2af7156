/**
 * `group_by` on one to three fields: document counts per distinct value (or value combination,
 * the cross-tab of the group view), under the same organisation, type, row filter and request
 * filter as the list. Grouped fields are read through field-sql.ts, so an indexed field groups
 * from its expression index.
 */
import { sql } from 'kysely';
import { lookupField, MAX_GROUPS, type FilterNode } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { typeConditions, type TypeScope } from './document-query.ts';
import { fieldSql } from './field-sql.ts';

export interface GroupRequest extends TypeScope {
  filter: FilterNode | null;
  fields: string[];
  userId: string;
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
  // On the bulk reader (SQLite's reader threads but the first): a group over 1,000,000 documents
  // takes 0.1–2 s, which on the write connection would hold the event loop (bench/README.md,
  // eleventh session), and on the lists' thread every list behind it (thirtieth session).
  let query = database.bulkReader
    .selectFrom('documents as d')
    .select(exprs.map((expr, index) => expr.as(`g${index}`)))
    .select(sql<number>`count(*)`.as('count'))
    .where((eb) => eb.and(where));
  for (const expr of exprs) query = query.groupBy(expr).orderBy(expr);
  const rows = (await query.limit(MAX_GROUPS + 1).execute()) as Record<string, unknown>[];
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

/** SQLite reads booleans as 0/1; answers use JSON's true/false like the documents do. */
function normalise(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1;
  if ((type === 'number' || type === 'integer') && typeof value === 'string') return Number(value);
  return value;
}
