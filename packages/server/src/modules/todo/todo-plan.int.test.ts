/**
 * The todo's candidates (todo.repository.ts) are read in the order of `documents_open_updated`
 * (migration 025): on the embedded database, with enough open documents for the planner to care,
 * the plan walks that index and never sorts. Without it, every open document was sorted first
 * (0.82 s with 625,000 open incidents; bench/README.md, eleventh session); with it but a type test
 * a type index could serve, exact statistics (averages per organisation and type) chose to read
 * the type's documents and sort them. A person's assignments (migration 026) are read backwards
 * along their own index, the caller's own documents already due along theirs (migration 027), and
 * the documents waiting at an approval stage along theirs (migration 028).
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows } from '../../platform/records/documents.repository.ts';
import {
  assignedOpenQuery,
  assignedOpenRows,
  awaitingApprovalQuery,
  awaitingApprovalRows,
  openWorkflowQuery,
  openWorkflowRows,
  ownOverdueQuery,
  ownOverdueRows,
} from './todo.repository.ts';

const ROWS = 3000;

describe('the todo candidates plan on sqlite', () => {
  let t: TestApp;
  let orgId: number;
  let author: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()).uuid;
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      ...incidentRow({
        orgId,
        index: i,
        prefix: 'T',
        summaryPrefix: 'Open incident',
        // Twenty authors, as in an organisation: one's own documents are a twentieth.
        author: i % 20 === 0 ? author : `author-${i % 20}`,
        date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
        // Twenty people share the assignments (and a few have a second assignee).
        data: { actionee_ids: i % 50 === 0 ? [`person-${i % 20}`, 'person-x'] : [`person-${i % 20}`] },
      }),
      // Every tenth is due: the older ones long ago, the newest in the future.
      due_date: i % 10 === 0 ? new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString() : null,
    }));
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'todo plan test data'), rows));
    // Exact statistics, as the server keeps them (docs/architecture.md#planner-statistics).
    await sql`PRAGMA analysis_limit = 0`.execute(db);
    await sql`ANALYZE`.execute(db);
  }, 120_000);
  afterAll(async () => t.close());

  const part = () => ({
    docType: 'incident',
    scope: AccessScope.system(orgId, 'read', 'todo plan'),
    catalog: fieldCatalogOf(builtinTypeByName('incident')!, { canSeeProtected: true }),
  });

  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + compiled.sql, [...compiled.parameters])))
      .rows as { detail: string }[];
    return plan.map((row) => row.detail).join('\n');
  }

  it('walks the open-by-update index without sorting, and answers the newest first', async () => {
    const text = await planOf(openWorkflowQuery(t.ctx.database, orgId, [part()], 'nobody', 300));
    expect(text).toMatch(/documents_open_updated/);
    expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    const rows = await openWorkflowRows(t.ctx.database, orgId, [part()], 'nobody', 5);
    const dates = rows.map((row) => row.updated_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("reads the caller's own documents already due along their index, earliest due first, without sorting", async () => {
    const now = new Date();
    const text = await planOf(ownOverdueQuery(t.ctx.database, orgId, [part()], author, 300, now));
    expect(text).toMatch(/SEARCH d USING INDEX documents_own_open_due \(org_id=\? AND created_by=\? AND closed=\? AND due_date<\?\)/);
    expect(text).not.toMatch(/TEMP B-TREE/);
    const rows = await ownOverdueRows(t.ctx.database, orgId, [part()], author, 1000);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.closed === 0 && row.due_date !== null && row.due_date < now.toISOString())).toBe(true);
    const due = rows.map((row) => row.due_date);
    expect(due).toEqual([...due].sort());
    expect(await ownOverdueRows(t.ctx.database, orgId, [part()], 'somebody-else', 1000)).toEqual([]);
  });

  it('reads the documents waiting at an approval stage along their own index range, most recently changed first, without sorting', async () => {
    const approving = { ...part(), statuses: ['Pending Approval'] };
    const text = await planOf(awaitingApprovalQuery(t.ctx.database, orgId, part(), 'Pending Approval', 'nobody', 300));
    expect(text).toMatch(/SEARCH d USING INDEX documents_open_status_updated \(org_id=\? AND doc_type=\? AND status=\?\)/);
    expect(text).not.toMatch(/TEMP B-TREE/);
    const rows = await awaitingApprovalRows(t.ctx.database, orgId, [approving], 'nobody', 5000);
    // Two of every three rows wait for approval; the third is closed.
    expect(rows).toHaveLength(ROWS - ROWS / 3);
    expect(rows.every((row) => row.status === 'Pending Approval' && row.closed === 0)).toBe(true);
    const dates = rows.map((row) => row.updated_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await awaitingApprovalRows(t.ctx.database, orgId, [{ ...approving, statuses: [] }], 'nobody', 300)).toEqual([]);
  });

  it("reads a person's assignments backwards along their index, each document by its key, without sorting", async () => {
    const text = await planOf(assignedOpenQuery(t.ctx.database, orgId, [part()], 'person-3', 300));
    expect(text).toMatch(/SEARCH a USING COVERING INDEX document_assignees_person \(org_id=\? AND person=\? AND closed=\?\)/);
    expect(text).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
    expect(text).not.toMatch(/TEMP B-TREE/);
    const rows = await assignedOpenRows(t.ctx.database, orgId, [part()], 'person-3', 1000);
    // Every twentieth row's, newest first: 3, 23, 43, … of the 3,000 (the triggers kept the table).
    expect(rows).toHaveLength(ROWS / 20);
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await assignedOpenRows(t.ctx.database, orgId, [part()], 'person-x', 1000)).toHaveLength(ROWS / 50);
  });
});
