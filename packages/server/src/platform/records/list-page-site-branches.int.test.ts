/**
 * Lists a row filter restricts to several sites, on both databases: the page is read in branches,
 * one ordered read per site merged (however deep the page; one read where the filter pins a site),
 * and its pages, totals and cursor pages equal those of the single read with the sites in the WHERE;
 * PostgreSQL counts one site at a time, SQLite in one read. The page query itself is in
 * list-page-query.int.test.ts.
 */
import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { andAll, checkFilter, inList, parseFilter, parseOrderBy, TOTAL_COUNT_WINDOW } from '@docket/shared';
import type { TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { AccessScope } from '../access/access-scope.ts';
import { listDocuments, listWhere } from './document-pages.ts';
import { typeConditions } from './document-query.ts';
import { decodeCursor } from './keyset.ts';
import { catalog, startPagedIncidents, type PagedIncidents } from './list-page-query.test-fixtures.ts';

describe.each(testDialects)('list page query on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  let listShape: PagedIncidents['listShape'];

  beforeAll(async () => {
    ({ t, orgId, listShape } = await startPagedIncidents(dialect));
  });
  afterAll(async () => t.close());

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
});

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
