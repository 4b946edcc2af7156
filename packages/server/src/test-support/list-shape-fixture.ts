/**
 * The list-shape indexes' test data and plan helpers (docs/product/forms-and-lists.md#list-indexes),
 * shared by the list-indexes module's integration tests: a stored `field_check` type beside the
 * built-in incidents, 3,000 documents of each, analysed; the plan of a page and of its count.
 */
import { CompiledQuery, sql } from 'kysely';
import { expect } from 'vitest';
import { checkFilter, fieldCatalogOf, parseFilter, parseOrderBy, type DocumentSchema } from '@docket/shared';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DialectName } from '../platform/db/database.ts';
import { demoOrgAndAuthor, incidentRow } from './incident-rows.ts';
import { recordReaderStatements } from './reader-statements.ts';
import { AccessScope } from '../platform/access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from '../platform/records/documents.repository.ts';
import { countQuery, pageQuery } from '../platform/records/page-sql.ts';
import { typeConditions } from '../platform/records/document-query.ts';
import { settleOrderKey, storedOrderFieldOf, withStoredOrder } from '../platform/records/order-keys.ts';
import { fieldSql } from '../platform/records/field-sql.ts';
import { typeRegistryFor } from '../platform/records/type-registry.ts';
import { writeJson } from '../platform/db/json.ts';

export const ROWS = 3000;
export const AREAS = ['yard', 'office', 'lab', 'workshop'];
export const RISKS = ['Low', 'Medium', 'High'];

export const fieldCheck = {
  type: 'field_check',
  description: 'Field checks',
  category: 'Quality',
  idMask: 'FC-{seq:5}',
  form: {
    title: 'Field check',
    schema: {
      type: 'object',
      required: ['summary'],
      properties: {
        summary: { type: 'string', minLength: 1 },
        area: { type: 'string', enum: AREAS },
        risk: { type: 'string', enum: RISKS },
        observed_at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        site_id: { type: 'integer' },
      },
    },
  },
  filter: { schema: { type: 'object', properties: { area: { type: 'string' }, risk: { type: 'string' } } } },
  view: { title: 'Field checks', defaultOrder: 'observed_at desc', table: { schema: [{ id: 'summary', label: 'Summary' }] } },
};

export interface ListShapeApp {
  t: TestApp;
  admin: string;
  orgId: number;
}

/** A test app with the demo, the `field_check` type saved by its administrator, and both types' documents (`jobs: false`: no job worker of its own). */
export async function startListShapeApp(dialect: DialectName, options: { jobs?: boolean } = {}): Promise<ListShapeApp> {
  const t = await startTestApp(dialect, options);
  const admin = (await t.signIn('admin@demo.local')).access;
  const saved = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: fieldCheck });
  expect(saved.statusCode, saved.body).toBe(201);
  const db = t.ctx.database.db;
  const demo = await demoOrgAndAuthor(db);
  const orgId = demo.orgId;
  const author = demo.author;
  // PostgreSQL: both types order by a date of `data`, read from the stored column (order-keys.ts),
  // which the trigger fills as the rows are written (a fill afterwards would write them all again).
  const registry = typeRegistryFor(t.ctx.database);
  for (const name of ['incident', fieldCheck.type])
    await settleOrderKey(t.ctx.database, orgId, (await registry.get(orgId, name))!, { graceMs: 0, olderTransactionsMs: 2_000 });
  await registry.reload(orgId);
  const rows: NewDocumentRow[] = [];
  for (let i = 0; i < ROWS; i++) {
    const date = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
    rows.push(incidentRow({ orgId, index: i, prefix: 'S', summaryPrefix: 'Shaped incident', author, date }));
    const check = incidentRow({ orgId, index: i, prefix: 'F', summaryPrefix: 'Field check', author, date });
    rows.push({
      ...check,
      doc_type: 'field_check',
      display_id: `FC-${i}`,
      data: writeJson({ area: AREAS[i % AREAS.length], risk: RISKS[i % RISKS.length], observed_at: date, tags: ['a'] }),
    });
  }
  const scope = AccessScope.system(orgId, 'create', 'test data for list shapes');
  await db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
  // PostgreSQL: this schema's table only (other test schemas share the database), and the
  // visibility map an index-only scan needs.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE documents` : sql`ANALYZE`).execute(db);
  return { t, admin, orgId };
}

