/**
 * Planner statistics exist without anyone running ANALYZE by hand, on both databases: after a
 * bulk load through the API (creates through the write queue) and for a new expression index
 * built on a table that already holds rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentSchema } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { AccessScope } from '../access/access-scope.ts';
import { readJson, writeJson } from './json.ts';
import { insertDocumentRows, type NewDocumentRow } from '../records/documents.repository.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { ensureTypeIndexes } from '../records/type-index-builds.ts';
import {
  autovacuumWarning,
  FULL_STATISTICS_JOB,
  refreshPlannerStatistics,
  WRITES_BETWEEN_STATISTICS_CHECKS,
} from './planner-statistics.ts';
import type { ClaimedJob } from '../jobs/jobs.repository.ts';
import type { AppContext } from '../../app-context.ts';
import type { QuietHours } from '../../modules/list-indexes/quiet-hours.ts';
import { fullStatisticsHandler } from '../../modules/list-indexes/statistics-job.ts';

/** `count` documents of the probe type, each with a `colour` (incident rows under another type). */
function probeRows(orgId: number, count: number): NewDocumentRow[] {
  const date = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => ({
    ...incidentRow({ orgId, index: i, prefix: 'SP-', summaryPrefix: 'Probe', author: 'statistics-test', date }),
    doc_type: 'stats_probe',
    data: writeJson({ colour: ['red', 'green', 'blue'][i % 3] }),
  }));
}

describe.each(testDialects)('planner statistics on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  /** The row count the planner's statistics give `documents` (0 when there are none). */
  async function analysedDocumentRows(): Promise<number> {
    const db = t.ctx.database.db;
    if (dialect === 'sqlite') {
      const exists = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(db);
      if (Number(exists.rows[0]!.n) === 0) return 0;
      const rows = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'documents'`.execute(db);
      return Math.max(0, ...rows.rows.map((row) => Number(row.stat.split(' ')[0])));
    }
    const columns = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'documents'`.execute(db);
    if (Number(columns.rows[0]!.n) === 0) return 0;
    const table = await sql<{ rows: number }>`SELECT c.reltuples AS rows FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = 'documents'`.execute(db);
    return Number(table.rows[0]!.rows);
  }

  it('analyses the documents table after a bulk load through the API', async () => {
    const site = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=1' })).json().dataAr[0].id as number;
    const before = await analysedDocumentRows();
    const creates = WRITES_BETWEEN_STATISTICS_CHECKS + 50;
    for (let done = 0; done < creates; done += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.as(admin, {
            method: 'POST',
            url: '/v3/demo/incident',
            payload: { summary: `Loaded incident ${done + i}`, descrip: 'bulk', site_id: site, category: 'Injury' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    }
    // The check runs after the answers, off the writes' path: wait for it, not for a time.
    await vi.waitFor(async () => expect(await analysedDocumentRows()).toBeGreaterThanOrEqual(WRITES_BETWEEN_STATISTICS_CHECKS), {
      timeout: 10_000,
      interval: 100,
    });
    expect(before).toBeLessThan(WRITES_BETWEEN_STATISTICS_CHECKS);
  });

  it('analyses a new expression index built on rows already stored', async () => {
    const db = t.ctx.database.db;
    const orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const type = {
      type: 'stats_probe',
      version: 3,
      indexed: ['colour'],
      form: { schema: { type: 'object', properties: { colour: { type: 'string' } } } },
    } as unknown as DocumentSchema;
    const rows = probeRows(orgId, 300);
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'statistics test'), rows));
    const [name] = await ensureTypeIndexes(t.ctx.database, type);
    const found =
      dialect === 'sqlite'
        ? await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE idx = ${name!}`.execute(db)
        : await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${name!}`.execute(
            db,
          );
    expect(Number(found.rows[0]!.n)).toBeGreaterThanOrEqual(1);
  });

  it('warns at start exactly when PostgreSQL would not refresh statistics itself', async () => {
    const warning = await autovacuumWarning(t.ctx.database);
    const off =
      dialect === 'sqlite'
        ? []
        : (
            await sql<{
              name: string;
            }>`SELECT name FROM pg_settings WHERE name IN ('autovacuum', 'track_counts') AND setting <> 'on'`.execute(t.ctx.database.db)
          ).rows.map((row) => row.name);
    expect(warning === null).toBe(off.length === 0);
    for (const setting of off) expect(warning).toContain(setting);
  });
});

