/**
 * The compiled SQL must select exactly the documents the in-memory evaluator accepts, on SQLite
 * and on PostgreSQL: random documents (nulls, missing keys, values of the wrong type, quotes, %, _,
 * Unicode) × random well-typed filters, zero differences allowed. Each database gets a scratch
 * table of its own (in-memory SQLite; a uniquely named PostgreSQL schema, dropped afterwards).
 */
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFilter, evaluateFilter, parseFilter, printFilter, type FilterNode } from '@docket/shared';
import { compileFilter } from './filter-sql.ts';
import { catalog, ctx, documentArb, filterArb, HOSTILE, type TestDocument } from './filter-sql.test-fixtures.ts';

type DialectName = 'sqlite' | 'postgres';

interface ScratchDb {
  dialect: DialectName;
  /** A Kysely that only compiles (no driver): we run the SQL ourselves on the raw connection. */
  compiler: Kysely<unknown>;
  table: string;
  ids(text: string, parameters: readonly unknown[]): Promise<number[]>;
  close(): Promise<void>;
}

const COLUMNS = 'id integer primary key, status text, summary text, descrip text, site_id integer, created_by text, created_date text, due_date text, closed integer';
const DOC_SEED = Number(process.env.FILTER_TEST_SEED ?? Date.now() % 2 ** 31);
const DOCS: TestDocument[] = fc.sample(documentArb, { numRuns: 300, seed: DOC_SEED }).map((d, i) => ({ ...d, id: i + 1 }));
DOCS.push(...HOSTILE.map((summary, i) => ({ id: 1000 + i, summary, category: summary, tags: [summary], scat: { format: summary } })));

function compilerFor(dialect: DialectName): Kysely<unknown> {
  const pgDialect = dialect === 'postgres';
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => (pgDialect ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (pgDialect ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (pgDialect ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

function rowOf(doc: TestDocument): unknown[] {
  const { id, status, summary, descrip, site_id, created_by, created_date, due_date, closed, ...data } = doc;
  const closedInt = closed === undefined || closed === null ? null : Number(closed);
  return [id, status ?? null, summary ?? null, descrip ?? null, site_id ?? null, created_by ?? null, created_date ?? null, due_date ?? null, closedInt, JSON.stringify(data)];
}

async function openSqlite(): Promise<ScratchDb> {
  const raw = new DatabaseSync(':memory:');
  raw.exec(`CREATE TABLE documents (${COLUMNS}, data text)`);
  const insert = raw.prepare('INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const doc of DOCS) insert.run(...(rowOf(doc) as (string | number | null)[]));
  return {
    dialect: 'sqlite',
    compiler: compilerFor('sqlite'),
    table: 'documents',
    ids: async (text, parameters) =>
      raw.prepare(text).all(...(parameters as (string | number)[])).map((row) => Number(row.id)),
    close: async () => raw.close(),
  };
}

async function openPostgres(url: string): Promise<ScratchDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schema = `filter_sql_${process.pid}_${Date.now()}`;
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`CREATE TABLE ${schema}.documents (${COLUMNS}, data jsonb)`);
  for (const doc of DOCS) {
    await client.query(`INSERT INTO ${schema}.documents VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`, rowOf(doc));
  }
  return {
    dialect: 'postgres',
    compiler: compilerFor('postgres'),
    table: `${schema}.documents`,
    ids: async (text, parameters) => (await client.query(text, parameters as unknown[])).rows.map((row: { id: unknown }) => Number(row.id)),
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** ids the SQL selects, using the alias form half of the time (as the repository does). */
async function selectIds(db: ScratchDb, node: FilterNode, useAlias: boolean): Promise<number[]> {
  const where = compileFilter(node, { dialect: db.dialect, catalog, ctx, ...(useAlias ? { tableAlias: 'd' } : {}) });
  const from = useAlias ? sql`${sql.table(db.table)} AS d` : sql.table(db.table);
  const compiled = sql`SELECT ${sql.ref(useAlias ? 'd.id' : 'id')} AS id FROM ${from} WHERE ${where} ORDER BY 1`.compile(db.compiler);
  return db.ids(compiled.sql, compiled.parameters);
}

function expectedIds(node: FilterNode): number[] {
  const checked = checkFilter(node, catalog);
  // The evaluator sees what the database stores: JSON round trip, flat document.
  return DOCS.filter((doc) => evaluateFilter(checked, JSON.parse(JSON.stringify(doc)), ctx)).map((d) => d.id);
}

function defineSuite(dialect: DialectName, open: () => Promise<ScratchDb>, runs: number): void {
  describe(`compileFilter on ${dialect}`, () => {
    let db: ScratchDb;
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db?.close();
    });

    it(`selects exactly what the evaluator accepts (${runs} random filters, document seed ${DOC_SEED})`, async () => {
      await fc.assert(
        fc.asyncProperty(filterArb, fc.boolean(), async (node, useAlias) => {
          const label = `${printFilter(node)} (document seed ${DOC_SEED})`;
          expect(await selectIds(db, node, useAlias), label).toEqual(expectedIds(node));
        }),
        { numRuns: runs },
      );
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    });

    it('treats hostile strings as data, never as SQL or wildcards', async () => {
      for (const [i, value] of HOSTILE.entries()) {
        const quoted = `'${value.replaceAll("'", "''")}'`;
        for (const text of [`summary = ${quoted}`, `category = ${quoted}`, `tags CONTAINS ${quoted}`, `scat.format IN (${quoted})`]) {
          const node = parseFilter(text);
          expect(await selectIds(db, node, true), text).toEqual(expectedIds(node));
          expect(expectedIds(node), text).toContain(1000 + i);
        }
      }
      const node = parseFilter(`summary CONTAINS '%' OR summary STARTS WITH '_' OR category CONTAINS ''''`);
      const compiled = sql`${compileFilter(node, { dialect: db.dialect, catalog, ctx })}`.compile(db.compiler);
      expect(compiled.sql).not.toMatch(/%|_'|''''/);
      expect(await selectIds(db, node, false)).toEqual(expectedIds(node));
      expect(await db.ids(`SELECT count(*) AS id FROM ${db.table}`, [])).toEqual([DOCS.length]);
    });
  });
}

defineSuite('sqlite', openSqlite, 1200);
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('PostgreSQL', () => {
  defineSuite('postgres', () => openPostgres(pgUrl as string), 1200);
});
