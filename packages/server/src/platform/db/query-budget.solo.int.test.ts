/**
 * Every query has a time budget (docs/architecture.md, "Query time budget"): a deliberately
 * expensive list query is cut off at the budget and answered 422 `query_timeout`, the server
 * answers other requests meanwhile and afterwards, and schema work runs under the longer
 * maintenance budget. The timings asserted are deliberately loose (a loaded 2-core machine):
 * they prove the cut-off, not the speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { QUERY_TIMEOUT_MESSAGE } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import type { DialectName } from './database.ts';
import { budgetCheck, isQueryTimeout } from './query-budget.ts';
import { learnedShapes, type LearnedShape } from '../records/list-shape-stats.ts';

const BUDGET_MS = 300;
/** Rows whose 1 KB summary every CONTAINS reads: unbudgeted, the filter below takes seconds. */
const BULK_ROWS = 20_000;
const RUNAWAY = Array.from({ length: 50 }, (_, i) => `summary CONTAINS 'no such words ${i}'`).join(' OR ');

async function elapsed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

// The embedded database twice: list queries on the main connection, and on a reader thread
// (sqlite-readers.ts), where the budget runs in the thread and its error crosses back.
const setups: { label: string; dialect: DialectName; readThreads?: number }[] = [
  ...testDialects.map((dialect) => ({ label: dialect, dialect })),
  { label: 'sqlite with a reader thread', dialect: 'sqlite', readThreads: 1 },
];

describe.each(setups)('query time budget on $label', ({ dialect, readThreads }) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { statementTimeoutMs: BUDGET_MS, ...(readThreads === undefined ? {} : { readThreads }) });
    admin = (await t.signIn('admin@demo.local')).access;
    const { db } = t.ctx.database;
    const org = await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow();
    const who = await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    const summary = 'x'.repeat(1000);
    const date = '2020-01-01T00:00:00.000Z';
    const columns = sql`(org_id, doc_type, display_id, summary, created_by, created_date, updated_by, updated_date, data)`;
    const values = sql`${org.id}, 'incident', 'BULK-' || i, ${summary}, ${who.uuid}, ${date}, ${who.uuid}, ${date}, '{}'`;
    // Bulk set-up is maintenance work: it runs under the maintenance budget, not the serving one.
    await t.ctx.database.maintenance((executor) =>
      (dialect === 'sqlite'
        ? sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK_ROWS}) INSERT INTO documents ${columns} SELECT ${values} FROM n`
        : sql`INSERT INTO documents ${columns} SELECT ${values} FROM generate_series(1, ${BULK_ROWS}) AS i`
      ).execute(executor),
    );
  }, 120_000);
  afterAll(async () => t.close());

  const runaway = () => t.as(admin, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(RUNAWAY)}&count=15` });

  it('cuts a runaway list query off at the budget with 422 and a clear message', async () => {
    const { result: response, ms } = await elapsed(runaway);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ error: true, code: 'query_timeout', error_description: QUERY_TIMEOUT_MESSAGE });
    expect(response.json().error_description).toBe('The query took too long; narrow the filter and try again.');
    // Cut at the budget (plus the page's other work), far short of the seconds the query needs.
    expect(ms).toBeLessThan(BUDGET_MS + 1500);
  });

  it('keeps answering other requests during and after a runaway query', async () => {
    const during = runaway();
    const health = elapsed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
    const [refused, answered] = await Promise.all([during, health]);
    expect(refused.statusCode).toBe(422);
    expect(answered.result.statusCode).toBe(200);
    // On the embedded database the event loop waits for the statement, at most its budget.
    expect(answered.ms).toBeLessThan(BUDGET_MS + 1500);
    const after = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent("display_id = 'BULK-7'")}` });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().dataAr).toHaveLength(1);
  });

  it('learns the shape of a list stopped at the budget, with its time (docs/product/forms-and-lists.md#list-indexes)', async () => {
    const { id: orgId } = await t.ctx.database.db
      .selectFrom('organisations')
      .select('id')
      .where('app_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    const before = await learnedShapes(t.ctx.database, orgId, 'incident');
    const refused = await runaway();
    expect(refused.statusCode, refused.body).toBe(422);
    const after = await learnedShapes(t.ctx.database, orgId, 'incident');
    // One request more, in a shape whose requests each ran to the budget.
    const requestsOf = (shapes: readonly LearnedShape[]) => new Map(shapes.map((shape) => [shape.shape, shape.requests]));
    const counted = requestsOf(before);
    const grown = after.filter((shape) => shape.requests > (counted.get(shape.shape) ?? 0));
    expect(grown).toHaveLength(1);
    expect(grown[0]!.requests - (counted.get(grown[0]!.shape) ?? 0)).toBe(1);
    expect(grown[0]!.meanMs).toBeGreaterThanOrEqual(BUDGET_MS * 0.9);
  });

  it('stops any statement that runs past the budget, and not schema work', async () => {
    const { db } = t.ctx.database;
    const runawayStatement =
      dialect === 'sqlite'
        ? sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE ${budgetCheck(dialect, sql.ref('x'))} AND x < 1000000000) SELECT count(*) AS n FROM c`
        : sql`SELECT pg_sleep(30) AS n`;
    const start = performance.now();
    const error = await runawayStatement.execute(db).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isQueryTimeout(error)).toBe(true);
    expect(performance.now() - start).toBeLessThan(BUDGET_MS + 1500);
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
    // Longer than the serving budget, still allowed under the maintenance one.
    const slowDdl = dialect === 'sqlite' ? sql`SELECT 1 AS n` : sql`SELECT pg_sleep(${(BUDGET_MS + 200) / 1000}) AS n`;
    await expect(t.ctx.database.maintenance((executor) => slowDdl.execute(executor))).resolves.toBeDefined();
  });
});
