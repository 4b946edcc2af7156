/**
 * A list sorted by an indexed field (docs/product/forms-and-lists.md#list-indexes): on the embedded
 * database the page names that field's own index, whose key `(…, <field>, id)` is the list's order
 * (the planner sorted the whole type instead); on both databases the rows come in that order. A
 * page after a cursor reads from the cursor on, also within one value of the field (keyset.ts,
 * `keysetArms`).
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows } from './documents.repository.ts';
import { indexDefinitionsOf } from './type-indexes.ts';

describe.each(testDialects)('a list sorted by an indexed field on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const incident = builtinTypeByName('incident')!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    const db = t.ctx.database.db;
    const { orgId, author } = await demoOrgAndAuthor(db);
    // Rows whose category and priority do not follow their ids, so only the field's order sorts them.
    const rows = Array.from({ length: 60 }, (_, i) =>
      incidentRow({
        orgId,
        index: (i * 7) % 60,
        prefix: 'O',
        summaryPrefix: 'Sorted incident',
        author,
        date: `2025-01-01T00:${String(i).padStart(2, '0')}:00.000Z`,
      }),
    );
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test data for sorting'), rows));
  }, 120_000);
  afterAll(async () => t.close());

  /** The SQL texts the list route sends to the reader while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    return (await queriesOf(work)).map((query) => query.sql);
  }

  async function queriesOf(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
    const { queries, stop } = recordReaderStatements(t.ctx.database);
    try {
      await work();
    } finally {
      stop();
    }
    return queries;
  }

  async function list(query: string): Promise<Record<string, unknown>> {
    const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Record<string, unknown>;
  }

  it.each(['category asc', 'priority desc'])('reads the page in the field’s index order (%s)', async (orderText) => {
    const [field, direction] = orderText.split(' ') as [string, string];
    let rows: Record<string, unknown>[] = [];
    const statements = await statementsOf(async () => {
      const url = `/v3/demo/incident?count=15&start=5&order=${encodeURIComponent(orderText)}`;
      const answer = await t.as(admin, { method: 'GET', url });
      expect(answer.statusCode, answer.body).toBe(200);
      rows = answer.json().dataAr;
    });
    expect(rows).toHaveLength(15);
    const values = rows.map((row) => row[field] as string | number);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    const index = indexDefinitionsOf(incident, dialect).find((definition) => definition.name.startsWith(`dx_incident_${field}_`))!;
    const named = statements.filter((text) => text.includes(`INDEXED BY "${index.name}"`));
    // SQLite names it for the page; PostgreSQL's planner, which keeps each type's share, chooses it alone.
    expect(named).toHaveLength(dialect === 'sqlite' ? 1 : 0);
  });

  it.each(['category asc', 'category desc'])(
    'reads a page after a cursor within one value from the cursor on, as the numbered page (%s)',
    async (orderText) => {
      const order = encodeURIComponent(orderText);
      // Six categories over 60 rows: page 2's cursor lies within one category, its rows before it in the same one.
      const first = await list(`count=15&start=0&order=${order}`);
      const numbered = await list(`count=15&start=15&order=${order}`);
      const cursor = encodeURIComponent((first.cursors as { next: string }).next);
      let after: Record<string, unknown> = {};
      const queries = await queriesOf(async () => (after = await list(`count=15&start=15&order=${order}&after=${cursor}`)));
      const idsOf = (page: Record<string, unknown>) => (page.dataAr as { id: number }[]).map((row) => row.id);
      expect(idsOf(after)).toEqual(idsOf(numbered));
      expect(after.total).toBe(numbered.total);
      // On both databases the rows after the cursor are read as arms (a data field is never NOT NULL,
      // so PostgreSQL's single row comparison does not apply either).
      const page = queries.find((query) => query.sql.includes('"arm1"'));
      expect(page, 'a page read as arms').toBeDefined();
      if (dialect !== 'sqlite') return;
      const index = indexDefinitionsOf(incident, dialect).find((definition) => definition.name.startsWith('dx_incident_category_'))!;
      expect(page!.sql).toContain(`INDEXED BY "${index.name}"`);
      const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + page!.sql, [...page!.parameters])))
        .rows as { detail: string }[];
      const details = plan.map((row) => row.detail).join('\n');
      // The rows of the cursor's category after its id are one range of the index: no entry before the cursor is read.
      expect(details).toMatch(
        new RegExp(`SEARCH d USING COVERING INDEX ${index.name} \\(org_id=\\? AND doc_type=\\? AND <expr>=\\? AND id[<>]\\?\\)`),
      );
      expect(details).toMatch(
        new RegExp(`SEARCH d USING COVERING INDEX ${index.name} \\(org_id=\\? AND doc_type=\\? AND <expr>[<>]\\?\\)`),
      );
    },
  );
});
