/**
 * SQL of the lookups: the distinct tags of readable posts with their counts (the JSON array is
 * unnested with json_each / jsonb_array_elements_text), and keyword lists by key through the
 * `key` expression index of the keyword_list type.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { TagCount } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';
import type { StoredKeywordList } from './keyword-options.ts';

export async function postTags(
  database: Database,
  part: TypeScope,
  userId: string,
  searchTerm: string | undefined,
  count: number,
): Promise<TagCount[]> {
  const where = sql.join(typeConditions(database, part, userId, null) as Expression<SqlBool>[], sql` AND `);
  const term = searchTerm?.trim().toLowerCase() ?? '';
  const tags =
    database.dialect === 'sqlite'
      ? sql`SELECT tag.value AS tag FROM documents AS d, json_each(d.data, '$.tags') AS tag WHERE ${where} AND json_type(d.data, '$.tags') = 'array' AND tag.type = 'text'`
      : sql`SELECT tag AS tag FROM documents AS d, jsonb_array_elements_text(d.data -> 'tags') AS tag WHERE ${where} AND jsonb_typeof(d.data -> 'tags') = 'array'`;
  const query = term
    ? sql`SELECT tag, count(*) AS n FROM (${tags}) AS t WHERE ${contains(database, sql.ref('tag'), term)} GROUP BY tag ORDER BY n DESC, tag ASC LIMIT ${count}`
    : sql`SELECT tag, count(*) AS n FROM (${tags}) AS t GROUP BY tag ORDER BY n DESC, tag ASC LIMIT ${count}`;
  // On a reader connection: the tags of every document of the type (document-groups.repository.ts).
  const rows = await sql<{ tag: string; n: number }>`${query}`.execute(database.reader);
  return rows.rows.map((row) => ({ value: row.tag, label: row.tag, count: Number(row.n) }));
}

function contains(database: Database, text: Expression<unknown>, needle: string) {
  return database.dialect === 'sqlite'
    ? sql`instr(lower(${text}), ${needle}) > 0`
    : sql`strpos(lower(${text}), cast(${needle} as text)) > 0`;
}

/** Enabled keyword lists, all or those with `key`. */
export async function keywordLists(
  database: Database,
  part: TypeScope,
  userId: string,
  key: string | undefined,
): Promise<StoredKeywordList[]> {
  const where = typeConditions(database, part, userId, null);
  let query = database.reader
    .selectFrom('documents as d')
    .select('d.data')
    .where((eb) => eb.and(where));
  if (key !== undefined) query = query.where(sql<boolean>`${fieldSql(database.dialect, part.catalog, 'key', 'd').expr} = ${key}`);
  const rows = await query.orderBy('d.summary').limit(1000).execute();
  return rows.map((row) => readJson<StoredKeywordList & { enabled?: boolean }>(row.data, {})).filter((list) => list.enabled !== false);
}
