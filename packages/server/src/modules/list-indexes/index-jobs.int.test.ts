/**
 * Index builds as durable jobs (docs/product/forms-and-lists.md#list-indexes): the start queues a
 * large type's missing indexes instead of building them, once however often it runs; a job whose
 * worker died is claimed again and builds them, recording its progress, which the Indexes tab
 * shows; a large type's build runs at once, whatever the hour (in chunks on the embedded database,
 * concurrently on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { builtinTypeByName, type ListIndexesAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { placesOf } from '../../test-support/access-fixtures.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { claimJob, enqueueJob, setJobPayload } from '../../platform/jobs/jobs.repository.ts';
import { indexDefinitionsOf } from '../../platform/records/type-indexes.ts';
import { dropIndex } from '../../platform/records/type-index-builds.ts';
import { indexExists } from '../../platform/records/index-catalog.ts';
import { readJson } from '../../platform/db/json.ts';
import { withIndexBuildLock } from '../../platform/records/index-build-lock.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { scheduleStartIndexBuilds, TYPE_INDEXES_JOB } from './index-jobs.ts';

describe.each(testDialects)('index build jobs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const incident = builtinTypeByName('incident')!;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    // At least one incident, so that the type counts as large when any row is too many.
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Index build probe', descrip: 'x', category: 'Near Miss', site_id: (await placesOf(t, 'demo')).sites.get('NPL') },
    });
    expect(created.statusCode, created.body).toBe(201);
  }, 120_000);
  afterAll(async () => t.close());

  /** The context with every type counted as large and the given quiet hours. */
  function largeTypes(quietHours: { from: number; to: number }): AppContext {
    return { ...t.ctx, config: { ...t.ctx.config, indexBuilds: { quietHours, inlineMaxRows: 0, minDocuments: 0 } } };
  }

  async function dropOneIncidentIndex(): Promise<string> {
    const name = indexDefinitionsOf(incident, dialect).find((definition) => definition.name.startsWith('sx_'))!.name;
    expect(await indexExists(t.ctx.database, name)).toBe(true);
    await dropIndex(t.ctx.database, name);
    return name;
  }

  async function incidentTab(): Promise<ListIndexesAnswer> {
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListIndexesAnswer;
  }

  async function pendingTypeJobs() {
    return t.ctx.database.db
      .selectFrom('jobs')
      .select(['id', 'payload', 'run_after'])
      .where('kind', '=', TYPE_INDEXES_JOB)
      .where('status', '=', 'pending')
      .execute();
  }

  it('queues a large type at start (once), and a job whose worker died builds it, with its progress shown', async () => {
    const name = await dropOneIncidentIndex();
    const ctx = largeTypes({ from: 0, to: 24 });
    expect(await scheduleStartIndexBuilds(ctx)).toContain('incident');
    // A second start (or a second process) finds the job waiting and queues none.
    await scheduleStartIndexBuilds(ctx);
    expect(await indexExists(t.ctx.database, name)).toBe(false);
    expect((await pendingTypeJobs()).filter((job) => readJson<{ docType?: string }>(job.payload, {}).docType === 'incident')).toHaveLength(
      1,
    );
    expect((await incidentTab()).builds).toEqual([expect.objectContaining({ shape: null, status: 'queued', total: null })]);

    // A worker claims the job and dies: its lock lapses and the next worker takes the job.
    expect(await claimJob(t.ctx.database, 'worker-that-died', -1000)).toBeDefined();
    expect(await runJobsOnce(ctx, 'next-worker')).toBeGreaterThanOrEqual(1);
    expect(await indexExists(t.ctx.database, name)).toBe(true);
    const done = await t.ctx.database.db
      .selectFrom('jobs')
      .select(['payload', 'status'])
      .where('kind', '=', TYPE_INDEXES_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    expect(readJson<{ progress?: unknown }>(done.payload, {}).progress).toEqual({ total: 1, built: 1, current: null });
    expect((await incidentTab()).builds).toEqual([]);
  });

  it('shows how much of the table a running build has read, as its job reports it', async () => {
    await enqueueJob(t.ctx.database.db, {
      orgId: null,
      kind: TYPE_INDEXES_JOB,
      uniqueKey: 'progress-probe',
      payload: { docType: 'incident' },
    });
    const claimed = await claimJob(t.ctx.database, 'building-worker', 60_000);
    expect(claimed).toBeDefined();
    try {
      const progress = { total: 3, built: 1, current: 'sx_incident_probe' };
      await setJobPayload(t.ctx.database.db, claimed!.id, { docType: 'incident', progress });
      expect((await incidentTab()).builds).toEqual([
        expect.objectContaining({ status: 'building', built: 1, total: 3, currentRead: null }),
      ]);
      await setJobPayload(t.ctx.database.db, claimed!.id, { docType: 'incident', progress: { ...progress, currentRead: 42 } });
      expect((await incidentTab()).builds).toEqual([
        expect.objectContaining({ status: 'building', built: 1, total: 3, current: 'sx_incident_probe', currentRead: 42 }),
      ]);
    } finally {
      await t.ctx.database.db.deleteFrom('jobs').where('id', '=', claimed!.id).execute();
    }
  });

  // A database on a file (the `readers` run): what a crash left of a build in chunks goes at the next start.
  it.runIf(dialect === 'sqlite')('drops at start what a build in chunks stopped by a crash left', async (context) => {
    const openSession = t.ctx.database.schemaSession;
    if (!openSession) return context.skip();
    // Schema threads the start opens: none when nothing is left (docs/architecture.md#start-up).
    let sessionsOpened = 0;
    const counted = {
      ...t.ctx,
      database: { ...t.ctx.database, schemaSession: (warmUp?: string) => (sessionsOpened++, openSession(warmUp)) },
    };
    await scheduleStartIndexBuilds(counted);
    expect(sessionsOpened).toBe(0);

    const { db } = t.ctx.database;
    await sql`CREATE TABLE ib_sx_stopped (k0, row_id INTEGER PRIMARY KEY)`.execute(db);
    await sql`CREATE TRIGGER ib_sx_stopped_ai AFTER INSERT ON documents BEGIN SELECT 1; END`.execute(db);
    await scheduleStartIndexBuilds(counted);
    const left = await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE name LIKE 'ib_sx_stopped%'`.execute(db);
    expect(left.rows).toEqual([]);
    expect(sessionsOpened).toBe(1);
  });

  it('drops at start the derived indexes no definition asks for, never an added one', async () => {
    const db = t.ctx.database.db;
    // A single-field index of a field the type no longer marks indexed, and one an administrator added.
    const obsolete = 'dx_incident_category_0123456789';
    const added = 'ux_incident_0123456789ab';
    await sql`CREATE INDEX ${sql.id(obsolete)} ON documents (org_id, id) WHERE doc_type = 'incident'`.execute(db);
    await sql`CREATE INDEX ${sql.id(added)} ON documents (org_id, created_date) WHERE doc_type = 'incident'`.execute(db);
    try {
      await scheduleStartIndexBuilds(t.ctx);
      expect(await indexExists(t.ctx.database, obsolete)).toBe(false);
      expect(await indexExists(t.ctx.database, added)).toBe(true);
      for (const definition of indexDefinitionsOf(incident, dialect)) expect(await indexExists(t.ctx.database, definition.name)).toBe(true);
    } finally {
      await dropIndex(t.ctx.database, obsolete);
      await dropIndex(t.ctx.database, added);
    }
  });

  /** A large type's build, run while the quiet hours (which only the statistics job waits for now) are two hours away. */
  async function buildOutsideQuietHours(): Promise<{ name: string }> {
    const name = await dropOneIncidentIndex();
    const from = (new Date().getUTCHours() + 2) % 24;
    const ctx = largeTypes({ from, to: (from + 1) % 24 || 24 });
    await scheduleStartIndexBuilds(ctx);
    await runJobsOnce(ctx, 'quiet-hours-worker');
    return { name };
  }

  it('builds a large type at once, outside the quiet hours (in chunks on SQLite, concurrently on PostgreSQL)', async () => {
    const { name } = await buildOutsideQuietHours();
    expect(await indexExists(t.ctx.database, name)).toBe(true);
    expect(await pendingTypeJobs()).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'runs one build at a time: a second build while one runs is refused (and requeued by its job)',
    async () => {
      let inner: boolean | undefined;
      const outer = await withIndexBuildLock(t.ctx.database, async () => {
        inner = await withIndexBuildLock(t.ctx.database, async () => undefined);
      });
      expect([outer, inner]).toEqual([true, false]);
      expect(await withIndexBuildLock(t.ctx.database, async () => undefined)).toBe(true);
    },
  );

  it.runIf(dialect === 'postgres')(
    'does not wait on a build in another schema of the same database (advisory locks are database-wide)',
    async () => {
      const other = await createTestDatabase('postgres');
      try {
        let inOther: boolean | undefined;
        const here = await withIndexBuildLock(t.ctx.database, async () => {
          inOther = await withIndexBuildLock(other.database, async () => undefined);
        });
        expect([here, inOther]).toEqual([true, true]);
      } finally {
        await other.drop();
      }
    },
  );
});
