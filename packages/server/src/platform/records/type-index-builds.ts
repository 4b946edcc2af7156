/**
 * Building and dropping the indexes a type asks for (type-indexes.ts says which, and why). A
 * type's indexes are built once it has held `config.indexBuilds.minDocuments` documents
 * (modules/list-indexes/index-jobs.ts): at start for the built-in types and when a schema is saved,
 * each new one analysed at once (platform/db/planner-statistics.ts). The durable job's build never
 * holds writes for the whole build: PostgreSQL builds `CONCURRENTLY`, SQLite in chunks off the
 * event loop (platform/db/sqlite-index-in-chunks.ts, docs/architecture.md#index-builds-in-chunks).
 * Derived indexes no definition of the type asks for any more are dropped: an index nothing names
 * costs every write.
 */
import { sql, type RawBuilder } from 'kysely';
import { builtinTypes, SCHEMA_TYPE, schemaDocumentType, type DocumentSchema } from '@docket/shared';
import { runSchemaStatements, schemaText, type Database } from '../db/database.ts';
import { buildIndexInChunks, type ChunkProgress } from '../db/sqlite-index-in-chunks.ts';
import { readJson } from '../db/json.ts';
import { afterIndexBuilds } from '../db/planner-statistics.ts';
import { documentsHeldPerType } from './display-id.ts';
import { documentIndexes, indexExists, type DocumentIndex } from './index-catalog.ts';
import { dropFieldStatistics, ensureFieldStatistics, statisticsOf } from './field-statistics.ts';
import { indexDefinitionsOf, type IndexDefinition } from './type-indexes.ts';

/** Creates the missing indexes of a type and analyses them; answers the names it ensured. Failures are thrown. */
export async function ensureTypeIndexes(database: Database, type: DocumentSchema, options: BuildOptions = {}): Promise<string[]> {
  const { names, built } = await buildMissingIndexes(database, indexDefinitionsOf(type, database.dialect), options);
  // New indexes have no statistics yet: without them the planner may ignore them.
  if (built.length > 0) await afterIndexBuilds(database, built);
  return names;
}

export interface BuildOptions {
  /** The durable job's build (index-jobs.ts): PostgreSQL `CONCURRENTLY`; SQLite in chunks off the event loop. */
  concurrently?: boolean;
  /** Told after each chunk of a build in chunks (how much of the table is read). */
  onProgress?: (progress: ChunkProgress) => void | Promise<void>;
}

export async function buildMissingIndexes(
  database: Database,
  definitions: readonly IndexDefinition[],
  options: BuildOptions = {},
): Promise<{ names: string[]; built: string[] }> {
  const built: string[] = [];
  for (const definition of definitions) {
    if (await indexExists(database, definition.name)) continue;
    try {
      await buildIndex(database, definition, options);
      built.push(definition.name);
    } catch (error) {
      // Another process may have created it at the same moment (PostgreSQL catalog race).
      if (!(await indexExists(database, definition.name))) throw error;
    }
  }
  // The statistics of the indexes built (field-statistics.ts): the analysis that follows fills them.
  built.push(...(await ensureFieldStatistics(database, statisticsOf(definitions.filter((d) => built.includes(d.name))))));
  return { names: definitions.map((d) => d.name), built };
}

async function buildIndex(database: Database, definition: IndexDefinition, options: BuildOptions): Promise<void> {
  const concurrently = options.concurrently === true;
  // Every page of the table read first, before writes wait for anything: a cold table's build held
  // them 6.1–12.6 s, 3.2–4.5 s after the read (bench/README.md, forty-third session).
  const warmUp = sql`SELECT sum(length(data)) FROM documents NOT INDEXED`;
  if (database.dialect === 'sqlite' && concurrently && database.schemaSession && definition.key) {
    // The job's build: in chunks, writes waiting for one range of rows at a time, never the whole build.
    const text = (part: RawBuilder<unknown>) => schemaText(database, part);
    const openSession = database.schemaSession;
    let warm = false;
    // The table read once, by the first of the build's connections.
    const session = () => openSession(warm ? undefined : ((warm = true), text(warmUp)));
    await buildIndexInChunks(
      session,
      {
        name: definition.name,
        table: 'documents',
        columns: definition.key.columns.map(text),
        where: text(definition.key.where),
      },
      options.onProgress,
    );
    return;
  }
  if (database.dialect !== 'postgres' || !concurrently) {
    // Off the event loop in the job (a build without its key's parts: one CREATE INDEX).
    await runSchemaStatements(database, [definition.ddl(false)], { offLoop: concurrently, warmUp });
    return;
  }
  // CONCURRENTLY cannot run inside a transaction: one pooled connection, its budget lifted for
  // the build and restored after (RESET returns to the start-up packet's serving value).
  await database.db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          // A build stopped half-way leaves an invalid index behind: remove it and build again.
          await sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(definition.name)}`.execute(connection);
          await definition.ddl(true).execute(connection);
          return;
        } catch (error) {
          if (!isDeadlock(error) || attempt >= CONCURRENT_BUILD_ATTEMPTS) throw error;
        }
      }
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}

/**
 * A concurrent build waits, near its end, for every older transaction of the whole database —
 * another schema's concurrent build of an expression index included, which waits for this one in
 * turn: PostgreSQL breaks that cycle by failing one of them with a deadlock, leaving an invalid
 * index. Nothing was wrong with the build, so it is tried again at once (the other has gone on)
 * rather than left to the job's retry minutes later.
 */
const CONCURRENT_BUILD_ATTEMPTS = 3;
const PG_DEADLOCK_DETECTED = '40P01';

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PG_DEADLOCK_DETECTED;
}

/** Drops one index (by a name from the catalog, checked as an identifier). */
export async function dropIndex(database: Database, name: string): Promise<void> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid index name: ${name}`);
  // Off the event loop: freeing the pages of an index of 1,000,000 entries held writes 0.3–1 s,
  // most of it reading them; on SQLite they are read first, beside the writes (sqlite-read-first.ts).
  await runSchemaStatements(database, [sql`DROP INDEX IF EXISTS ${sql.id(name)}`], { offLoop: true, readFirst: [name] });
  await dropFieldStatistics(database, name);
}