/** The conditions, order, plans and the one-range-scan check of list queries in `app`. */
export function planHelpers({ t, orgId }: ListShapeApp, dialect: DialectName) {
  /** The catalog a list of `type` is read with: a default order on a date of `data` from its stored column on PostgreSQL. */
  const catalogOf = (type: DocumentSchema) =>
    withStoredOrder(fieldCatalogOf(type, { canSeeProtected: true }), storedOrderFieldOf(type, dialect)?.field);

  /** `asStored: false`: as a list reads it while the type's stored order values are not ready. */
  function where(type: DocumentSchema, filterText: string, { asStored = true } = {}) {
    const catalog = asStored ? catalogOf(type) : fieldCatalogOf(type, { canSeeProtected: true });
    return typeConditions(
      t.ctx.database,
      { docType: type.type, scope: AccessScope.system(orgId, 'read', 'plan test'), catalog },
      'nobody',
      checkFilter(parseFilter(filterText), catalog),
    );
  }

  function order(type: DocumentSchema, text: string) {
    const catalog = catalogOf(type);
    return parseOrderBy(text, catalog).map((term) => ({
      expr: fieldSql(dialect, catalog, term.field, 'd').expr,
      direction: term.direction,
    }));
  }

  /**
   * The plan's lines. On a table this small PostgreSQL may prefer any plan; it is told to leave
   * sequential and bitmap scans and sorts aside, so the plan shows that the shape's index can
   * answer the query in order (at a million rows it is also the cheapest: bench/README.md).
   */
  async function plan(query: { compile(db: typeof t.ctx.database.db): CompiledQuery<unknown> }): Promise<string> {
    const compiled = query.compile(t.ctx.database.db);
    return t.ctx.database.db.connection().execute(async (conn) => {
      if (dialect === 'postgres') await sql`SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off`.execute(conn);
      try {
        const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
        const rows = (await conn.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))).rows as Record<
          string,
          string
        >[];
        return rows.map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n');
      } finally {
        if (dialect === 'postgres') await sql`RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_sort`.execute(conn);
      }
    });
  }

  /** The SQL texts the list paths send to the reader from now until `stop()`. */
  const recordStatements = () => recordReaderStatements(t.ctx.database);

  /** One range scan of the named index for the page (in order: no sort) and one index-only range scan for the count. */
  async function expectOneRangeScan(type: DocumentSchema, filterText: string, orderText: string, index: RegExp) {
    const conditions = where(type, filterText);
    const page = await plan(pageQuery(conditions, order(type, orderText), { start: 30, count: 15 }));
    const count = await plan(countQuery(conditions, 1001));
    if (dialect === 'sqlite') {
      // The ids subquery (between `CO-ROUTINE page` and `SCAN page`); the outer ORDER BY re-sorts the page's 15 rows.
      const lines = page.split('\n');
      const inner = lines.slice(lines.findIndex((line) => /CO-ROUTINE page/.test(line)) + 1, lines.indexOf('SCAN page')).join('\n');
      expect(inner, page).toMatch(new RegExp(`^SEARCH d USING (COVERING )?INDEX ${index.source}`));
      expect(inner, page).not.toMatch(/TEMP B-TREE/);
      // The count reads one index alone (the shape's or a smaller one holding every column it needs).
      expect(
        count.split('\n').filter((line) => /^(SEARCH|SCAN) d\b/.test(line)),
        count,
      ).toEqual([expect.stringMatching(/^SEARCH d USING COVERING INDEX \w+ \(org_id=\? AND doc_type=\? AND /)]);
    } else {
      expect(page).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index.source}`));
      expect(page.split('\n').filter((line) => /-> {2}Sort|^Sort/.test(line.trim()) && !/Sort Key/.test(line))).toHaveLength(1);
      // One index range scan; PostgreSQL cannot answer from an expression index alone (it reads
      // the heap for the rows the scan finds), so index-only only where the WHERE is plain columns.
      expect(count.match(/Index (Only )?Scan (Backward )?using \w+/g), count).toHaveLength(1);
      expect(count).not.toMatch(/Sort|Seq Scan|Bitmap/);
    }
  }

  return { where, order, plan, recordStatements, expectOneRangeScan };
}
