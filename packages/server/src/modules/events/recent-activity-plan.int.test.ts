/**
 * Recent Activity's join order (recent-events.repository.ts `recentDriver`,
 * docs/architecture.md#recent-activity). Read newest first, the events reach a page after
 * (page ÷ readable share) of them: a manager of one small site read every event of the
 * organisation to find a few. On the embedded database such a caller's few readable documents
 * are read first, along the access indexes, then their events; whoever may read more than
 * `FEW_READABLE_DOCUMENTS` documents is still answered from the events newest first. Both orders
 * answer the same pages and totals, on both databases.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, checkFilter, fieldCatalogOf, parseFilter } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows } from '../../platform/records/documents.repository.ts';
import { insertEvent } from './events.repository.ts';
import {
  countRecentEvents,
  FEW_READABLE_DOCUMENTS,
  listRecentEvents,
  NEWEST_EVENTS_FACTORS,
  recentDriver,
  recentEventsPage,
  recentPageQuery,
  type RecentRequest,
} from './recent-events.repository.ts';

/** More than `FEW_READABLE_DOCUMENTS`, so the administrator is answered from the events. */
const ROWS = FEW_READABLE_DOCUMENTS + 400;
/** The small site: its documents are the first `SMALL_SITE_ROWS` rows. */
const SMALL_SITE = 9_001;
const SMALL_SITE_ROWS = 30;

