/**
 * A deep page of a user of two sites merges their reads from an anchor on the embedded database
 * (page-sql.ts, `anchoredMergedIds`; docs/architecture.md): page by page, deep pages and pages
 * past the end included, it answers the rows and totals of the one read with the sites as a filter,
 * for sites of equal and of unequal size, with ties on the order broken by the id, in either
 * direction; an order that may be NULL merges from the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { andAll, builtinTypeByName, fieldCatalogOf, inList, parseOrderBy, TOTAL_COUNT_WINDOW } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from './documents.repository.ts';
import { listDocuments } from './document-pages.ts';

/** Rows per site: site 2 three times site 5's, sites 5 and 3 alike, site 6 never asked for together. */
const SITES: [site: number, rows: number][] = [
  [2, 2400],
  [5, 800],
  [3, 800],
  [6, 400],
];

describe.each(testDialects)('a deep page of two sites on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  const catalog = fieldCatalogOf(builtinTypeByName('incident')!, { canSeeProtected: true });

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    const db = t.ctx.database.db;
    const demo = await demoOrgAndAuthor(db);
    orgId = demo.orgId;
    const author = demo.author;
    const rows: NewDocumentRow[] = [];
    let index = 0;
    for (const [site, count] of SITES) {
      for (let i = 0; i < count; i++, index++) {
        // Dates repeat every 211 rows, across the sites: ties the id breaks, within a site and between two.
        const date = new Date(Date.UTC(2024, 0, 1) + (index % 211) * 3_600_000).toISOString();
        rows.push({ ...incidentRow({ orgId, index, prefix: 'AM', summaryPrefix: 'Anchored', author, date }), site_id: site });
      }
    }
    const scope = AccessScope.system(orgId, 'create', 'test data for anchored merges');
    await db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
    await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);
  });
  afterAll(async () => t.close());

  it.each([
    [[2, 5], 'created_date desc'],
    [[2, 5], 'created_date asc'],
    [[5, 3], 'created_date desc'],
    [[5, 2], 'display_id asc'],
    [[5, 3], 'incident_date desc'],
  ])('answers the pages of sites %j in order %s as the one read does', async (sites, orderText) => {
    const request = {
      docType: 'incident',
      scope: { ...AccessScope.system(orgId, 'read', 'two sites'), rowFilter: inList('site_id', sites) } as AccessScope<'read'>,
      catalog,
      filter: null,
      order: parseOrderBy(orderText, catalog),
      userId: 'nobody',
      count: 15,
    };
    // The same list with the sites as a filter of the caller's own: no branches, one ordered read.
    const plain = { ...request, scope: AccessScope.system(orgId, 'read', 'one read'), filter: andAll([inList('site_id', sites)]) };
    const held = SITES.filter(([site]) => sites.includes(site)).reduce((sum, [, rows]) => sum + rows, 0);
    const recorded = recordReaderStatements(t.ctx.database);
    const starts = [...new Set([999, 1000, 1001, 1599, 1600, 1785, held - 20, held - 15, held, held + 500])];
    let pages = 0;
    try {
      for (const start of starts) {
        const before = recorded.statements.length;
        const branched = await listDocuments(t.ctx.database, { ...request, start });
        const anchored = recorded.statements.slice(before).some((text) => text.includes('docket_anchor'));
        // Only SQLite anchors, from the 1,000th row on, for order terms that cannot be NULL (a data field may be).
        expect(anchored, `start ${start}`).toBe(dialect === 'sqlite' && start >= 1000 && orderText !== 'incident_date desc');
        const single = await listDocuments(t.ctx.database, { ...plain, start });
        expect(
          branched.rows.map((row) => row.id),
          `start ${start}`,
        ).toEqual(single.rows.map((row) => row.id));
        expect(branched.total, `start ${start}`).toBe(single.total);
        // Counted up to start + the window, as for any page (on PostgreSQL in the deep page's own read).
        const capped = held > start + TOTAL_COUNT_WINDOW;
        expect({ total: branched.total, estimate: branched.totalIsEstimate }, `start ${start}`).toEqual({
          total: capped ? start + TOTAL_COUNT_WINDOW : held,
          estimate: capped,
        });
        if (single.rows.length > 0) pages++;
      }
    } finally {
      recorded.stop();
    }
    expect(pages).toBe(starts.filter((start) => start < held).length);
    expect(pages).toBeGreaterThanOrEqual(6);
  });
});
