/**
 * Expression indexes for the fields a type marks `indexed` (issue 4 item 10), on both databases:
 *   CREATE INDEX IF NOT EXISTS dx_<type>_<field>_<hash> ON documents (org_id, doc_type, <field expr>, id)
 *     WHERE doc_type = '<type>'
 * The field expression is field-sql.ts's, the very text list queries use, so the planner matches
 * it; the partial predicate keeps other types' inserts from paying for the index, and list
 * queries write the type as a literal so the predicate is provable. `doc_type` is in the key as
 * well although the predicate fixes it: SQLite's planner then counts three equality columns and
 * prefers this index to the two-column (org_id, doc_type) ones once ANALYZE has run. Names are deterministic (a
 * hash of type, field and expression), and nothing but validated identifiers reaches the DDL.
 * Created at start for the built-in types and when a schema is saved, each new one analysed at once
 * (platform/db/planner-statistics.ts); never dropped on their own
 * (an index a schema no longer names costs writes only; an administrator may drop it).
 * Array fields and long text get no index: their filters (CONTAINS) cannot use a B-tree.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import {
  builtinTypes,
  fieldCatalogOf,
  isArrayType,
  lookupField,
  SCHEMA_TYPE,
  schemaDocumentType,
  type DocumentSchema,
} from '@docket/shared';
import type { Database, DialectName } from '../db/database.ts';
import { readJson } from '../db/json.ts';
import { docTypeLiteral } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { afterIndexBuilds } from '../db/planner-statistics.ts';

/** Part of every index name: a change of the key's shape gives new names (and new indexes). */
const INDEX_SHAPE = 'k2';

export interface IndexDefinition {
  name: string;
  field: string;
  ddl: RawBuilder<unknown>;
}

function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, max);
}

/** The index definitions a type asks for (skipping fields that cannot have one). */
export function indexDefinitionsOf(type: DocumentSchema, dialect: DialectName): IndexDefinition[] {
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const definitions: IndexDefinition[] = [];
  for (const field of new Set(type.indexed ?? [])) {
    const info = lookupField(catalog, field);
    if (!info || isArrayType(info.type) || info.type === 'text') continue;
    const { expr } = fieldSql(dialect, catalog, field);
    const hash = createHash('sha256')
      .update(`${INDEX_SHAPE}\u0000${type.type}\u0000${field}\u0000${info.type}\u0000${info.column ?? 'data'}`)
      .digest('hex')
      .slice(0, 10);
    const name = `dx_${slug(type.type, 20)}_${slug(field, 24)}_${hash}`;
    const ddl = sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON documents (org_id, doc_type, ${expr}, id) WHERE doc_type = ${docTypeLiteral(type.type)}`;
    definitions.push({ name, field, ddl });
  }
  return definitions;
}

/** Creates the missing indexes of a type and analyses them; answers the names it ensured. Failures are thrown. */
export async function ensureTypeIndexes(database: Database, type: DocumentSchema): Promise<string[]> {
  const { names, built } = await buildMissingIndexes(database, type);
  // New indexes have no statistics yet: without them the planner may ignore them.
  if (built.length > 0) await afterIndexBuilds(database, built);
  return names;
}

async function buildMissingIndexes(database: Database, type: DocumentSchema): Promise<{ names: string[]; built: string[] }> {
  const definitions = indexDefinitionsOf(type, database.dialect);
  const built: string[] = [];
  for (const definition of definitions) {
    if (await indexExists(database, definition.name)) continue;
    try {
      // An index build on a large table may take longer than a request's budget.
      await database.maintenance((db) => definition.ddl.execute(db));
      built.push(definition.name);
    } catch (error) {
      // Another process may have created it at the same moment (PostgreSQL catalog race).
      if (!(await indexExists(database, definition.name))) throw error;
    }
  }
  return { names: definitions.map((d) => d.name), built };
}

async function indexExists(database: Database, name: string): Promise<boolean> {
  const result =
    database.dialect === 'sqlite'
      ? await sql<{ found: number }>`SELECT 1 AS found FROM sqlite_master WHERE type = 'index' AND name = ${name}`.execute(database.db)
      : await sql<{ found: number }>`SELECT 1 AS found FROM pg_indexes WHERE indexname = ${name} AND schemaname = current_schema()`.execute(
          database.db,
        );
  return result.rows.length > 0;
}

/** At start: the built-in types, the schema type and every stored schema of every organisation. */
export async function ensureAllTypeIndexes(database: Database): Promise<void> {
  const built: string[] = [];
  const ensure = async (type: DocumentSchema) => built.push(...(await buildMissingIndexes(database, type)).built);
  for (const type of [...builtinTypes, schemaDocumentType]) await ensure(type);
  const stored = await database.db.selectFrom('documents').select('data').where('doc_type', '=', SCHEMA_TYPE).execute();
  for (const row of stored) {
    const data = readJson<DocumentSchema | null>(row.data, null);
    if (!data || typeof data.type !== 'string') continue;
    try {
      await ensure({ ...data, version: 3 });
    } catch {
      // A stored schema that no longer compiles is skipped here as it is by the type registry.
    }
  }
  // One analysis for all of them (PostgreSQL analyses the table once, not once per index).
  if (built.length > 0) await afterIndexBuilds(database, built);
}
