/**
 * Indexes that match the list shapes (docs/product/forms-and-lists.md#list-indexes), on both
 * databases: the page and the capped count of a derived shape are each one index range scan (the
 * plans are pinned: the shape's index, no sort, the count index-only); slow shapes are learned in
 * the database and suggested in the Indexes tab, an administrator adds one (a durable job), a
 * suggestion on an unknown or array field is refused with its message, dropping an index
 * changes no answer, and an organisation sees and drops only the indexes it added.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtinTypeByName,
  checkFilter,
  fieldCatalogOf,
  INDEX_ARRAY_FIELD,
  INDEX_NOT_ADDED,
  INDEX_UNKNOWN_FIELD,
  parseFilter,
  parseOrderBy,
  type DocumentSchema,
  type ListIndexesAnswer,
  TOTAL_COUNT_WINDOW,
} from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from '../../platform/records/documents.repository.ts';
import { countQuery, pageQuery } from '../../platform/records/page-sql.ts';
import { typeConditions } from '../../platform/records/document-query.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';
import { learnedShapes } from '../../platform/records/list-shape-stats.ts';
import { ensureTypeIndexes } from '../../platform/records/type-indexes.ts';
import { documentIndexes } from '../../platform/records/index-catalog.ts';
import { orderIndexOf } from '../../platform/records/shape-index-hints.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { MIN_SHAPE_REQUESTS } from './list-indexes.service.ts';
import { writeJson } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';

const ROWS = 3000;
const AREAS = ['yard', 'office', 'lab', 'workshop'];
const RISKS = ['Low', 'Medium', 'High'];

const fieldCheck = {
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

describe.each(testDialects)('list-shape indexes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let orgId: number;
  const incident = builtinTypeByName('incident')!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    const saved = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: fieldCheck });
    expect(saved.statusCode, saved.body).toBe(201);
    const db = t.ctx.database.db;
    const demo = await demoOrgAndAuthor(db);
    orgId = demo.orgId;
    const author = demo.author;
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
  }, 120_000);
  afterAll(async () => t.close());

  function where(type: DocumentSchema, filterText: string) {
    const catalog = fieldCatalogOf(type, { canSeeProtected: true });
    return typeConditions(
      t.ctx.database,
      { docType: type.type, scope: AccessScope.system(orgId, 'read', 'plan test'), catalog },
      'nobody',
      checkFilter(parseFilter(filterText), catalog),
    );
  }

  function order(type: DocumentSchema, text: string) {
    const catalog = fieldCatalogOf(type, { canSeeProtected: true });
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

  it.each([
    ["category = 'Injury'", 'incident_date desc'],
    ["category = 'Injury' AND site_id IN (3, 7)", 'incident_date desc'],
    ['priority = 2', 'incident_date asc'],
    ['site_id = 3', 'incident_date desc'],
  ])('answers %s by %s with one range scan of a derived index, page and count', async (filterText, orderText) => {
    await expectOneRangeScan(incident, filterText, orderText, /sx_incident_\w+/);
  });

  it('reads an unfiltered list in its default order through the derived index it names on SQLite, the default filter’s range too', async () => {
    const named = orderIndexOf(incident, dialect, { equality: [], order: 'incident_date' });
    if (dialect === 'postgres') {
      // PostgreSQL's statistics hold each type's share: it chooses the index itself.
      expect(named).toBeUndefined();
      return;
    }
    expect(named).toMatch(/^sx_incident_/);
    for (const filterText of ['', "created_date > '2023-01-01'"]) {
      const conditions = filterText ? where(incident, filterText) : where(incident, 'id <> -1');
      const page = await plan(pageQuery(conditions, order(incident, 'incident_date desc'), { start: 30, count: 15, index: named }));
      const lines = page.split('\n');
      const inner = lines.slice(lines.findIndex((line) => /CO-ROUTINE page/.test(line)) + 1, lines.indexOf('SCAN page')).join('\n');
      expect(inner, page).toMatch(new RegExp(`^SEARCH d USING COVERING INDEX ${named}`));
      expect(inner, page).not.toMatch(/TEMP B-TREE/);
    }
    // The creation date and the shapes with an equality field name none: base and equality indexes win on their own.
    expect(orderIndexOf(incident, dialect, { equality: [], order: 'created_date' })).toBeUndefined();
    // A site's shape: its derived index, read once per site of a restricted user (branches).
    const bySite = orderIndexOf(incident, dialect, { equality: ['site_id'], order: 'incident_date' });
    expect(bySite).toMatch(/^sx_incident_/);
    expect(bySite).not.toBe(named);
    const branches = [3, 7].map((site) => where(incident, `site_id = ${site} AND created_date > '2023-01-01'`));
    const merged = pageQuery(where(incident, 'site_id IN (3, 7)'), order(incident, 'incident_date desc'), {
      start: 0,
      count: 15,
      branches,
      index: bySite,
    });
    expect(merged.compile(t.ctx.database.db).sql.split(`INDEXED BY "${bySite}"`)).toHaveLength(3);
    const mergedPlan = await plan(merged);
    expect(mergedPlan.match(new RegExp(`SEARCH d USING COVERING INDEX ${bySite}`, 'g')), mergedPlan).toHaveLength(2);
    // Another order: the index an administrator would add for it (`ux_…`), named before it exists.
    expect(orderIndexOf(incident, dialect, { equality: [], order: 'updated_date' })).toMatch(/^ux_incident_/);
  });

  it('names the order’s index under a range only when the list has more matches than the counted window', async () => {
    const named = orderIndexOf(incident, dialect, { equality: [], order: 'incident_date' });
    const { statements, stop } = recordStatements();
    const list = async (filterText: string) => {
      statements.length = 0;
      const url = `/v3/demo/incident?count=15&order=incident_date%20desc&filter=${encodeURIComponent(filterText)}`;
      const answer = await t.as(admin, { method: 'GET', url });
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      return {
        rows: body.dataAr.length as number,
        total: body.total as number,
        named: statements.some((text) => text.includes('INDEXED BY')),
      };
    };
    try {
      // Few matches: the planner's range read and sort; many: the order's index, its first total the same count.
      expect(await list("created_date < '2000-01-01'")).toEqual({ rows: 0, total: 0, named: false });
      expect(await list("created_date > '2000-01-01'")).toEqual({ rows: 15, total: TOTAL_COUNT_WINDOW, named: dialect === 'sqlite' });
      expect(named === undefined).toBe(dialect === 'postgres');
    } finally {
      stop();
    }
  });

  it('reads an unfiltered list in another order through the index an administrator added for it', async () => {
    const { statements, stop } = recordStatements();
    const list = async (count: number) => {
      statements.length = 0;
      const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?count=${count}&order=updated_date%20desc` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().dataAr.map((d: { id: number }) => d.id) as number[];
    };
    try {
      const added = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/$$schema/indexes/incident',
        payload: { equality: [], order: 'updated_date' },
      });
      expect(added.statusCode, added.body).toBe(202);
      const name = added.json().name as string;
      await runJobsOnce(t.ctx, `list-indexes-order-${dialect}`);
      for (let wait = 0; wait < 100; wait++) {
        if ((await documentIndexes(t.ctx.database)).some((index) => index.name === name)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ids = await list(20);
      expect(ids).toHaveLength(20);
      expect(statements.some((text) => text.includes(`INDEXED BY "${name}"`))).toBe(dialect === 'sqlite');
      expect(name).toBe(orderIndexOf(incident, dialect, { equality: [], order: 'updated_date' }) ?? name);
      expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/$$schema/indexes/incident/${name}` })).statusCode).toBe(200);
      // Dropped: the same rows without it (another page size, so no answer cache serves it).
      expect(await list(19)).toEqual(ids.slice(0, 19));
    } finally {
      stop();
    }
  });

  it('reads a deep page without the per-row budget check only through an index that decides its every condition', async () => {
    const { statements, stop } = recordStatements();
    const deepPage = async (filterText: string, start = 1200, order = 'incident_date desc') => {
      statements.length = 0;
      const filter = filterText ? `&filter=${encodeURIComponent(filterText)}` : '';
      const url = `/v3/demo/incident?count=15&start=${start}&order=${encodeURIComponent(order)}${filter}`;
      const answer = await t.as(admin, { method: 'GET', url });
      expect(answer.statusCode, answer.body).toBe(200);
      const page = statements.find((text) => text.includes('INDEXED BY'));
      const counts = statements.filter((text) => text.includes('count(*)'));
      return {
        ids: answer.json().dataAr.map((d: { id: number }) => d.id) as number[],
        page: page === undefined ? 'no index named' : page.includes('docket_within_budget') ? 'checked' : 'unchecked',
        countsChecked: counts.every((text) => text.includes('docket_within_budget') === (dialect === 'sqlite')),
      };
    };
    try {
      const unfiltered = await deepPage('');
      const excluded = await deepPage('id <> -3 AND NOT id IN (-1, -2)');
      const site = await deepPage('site_id = 3 AND id <> -5', 150);
      const searched = await deepPage("summary CONTAINS 'Shaped'");
      const range = await deepPage("created_date > '2000-01-01'");
      // The creation date's base index, which the planner finds alone, is named when it decides every condition.
      const created = await deepPage('id <> -6', 1200, 'created_date desc');
      const createdSearched = await deepPage("summary CONTAINS 'Shaped'", 1200, 'created_date desc');
      if (dialect === 'postgres') {
        // PostgreSQL names no index and needs no check (statement_timeout stops a statement).
        const reads = [unfiltered, excluded, site, searched, range, created, createdSearched];
        expect(new Set(reads.map((read) => read.page))).toEqual(new Set(['no index named']));
      } else {
        expect([unfiltered.page, excluded.page, site.page]).toEqual(['unchecked', 'unchecked', 'unchecked']);
        // A text search or a range may skip many entries between matches: checked.
        expect([searched.page, range.page]).toEqual(['checked', 'checked']);
        expect([created.page, createdSearched.page]).toEqual(['unchecked', 'no index named']);
      }
      // The page's total is still counted under the check.
      expect([unfiltered, excluded, site, searched, range, created, createdSearched].every((read) => read.countsChecked)).toBe(true);
      expect(created.ids).toEqual(createdSearched.ids);
      expect(unfiltered.ids).toHaveLength(15);
      expect(excluded.ids).toEqual(unfiltered.ids);
      expect(searched.ids).toEqual(unfiltered.ids);
      expect(site.ids).toHaveLength(15);
      expect(range.ids).toEqual(unfiltered.ids);
    } finally {
      stop();
    }
  });

  it('answers the same list when the index its page names is missing (a build under way, a drop by hand)', async () => {
    const named = orderIndexOf(incident, dialect, { equality: [], order: 'incident_date' });
    const list = async (count: number) => {
      const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?count=${count}&start=20&order=incident_date%20desc` });
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      return { ids: body.dataAr.map((d: { id: number }) => d.id) as number[], total: body.total as number };
    };
    // The list's page names the index (on a small table the planner may find it alone; at a million rows it did not).
    const { statements, stop } = recordStatements();
    let indexed: Awaited<ReturnType<typeof list>>;
    try {
      indexed = await list(25);
    } finally {
      stop();
    }
    expect(indexed.ids).toHaveLength(25);
    expect(statements.some((text) => text.includes(`INDEXED BY "${named}"`))).toBe(dialect === 'sqlite');
    if (!named) return;
    await sql`DROP INDEX ${sql.id(named)}`.execute(t.ctx.database.db);
    try {
      expect(await list(24)).toEqual({ ids: indexed.ids.slice(0, 24), total: indexed.total });
    } finally {
      await ensureTypeIndexes(t.ctx.database, incident);
    }
    expect((await documentIndexes(t.ctx.database)).some((index) => index.name === named)).toBe(true);
  });

  it('learns shapes in the database and suggests an index for a slow one', async () => {
    const filter = encodeURIComponent("area = 'yard' AND risk = 'High'");
    for (let i = 0; i < 3; i++) {
      const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/field_check?count=${10 + i}&filter=${filter}` });
      expect(answer.statusCode).toBe(200);
    }
    const learned = await learnedShapes(t.ctx.database, orgId, 'field_check');
    expect(learned.find((entry) => entry.shape === 'area,risk|observed_at')?.requests).toBe(3);
    // Another process's flush: the same shape was slow there (20 requests at ≤ 200 ms).
    await sql`UPDATE list_shape_stats SET requests = requests + 20, total_ms = total_ms + 3000, h200 = h200 + 20
      WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = 'area,risk|observed_at'`.execute(t.ctx.database.db);
    const tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    const suggestion = tab.suggested.find((entry) => entry.shape === 'area,risk|observed_at');
    expect(suggestion).toMatchObject({ equality: ['area', 'risk'], order: 'observed_at', requests: 23, p95Ms: 200 });
    expect(suggestion!.savedMs).toBeGreaterThan(2000);
    expect(tab.existing.some((entry) => entry.kind === 'derived' && entry.shape === 'area|observed_at')).toBe(true);
    expect(tab.existing.some((entry) => entry.kind === 'base')).toBe(true);
  });

  /** Whether the Indexes tab of field_check suggests an index for `shape`. */
  const isSuggested = async (shape: string) =>
    ((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer).suggested.some(
      (entry) => entry.shape === shape,
    );

  /** The tally of `shape` as the server's flushes leave it: `requests` in all, every one in `bucket` (the histogram column of its bound). */
  async function setShapeTally(shape: string, requests: number, totalMs: number, bucket: 'h2' | 'h5' | 'h10' | 'h1000'): Promise<void> {
    const db = t.ctx.database.db;
    await sql`DELETE FROM list_shape_stats WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = ${shape}`.execute(db);
    await sql`INSERT INTO list_shape_stats (org_id, doc_type, shape, requests, total_ms, last_seen, ${sql.ref(bucket)})
      VALUES (${orgId}, 'field_check', ${shape}, ${requests}, ${totalMs}, ${new Date().toISOString()}, ${requests})`.execute(db);
  }

  it('suggests a shape once its p95 passes 2 ms, not before', async () => {
    const shape = 'area,risk|created_date';
    await setShapeTally(shape, 100, 150, 'h2');
    expect(await isSuggested(shape)).toBe(false);
    // 100 more requests at 2–5 ms each: the p95 is now in the ≤ 5 ms bucket.
    await sql`UPDATE list_shape_stats SET requests = requests + 100, total_ms = total_ms + 400, h5 = h5 + 100
      WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = ${shape}`.execute(t.ctx.database.db);
    expect(await isSuggested(shape)).toBe(true);
  });

  it('suggests a shape asked once only when that once was slow enough to matter', async () => {
    const shape = 'risk|created_date';
    // One request at 5–10 ms (a fresh server's first list): no pattern, nothing to save.
    await setShapeTally(shape, 1, 7, 'h10');
    expect(await isSuggested(shape)).toBe(false);
    // Asked MIN_SHAPE_REQUESTS times in all, at that speed: a pattern.
    await setShapeTally(shape, MIN_SHAPE_REQUESTS, 7 * MIN_SHAPE_REQUESTS, 'h10');
    expect(await isSuggested(shape)).toBe(true);
    // Two requests of 0.8 s each are worth an index too.
    await setShapeTally(shape, 2, 1600, 'h1000');
    expect(await isSuggested(shape)).toBe(true);
    await sql`DELETE FROM list_shape_stats WHERE org_id = ${orgId} AND shape = ${shape}`.execute(t.ctx.database.db);
  });

  it('refuses a suggestion on an unknown field or an array field with its message', async () => {
    const post = (equality: string[], orderField: string) =>
      t.as(admin, { method: 'POST', url: '/v3/demo/$$schema/indexes/field_check', payload: { equality, order: orderField } });
    const unknown = await post(['nope'], 'observed_at');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(INDEX_UNKNOWN_FIELD('nope', 'field_check'));
    const array = await post(['tags'], 'observed_at');
    expect(array.statusCode).toBe(400);
    expect(array.json().error_description).toBe(INDEX_ARRAY_FIELD('tags'));
    expect((await post(['area'], 'tags')).statusCode).toBe(400);
  });

  it('adds the suggested index as a job; the shape is then one range scan; dropping it changes no answer', async () => {
    const fieldCheckType = { ...fieldCheck, version: 3 } as unknown as DocumentSchema;
    const added = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema/indexes/field_check',
      payload: { equality: ['risk', 'area'], order: 'observed_at' },
    });
    expect(added.statusCode, added.body).toBe(202);
    const name = added.json().name as string;
    expect(name).toMatch(/^ux_field_check_/);
    const pending = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    expect(pending.building).toEqual(['area,risk|observed_at']);
    await runJobsOnce(t.ctx, `list-indexes-${dialect}`);
    // The app's own job worker may have claimed the build first: its job is done only after the
    // statistics that follow the build (ANALYZE), so the tab is read once no build is pending.
    let tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    for (let wait = 0; tab.building.length > 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    }
    expect(tab.existing.find((entry) => entry.name === name)).toMatchObject({ kind: 'added', shape: 'area,risk|observed_at' });
    expect(tab.suggested.map((entry) => entry.shape)).not.toContain('area,risk|observed_at');
    expect(tab.building).toEqual([]);
    if (dialect === 'postgres') await sql`VACUUM documents`.execute(t.ctx.database.db);
    await expectOneRangeScan(fieldCheckType, "area = 'yard' AND risk = 'High'", 'observed_at desc', /ux_field_check_\w+/);

    const page = async (count: number) => {
      const url = `/v3/demo/field_check?count=${count}&start=40&filter=${encodeURIComponent("area = 'yard' AND risk = 'High'")}`;
      const answer = (await t.as(admin, { method: 'GET', url })).json();
      return { ids: answer.dataAr.map((d: { id: number }) => d.id) as number[], total: answer.total as number };
    };
    const indexed = await page(30);
    expect(indexed.ids).toHaveLength(30);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/$$schema/indexes/field_check/${name}` })).statusCode).toBe(200);
    // Another page size: a different request, so no answer cache can serve it.
    const after = await page(29);
    expect(after).toEqual({ ids: indexed.ids.slice(0, 29), total: indexed.total });
    const base = await t.as(admin, { method: 'DELETE', url: '/v3/demo/$$schema/indexes/field_check/documents_type_created' });
    expect(base.statusCode).toBe(400);
  });

  it('shows and drops only the indexes an organisation added, though both organisations share them', async () => {
    const acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const saved = await t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/$$schema', payload: fieldCheck });
    expect(saved.statusCode, saved.body).toBe(201);
    const shape = { equality: ['area', 'risk', 'site_id'], order: 'observed_at' };
    const tabOf = async (token: string, appId: string) => {
      const url = `/v3/${appId}/$$schema/indexes/field_check`;
      let tab = (await t.as(token, { method: 'GET', url })).json() as ListIndexesAnswer;
      // Read once no build is pending (the app's own job worker may hold one through its ANALYZE).
      for (let wait = 0; tab.building.length > 0 && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        tab = (await t.as(token, { method: 'GET', url })).json() as ListIndexesAnswer;
      }
      return tab.existing.filter((entry) => entry.kind === 'added').map((entry) => `${entry.name} ${entry.shape}`);
    };
    const add = async (token: string, appId: string) => {
      const answer = await t.as(token, { method: 'POST', url: `/v3/${appId}/$$schema/indexes/field_check`, payload: shape });
      expect(answer.statusCode, answer.body).toBe(202);
      await runJobsOnce(t.ctx, `list-indexes-claims-${dialect}`);
      return answer.json().name as string;
    };
    const drop = (token: string, appId: string, name: string) =>
      t.as(token, { method: 'DELETE', url: `/v3/${appId}/$$schema/indexes/field_check/${name}` });
    const exists = async (name: string) => (await documentIndexes(t.ctx.database)).some((index) => index.name === name);

    const name = await add(admin, 'demo');
    expect(await tabOf(admin, 'demo')).toEqual([`${name} area,risk,site_id|observed_at`]);
    // The same definition in the other organisation is served by the same index, but it is not theirs.
    expect(await tabOf(acmeAdmin, 'acme')).toEqual([]);
    const refused = await drop(acmeAdmin, 'acme', name);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(INDEX_NOT_ADDED);
    expect(await exists(name)).toBe(true);

    // Asked for by both, it stays until neither wants it.
    expect(await add(acmeAdmin, 'acme')).toBe(name);
    expect(await tabOf(acmeAdmin, 'acme')).toEqual([`${name} area,risk,site_id|observed_at`]);
    expect((await drop(admin, 'demo', name)).statusCode).toBe(200);
    expect(await tabOf(admin, 'demo')).toEqual([]);
    expect(await exists(name)).toBe(true);
    expect((await drop(admin, 'demo', name)).statusCode).toBe(400);
    expect((await drop(acmeAdmin, 'acme', name)).statusCode).toBe(200);
    expect(await exists(name)).toBe(false);
  });

  it('reads the builds before the indexes, so a build that ends between the two reads shows in one of them', async () => {
    const database = t.ctx.database as { db: Kysely<Tables> };
    const plain = database.db;
    const statements: string[] = [];
    database.db = plain.withPlugin({
      transformQuery: (args) => {
        statements.push(plain.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    try {
      expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).statusCode).toBe(200);
    } finally {
      database.db = plain;
    }
    const builds = statements.findIndex((text) => /from "jobs"/i.test(text));
    const indexes = statements.findIndex((text) => /sqlite_master|pg_index/.test(text));
    expect(builds).toBeGreaterThanOrEqual(0);
    expect(indexes).toBeGreaterThan(builds);
  });

  it('labels a total beyond the counted window with the planner estimate where the database keeps one', async () => {
    const answer = (
      await t.as(admin, { method: 'GET', url: '/v3/demo/incident?count=15&order=incident_date%20desc&args=estimate' })
    ).json();
    expect(answer).toMatchObject({ total: TOTAL_COUNT_WINDOW, totalIsEstimate: true });
    if (dialect === 'postgres') expect(answer.totalEstimate).toBeGreaterThan(2000);
    else expect(answer.totalEstimate).toBeUndefined();
  });

  it('refuses the Indexes tab to a member who does not administer type schemas', async () => {
    const editor = (await t.signIn('editor@demo.local')).access;
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' })).statusCode).toBe(403);
  });
});
