/**
 * The server keeps the pages of new rows all-visible (visibility-upkeep.ts,
 * docs/architecture.md#planner-statistics): on PostgreSQL, once 1,000 rows were inserted since the
 * documents table's last vacuum, the statistics check vacuums it and every page is then marked
 * (what an index-only scan needs); after an update of every row the upkeep's vacuum cleans the
 * indexes too, so those pages are marked as well; fewer rows than a check starts for are marked by the jobs
 * worker's ticker. The embedded database has no such thing to keep.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from '../records/documents.repository.ts';
import { refreshPlannerStatistics } from './planner-statistics.ts';
import { dueVacuums, keepPagesVisible, UPKEEP_CHANGED_ROWS } from './visibility-upkeep.ts';
import { runTickers } from '../jobs/job-worker.ts';

const ROWS = 3000;

describe.each(testDialects)('the visibility upkeep on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
  });
  afterAll(async () => t.close());

  /** The documents table's counters as the statistics views have them. */
  async function documentsStats() {
    const { rows } = await sql<{ inserted: string; dead: string; pages: number; visible: number }>`
      SELECT s.n_ins_since_vacuum AS inserted, s.n_dead_tup AS dead, c.relpages AS pages, c.relallvisible AS visible
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema() AND s.relname = 'documents'`.execute(t.ctx.database.db);
    return { inserted: Number(rows[0]!.inserted), dead: Number(rows[0]!.dead), pages: rows[0]!.pages, visible: rows[0]!.visible };
  }

  /** Waits until the statistics views show what the writing connection did (they flush at most once a second). */
  async function statsUntil(done: (stats: Awaited<ReturnType<typeof documentsStats>>) => boolean) {
    let stats = await documentsStats();
    for (let wait = 0; !done(stats) && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stats = await documentsStats();
    }
    return stats;
  }

  /**
   * Runs `check` (the statistics check) until every page of documents is marked, for at most 10 s:
   * a row is all-visible only once no transaction of the database could still miss it, and the
   * other test files' transactions on this database hold that back for a moment.
   */
  async function checkUntilMarked(check: () => Promise<unknown> = () => refreshPlannerStatistics(t.ctx.database)) {
    // At least once: the page counts are the last vacuum's until the next one.
    for (let round = 0; ; round++) {
      await check();
      const stats = await documentsStats();
      if ((stats.pages > 0 && stats.visible === stats.pages) || round === 50) return stats;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function insertIncidents(prefix: string, count: number): Promise<void> {
    const { orgId, author } = await demoOrgAndAuthor(t.ctx.database.db);
    const rows: NewDocumentRow[] = Array.from({ length: count }, (_, index) =>
      incidentRow({ orgId, index, prefix, summaryPrefix: 'Visibility', author, date: new Date().toISOString() }),
    );
    await t.ctx.database.db
      .transaction()
      .execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'upkeep test'), rows));
  }

  it.runIf(dialect === 'sqlite')('has nothing to vacuum on the embedded database', async () => {
    expect(await dueVacuums(t.ctx.database)).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('vacuums the documents table once it took 1,000 rows, marking every page all-visible', async () => {
    await insertIncidents('VU', ROWS);
    const before = await statsUntil((stats) => stats.inserted >= ROWS);
    expect(before.inserted).toBeGreaterThanOrEqual(UPKEEP_CHANGED_ROWS);
    expect(await dueVacuums(t.ctx.database)).toContainEqual({ table: 'documents', cleaning: false });

    const after = await checkUntilMarked();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    expect((await dueVacuums(t.ctx.database)).map((due) => due.table)).not.toContain('documents');
  });

  it.runIf(dialect === 'postgres')(
    'cleans the indexes when a fiftieth of the table is dead rows, so those pages are marked too',
    async () => {
      await sql`UPDATE documents SET data = data WHERE display_id LIKE 'INC-VU%'`.execute(t.ctx.database.db);
      await statsUntil((stats) => stats.dead >= ROWS);
      expect(await dueVacuums(t.ctx.database)).toContainEqual({ table: 'documents', cleaning: true });

      // A page with dead rows' line pointers left (no index cleanup) is never all-visible. The first
      // round decides by the dead rows; later ones (every table, at 0 rows) mark what was too fresh.
      expect(await keepPagesVisible(t.ctx.database)).toContainEqual({ table: 'documents', cleaning: true });
      const after = await checkUntilMarked(() => keepPagesVisible(t.ctx.database, 0));
      expect(after.visible).toBe(after.pages);
      expect(after.dead).toBe(0);
    },
  );

  it.runIf(dialect === 'postgres')('marks the rows a burst left below 1,000 on the jobs worker’s ticker', async () => {
    await insertIncidents('VT', 500);
    await statsUntil((stats) => stats.inserted >= 500);
    await refreshPlannerStatistics(t.ctx.database);
    const left = await documentsStats();
    expect(left.visible).toBeLessThan(left.pages);

    const marked = await checkUntilMarked(() => runTickers(t.ctx));
    expect(marked.visible).toBe(marked.pages);
  });
});
