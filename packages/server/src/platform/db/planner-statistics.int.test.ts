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
import { writeJson } from './json.ts';
import { insertDocumentRows, type NewDocumentRow } from '../records/documents.repository.ts';
import { ensureTypeIndexes } from '../records/type-indexes.ts';
import { autovacuumWarning, WRITES_BETWEEN_STATISTICS_CHECKS } from './planner-statistics.ts';

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
    const rows: NewDocumentRow[] = Array.from({ length: 300 }, (_, i) => ({
      org_id: orgId,
      doc_type: 'stats_probe',
      display_id: `SP-${i}`,
      status: 'Open',
      summary: `Probe ${i}`,
      descrip: '',
      parent_id: null,
      site_id: null,
      region_id: null,
      zone_id: null,
      module_id: null,
      ref: null,
      created_by: 'statistics-test',
      created_date: new Date().toISOString(),
      updated_by: 'statistics-test',
      updated_date: new Date().toISOString(),
      closed: 0,
      closed_date: null,
      due_date: null,
      status_date: null,
      workflow: null,
      attachments: writeJson([]),
      data: writeJson({ colour: ['red', 'green', 'blue'][i % 3] }),
    })) as NewDocumentRow[];
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
