/**
 * A user of a few sites sorting by an indexed field before any index holds the site with that
 * field (document-pages.ts, `orderWalk`; docs/architecture.md): on the embedded database the page
 * walks the field's own index in order, the sites checked on each row, instead of reading each
 * site's rows and sorting them; a walk that runs out of its time reads as before. Either way, on
 * both databases, the rows and totals are those of the one read with the sites as a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { andAll, builtinTypeByName, fieldCatalogOf, inList, parseOrderBy } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from './documents.repository.ts';
import { listDocuments, orderWalkOptions, type ListRequest } from './document-pages.ts';
import { shapeOf } from './list-shapes.ts';
import { orderIndexOf } from './shape-index-hints.ts';
import { decodeCursor } from './keyset.ts';

const incident = builtinTypeByName('incident')!;
const catalog = fieldCatalogOf(incident, { canSeeProtected: true });

describe.each(testDialects)('a few sites sorted by an indexed field on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const db = t.ctx.database.db;
    const demo = await demoOrgAndAuthor(db);
    orgId = demo.orgId;
    // 600 rows over six sites; categories and priorities do not follow the ids.
    const rows: NewDocumentRow[] = Array.from({ length: 600 }, (_, i) => ({
      ...incidentRow({
        orgId,
        index: (i * 7) % 600,
        prefix: 'OW',
        summaryPrefix: 'Walked',
        author: demo.author,
        date: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      }),
      site_id: 10 + (i % 6),
    }));
    await db
      .transaction()
      .execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test data for order walks'), rows));
    await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);
  }, 120_000);
  afterAll(async () => {
    orderWalkOptions.budgetMs = 50;
    await t.close();
  });

  /** The list of `sites` as their member reads it (row filter, branches), and as one read with the sites as a filter. */
  function requests(sites: number[], orderText: string, start: number): { member: ListRequest; plain: ListRequest } {
    const rowFilter = inList('site_id', sites);
    const order = parseOrderBy(orderText, catalog);
    const member: ListRequest = {
      docType: 'incident',
      scope: { ...AccessScope.system(orgId, 'read', 'a member of a few sites'), rowFilter } as AccessScope<'read'>,
      catalog,
      filter: null,
      order,
      start,
      count: 15,
      userId: 'nobody',
      withCursors: true,
      // As the list route asks (documents.service.ts): SQLite names indexes, PostgreSQL's planner chooses.
      shapeIndex:
        dialect === 'sqlite'
          ? { shape: shapeOf(catalog, [rowFilter, null], order), indexOf: (shape) => orderIndexOf(incident, dialect, shape) }
          : undefined,
    };
    const plain = { ...member, scope: AccessScope.system(orgId, 'read', 'one read'), filter: andAll([inList('site_id', sites)]) };
    return { member, plain: { ...plain, shapeIndex: undefined } };
  }

  async function withStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const recorded = recordReaderStatements(t.ctx.database);
    try {
      return { result: await work(), statements: recorded.statements };
    } finally {
      recorded.stop();
    }
  }

  const walkedIndex = (field: string) => `INDEXED BY "${orderIndexOf(incident, 'sqlite', { equality: [], order: field })}"`;

  it.each([
    ['category asc', 0],
    ['category asc', 45],
    ['priority desc', 0],
    ['priority desc', 90],
  ])('answers %s from row %i as the one read does, walking the field’s index on SQLite', async (orderText, start) => {
    const { member, plain } = requests([10, 13], orderText, start);
    const { result: walked, statements } = await withStatements(() => listDocuments(t.ctx.database, member));
    const single = await listDocuments(t.ctx.database, plain);
    expect(walked.rows).toHaveLength(15);
    expect(walked.rows.map((row) => row.id)).toEqual(single.rows.map((row) => row.id));
    expect(walked.total).toBe(single.total);
    const field = orderText.split(' ')[0]!;
    // SQLite: the page is one ordered read through the field's index (after a refused one naming
    // the missing `site_id → field` index, the first time), and no branched read follows it.
    if (dialect === 'sqlite') {
      const walkedAt = statements.findLastIndex((text) => text.includes(walkedIndex(field)));
      expect(walkedAt).toBeGreaterThanOrEqual(0);
      expect(statements.slice(walkedAt + 1).some((text) => text.includes('UNION ALL'))).toBe(false);
      // The walk's time limit is the page's only: the total's count reads without it.
      const limited = statements.filter((text) => text.includes('docket_before('));
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.every((text) => text.includes(walkedIndex(field)))).toBe(true);
    }
  });

  it('continues from a cursor through the walk, with the rows of the numbered page', async () => {
    const first = await listDocuments(t.ctx.database, requests([11, 14], 'category asc', 0).member);
    const cursor = decodeCursor(first.cursors!.next)!;
    const { member } = requests([11, 14], 'category asc', 15);
    const next = await listDocuments(t.ctx.database, { ...member, keyset: { direction: 'after', cursor } });
    const numbered = await listDocuments(t.ctx.database, requests([11, 14], 'category asc', 15).plain);
    expect(next.rows.map((row) => row.id)).toEqual(numbered.rows.map((row) => row.id));
    expect(next.rows).toHaveLength(15);
  });

  it('reads as before when the walk runs out of its time, with the same rows', async () => {
    // Spent before it starts: the walk stops at the first row it samples (one id in 64), and
    // reaching row 150 of the sites' 200 it passes most of the 600 rows.
    orderWalkOptions.budgetMs = -1_000;
    try {
      const { member, plain } = requests([12, 15], 'category asc', 150);
      const { result: fallen, statements } = await withStatements(() => listDocuments(t.ctx.database, member));
      const single = await listDocuments(t.ctx.database, plain);
      expect(fallen.rows).toHaveLength(15);
      expect(fallen.rows.map((row) => row.id)).toEqual(single.rows.map((row) => row.id));
      expect(fallen.total).toBe(single.total);
      // SQLite tried the walk, then read the sites' branches; PostgreSQL never walks.
      expect(statements.some((text) => text.includes(walkedIndex('category')))).toBe(dialect === 'sqlite');
      expect(statements.some((text) => text.includes('UNION ALL'))).toBe(true);
    } finally {
      orderWalkOptions.budgetMs = 50;
    }
  });
});
