/**
 * Behaviour that needs more than a handful of rows, on both databases: expression indexes used by
 * indexed filters and orders (checked on the query plan: never a table scan), totals capped with
 * `totalIsEstimate`, and exports of every page past the API's page size.
 */
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf, checkFilter, parseFilter, parseOrderBy, TOTAL_COUNT_WINDOW } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocument } from './documents.repository.ts';
import { typeConditions } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { indexDefinitionsOf } from './type-indexes.ts';
import { ensureTypeIndexes } from './type-index-builds.ts';

const ROWS = 2100;

describe.each(testDialects)('documents at scale on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let orgId: number;
  const incident = builtinTypeByName('incident')!;
  const catalog = fieldCatalogOf(incident, { canSeeProtected: true });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow())
      .uuid;
    const scope = AccessScope.system(orgId, 'create', 'test data at scale');
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < ROWS; i++) {
        const date = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
        await insertDocument(
          trx,
          scope,
          incidentRow({ orgId, index: i, prefix: 'B', summaryPrefix: 'Bulk incident', author, date, data: { lost_time: i % 10 === 0 } }),
        );
      }
    });
    // PostgreSQL: this schema's table only (other test schemas share the database).
    await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);
  });
  afterAll(async () => t.close());

  /** The plan's lines; PostgreSQL is told not to prefer sequential scans on a table this small. */
  async function plan(query: Compilable<unknown>): Promise<string[]> {
    const compiled = query.compile();
    return t.ctx.database.db.connection().execute(async (conn) => {
      if (dialect === 'postgres') await sql`SET enable_seqscan = off`.execute(conn);
      const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const rows = (await conn.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))).rows as Record<
        string,
        string
      >[];
      if (dialect === 'postgres') await sql`RESET enable_seqscan`.execute(conn);
      return rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    });
  }

  const isTableScan = (line: string) => (dialect === 'sqlite' ? /^SCAN d(?! USING)/.test(line.trim()) : /Seq Scan/.test(line));

  function listQuery(filterText: string, orderText: string) {
    const filter = checkFilter(parseFilter(filterText), catalog);
    const where = typeConditions(
      t.ctx.database,
      { docType: 'incident', scope: AccessScope.system(orgId, 'read', 'plan test'), catalog },
      'nobody',
      filter,
    );
    let query = t.ctx.database.db
      .selectFrom('documents as d')
      .select('d.id')
      .where((eb) => eb.and(where));
    for (const term of parseOrderBy(orderText, catalog))
      query = query.orderBy(fieldSql(t.ctx.database.dialect, catalog, term.field, 'd').expr, term.direction);
    return query.orderBy('d.id', 'desc').limit(15);
  }

  it('creates the expression indexes of the built-in types', async () => {
    const names = indexDefinitionsOf(incident, dialect).map((d) => d.name);
    expect(names.length).toBeGreaterThanOrEqual(6);
    const found =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(t.ctx.database.db)
        : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`.execute(
            t.ctx.database.db,
          );
    expect(found.rows.map((r) => r.name)).toEqual(expect.arrayContaining(names));
  });

  it.each([
    ["category = 'Injury'", 'incident_date desc'],
    ['severity = 2 AND lost_time = true', 'priority desc'],
    ["status = 'Closed' AND site_id = 3", 'created_date desc'],
    ['priority >= 4', 'category asc, incident_date desc'],
  ])('never scans the table for %s ordered by %s', async (filterText, orderText) => {
    const lines = await plan(listQuery(filterText, orderText));
    expect(lines.filter(isTableScan), lines.join('\n')).toEqual([]);
    // An index serves the query (filter, order or both); never the whole table.
    expect(lines.join('\n')).toMatch(/USING (COVERING )?INDEX|Index (Only )?Scan/);
  });

  it('reads an indexed JSON field through its expression index', async () => {
    const { expr } = fieldSql(dialect, catalog, 'category', 'd');
    const query = t.ctx.database.db
      .selectFrom('documents as d')
      .select('d.id')
      .where('d.org_id', '=', orgId)
      .where(sql<boolean>`d.doc_type = 'incident'`)
      .where(sql<boolean>`${expr} = ${'Injury'}`)
      .orderBy(expr)
      .limit(15);
    const lines = (await plan(query)).join('\n');
    // The field's own index or a list-shape index led by the field (issue 18).
    expect(lines).toMatch(/dx_incident_category_|sx_incident_/);
    expect(lines).toMatch(
      dialect === 'sqlite' ? /\(org_id=\? AND doc_type=\? AND <expr>=\?\)/ : /Index Cond: \(\(org_id = \d+\) AND \(CASE/,
    );
  });

  it('answers a filter on an indexed JSON field from its expression index', async () => {
    // The filter compiler's own SQL (typeConditions → compileFilter), not field-sql's order expression.
    const filter = checkFilter(parseFilter("category = 'Near Miss' AND priority >= 2"), catalog);
    const where = typeConditions(
      t.ctx.database,
      { docType: 'incident', scope: AccessScope.system(orgId, 'read', 'plan test'), catalog },
      'nobody',
      filter,
    );
    const query = t.ctx.database.db
      .selectFrom('documents as d')
      .select('d.id')
      .where((eb) => eb.and(where))
      .limit(15);
    const lines = (await plan(query)).join('\n');
    expect(lines).toMatch(/dx_incident_(category|priority)_|sx_incident_|gx_incident_/);
    expect(lines).toMatch(dialect === 'sqlite' ? /\(org_id=\? AND doc_type=\? AND <expr>[=>]\?\)/ : /Index Cond: \(\(org_id = \d+\) AND/);
  });

  it('answers the same rows for a JSON filter with and without its indexes', async () => {
    const filter = encodeURIComponent("category = 'Near Miss' AND priority >= 2");
    const page = async (count: number) =>
      (await t.as(admin, { method: 'GET', url: `/v3/demo/incident?count=${count}&order=incident_date%20desc&filter=${filter}` }))
        .json()
        .dataAr.map((d: { id: number }) => d.id) as number[];
    const indexed = await page(50);
    expect(indexed).toHaveLength(50);
    // Every index derived for the type, single-field and list-shape.
    const definitions = indexDefinitionsOf(incident, dialect);
    expect(definitions.length).toBeGreaterThan(3);
    for (const definition of definitions) await sql`DROP INDEX ${sql.id(definition.name)}`.execute(t.ctx.database.db);
    try {
      // Another page size: a different request, so no answer cache can serve it.
      expect(await page(49)).toEqual(indexed.slice(0, 49));
    } finally {
      await ensureTypeIndexes(t.ctx.database, incident);
    }
  });

  it('caps the total above the count window and says it is an estimate', async () => {
    const first = (await t.as(admin, { method: 'GET', url: '/v3/demo/incident?count=15' })).json();
    expect(first).toMatchObject({ total: TOTAL_COUNT_WINDOW, totalIsEstimate: true });
    expect(first.dataAr).toHaveLength(15);
    const deep = (await t.as(admin, { method: 'GET', url: '/v3/demo/incident?count=15&start=1500' })).json();
    expect(deep).toEqual(expect.objectContaining({ total: ROWS, dataAr: expect.any(Array) }));
    expect(deep.totalIsEstimate).toBeUndefined();
    const small = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent("summary = 'Bulk incident 7'")}` })
    ).json();
    expect(small.total).toBe(1);
  });

  it('gives a deep page asked by its number the total any page has, counted after its own last row', async () => {
    const totalOf = async (query: string) => {
      const answer = (await t.as(admin, { method: 'GET', url: `/v3/demo/incident?count=15&${query}` })).json();
      return { total: answer.total as number, estimate: answer.totalIsEstimate === true, rows: (answer.dataAr as unknown[]).length };
    };
    // Counted up to start + 1,000 as for any page: past it a lower bound, within it exact — at the
    // window's edge, on the list's last full page, on a short last page and past the end.
    expect(await totalOf('start=1000')).toEqual({ total: 2000, estimate: true, rows: 15 });
    expect(await totalOf('start=1085')).toEqual({ total: 2085, estimate: true, rows: 15 });
    expect(await totalOf('start=1100')).toEqual({ total: ROWS, estimate: false, rows: 15 });
    expect(await totalOf('start=2085')).toEqual({ total: ROWS, estimate: false, rows: 15 });
    expect(await totalOf('start=2090')).toEqual({ total: ROWS, estimate: false, rows: 10 });
    expect(await totalOf('start=2500')).toEqual({ total: ROWS, estimate: false, rows: 0 });
    // The count follows the page's order and filter: ascending, and only every tenth row (210).
    expect(await totalOf('start=1500&order=created_date%20asc')).toEqual({ total: ROWS, estimate: false, rows: 15 });
    const filter = encodeURIComponent('lost_time = false');
    expect(await totalOf(`start=1800&filter=${filter}`)).toEqual({ total: ROWS - 210, estimate: false, rows: 15 });
    expect(await totalOf(`start=1000&filter=${filter}`)).toEqual({ total: 1890, estimate: false, rows: 15 });
  });

  it('exports every page past the page size, up to the limit', async () => {
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/incident/export' });
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/<tr>/g)).toHaveLength(ROWS + 1);
  });
});
