/**
 * The list page query chooses its ids first (WHERE, ORDER BY, LIMIT, OFFSET over documents only)
 * and joins the author for those rows only, on both databases: its plan keeps `identities` out of
 * the part that skips rows, and its answers are those of the plain join it replaced, page by page.
 */
import { CompiledQuery, sql, type Expression, type KyselyPlugin, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  andAll,
  builtinTypeByName,
  checkFilter,
  fieldCatalogOf,
  inList,
  parseFilter,
  parseOrderBy,
  TOTAL_COUNT_WINDOW,
} from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from './documents.repository.ts';
import { listDocuments, listWhere } from './document-pages.ts';
import { pageQuery, type OrderExpression } from './page-sql.ts';
import { typeConditions } from './document-query.ts';
import { documentColumns } from './document-shape.ts';
import { decodeCursor, keysetConditions, type KeysetTerm } from './keyset.ts';
import { fieldSql } from './field-sql.ts';

const ROWS = 1200;

describe.each(testDialects)('list page query on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  const incident = builtinTypeByName('incident')!;
  const catalog = fieldCatalogOf(incident, { canSeeProtected: true });

  beforeAll(async () => {
    // No background jobs: a job's end moves the data generation (data-generation.ts), which empties
    // the count cache between two reads a test expects the second to take from it.
    t = await startTestApp(dialect, { jobs: false });
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const people = await db.selectFrom('identities').select('uuid').orderBy('uuid').limit(2).execute();
    // Two known authors and one whose identity no longer exists (the LEFT JOIN's null name).
    const authors = [...people.map((p) => p.uuid), 'a0000000-0000-4000-8000-00000000dead'];
    const rows: NewDocumentRow[] = [];
    for (let i = 0; i < ROWS; i++) {
      // Dates repeat every 97 rows so that ties are broken by the id.
      const date = new Date(Date.UTC(2024, 0, 1) + (i % 97) * 3_600_000).toISOString();
      const author = authors[i % authors.length]!;
      rows.push(incidentRow({ orgId, index: i, prefix: 'P', summaryPrefix: 'Paged incident', author, date }));
    }
    const scope = AccessScope.system(orgId, 'create', 'test data for list pages');
    await db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
    // PostgreSQL: this schema's table only (other test schemas share the database).
    await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);
  });
  afterAll(async () => t.close());

  function listShape(filterText: string | null, orderText: string) {
    const filter = filterText ? checkFilter(parseFilter(filterText), catalog) : null;
    const where = typeConditions(
      t.ctx.database,
      { docType: 'incident', scope: AccessScope.system(orgId, 'read', 'page query test'), catalog },
      'nobody',
      filter,
    );
    const order: OrderExpression[] = parseOrderBy(orderText, catalog).map((term) => ({
      expr: fieldSql(dialect, catalog, term.field, 'd').expr,
      direction: term.direction,
    }));
    return { where, order };
  }

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

  it('writes one site condition for a site-restricted list filtered on one of its sites, and none can match outside them', async () => {
    const scope = {
      ...AccessScope.system(orgId, 'read', 'restricted list test'),
      rowFilter: inList('site_id', [3, 7]),
    } as AccessScope<'read'>;
    const whereOf = (filterText: string) =>
      sql`SELECT d.id FROM documents AS d WHERE ${sql.join(
        typeConditions(t.ctx.database, { docType: 'incident', scope, catalog }, 'nobody', checkFilter(parseFilter(filterText), catalog)),
        sql` AND `,
      )}`.compile(t.ctx.database.db).sql;
    // The row filter's IN-list is implied by the filter's own site: a generic plan on PostgreSQL
    // then reads the (site, created) index in order instead of sorting every match.
    expect(whereOf("status = 'Closed' AND site_id = 3").match(/site_id/g)).toHaveLength(1);
    expect(whereOf("status = 'Closed'").match(/site_id/g)).toHaveLength(1);
    // Site 5 is outside the grants: the row filter is FALSE before any row is read.
    const outside = whereOf("status = 'Closed' AND site_id = 5");
    expect(outside.match(/site_id/g)).toHaveLength(1);
    expect(outside).toContain('1 = 0');
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

  it.each([
    [null, 'created_date desc'],
    [null, 'created_date asc'],
    ["status = 'Closed'", 'incident_date desc'],
    ['priority >= 2', 'category asc, priority desc'],
  ])(
    'reads a row filter over several sites as one ordered read per site, with the same pages (filter %s, order %s)',
    async (filterText, orderText) => {
      const filter = filterText ? checkFilter(parseFilter(filterText), catalog) : null;
      const order = parseOrderBy(orderText, catalog);
      const scope = {
        ...AccessScope.system(orgId, 'read', 'several sites'),
        rowFilter: inList('site_id', [2, 5, 6]),
      } as AccessScope<'read'>;
      const request = { docType: 'incident', scope, catalog, filter, order, userId: 'nobody', count: 15 };
      // The same list with the sites as a filter of the caller's own: no branches, one ordered read.
      const plainScope = AccessScope.system(orgId, 'read', 'one read');
      const plainFilter = filter ? andAll([filter, inList('site_id', [2, 5, 6])]) : inList('site_id', [2, 5, 6]);
      const all = (
        await listDocuments(t.ctx.database, {
          ...request,
          scope: plainScope,
          filter: plainFilter,
          start: 0,
          count: 10_000,
          withTotal: false,
        })
      ).rows.length;
      let pages = 0;
      for (const start of [0, 15, 300, 480, 985, 1200]) {
        const branched = await listDocuments(t.ctx.database, { ...request, start, withCursors: true });
        const plain = await listDocuments(t.ctx.database, { ...request, scope: plainScope, filter: plainFilter, start, withCursors: true });
        expect(branched.rows, `start ${start}`).toEqual(plain.rows);
        expect(branched.total).toBe(plain.total);
        // Counted up to start + the window, as for any page (a deep page's in its own read on PostgreSQL).
        const capped = all > start + TOTAL_COUNT_WINDOW;
        expect({ total: branched.total, estimate: branched.totalIsEstimate }, `start ${start} of ${all}`).toEqual({
          total: capped ? start + TOTAL_COUNT_WINDOW : all,
          estimate: capped,
        });
        if (plain.rows.length > 0) pages++;
        if (!branched.cursors) continue;
        // Keyset pages from the cursors: forward and back.
        for (const keyset of [
          { direction: 'after' as const, cursor: decodeCursor(branched.cursors.next)! },
          { direction: 'before' as const, cursor: decodeCursor(branched.cursors.previous)! },
        ]) {
          const next = await listDocuments(t.ctx.database, { ...request, start, keyset });
          const expected = await listDocuments(t.ctx.database, { ...request, scope: plainScope, filter: plainFilter, start, keyset });
          expect(next.rows, `${keyset.direction} start ${start}`).toEqual(expected.rows);
          expect(next.total, `${keyset.direction} start ${start}`).toBe(expected.total);
        }
      }
      expect(pages).toBeGreaterThanOrEqual(2);
    },
  );

  it('writes one ordered read per site of the row filter however deep the page, and one read where the filter pins a site', async () => {
    const scope = { ...AccessScope.system(orgId, 'read', 'several sites'), rowFilter: inList('site_id', [2, 5]) } as AccessScope<'read'>;
    const request = {
      docType: 'incident',
      scope,
      catalog,
      filter: null,
      order: parseOrderBy('created_date desc', catalog),
      userId: 'nobody',
      count: 15,
      start: 0,
    };
    const statements: string[] = [];
    const database = { ...t.ctx.database, reader: t.ctx.database.reader.withPlugin(recorder(statements)) };
    await listDocuments(database, { ...request, withTotal: false });
    expect(statements.at(-1)).toMatch(/UNION ALL/);
    await listDocuments(database, { ...request, withTotal: false, filter: checkFilter(parseFilter('site_id = 2'), catalog) });
    expect(statements.at(-1)).not.toMatch(/UNION ALL/);
    // A deep page branches too, in the form each database merges without sorting (page-sql.ts,
    // mergedIds): SQLite's compound SELECT carries the ORDER BY, PostgreSQL's arms are LIMITed.
    await listDocuments(database, { ...request, withTotal: false, start: 990 });
    const deep = statements.at(-1)!;
    expect(deep).toMatch(/UNION ALL/);
    expect(/\) AS branch/.test(deep)).toBe(dialect === 'postgres');
  });

  it.each(['created_date desc', 'created_date asc', 'incident_date desc', 'category asc, priority desc'])(
    'answers every page of a row filter over several sites as the single read does, deep pages included (order %s)',
    async (orderText) => {
      const rowFilter = inList('site_id', [2, 5, 6]);
      const scope = { ...AccessScope.system(orgId, 'read', 'several sites'), rowFilter } as AccessScope<'read'>;
      const order = parseOrderBy(orderText, catalog);
      const request = { docType: 'incident', scope, catalog, filter: null, order, userId: 'nobody', count: 15, withTotal: false };
      const { order: expressions } = listShape(null, orderText);
      // The single read: the row filter as one IN-list in the WHERE, no branches.
      const where = typeConditions(t.ctx.database, { docType: 'incident', scope, catalog }, 'nobody', null);
      const statements: string[] = [];
      const database = { ...t.ctx.database, reader: t.ctx.database.reader.withPlugin(recorder(statements)) };
      let pages = 0;
      // 1,200 rows over 7 sites: the three sites hold 514, so 500 is the deepest page with rows.
      for (const start of [0, 15, 100, 240, 499, 500, 514]) {
        const branched = await listDocuments(database, { ...request, start });
        expect(statements.at(-1)).toMatch(/UNION ALL/);
        const single = await listWhere(t.ctx.database, where, expressions, { start, count: 15, withTotal: false });
        expect(branched.rows.map((row) => row.id)).toEqual(single.rows.map((row) => row.id));
        if (single.rows.length > 0) pages++;
      }
      expect(pages).toBe(6);
    },
  );

  it('counts a row filter over several sites one site at a time on PostgreSQL, and as one read on SQLite', async () => {
    const scope = { ...AccessScope.system(orgId, 'read', 'several sites'), rowFilter: inList('site_id', [2, 5]) } as AccessScope<'read'>;
    const filter = checkFilter(parseFilter('id <> -201'), catalog);
    const request = { docType: 'incident', scope, catalog, filter, order: parseOrderBy('created_date desc', catalog), userId: 'nobody' };
    const statements: string[] = [];
    // Built statements through the plugin; compiled ones (a count made apart) as they are run.
    const reader = t.ctx.database.reader.withPlugin(recorder(statements));
    const recording = new Proxy(reader, {
      get(target, property) {
        if (property === 'executeQuery')
          return (query: CompiledQuery) => {
            statements.push(query.sql);
            return target.executeQuery(query);
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const database = { ...t.ctx.database, reader: recording };
    const page = await listDocuments(database, { ...request, count: 15, start: 0 });
    const counts = statements.filter((statement) => statement.includes('count(*)'));
    expect(counts).toHaveLength(1);
    // branchedCountQuery's parts: PostgreSQL's generic plan read the index without the site for one IN-list.
    expect(counts[0]!.includes('SELECT 1 AS one FROM documents')).toBe(dialect === 'postgres');
    const plainFilter = andAll([filter, inList('site_id', [2, 5])]);
    const plainScope = AccessScope.system(orgId, 'read', 'one read');
    const plain = await listDocuments(t.ctx.database, { ...request, scope: plainScope, filter: plainFilter, count: 15, start: 0 });
    expect({ total: page.total, estimate: page.totalIsEstimate }).toEqual({ total: plain.total, estimate: plain.totalIsEstimate });
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

/** A Kysely plugin that keeps each statement's syntax tree, as JSON, before it is compiled. */
function recorder(statements: string[]): KyselyPlugin {
  return {
    transformQuery: (args) => {
      statements.push(JSON.stringify(args.node));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}
