/**
 * A user of a few sites sorting by an indexed field before any index holds the site with that
 * field (document-pages.ts, `orderWalk`; docs/architecture.md): on the embedded database the page
 * walks the field's own index in order, the sites checked on each row, instead of reading each
 * site's rows and sorting them; a walk that runs out of its time reads as before. Either way, on
 * both databases, the rows and totals are those of the one read with the sites as a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { andAll, builtinTypeByName, fieldCatalogOf, inList, parseOrderBy } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from './documents.repository.ts';
import { listDocuments, orderWalkOptions, type ListRequest } from './document-pages.ts';
import { shapeOf } from './list-shapes.ts';
import { formerIndexOf, orderIndexOf } from './shape-index-hints.ts';
import { indexDefinitionsOf } from './type-indexes.ts';
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

  async function withStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; queries: CompiledQuery[] }> {
    const recorded = recordReaderStatements(t.ctx.database);
    try {
      return { result: await work(), statements: recorded.statements, queries: recorded.queries };
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
  it.runIf(dialect === 'sqlite')('checks the sites on the field’s index entries, reading no row it passes', async () => {
    const { member } = requests([10, 13], 'category asc', 90);
    const { queries } = await withStatements(() => listDocuments(t.ctx.database, member));
    const walked = queries.findLast((query) => query.sql.includes(walkedIndex('category')))!;
    expect(walked).toBeDefined();
    const plan = await t.ctx.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw('EXPLAIN QUERY PLAN ' + walked.sql, [...walked.parameters]),
    );
    const index = orderIndexOf(incident, 'sqlite', { equality: [], order: 'category' })!;
    const reads = plan.rows.map((row) => row.detail).filter((detail) => detail.includes(index));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((detail) => detail.includes('COVERING INDEX'))).toBe(true);
  });

  it.runIf(dialect === 'sqlite')('reads through the index’s former name while its new one is not built, with the same rows', async () => {
    const definition = indexDefinitionsOf(incident, 'sqlite').find(
      (d) => d.name === orderIndexOf(incident, 'sqlite', { equality: [], order: 'category' }),
    )!;
    const former = formerIndexOf(incident, 'sqlite', definition.name)!;
    expect(former).toMatch(/^dx_incident_category_/);
    expect(former).not.toBe(definition.name);
    const db = t.ctx.database.db;
    const order = parseOrderBy('category asc', catalog);
    const admin: ListRequest = {
      docType: 'incident',
      scope: AccessScope.system(orgId, 'read', 'every site'),
      catalog,
      filter: null,
      order,
      start: 30,
      count: 15,
      userId: 'nobody',
      shapeIndex: {
        shape: shapeOf(catalog, [null, null], order),
        indexOf: (shape) => orderIndexOf(incident, 'sqlite', shape),
        formerOf: (name) => formerIndexOf(incident, 'sqlite', name),
      },
    };
    const expected = await listDocuments(t.ctx.database, { ...admin, shapeIndex: undefined });
    // A database of before: the narrow index under its former name, the new one not built yet.
    await sql`DROP INDEX ${sql.id(definition.name)}`.execute(db);
    const expr = sql.raw(`(CASE WHEN json_type("data", '$.category') IN ('text') THEN json_extract("data", '$.category') END)`);
    await sql`CREATE INDEX ${sql.id(former)} ON documents (org_id, doc_type, ${expr}, id) WHERE doc_type = 'incident'`.execute(db);
    try {
      for (const round of [1, 2]) {
        const { result, statements } = await withStatements(() => listDocuments(t.ctx.database, admin));
        expect(
          result.rows.map((row) => row.id),
          `round ${round}`,
        ).toEqual(expected.rows.map((row) => row.id));
        expect(result.total).toBe(expected.total);
        // The first time after a refused statement naming the new index; then through the former one at once.
        expect(statements.some((text) => text.includes(`INDEXED BY "${former}"`))).toBe(true);
        expect(statements.some((text) => text.includes(`INDEXED BY "${definition.name}"`))).toBe(round === 1);
      }
    } finally {
      await sql`DROP INDEX ${sql.id(former)}`.execute(db);
      await definition.ddl(false).execute(db);
    }
  });
});
