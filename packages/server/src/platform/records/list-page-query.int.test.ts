/**
 * The list page query chooses its ids first (WHERE, ORDER BY, LIMIT, OFFSET over documents only)
 * and joins the author for those rows only, on both databases: its plan keeps `identities` out of
 * the part that skips rows, and its answers are those of the plain join it replaced, page by page.
 * Its totals and keyset conditions too; lists a row filter restricts to several sites (read in
 * branches, one per site) are in list-page-site-branches.int.test.ts.
 */
import { CompiledQuery, sql, type Expression, type KyselyPlugin, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFilter, parseFilter, parseOrderBy } from '@docket/shared';
import type { TestApp } from '../../test-support/test-app.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { AccessScope } from '../access/access-scope.ts';
import { listDocuments, listWhere } from './document-pages.ts';
import { pageQuery, type OrderExpression } from './page-sql.ts';
import { documentColumns } from './document-shape.ts';
import { decodeCursor, keysetConditions, type KeysetTerm } from './keyset.ts';
import { catalog, startPagedIncidents, type PagedIncidents } from './list-page-query.test-fixtures.ts';

describe.each(testDialects)('list page query on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  let listShape: PagedIncidents['listShape'];

  beforeAll(async () => {
    ({ t, orgId, listShape } = await startPagedIncidents(dialect));
  });
  afterAll(async () => t.close());

  /** The page query as it was before: the author joined before ORDER BY, LIMIT and OFFSET. */
  async function joinedFirst(where: Expression<SqlBool>[], order: OrderExpression[], start: number, count: number) {
    const direction = order[0]?.direction ?? 'desc';
    const terms = [
      ...order.map((o) => sql`${o.expr} ${sql.raw(o.direction === 'asc' ? 'ASC' : 'DESC')}`),
      sql`d.id ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`,
    ];
    const columns = sql.raw(documentColumns.map((c) => 'd.' + c).join(', ') + ', author.display_name AS created_by_name');
    const result = await sql`SELECT ${columns} FROM documents AS d LEFT JOIN identities AS author ON author.uuid = d.created_by
      WHERE ${sql.join(where, sql` AND `)} ORDER BY ${sql.join(terms)} LIMIT ${count} OFFSET ${start}`.execute(t.ctx.database.db);
    return result.rows;
  }

  it.each([
    [null, 'created_date desc'],
    [null, 'created_date asc'],
    ["status = 'Closed'", 'created_date desc'],
    ["category = 'Injury'", 'incident_date desc'],
    ['priority >= 2', 'category asc, priority desc'],
  ])('answers every page as the join-first query did (filter %s, order %s)', async (filterText, orderText) => {
    const { where, order } = listShape(filterText, orderText);
    let pages = 0;
    for (const start of [0, 15, 200, 230, 950, 1190, 1300]) {
      const page = await listWhere(t.ctx.database, where, order, { start, count: 15, withTotal: false });
      const expected = await joinedFirst(where, order, start, 15);
      expect(page.rows).toEqual(expected);
      if (expected.length > 0) pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(4);
  });

  it('gives a page with cursors the same rows, without the sort keys it read for them', async () => {
    const { where, order } = listShape("status = 'Closed'", 'summary asc, created_date desc');
    const plain = await listWhere(t.ctx.database, where, order, { start: 30, count: 15, withTotal: false });
    const withCursors = await listWhere(t.ctx.database, where, order, { start: 30, count: 15, withTotal: false, withCursors: true });
    expect(withCursors.keys?.first.id).toBe(plain.rows[0]?.id);
    expect(withCursors.rows).toEqual(plain.rows);
    for (const row of withCursors.rows) expect(Object.keys(row).sort()).toEqual([...documentColumns, 'created_by_name'].sort());
  });

  it('names the author on every row of a deep page, and none for a removed identity', async () => {
    const { where, order } = listShape(null, 'created_date desc');
    const page = await listWhere(t.ctx.database, where, order, { start: 900, count: 15, withTotal: false });
    expect(page.rows).toHaveLength(15);
    const named = page.rows.filter((row) => typeof row.created_by_name === 'string' && row.created_by_name.length > 0);
    const unnamed = page.rows.filter((row) => row.created_by_name === null);
    expect(named.length).toBe(10);
    expect(unnamed.length).toBe(5);
  });

  it('writes the keyset of NOT NULL terms in one direction as one row comparison on PostgreSQL only', async () => {
    const compiledOf = (terms: KeysetTerm[], values: (string | number | null)[]) =>
      sql`${sql.join(
        keysetConditions(
          dialect,
          terms,
          { expr: sql.ref('d.id'), direction: terms[0]!.direction, isNullable: false },
          { order: 'x', values, id: 7 },
        ),
        sql` AND `,
      )}`.compile(t.ctx.database.db).sql;
    const created = (direction: 'asc' | 'desc'): KeysetTerm => ({ expr: sql.ref('d.created_date'), direction, isNullable: false });
    const byDate = compiledOf([created('desc')], ['2024-01-01T00:00:00.000Z']);
    if (dialect === 'postgres') {
      // One index condition whose generic plan PostgreSQL's plan cache keeps (bench/README.md, tenth session).
      expect(byDate).toMatch(/^\("d"\."created_date", "d"\."id"\) < \(\$1, \$2\)$/);
      expect(compiledOf([created('asc')], ['2024-01-01T00:00:00.000Z'])).toContain(') > (');
    } else {
      expect(byDate).toContain(' OR ');
    }
    // A nullable term, a NULL value or mixed directions keep the lexicographic OR form everywhere.
    const priority: KeysetTerm = { expr: sql.ref('d.status_date'), direction: 'desc', isNullable: true };
    expect(compiledOf([priority], ['2024-01-01'])).toContain(' OR ');
    expect(compiledOf([{ ...created('desc') }, { ...created('asc') }], ['2024-01-01', '2024-01-01'])).toContain(' OR ');
  });

  it('answers a page and its total in one statement on PostgreSQL, with the totals of a count made apart', async () => {
    // Each statement the reader runs, by the columns of its first row (plugins see compiled ones too).
    const statements: string[][] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements.push(Object.keys(args.result.rows[0] ?? {}));
        return args.result;
      },
    };
    const database = { ...t.ctx.database, reader: t.ctx.database.reader.withPlugin(counter) };
    /** Every match, counted without a cap (the `id <> -n` makes each list a count the cache has not seen). */
    const allMatches = async (where: Expression<SqlBool>[]) =>
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`.execute(t.ctx.database.db))
          .rows[0]!.n,
      );
    const cases: [string, number, number][] = [
      // filter, start, statements on PostgreSQL (SQLite: the page, and its count unless a short first page is its own total)
      ["status = 'Closed' AND id <> -101", 0, 1],
      ["status = 'Closed' AND id <> -102", 45, 1],
      ["status = 'Closed' AND id <> -103", 5000, 2], // past the end: an empty page carries no total
      ["summary = 'nothing like it' AND id <> -104", 0, 1], // no match: 0 without a count
      ['id <> -105', 0, 1], // beyond the counted window: a lower bound
      ['id <> -106', 300, 1],
    ];
    for (const [filterText, start, onPostgres] of cases) {
      const { where, order } = listShape(filterText, 'created_date desc');
      statements.length = 0;
      const generation = dataGeneration();
      const page = await listWhere(database, where, order, { start, count: 15 });
      const matches = await allMatches(where);
      const cap = start + 1000;
      expect({ total: page.total, estimate: page.totalIsEstimate }, filterText).toEqual({
        total: Math.min(matches, cap),
        estimate: matches > cap,
      });
      expect(page.rows).toHaveLength(Math.max(0, Math.min(15, matches - start)));
      // With reader threads the count goes beside the page, so it is made even for a short first page.
      const onSqlite = start === 0 && matches < 15 && !database.concurrentReads ? 1 : 2;
      expect(statements, filterText).toHaveLength(dialect === 'postgres' ? onPostgres : onSqlite);
      // The same list again: its count comes from the count cache, so the page is read alone.
      statements.length = 0;
      const again = await listWhere(database, where, order, { start, count: 15 });
      expect(dataGeneration(), 'nothing was written between the two reads').toBe(generation);
      expect({ total: again.total, rows: again.rows }).toEqual({ total: page.total, rows: page.rows });
      expect(statements.filter((columns) => columns.includes('docket_total'))).toEqual([]);
    }
    // After a cursor only the rows beyond it are counted, and the page's position is added.
    const { where, order } = listShape("status = 'Closed' AND id <> -107", 'created_date desc');
    const request = { docType: 'incident', scope: AccessScope.system(orgId, 'read', 'cursor'), catalog, userId: 'nobody', count: 15 };
    const filter = checkFilter(parseFilter("status = 'Closed' AND id <> -107"), catalog);
    const sorted = parseOrderBy('created_date desc', catalog);
    const second = await listDocuments(database, { ...request, filter, order: sorted, start: 15, withCursors: true });
    statements.length = 0;
    const third = await listDocuments(database, {
      ...request,
      filter,
      order: sorted,
      start: 30,
      keyset: { direction: 'after', cursor: decodeCursor(second.cursors!.next)! },
    });
    expect(third.total).toBe(await allMatches(where));
    expect(third.rows).toEqual((await listWhere(t.ctx.database, where, order, { start: 30, count: 15, withTotal: false })).rows);
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : 2);
  });

  it('joins identities only after LIMIT and OFFSET on a deep page', async () => {
    const { where, order } = listShape("status = 'Closed'", 'created_date desc');
    const compiled = pageQuery(where, order, { start: 300, count: 15 }).compile(t.ctx.database.db);
    if (dialect === 'sqlite') {
      const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + compiled.sql, [...compiled.parameters])))
        .rows as { id: number; parent: number; detail: string }[];
      const text = plan.map((row) => row.detail).join('\n');
      const ancestors = (row: { parent: number }): string[] => {
        const parent = plan.find((p) => p.id === row.parent);
        return parent ? [parent.detail, ...ancestors(parent)] : [];
      };
      // The ids are chosen in a subquery of its own (a co-routine or a materialised view)…
      const subquery = plan.filter((row) => /^(CO-ROUTINE|MATERIALIZE) page/.test(row.detail));
      expect(subquery, text).toHaveLength(1);
      const insideSubquery = plan.filter((row) => ancestors(row).some((detail) => /^(CO-ROUTINE|MATERIALIZE) page/.test(detail)));
      expect(insideSubquery.map((row) => row.detail).join('\n'), text).toMatch(/ d /);
      // …and identities are looked up outside it, once per row of the page.
      const authorLookups = plan.filter((row) => /\bauthor\b/.test(row.detail));
      expect(authorLookups, text).toHaveLength(1);
      expect(
        ancestors(authorLookups[0]!).some((detail) => /page/.test(detail)),
        text,
      ).toBe(false);
      expect(
        insideSubquery.some((row) => /identities|author/.test(row.detail)),
        text,
      ).toBe(false);
    } else {
      const result = await t.ctx.database.db.executeQuery(
        CompiledQuery.raw('EXPLAIN (FORMAT JSON) ' + compiled.sql, [...compiled.parameters]),
      );
      const raw = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PgPlanNode }[];
      const limits = nodes(plan[0]!.Plan).filter((node) => node['Node Type'] === 'Limit');
      expect(limits.length, JSON.stringify(plan)).toBeGreaterThanOrEqual(1);
      for (const limit of limits) {
        expect(relations(limit), JSON.stringify(plan)).not.toContain('identities');
        expect(relations(limit)).toContain('documents');
      }
      expect(relations(plan[0]!.Plan)).toContain('identities');
    }
  });
});

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgPlanNode[];
}

function nodes(node: PgPlanNode): PgPlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

function relations(node: PgPlanNode): string[] {
  return nodes(node).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []));
}
