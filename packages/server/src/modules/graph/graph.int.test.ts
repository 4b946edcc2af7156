/**
 * The chart call (docs/product/reporting.md#charts) on both databases: counts by field, by month
 * in the organisation's time zone (an incident at 23:30 on 31 January in Sydney is January's),
 * both together, under each caller's row filter (an administrator and a site-scoped editor count
 * different figures), never across organisations, and 400 with a clear message for bad input.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';

const q = (text: string) => encodeURIComponent(text);

describe.each(testDialects)('the chart counts on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let northReader: string;
  let acmeAdmin: string;
  let sites: Map<string, number>;

  const graph = (token: string, query: string, app = 'demo', type = 'incident') =>
    t.as(token, { method: 'GET', url: `/v3/${app}/graph/${type}?${query}` });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const demo = await placesOf(t, 'demo');
    sites = demo.sites;
    // A reader of the North region (North Plant and Harbour Depot): a second kind of row filter.
    await addMember(t, demo.orgId, {
      email: 'north-reader@demo.local',
      level: 2,
      roles: ['reader'],
      scope: 2,
      regionId: demo.regions.get('N')!,
    });
    // The organisation's months are Sydney's (UTC+11 in summer).
    const org = await t.ctx.database.db
      .selectFrom('organisations')
      .select('settings')
      .where('id', '=', demo.orgId)
      .executeTakeFirstOrThrow();
    const settings = readJson<Record<string, unknown>>(org.settings, {});
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson({ ...settings, time_zone: 'Australia/Sydney' }) })
      .where('id', '=', demo.orgId)
      .execute();
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access; // Harbour Depot only
    northReader = (await t.signIn('north-reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const incidents = [
      // 23:30 on 31 January in Sydney: January there, though February has begun nowhere in UTC.
      { site: 'NPL', category: 'Injury', date: '2026-01-31T12:30:00.000Z', recordable: true },
      // 00:30 on 1 February in Sydney: February.
      { site: 'HBR', category: 'Injury', date: '2026-01-31T13:30:00.000Z', recordable: true },
      { site: 'HBR', category: 'Near Miss', date: '2026-02-10T01:00:00.000Z', recordable: false },
      { site: 'SYD', category: 'Near Miss', date: '2026-03-05T01:00:00.000Z', recordable: false },
      { site: 'SYD', category: 'Injury', date: '2026-03-06T01:00:00.000Z', recordable: true },
      // Before the months asked for below.
      { site: 'NPL', category: 'Security', date: '2025-06-01T01:00:00.000Z', recordable: false },
    ];
    for (const [index, incident] of incidents.entries()) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: {
          summary: `Chart incident ${index}`,
          descrip: 'For the chart counts',
          incident_date: incident.date,
          category: incident.category,
          site_id: sites.get(incident.site),
          recordable: incident.recordable,
        },
      });
      if (created.statusCode !== 201) throw new Error(created.body);
    }
    const acmeSite = (await placesOf(t, 'acme')).sites.get('AWK');
    const acme = await t.as(acmeAdmin, {
      method: 'POST',
      url: '/v3/acme/incident',
      payload: { summary: 'Acme injury', descrip: 'x', incident_date: '2026-02-02T01:00:00.000Z', category: 'Injury', site_id: acmeSite },
    });
    if (acme.statusCode !== 201) throw new Error(acme.body);
  });
  afterAll(async () => t.close());

  it('counts per field value with the filter applied, and labels referenced ids', async () => {
    const byCategory = await graph(admin, `group_by=category&qry=${q('recordable = true')}`);
    expect(byCategory.statusCode).toBe(200);
    expect(byCategory.json()).toEqual({ dataAr: [{ category: 'Injury', count: 3 }], total: 3 });

    const bySite = (await graph(admin, 'group_by=site_id')).json();
    expect(bySite.total).toBe(6);
    expect(bySite.dataAr).toContainEqual({ site_id: sites.get('SYD'), count: 2, data_normalised: { site_id: 'South Yard' } });
    expect(bySite.dataAr).toContainEqual({ site_id: sites.get('NPL'), count: 2, data_normalised: { site_id: 'North Plant' } });

    expect((await graph(admin, '')).json()).toEqual({ dataAr: [{ count: 6 }], total: 6 });
  });

  it("counts by month in the organisation's time zone, every month of the range answered", async () => {
    const response = await graph(admin, 'group_by=month&from=2026-01&to=2026-04');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dataAr: [
        { month: '2026-01', count: 1 },
        { month: '2026-02', count: 2 },
        { month: '2026-03', count: 2 },
        { month: '2026-04', count: 0 },
      ],
      total: 5,
      months: ['2026-01', '2026-02', '2026-03', '2026-04'],
    });
  });

  it('counts a long range of months alike, and on the embedded database reads the date from its index alone', async () => {
    const { queries, stop } = recordReaderStatements(t.ctx.database, 'bulkReader');
    let response;
    try {
      response = await graph(admin, 'group_by=month&from=2023-01&to=2027-12');
    } finally {
      stop();
    }
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { dataAr: { month: string; count: number }[]; total: number };
    expect(answer.dataAr).toHaveLength(60);
    expect(answer.dataAr.filter((row) => row.count > 0)).toEqual([
      { month: '2025-06', count: 1 },
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 2 },
    ]);
    expect(answer.total).toBe(6);
    if (dialect !== 'sqlite') return;
    const chart = queries.find((query) => query.sql.includes('docket_date'))!;
    const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + chart.sql, [...chart.parameters])))
      .rows as { detail: string }[];
    // Each month from comparisons with the date the index holds: no document's JSON is read.
    expect(plan.map((row) => row.detail).join('\n')).toMatch(
      /SEARCH d USING COVERING INDEX \S+ \(org_id=\? AND doc_type=\? AND <expr>>\? AND <expr><\?\)/,
    );
  });

  it('counts by field and month together, and by the month of another date field', async () => {
    const both = (await graph(admin, `group_by=${q('category,month')}&from=2026-01&to=2026-03`)).json();
    expect(both.dataAr).toEqual([
      { category: 'Injury', month: '2026-01', count: 1 },
      { category: 'Injury', month: '2026-02', count: 1 },
      { category: 'Injury', month: '2026-03', count: 1 },
      { category: 'Near Miss', month: '2026-02', count: 1 },
      { category: 'Near Miss', month: '2026-03', count: 1 },
    ]);
    // The documents were created now: none of them in 2026-01 by creation date.
    const created = (await graph(admin, `group_by=${q('month(created_date)')}&from=2026-01&to=2026-01`)).json();
    expect(created.dataAr).toEqual([{ month: '2026-01', count: 0 }]);
  });

  it('counts only what each caller may read', async () => {
    // The Harbour Depot editor: two incidents there, none elsewhere.
    const editorCounts = (await graph(editor, 'group_by=category')).json();
    expect(editorCounts).toEqual({
      dataAr: [
        { category: 'Injury', count: 1 },
        { category: 'Near Miss', count: 1 },
      ],
      total: 2,
    });
    // The North reader: North Plant and Harbour Depot, not South Yard.
    const northCounts = (await graph(northReader, 'group_by=month&from=2026-01&to=2026-03')).json();
    expect(northCounts.dataAr).toEqual([
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 0 },
    ]);
    // A filter cannot widen the row filter.
    expect((await graph(editor, `qry=${q(`site_id = ${sites.get('SYD')}`)}`)).json().total).toBe(0);
  });

  it('answers callers asking the same chart at once each with what they may read (a read under way is shared only by the same statement)', async () => {
    const query = 'group_by=category';
    const alone = await Promise.all([admin, editor, northReader].map(async (token) => (await graph(token, query)).json()));
    // All at once, twice each: the same user's two asks may share a read, never two users' asks.
    const together = await Promise.all(
      [admin, editor, northReader, admin, editor, northReader].map(async (token) => (await graph(token, query)).json()),
    );
    expect(together).toEqual([...alone, ...alone]);
    expect(new Set(alone.map((answer) => answer.total)).size).toBe(3);
    // And from two organisations.
    const [demoAnswer, acmeAnswer] = await Promise.all([graph(admin, query), graph(acmeAdmin, query, 'acme')]);
    expect(acmeAnswer.json()).toEqual({ dataAr: [{ category: 'Injury', count: 1 }], total: 1 });
    expect(demoAnswer.json()).toEqual(alone[0]);
  });

  it('keeps organisations apart', async () => {
    expect((await graph(acmeAdmin, 'group_by=category', 'acme')).json()).toEqual({ dataAr: [{ category: 'Injury', count: 1 }], total: 1 });
    expect((await graph(acmeAdmin, 'group_by=category', 'demo')).statusCode).toBe(403);
  });

  it('refuses bad terms, filters and months with 400 and the reason', async () => {
    const cases: [string, string][] = [
      ['group_by=nope', 'Cannot group by field: nope'],
      ['group_by=descrip', 'Cannot group by field: descrip'],
      ['group_by=month(category)', 'Cannot group by month of field: category (not a date field)'],
      [`group_by=${q('month,month(created_date)')}`, 'Invalid group_by: at most one month term'],
      [`group_by=${q('category,site_id,month')}`, 'Invalid group_by: at most 2 terms'],
      [`group_by=${q('category,category')}`, 'Invalid group_by: a term appears twice'],
      ['group_by=month&from=2026-13', 'Invalid from: 2026-13 (expected YYYY-MM)'],
      ['group_by=month&to=2026-02-30', 'Invalid to: 2026-02-30 (expected YYYY-MM)'],
      ['group_by=month&from=1999-12&to=2000-02', 'Invalid from: the earliest month is 2000-01'],
      ['group_by=month&from=2026-05&to=2026-01', 'Invalid from: after to'],
      ['group_by=month&from=2020-01&to=2026-01', 'Invalid from: a chart spans at most 60 months'],
      [`qry=${q('recordable = true')}&filter=${q('recordable = false')}`, 'Use filter or qry, not both'],
    ];
    for (const [query, message] of cases) {
      const response = await graph(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error_description, query).toBe(message);
    }
    const badFilter = await graph(admin, `qry=${q('lost_dayz > 1')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error_description).toMatch(/lost_dayz/);
    expect((await graph(admin, 'group_by=category', 'demo', 'nosuchtype')).statusCode).toBe(404);
    expect((await graph(admin, 'group_by=category&bogus=1')).statusCode).toBe(400);
  });
});
