/**
 * The compiled SQL must select exactly the documents the in-memory evaluator accepts, on SQLite
 * and on PostgreSQL: random documents (nulls, missing keys, values of the wrong type, quotes, %, _,
 * Unicode) × random well-typed filters, zero differences allowed. Each database gets a scratch
 * table of its own (in-memory SQLite; a uniquely named PostgreSQL schema, dropped afterwards).
 */
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFilter, evaluateFilter, parseFilter, printFilter, type FilterNode } from '@docket/shared';
import { compileOnly } from '../../test-support/compile-only.ts';
import { compileFilter } from './filter-sql.ts';
import { catalog, ctx, documentArb, filterArb, HOSTILE, type TestDocument } from './filter-sql.test-fixtures.ts';

type DialectName = 'sqlite' | 'postgres';

interface ScratchDb {
  dialect: DialectName;
  table: RawBuilder<unknown>;
  /** Compiles with a driver-less Kysely of the right dialect, then runs on the raw connection. */
  ids(query: RawBuilder<unknown>): Promise<number[]>;
  close(): Promise<void>;
}

const COLUMNS =
  'id integer primary key, status text, summary text, descrip text, site_id integer, created_by text, created_date text, due_date text, closed integer';
const DOC_SEED = Number(process.env.FILTER_TEST_SEED ?? Date.now() % 2 ** 31);
const DOCS: TestDocument[] = fc.sample(documentArb, { numRuns: 300, seed: DOC_SEED }).map((d, i) => ({ ...d, id: i + 1 }));
DOCS.push(...HOSTILE.map((summary, i) => ({ id: 1000 + i, summary, category: summary, tags: [summary], scat: { format: summary } })));

function compilerFor(dialect: DialectName): Kysely<unknown> {
  return compileOnly(dialect);
}

function rowOf(doc: TestDocument): (string | number | null)[] {
  const { id, status, summary, descrip, site_id, created_by, created_date, due_date, closed, ...data } = doc;
  const closedInt = closed === undefined || closed === null ? null : Number(closed);
  const columns = [status, summary, descrip, site_id, created_by, created_date, due_date] as (string | number | undefined | null)[];
  return [id, ...columns.map((c) => c ?? null), closedInt, JSON.stringify(data)];
}

const insertInto = (table: RawBuilder<unknown>, row: unknown[], data: RawBuilder<unknown>) =>
  sql`INSERT INTO ${table} VALUES (${sql.join(row.slice(0, -1))}, ${data})`;

async function openSqlite(): Promise<ScratchDb> {
  const raw = new DatabaseSync(':memory:');
  const compiler = compilerFor('sqlite');
  const run = (query: RawBuilder<unknown>) => {
    const compiled = query.compile(compiler);
    return raw.prepare(compiled.sql).all(...(compiled.parameters as (string | number | null)[]));
  };
  const table = sql.table('documents');
  run(sql`CREATE TABLE ${table} (${sql.raw(COLUMNS)}, data text)`);
  for (const doc of DOCS) {
    const row = rowOf(doc);
    run(insertInto(table, row, sql`${row.at(-1)}`));
  }
  return {
    dialect: 'sqlite',
    table,
    ids: async (query) => run(query).map((row) => Number(row.id)),
    close: async () => raw.close(),
  };
}

async function openPostgres(url: string): Promise<ScratchDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const compiler = compilerFor('postgres');
  const run = async (query: RawBuilder<unknown>) => {
    const compiled = query.compile(compiler);
    return (await client.query(compiled.sql, compiled.parameters as unknown[])).rows as Record<string, unknown>[];
  };
  const schema = sql.id(`filter_sql_${process.pid}_${Date.now()}`);
  const table = sql`${schema}.${sql.id('documents')}`;
  const close = async () => {
    await run(sql`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  };
  try {
    await run(sql`CREATE SCHEMA ${schema}`);
    // A linguistic collation on the text columns (where the server has ICU) proves the SQL does
    // not rely on the database default being "C" for ordering and case folding.
    const icu = await run(sql`SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'`);
    const columns = icu.length > 0 ? COLUMNS.replaceAll(' text', ' text COLLATE "und-x-icu"') : COLUMNS;
    await run(sql`CREATE TABLE ${table} (${sql.raw(columns)}, data jsonb)`);
    for (const doc of DOCS) {
      const row = rowOf(doc);
      await run(insertInto(table, row, sql`cast(${row.at(-1)} as jsonb)`));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { dialect: 'postgres', table, ids: async (query) => (await run(query)).map((row) => Number(row.id)), close };
}

/** ids the SQL selects, using the alias form half of the time (as the repository does). */
async function selectIds(db: ScratchDb, node: FilterNode, useAlias: boolean): Promise<number[]> {
  const where = compileFilter(node, { dialect: db.dialect, catalog, ctx, ...(useAlias ? { tableAlias: 'd' } : {}) });
  const from = useAlias ? sql`${db.table} AS d` : db.table;
  return db.ids(sql`SELECT ${sql.ref(useAlias ? 'd.id' : 'id')} AS id FROM ${from} WHERE ${where} ORDER BY 1`);
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

    it(`selects exactly what the evaluator accepts (${runs} random filters, document seed ${DOC_SEED})`, { timeout: 120_000 }, async () => {
      let discriminating = 0;
      let made = 0;
      await fc.assert(
        fc.asyncProperty(filterArb, fc.boolean(), async (node, useAlias) => {
          const label = `${printFilter(node)} (document seed ${DOC_SEED})`;
          const expected = expectedIds(node);
          expect(await selectIds(db, node, useAlias), label).toEqual(expected);
          made += 1;
          if (expected.length > 0 && expected.length < DOCS.length) discriminating += 1;
        }),
        // On a loaded machine the run stops after the time limit; the property holds for the runs made.
        { numRuns: runs, interruptAfterTimeLimit: 60_000 },
      );
      // Guard against a vacuous generator: most filters must split the documents.
      expect(made).toBeGreaterThan(0);
      expect(discriminating).toBeGreaterThan(made * 0.4);
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
      const compiled = sql`${compileFilter(node, { dialect: db.dialect, catalog, ctx })}`.compile(compilerFor(db.dialect));
      expect(compiled.sql).not.toMatch(/%|_'|''''/);
      expect(await selectIds(db, node, false)).toEqual(expectedIds(node));
      expect(await db.ids(sql`SELECT count(*) AS id FROM ${db.table}`)).toEqual([DOCS.length]);
    });
  });
}

defineSuite('sqlite', openSqlite, 1200);
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('PostgreSQL', () => {
  defineSuite('postgres', () => openPostgres(pgUrl as string), 1200);
});