describe.each(testDialects)('recent activity join order on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  /** Every event on the small site's documents, newest first (sort date, then id). */
  const smallSiteEvents: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow())
      .uuid;
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      ...incidentRow({ orgId, index: i, prefix: 'RA', summaryPrefix: 'Recent activity', author, date: '2025-01-01T00:00:00.000Z' }),
      site_id: i < SMALL_SITE_ROWS ? SMALL_SITE : 1 + (i % 7),
    }));
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'recent activity plan'), rows));
    const documents = await db
      .selectFrom('documents')
      .select(['id', 'site_id'])
      .where('org_id', '=', orgId)
      .where('display_id', 'like', 'INC-RA%')
      .orderBy('id')
      .execute();
    // Two events on every document over 500 minutes, the small site's among the older ones: the
    // newest 1,500 of the 4,800 hold none of them. Many share a minute, so the id breaks ties.
    const written: { id: number; date: string; small: boolean }[] = [];
    await db.transaction().execute(async (trx) => {
      for (const [n, document] of documents.entries()) {
        for (const reply of [0, 1]) {
          const date = new Date(Date.UTC(2025, 0, 1) + ((n * 7 + reply * 11) % 500) * 60_000).toISOString();
          const id = await insertEvent(trx, {
            orgId,
            docId: Number(document.id),
            parentId: null,
            type: 'comment',
            subject: null,
            descrip: `Comment ${n}.${reply}`,
            onBehalfOf: null,
            attachments: [],
            data: null,
            createdBy: author,
            date,
          });
          written.push({ id, date, small: document.site_id === SMALL_SITE });
        }
      }
    });
    written.sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
    smallSiteEvents.push(...written.filter((event) => event.small).map((event) => event.id));
    if (dialect === 'sqlite') {
      // Exact statistics, as the server keeps them (docs/architecture.md#planner-statistics).
      await sql`PRAGMA analysis_limit = 0`.execute(db);
      await sql`ANALYZE`.execute(db);
    } else {
      await sql`ANALYZE documents`.execute(db);
      await sql`ANALYZE events`.execute(db);
    }
  }, 120_000);
  afterAll(async () => t.close());

  const catalog = fieldCatalogOf(builtinTypeByName('incident')!, { canSeeProtected: true });
  const requestOf = (rowFilter: string | null, start = 0, count = 15): RecentRequest => ({
    orgId,
    parts: [
      {
        docType: 'incident',
        scope: {
          ...AccessScope.system(orgId, 'read', 'recent activity plan'),
          rowFilter: rowFilter === null ? null : checkFilter(parseFilter(rowFilter), catalog),
        },
        catalog,
      },
    ],
    userId: 'nobody',
    types: null,
    start,
    count,
  });
  const everything = (start = 0, count = 15) => requestOf(null, start, count);
  const smallSite = (start = 0, count = 15) => requestOf(`site_id = ${SMALL_SITE}`, start, count);

  async function planOf(request: RecentRequest, driver: 'events' | 'documents'): Promise<string[]> {
    const compiled = recentPageQuery(t.ctx.database, request, driver).compile();
    const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + compiled.sql, [...compiled.parameters])))
      .rows as { detail: string }[];
    return plan.map((row) => row.detail);
  }

  it('reads a small site’s documents first, and the events first for a reader of every document', async () => {
    expect(await recentDriver(t.ctx.database, everything())).toBe('events');
    expect(await recentDriver(t.ctx.database, smallSite())).toBe(dialect === 'sqlite' ? 'documents' : 'events');
    if (dialect !== 'sqlite') return;
    const fromDocuments = await planOf(smallSite(), 'documents');
    expect(fromDocuments[0], fromDocuments.join('\n')).toMatch(
      /^SEARCH d USING (COVERING )?INDEX \w+ \(org_id=\? AND doc_type=\? AND site_id=\?/,
    );
    expect(fromDocuments[1], fromDocuments.join('\n')).toMatch(/^SEARCH e USING INDEX/);
    const fromEvents = await planOf(everything(), 'events');
    expect(fromEvents[0], fromEvents.join('\n')).toMatch(/^SEARCH e USING INDEX events_org_sort/);
    expect(fromEvents.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('answers the same pages and totals in either order, and from the newest events', async () => {
    for (const request of [smallSite(), smallSite(5, 10), everything(), everything(40, 15), everything(1_300, 20)]) {
      const [fromEvents, fromDocuments, served] = await Promise.all([
        listRecentEvents(t.ctx.database, request, 'events'),
        listRecentEvents(t.ctx.database, request, 'documents'),
        recentEventsPage(t.ctx.database, request),
      ]);
      expect(fromDocuments.map((row) => row.id)).toEqual(fromEvents.map((row) => row.id));
      expect(served.rows.map((row) => row.id)).toEqual(fromEvents.map((row) => row.id));
      expect(fromEvents.length).toBeGreaterThan(0);
    }
  });

  it('counts the same total from the readable documents and, past the documents it may read first, from the events', async () => {
    const expected = [
      [smallSite(), { total: smallSiteEvents.length, totalIsEstimate: false }],
      [everything(), { total: 1_000, totalIsEstimate: true }],
      [everything(1_300, 20), { total: 2_300, totalIsEstimate: true }],
      [everything(4_000, 15), { total: ROWS * 2, totalIsEstimate: false }],
    ] as const;
    for (const [request, total] of expected) {
      expect(await countRecentEvents(t.ctx.database, request)).toEqual(total);
      // Ten documents hold too few events for any of these windows: counted from the events.
      expect(await countRecentEvents(t.ctx.database, request, { documentsMax: 10 })).toEqual(total);
      expect(await countRecentEvents(t.ctx.database, request, { documentsMax: 500 })).toEqual(total);
    }
  });

  it('looks among the newest events first, and further only when they hold no full page', async () => {
    const windows = NEWEST_EVENTS_FACTORS.map((factor) => factor * 15);
    expect(await listRecentEvents(t.ctx.database, everything(), 'events', windows[0])).toHaveLength(15);
    // PostgreSQL orders its one statement itself.
    expect(await recentEventsPage(t.ctx.database, everything())).toMatchObject({ driver: dialect === 'sqlite' ? null : 'events' });
    // The small site's few events are not among the newest 150, nor the newest 1,500 of 4,800:
    // the page goes on in the chosen order.
    for (const window of windows) {
      expect((await listRecentEvents(t.ctx.database, smallSite(), 'events', window)).length).toBeLessThan(15);
    }
    const served = await recentEventsPage(t.ctx.database, smallSite());
    expect(served.driver).toBe(dialect === 'sqlite' ? 'documents' : 'events');
    expect(served.rows.map((row) => Number(row.id))).toEqual(smallSiteEvents.slice(0, 15));
  });

  it('answers a small site exactly its events, newest first, and counts them', async () => {
    const driver = await recentDriver(t.ctx.database, smallSite());
    const page = await listRecentEvents(t.ctx.database, smallSite(0, 100), driver);
    expect(page.map((row) => Number(row.id))).toEqual(smallSiteEvents);
    expect(await countRecentEvents(t.ctx.database, smallSite())).toEqual({ total: smallSiteEvents.length, totalIsEstimate: false });
  });
});