/**
 * A large table on the embedded database: sampled statistics average over the first rows of each
 * index, so a large table keeps its (proportionate) statistics until the quiet hours, when a job
 * analyses it exactly, an index at a time (docs/architecture.md#planner-statistics).
 */
describe('exact statistics of a large table on sqlite', () => {
  let t: TestApp;
  const INLINE_MAX = 1000;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { jobs: false });
    const db = t.ctx.database.db;
    const orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    await db
      .transaction()
      .execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'statistics test'), probeRows(orgId, 3000)));
  });
  afterAll(async () => t.close());

  async function documentStatistics(): Promise<Record<string, string>> {
    const rows = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'documents'`.execute(
      t.ctx.database.db,
    );
    return Object.fromEntries(rows.rows.map((row) => [row.idx, row.stat]));
  }

  /** The statistics jobs of `table` (a grown table's FTS shadow tables get theirs too). */
  async function statisticsJobs(table = 'documents') {
    const jobs = await t.ctx.database.db.selectFrom('jobs').selectAll().where('kind', '=', FULL_STATISTICS_JOB).orderBy('id').execute();
    return jobs.filter((job) => readJson<{ table?: string }>(job.payload, {}).table === table);
  }

  function claimed(job: Awaited<ReturnType<typeof statisticsJobs>>[number]): ClaimedJob {
    return { id: job.id, orgId: job.org_id, kind: job.kind, uniqueKey: job.unique_key, payload: readJson(job.payload, {}), attempts: 0 };
  }

  function withQuietHours(quietHours: QuietHours): AppContext {
    return { ...t.ctx, config: { ...t.ctx.config, indexBuilds: { ...t.ctx.config.indexBuilds, quietHours } } };
  }

  it('keeps a grown table’s statistics and queues its exact analysis, which waits for the quiet hours', async () => {
    const db = t.ctx.database.db;
    // The statistics of a table a tenth of its size: what the last analysis saw before it grew.
    await sql`PRAGMA analysis_limit = 0`.execute(db);
    await sql`ANALYZE documents`.execute(db);
    await sql`UPDATE sqlite_stat1 SET stat = '100' || substr(stat, instr(stat, ' ')) WHERE tbl = 'documents'`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
    const grown = await documentStatistics();

    await refreshPlannerStatistics(t.ctx.database, { inlineMaxRows: INLINE_MAX });
    expect(await documentStatistics()).toEqual(grown);
    const queued = await statisticsJobs();
    expect(queued.map((job) => [job.status, readJson(job.payload, {})])).toEqual([['pending', { table: 'documents' }]]);
    // Asked again (every thousand writes): still one job.
    await refreshPlannerStatistics(t.ctx.database, { inlineMaxRows: INLINE_MAX });
    expect(await statisticsJobs()).toHaveLength(1);

    // Outside the quiet hours the job hands over to one at the window's start.
    const hour = new Date().getUTCHours();
    const from = (hour + 2) % 24;
    const later: QuietHours = { from, to: from + 1 };
    const outcome = await fullStatisticsHandler.run(withQuietHours(later), claimed(queued[0]!));
    expect(outcome).toContain('put off');
    expect(await documentStatistics()).toEqual(grown);
    const handedOver = (await statisticsJobs()).at(-1)!;
    expect(new Date(handedOver.run_after).getUTCHours()).toBe(later.from);
  });

  it('analyses every index of the table exactly in the quiet hours, as a full ANALYZE would', async () => {
    const db = t.ctx.database.db;
    const job = (await statisticsJobs()).at(-1)!;
    const outcome = await fullStatisticsHandler.run(withQuietHours({ from: 0, to: 24 }), claimed(job));
    expect(outcome).toMatch(/^documents: \d+ indexes analysed$/);
    const exact = await documentStatistics();
    const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM documents`.execute(db)).rows[0]!.n);
    // An index of every type counts every row (a type's partial indexes, its rows only).
    expect(Number(exact.documents_type_created!.split(' ')[0])).toBe(total);

    await sql`PRAGMA analysis_limit = 0`.execute(db);
    await sql`ANALYZE documents`.execute(db);
    expect(await documentStatistics()).toEqual(exact);
    // Exact, not sampled: the organisation's rows per organisation, where a sample of the first
    // thousand index entries would see a fraction of them.
    const sampled = await (async () => {
      await sql`PRAGMA analysis_limit = 100`.execute(db);
      await sql`ANALYZE documents_type_created`.execute(db);
      return (await documentStatistics()).documents_type_created!;
    })();
    expect(sampled).not.toBe(exact.documents_type_created);
    // An exact analysis of every index of the table: about 27 s on a 2-core machine at load 4, past
    // the default 60 s when the machine is shared (a fresh-clone CI beside other suites).
  }, 240_000);

  it('analyses at once, exactly, an index of a large table that has no statistics', async () => {
    const db = t.ctx.database.db;
    await sql`CREATE INDEX documents_probe_summary ON documents (org_id, summary)`.execute(db);
    const before = await documentStatistics();
    expect(before.documents_probe_summary).toBeUndefined();
    await refreshPlannerStatistics(t.ctx.database, { inlineMaxRows: INLINE_MAX });
    const after = await documentStatistics();
    const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM documents`.execute(db)).rows[0]!.n);
    expect(Number(after.documents_probe_summary!.split(' ')[0])).toBe(total);
    // The table's other statistics wait for the quiet hours.
    const { documents_probe_summary: _added, ...rest } = after;
    expect(rest).toEqual(before);
    await sql`DROP INDEX documents_probe_summary`.execute(db);
  });

  it('finishes a job whose table was dropped meanwhile, analysing nothing', async () => {
    const outcome = await fullStatisticsHandler.run(withQuietHours({ from: 0, to: 24 }), {
      id: 0,
      orgId: null,
      kind: FULL_STATISTICS_JOB,
      uniqueKey: 'dropped',
      payload: { table: 'no_such_table' },
      attempts: 0,
    });
    expect(outcome).toBe('no_such_table: 0 indexes analysed');
  });

  it('at start, before serving, counts on the main connection instead of waiting for a reader thread', async () => {
    const db = t.ctx.database.db;
    await sql`DELETE FROM sqlite_stat1 WHERE tbl = 'jobs'`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
    const readerUnused = new Proxy(t.ctx.database.reader, {
      get: () => {
        throw new Error('a reader thread was asked before serving');
      },
    });
    await refreshPlannerStatistics({ ...t.ctx.database, reader: readerUnused }, { inlineMaxRows: INLINE_MAX, beforeServing: true });
    const stats = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'jobs'`.execute(db);
    expect(stats.rows.length).toBeGreaterThan(0);
    // Serving, the same check counts on a reader.
    await sql`DELETE FROM sqlite_stat1 WHERE tbl = 'jobs'`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
    await expect(refreshPlannerStatistics({ ...t.ctx.database, reader: readerUnused }, { inlineMaxRows: INLINE_MAX })).rejects.toThrow(
      'a reader thread was asked before serving',
    );
  });

  it('analyses a small table exactly at once, with no job', async () => {
    const db = t.ctx.database.db;
    // As if never analysed.
    await sql`DELETE FROM sqlite_stat1 WHERE tbl = 'jobs'`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
    await refreshPlannerStatistics(t.ctx.database, { inlineMaxRows: INLINE_MAX });
    const rows = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM jobs`.execute(db)).rows[0]!.n);
    const stats = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'jobs'`.execute(db);
    for (const { stat } of stats.rows) expect(Number(stat.split(' ')[0])).toBe(rows);
    expect(stats.rows.length).toBeGreaterThan(0);
    expect(await statisticsJobs('jobs')).toHaveLength(0);
  });
});
