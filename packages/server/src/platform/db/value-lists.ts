/**
 * `expr IN (…)` over a list of values as one SQL text whatever the list's length. Written as
 * `IN (?, ?, …)`, every length is a statement of its own: a page's labels named 1 to 15 authors
 * and 0 to 15 documents, so up to a few hundred texts, each parsed again and (on PostgreSQL)
 * custom-planned five times per connection before a generic plan, and each taking one of the
 * named statements' bounded slots (pg-prepared-pool.ts). One array parameter keeps one text:
 * `= ANY(cast(? AS bigint[]))` on PostgreSQL, `IN (SELECT value FROM json_each(?))` on SQLite,
 * both read through the column's index like the literal list (docs/architecture.md, "Answer
 * caches").
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from './database.ts';

const PG_ARRAY_TYPES = { integer: sql.raw('bigint[]'), text: sql.raw('text[]') };

export function inValues(
  dialect: DialectName,
  expr: Expression<unknown>,
  kind: 'integer' | 'text',
  values: readonly (number | string)[],
): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${expr} = ANY(cast(${[...values]} AS ${PG_ARRAY_TYPES[kind]}))`;
  return sql<SqlBool>`${expr} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