/** Prefixes of the indexes derived from a type's definition (single-field, list-shape, group mode), never an administrator's `ux_`. */
const DERIVED_PREFIXES = ['sx_', 'dx_', 'gx_'] as const;

/**
 * The derived indexes (`sx_…`, `dx_…`, `gx_…`) of a type that no definition of it asks for any more
 * — neither the built-in one nor any organisation's stored schema of that name — are dropped: they
 * cost every write and answer nothing. Run after the type's wanted indexes are built. Answers the
 * dropped names.
 */
export async function dropObsoleteDerivedIndexes(
  database: Database,
  typeName: string,
  wanted: readonly DocumentSchema[],
  /** The table's indexes when the caller has just read them (the start, for every type at once). */
  existing?: readonly Pick<DocumentIndex, 'name' | 'docType'>[],
): Promise<string[]> {
  const keep = new Set(wanted.flatMap((type) => indexDefinitionsOf(type, database.dialect).map((d) => d.name)));
  const dropped: string[] = [];
  for (const index of existing ?? (await documentIndexes(database))) {
    if (!DERIVED_PREFIXES.some((prefix) => index.name.startsWith(prefix)) || index.docType !== typeName || keep.has(index.name)) continue;
    await dropIndex(database, index.name);
    dropped.push(index.name);
  }
  return dropped;
}

/** Every stored schema of every organisation (indexes are shared by the organisations: one table). */
export async function storedDefinitions(database: Database): Promise<DocumentSchema[]> {
  const stored = await database.db.selectFrom('documents').select('data').where('doc_type', '=', SCHEMA_TYPE).execute();
  const definitions: DocumentSchema[] = [];
  for (const row of stored) {
    const data = readJson<DocumentSchema | null>(row.data, null);
    if (data && typeof data.type === 'string') definitions.push({ ...data, version: 3 });
  }
  return definitions;
}

/** The definitions of one type name: the built-in one and every organisation's stored one. */
export async function definitionsNamed(database: Database, typeName: string): Promise<DocumentSchema[]> {
  return definitionsAmong(await storedDefinitions(database), typeName);
}

/** The definitions of one type name among stored ones already read (the built-in one first). */
export function definitionsAmong(stored: readonly DocumentSchema[], typeName: string): DocumentSchema[] {
  return [...builtinTypes, schemaDocumentType, ...stored].filter((type) => type.type === typeName);
}

/**
 * After a bulk load (the benchmark seeder): the indexes of the built-in types, the schema type and
 * every stored schema of every organisation that has held at least `minDocuments` documents (the
 * server's `config.indexBuilds.minDocuments`: it drops at start the derived indexes of smaller
 * types, modules/list-indexes/index-jobs.ts).
 */
export async function ensureAllTypeIndexes(database: Database, options: { minDocuments: number }): Promise<void> {
  const built: string[] = [];
  const held = await documentsHeldPerType(database.db);
  const ensure = async (type: DocumentSchema) => {
    if ((held.get(type.type) ?? 0) < options.minDocuments) return;
    built.push(...(await buildMissingIndexes(database, indexDefinitionsOf(type, database.dialect))).built);
  };
  for (const type of [...builtinTypes, schemaDocumentType]) await ensure(type);
  for (const type of await storedDefinitions(database)) {
    try {
      await ensure(type);
    } catch {
      // A stored schema that no longer compiles is skipped here as it is by the type registry.
    }
  }
  // One analysis for all of them (PostgreSQL analyses the table once, not once per index).
  if (built.length > 0) await afterIndexBuilds(database, built);
}
