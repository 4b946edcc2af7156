/**
 * Filter limits and the query time budget, measured in-process on a fresh database:
 * - baseline: `/api/health` (touches no database);
 * - the reader's 374 OR-ed CONTAINS filter that once held the server: its cost when run (what
 *   the server did before the limits: the same tree compiled and executed, no budget) and the
 *   time the list route now takes to refuse it (400);
 * - a runaway filter inside the limits (50 CONTAINS) through the list route under a budget: the
 *   time to the 422, against the same query's unbudgeted time.
 *
 *   npx tsx bench/query-limits-benchmark.ts --rows 100000 --budget 1000 [--database postgres]
 *   (postgres uses TEST_DATABASE_URL, in a schema of its own)
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { containsValue, orAny, type FilterNode } from '@docket/shared';
import { startTestApp, type TestApp } from '@docket/server/src/test-support/test-app.ts';
import { typeConditions } from '@docket/server/src/platform/records/document-query.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { fieldCatalogOf, builtinTypes } from '@docket/shared';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    budget: { type: 'string', default: '1000' },
    database: { type: 'string', default: 'sqlite' },
    runs: { type: 'string', default: '5' },
  },
});
const rows = Number(values.rows);
const budget = Number(values.budget);
const runs = Number(values.runs);
const dialect = values.database === 'postgres' ? 'postgres' : 'sqlite';

const or = (count: number, term: (i: number) => string) => Array.from({ length: count }, (_, i) => term(i)).join(' OR ');
const HOSTILE_TEXT = or(374, (i) => `summary CONTAINS 'n${i}'`);
const HOSTILE_TREE: FilterNode = orAny(Array.from({ length: 374 }, (_, i) => containsValue('summary', `n${i}`)));
const RUNAWAY_TEXT = or(50, (i) => `summary CONTAINS 'no such words ${i}'`);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(work));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function seed(t: TestApp): Promise<{ orgId: number; uuid: string }> {
  const { db } = t.ctx.database;
  const org = await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow();
  const who = await db.selectFrom('identities').select('uuid').where('email', '=', 'reader@demo.local').executeTakeFirstOrThrow();
  const date = '2026-01-01T00:00:00.000Z';
  const columns = sql`(org_id, doc_type, display_id, summary, created_by, created_date, updated_by, updated_date, data)`;
  const summary = sql`'Dropped load near the loading bay, forklift ' || i || ', no injury; area cordoned off and the supervisor informed at once'`;
  const select = sql`${org.id}, 'incident', 'BULK-' || i, ${summary}, ${who.uuid}, ${date}, ${who.uuid}, ${date}, '{}'`;
  await t.ctx.database.maintenance((executor) =>
    (dialect === 'sqlite'
      ? sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) INSERT INTO documents ${columns} SELECT ${select} FROM n`
      : sql`INSERT INTO documents ${columns} SELECT ${select} FROM generate_series(1, ${rows}) AS i`
    ).execute(executor),
  );
  return { orgId: Number(org.id), uuid: who.uuid };
}

/** The 374-term tree run as the server ran it before the limits: compiled, executed, no budget. */
async function runUnlimited(t: TestApp, seeded: { orgId: number; uuid: string }, node: FilterNode): Promise<void> {
  const incident = builtinTypes.find((type) => type.type === 'incident')!;
  const conditions = typeConditions(
    t.ctx.database,
    {
      docType: 'incident',
      scope: AccessScope.system(seeded.orgId, 'read', 'benchmark'),
      catalog: fieldCatalogOf(incident, { canSeeProtected: true }),
    },
    seeded.uuid,
    node,
  );
  await t.ctx.database.maintenance((executor) =>
    sql`SELECT count(*) AS n FROM documents AS d WHERE ${sql.join(conditions, sql` AND `)}`.execute(executor),
  );
}

// No answer caches: every run must reach the database.
const noCaches = { cache: { principalMs: 5000, listMs: 0, countMs: 0, labelMs: 5000 } };
const unbudgeted = await startTestApp(dialect, { statementTimeoutMs: 0, config: noCaches });
const budgeted = await startTestApp(dialect, { statementTimeoutMs: budget, config: noCaches });
try {
  const seededA = await seed(unbudgeted);
  await seed(budgeted);
  const reader = (await budgeted.signIn('reader@demo.local')).access;
  const readerA = (await unbudgeted.signIn('reader@demo.local')).access;
  const list = (t: TestApp, token: string, filter: string) =>
    t.as(token, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(filter)}&count=15` });

  const refusal = await list(budgeted, reader, HOSTILE_TEXT);
  const cut = await list(budgeted, reader, RUNAWAY_TEXT);
  const figures = {
    database: dialect,
    rows,
    budgetMs: budget,
    healthMs: await median(() => budgeted.app.inject({ method: 'GET', url: '/api/health' })),
    hostile374: {
      beforeRunMs: await median(() => runUnlimited(unbudgeted, seededA, HOSTILE_TREE)),
      nowRefusedMs: await median(() => list(budgeted, reader, HOSTILE_TEXT)),
      nowStatus: refusal.statusCode,
    },
    runaway50: {
      unbudgetedMs: await median(() => list(unbudgeted, readerA, RUNAWAY_TEXT)),
      cutOffMs: await median(() => list(budgeted, reader, RUNAWAY_TEXT)),
      status: cut.statusCode,
    },
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await unbudgeted.close();
  await budgeted.close();
}
