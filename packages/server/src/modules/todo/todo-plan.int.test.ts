/**
 * The todo's candidates (todo.repository.ts) are read in the order of `documents_open_updated`
 * (migration 025): on the embedded database, with enough open documents for the planner to care,
 * the plan walks that index and never sorts. Without it, every open document was sorted first
 * (0.82 s with 625,000 open incidents; bench/README.md, eleventh session).
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows } from '../../platform/records/documents.repository.ts';
import { openWorkflowQuery, openWorkflowRows } from './todo.repository.ts';

const ROWS = 3000;

describe('the todo candidates plan on sqlite', () => {
  let t: TestApp;
  let orgId: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow())
      .uuid;
    const rows = Array.from({ length: ROWS }, (_, i) =>
      incidentRow({
        orgId,
        index: i,
        prefix: 'T',
        summaryPrefix: 'Open incident',
        author,
        date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      }),
    );
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'todo plan test data'), rows));
    await sql`ANALYZE`.execute(db);
  }, 120_000);
  afterAll(async () => t.close());

  const part = () => ({
    docType: 'incident',
    scope: AccessScope.system(orgId, 'read', 'todo plan'),
    catalog: fieldCatalogOf(builtinTypeByName('incident')!, { canSeeProtected: true }),
  });

  it('walks the open-by-update index without sorting, and answers the newest first', async () => {
    const compiled = openWorkflowQuery(t.ctx.database, orgId, [part()], 'nobody', 300).compile();
    const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + compiled.sql, [...compiled.parameters])))
      .rows as { detail: string }[];
    const text = plan.map((row) => row.detail).join('\n');
    expect(text).toMatch(/documents_open_updated/);
    expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    const rows = await openWorkflowRows(t.ctx.database, orgId, [part()], 'nobody', 5);
    const dates = rows.map((row) => row.updated_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
