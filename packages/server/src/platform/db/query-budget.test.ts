import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { budgetCheck, isQueryTimeout } from './query-budget.ts';

const ROWS = 10_000;

/** An in-memory database of ROWS documents behind the dialect, with its statement budget. */
function open(budgetMs: number) {
  const database = new DatabaseSync(':memory:');
  const db = new Kysely<unknown>({ dialect: new NodeSqliteDialect(database, budgetMs) });
  database.exec('CREATE TABLE documents (id INTEGER PRIMARY KEY, v INTEGER)');
  database
    .prepare('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO documents SELECT i, i FROM n')
    .run(ROWS);
  return { database, db };
}

describe('the embedded database query budget (docs/architecture.md, "Query time budget")', () => {
  it('asks JavaScript about one row in 64 when the check has the row id, and about every row without', async () => {
    const { database, db } = open(5_000);
    let calls = 0;
    // The same name and flags as the budget's own function, counting instead of reading the clock.
    database.function('docket_within_budget', { deterministic: false, directOnly: true }, () => {
      calls += 1;
      return 1;
    });
    const count = async (check: ReturnType<typeof budgetCheck>) =>
      (await sql<{ n: number }>`SELECT count(*) AS n FROM documents AS d WHERE ${check} AND d.v > 0`.execute(db)).rows[0]?.n;

    expect(await count(budgetCheck('sqlite', sql.ref('d.id')))).toBe(ROWS);
    expect(calls).toBe(Math.floor(ROWS / 64));

    calls = 0;
    expect(await count(budgetCheck('sqlite'))).toBe(ROWS);
    expect(calls).toBe(ROWS);
    await db.destroy();
  });

  it('still stops a runaway statement whose check is sampled', async () => {
    const { db } = open(50);
    const runaway = sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE ${budgetCheck('sqlite', sql.ref('x'))} AND x < 1000000000) SELECT count(*) AS n FROM c`;
    const failure = await runaway.execute(db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isQueryTimeout(failure)).toBe(true);
    // The connection stays usable, and between statements there is no deadline.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
    await db.destroy();
  });

  it('adds nothing on PostgreSQL, whose server enforces statement_timeout', () => {
    expect(budgetCheck('postgres', sql.ref('d.id'))).toBeUndefined();
  });
});
