/**
 * Indexes that match the list shapes (docs/product/forms-and-lists.md#list-indexes), on both
 * databases: the page and the capped count of a derived shape are each one index range scan (the
 * plans are pinned: the shape's index, no sort, the count index-only); SQLite names the index of
 * the list's shape, of its order under a range only when the list has many matches, and of an
 * order an administrator added; a page whose index is missing answers the same rows; a total
 * beyond the counted window carries the planner's estimate where the database keeps one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, TOTAL_COUNT_WINDOW } from '@docket/shared';
import { type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { planHelpers, startListShapeApp } from '../../test-support/list-shape-fixture.ts';
import { countQuery, pageQuery } from '../../platform/records/page-sql.ts';
import { ensureTypeIndexes } from '../../platform/records/type-index-builds.ts';
import { documentIndexes } from '../../platform/records/index-catalog.ts';
import { orderIndexOf } from '../../platform/records/shape-index-hints.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';

describe.each(testDialects)('list-shape plans on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let helpers: ReturnType<typeof planHelpers>;
  const incident = builtinTypeByName('incident')!;

  beforeAll(async () => {
    const app = await startListShapeApp(dialect);
    ({ t, admin } = app);
    helpers = planHelpers(app, dialect);
  }, 120_000);
  afterAll(async () => t.close());

  const where: typeof helpers.where = (...args) => helpers.where(...args);
  const order: typeof helpers.order = (...args) => helpers.order(...args);
  const plan: typeof helpers.plan = (...args) => helpers.plan(...args);
  const recordStatements: typeof helpers.recordStatements = () => helpers.recordStatements();
  const expectOneRangeScan: typeof helpers.expectOneRangeScan = (...args) => helpers.expectOneRangeScan(...args);

  it.each([
    ["category = 'Injury'", 'incident_date desc'],
    ["category = 'Injury' AND site_id IN (3, 7)", 'incident_date desc'],
    ['priority = 2', 'incident_date asc'],
    ['site_id = 3', 'incident_date desc'],
  ])('answers %s by %s with one range scan of a derived index, page and count', async (filterText, orderText) => {
    await expectOneRangeScan(incident, filterText, orderText, /sx_incident_\w+/);
  });

  it.each([
    ['id <> -1', /sx_incident_\w+/, /documents_type_created\b/],
    ['site_id = 3', /sx_incident_\w+/, /documents_type_site_created\b/],
    ['region_id = 1', /sx_incident_\w+/, /documents_type_region_created\b/],
  ])('reads %s by creation date through the type’s own index on PostgreSQL, a base index on SQLite', async (filterText, own, base) => {
    const page = await plan(
      pageQuery(where(incident, filterText), order(incident, 'created_date desc'), { start: 300, count: 15 }, dialect),
    );
    if (dialect === 'sqlite') {
      expect(page).toMatch(new RegExp(`SEARCH d USING COVERING INDEX ${base.source}`));
      return;
    }
    await expectOneRangeScan(incident, filterText, 'created_date desc', own);
    // Index-only, from the entries alone: the type's own key, not a base index's (org, type, …) one.
    expect(page).toMatch(/Index Only Scan Backward using sx_incident_\w+/);
    expect(page).not.toMatch(/documents_type_/);
  });

  it('merges a member’s two sites by creation date from the type’s own index on PostgreSQL', async () => {
    const branches = [3, 7].map((site) => where(incident, `site_id = ${site}`));
    const merged = pageQuery(
      where(incident, 'site_id IN (3, 7)'),
      order(incident, 'created_date desc'),
      { start: 300, count: 15, branches },
      dialect,
    );
    const text = await plan(merged);
    const scans = text.match(/(?:COVERING INDEX|Index Only Scan Backward using) \w+/g) ?? [];
    expect(scans, text).toHaveLength(2);
    for (const scan of scans) expect(scan).toMatch(dialect === 'postgres' ? /sx_incident_/ : /documents_type_site_created/);
  });

  it.each([
    ["incident_date >= '2024-03-01'", 'incident_date desc'],
    ["incident_date BETWEEN '2024-02-01' AND '2024-03-01'", 'incident_date asc'],
  ])('reads a range of a data field’s dates, %s, as bounds of its index, page and count', async (filterText, orderText) => {
    const conditions = where(incident, filterText);
    const page = await plan(pageQuery(conditions, order(incident, orderText), { start: 30, count: 15 }, dialect));
    const count = await plan(countQuery(conditions, 1001));
    for (const text of [page, count]) {
      if (dialect === 'sqlite') {
        expect(text).toMatch(/SEARCH d USING (COVERING )?INDEX \w+ \(org_id=\? AND doc_type=\? AND <expr>[<>]\?/);
        continue;
      }
      // The bound in the scan's Index Cond, not in a Filter over every entry of the organisation:
      // the stored order values' column (order-keys.ts), whose collation the comparison's is.
      expect(text).toMatch(/Index (Only )?Scan (Backward )?using sx_incident_\w+/);
      expect(text).toMatch(/Index Cond: .*order_value [<>]=/);
      expect(text).not.toMatch(/Filter: .*(incident_date|order_value)/);
    }
  });

  it('reads a range of a data field’s dates as bounds of its expression index while its stored values are not ready', async () => {
    // What a list filtered by the incident date counts before the order-key job has filled its
    // column (or for a date that is no type's default order): the field's own `indexed` index.
    const count = await plan(countQuery(where(incident, "incident_date >= '2024-03-01'", { asStored: false }), 1001));
    if (dialect === 'sqlite') {
      expect(count).toMatch(/SEARCH d USING (COVERING )?INDEX \w+ \(org_id=\? AND doc_type=\? AND <expr>>\?/);
      return;
    }
    expect(count).toMatch(/Index (Only )?Scan (Backward )?using dx_incident_incident_date_\w+/);
    expect(count).toMatch(/Index Cond: .*incident_date.*>=/);
    expect(count).not.toMatch(/Filter: .*incident_date/);
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

  /** The index's definition as the database keeps it. */
  async function indexDefinition(name: string): Promise<string> {
    const query =
      dialect === 'sqlite'
        ? sql<{ definition: string }>`SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND name = ${name}`
        : sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ${name}`;
    return (await query.execute(t.ctx.database.db)).rows[0]?.definition ?? '';
  }

  it.each(['updated_date', 'id'])('reads an unfiltered list by %s through the index an administrator added for it', async (orderField) => {
    const { statements, stop } = recordStatements();
    const list = async (count: number) => {
      statements.length = 0;
      const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?count=${count}&order=${orderField}%20desc` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().dataAr.map((d: { id: number }) => d.id) as number[];
    };
    try {
      const added = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/$$schema/indexes/incident',
        payload: { equality: [], order: orderField },
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
      expect(name).toBe(orderIndexOf(incident, dialect, { equality: [], order: orderField }) ?? name);
      // Its key holds the order field once (`id` is also every key's tie-break).
      const definition = await indexDefinition(name);
      expect(definition.match(/\bid\b/g), definition).toHaveLength(1);
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
      // A deep page counts the rows after it in its own read (`docket_window`), under its own check.
      const counts = statements.filter((text) => text.includes('count(*)') && !text.includes('docket_window'));
      return {
        ids: answer.json().dataAr.map((d: { id: number }) => d.id) as number[],
        page: page === undefined ? 'no index named' : page.includes('docket_within_budget') ? 'checked' : 'unchecked',
        countsChecked: counts.every((text) => text.includes('docket_within_budget') === (dialect === 'sqlite')),
        counted: { inThePage: statements.some((text) => text.includes('docket_window')) },
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
      // A count of its own (a page before DEEP_PAGE_START) is still made under the check.
      expect([unfiltered, excluded, site, searched, range, created, createdSearched].every((read) => read.countsChecked)).toBe(true);
      // PostgreSQL: a deep page's total comes with its read (a probe count may still come first:
      // `uncertain`); SQLite counts it apart.
      const deep = [unfiltered, excluded, searched, range, created, createdSearched];
      const postgres = dialect === 'postgres';
      expect([...deep, site].map((read) => read.counted.inThePage)).toEqual([...deep.map(() => postgres), false]);
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

  it('labels a total beyond the counted window with the planner estimate where the database keeps one', async () => {
    const answer = (
      await t.as(admin, { method: 'GET', url: '/v3/demo/incident?count=15&order=incident_date%20desc&args=estimate' })
    ).json();
    expect(answer).toMatchObject({ total: TOTAL_COUNT_WINDOW, totalIsEstimate: true });
    if (dialect === 'postgres') expect(answer.totalEstimate).toBeGreaterThan(2000);
    else expect(answer.totalEstimate).toBeUndefined();
  });
});
