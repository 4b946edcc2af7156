/**
 * The reporting engine's rules on report data on both databases (docs/product/reporting.md#report-data,
 * #periods, #metrics, #api): personal items of a user_scope report, the edit and delete rules per
 * role, refused data in the spec's words, closed periods, deleting a period, formula errors and
 * tenant isolation. The figures and the refresh job are in reporting.int.test.ts; the report's sites,
 * hours and incidents in reporting.test-fixtures.ts (setUpKpiReport).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { uuidOf } from '../../test-support/access-fixtures.ts';
import { figure, itemsByKey, month, setUpKpiReport, type KpiReport } from './reporting.test-fixtures.ts';

const DEC = month(2025, 12);

describe.each(testDialects)('the reporting engine on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let reader: string;
  let acmeAdmin: string;
  let orgId: number;
  let adminUuid: string;
  let editorUuid: string;
  let npl: number;
  let hbr: number;
  let reportId: number;
  let post: KpiReport['post'];
  let refreshUrl: KpiReport['refreshUrl'];
  let item: KpiReport['item'];
  let runJobs: KpiReport['runJobs'];

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    ({ admin, editor, reader, acmeAdmin, orgId, adminUuid, editorUuid, npl, hbr, reportId, post, refreshUrl, item, runJobs } =
      await setUpKpiReport(t, dialect));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('gives each user of a user_scope report a personal item, which they read and fill in, and shows people only their own', async () => {
    const created = await post(admin, '/v3/demo/report', {
      title: 'Personal',
      data_frequency: 3,
      user_scope: 2,
      user_ids: [adminUuid, editorUuid],
    });
    const personalReport = created.json().id as number;
    await post(admin, '/v3/demo/report_metric', {
      report_id: personalReport,
      name: 'visits',
      label: 'Visits',
      descrip: 'Visits',
      unit: '#',
      type: 0,
    });
    expect((await post(admin, `/reporting/${personalReport}?year=2025&month=12`)).statusCode).toBe(200);
    await runJobs();
    const url = `/v3/reports/${personalReport}/snapshot?date=2025-12-01`;
    const people = (token: string) =>
      t
        .as(token, { method: 'GET', url })
        .then((r) =>
          r.json().dataAr.map((row: { scope: number; actionee_ids?: string[] }) => (row.scope === 9 ? row.actionee_ids![0] : 'group')),
        );
    expect(await people(admin)).toEqual(['group', ...[adminUuid, editorUuid].sort()]);
    // The editor's grant is at Harbour Depot: the group item is not theirs to read, their own item is.
    expect(await people(editor)).toEqual([editorUuid]);
    const own = (await t.as(editor, { method: 'GET', url })).json().dataAr[0];
    expect(own.meta.access).toEqual({ editor: true, delete: false });
  });

  it('lets administrators edit items below scope 9 and others only personal items', async () => {
    // The editor edits at HBR, the manager at NPL (with delete); neither is an administrator.
    const site = await item(DEC, `site:${hbr}`);
    const asEditor = (await t.as(editor, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json();
    expect(asEditor.meta.access).toEqual({ editor: false, delete: false });
    const refused = await t.as(editor, { method: 'PUT', url: `/v3/demo/report_data/${site.id}`, payload: { ...asEditor, notes: 'x' } });
    expect(refused.statusCode).toBe(403);
    const personal = await post(editor, '/v3/demo/report_data', {
      report_id: reportId,
      report_date: '2025-12-01',
      scope: 9,
      site_id: hbr,
      actionee_ids: [editorUuid],
      user: [{ metric: 'observations', value: 12 }],
    });
    expect(personal.statusCode, personal.body).toBe(201);
    expect(personal.json().meta.access.editor).toBe(true);
    expect(personal.json().isRefreshing).toBe(true);
    const read = (await t.as(editor, { method: 'GET', url: `/v3/demo/report_data/${personal.json().id}` })).json();
    expect([read.isRefreshing, figure(read, 'itm', 'observations')]).toEqual([false, 12]);
    const edited = await t.as(editor, {
      method: 'PUT',
      url: `/v3/demo/report_data/${personal.json().id}`,
      payload: { ...(personal.json() as object), notes: 'mine' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // A reader does not read another person's item at all: not by id, not in a list or a search (404, as a missing one).
    const byReader = await t.as(reader, { method: 'PUT', url: `/v3/demo/report_data/${personal.json().id}`, payload: edited.json() });
    expect(byReader.statusCode).toBe(404);
    expect((await t.as(reader, { method: 'GET', url: `/v3/demo/report_data/${personal.json().id}` })).statusCode).toBe(404);
    const readersList = (
      await t.as(reader, { method: 'GET', url: `/v3/demo/report_data?filter=${encodeURIComponent('scope = 9')}` })
    ).json();
    expect(readersList.dataAr).toEqual([]);
    const search = (await t.as(reader, { method: 'GET', url: '/v3/demo/search?query=mine' })).json();
    expect(JSON.stringify(search)).not.toContain(`"id":${personal.json().id},`);
    const byAdmin = await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` });
    expect(byAdmin.json().meta.access).toEqual({ editor: true, delete: true });
    const manager = (await t.signIn('manager@demo.local')).access;
    const nplSite = await item(DEC, `site:${npl}`);
    expect((await t.as(manager, { method: 'DELETE', url: `/v3/demo/report_data/${nplSite.id}` })).statusCode).toBe(403);
    const managerUuid = await uuidOf(t, 'manager@demo.local');
    const own = await post(manager, '/v3/demo/report_data', {
      report_id: reportId,
      report_date: '2025-12-01',
      scope: 9,
      site_id: npl,
      actionee_ids: [managerUuid],
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await t.as(manager, { method: 'DELETE', url: `/v3/demo/report_data/${own.json().id}` })).statusCode).toBe(200);
  });

  it('refuses an item for a month past 9998-12 with a 400', async () => {
    const farAway = await post(admin, '/v3/demo/report_data', { report_id: reportId, report_date: '9999-12-01', scope: 3, site_id: hbr });
    expect([farAway.statusCode, farAway.json().error_description]).toEqual([
      400,
      'report_date: The date must be between 1900-01-01 and 9998-12-31.',
    ]);
  });

  it('refuses a multi-site item adding up a site whose figures its writer may not read', async () => {
    const sitesItem = (token: string, siteIds: number[]) =>
      post(token, '/v3/demo/report_data', { report_id: reportId, report_date: '2025-12-01', scope: 0, site_id: hbr, site_ids: siteIds });
    // The editor's grant is at Harbour Depot: North Plant's figures are not theirs to add up.
    const refused = await sitesItem(editor, [npl]);
    expect([refused.statusCode, refused.json().error_description]).toEqual([
      400,
      'site_ids: A multi-site item can add up only sites whose figures you may read.',
    ]);
    expect((await sitesItem(editor, [hbr, npl])).statusCode).toBe(400);
    expect((await itemsByKey(t, orgId, reportId, DEC)).has(`sites:${npl}`)).toBe(false);
    const allowed = await sitesItem(admin, [hbr, npl]);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/report_data/${allowed.json().id}` })).statusCode).toBe(200);
  });

  it('refuses bad report data with the spec’s words', async () => {
    const base = { report_id: reportId, report_date: '2025-12-01', scope: 9, site_id: npl, actionee_ids: [adminUuid] };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, user: [{ metric: 'hours', value: 'abc' }] }, 400, 'hours: not a number'],
      [{ ...base, report_date: '1999-12-01' }, 400, 'The earliest month is 2000-01.'],
      [{ ...base, scope: 3, site_id: undefined }, 400, 'A site item needs its site'],
      [{ ...base, report_date: '2023-01-01' }, 400, 'Reporting period has not been created'],
      [{ ...base, scope: 3, site_id: npl, actionee_ids: undefined }, 400, 'This report already has an item for this scope and month'],
      [
        { ...base, user: [{ metric: 'observations', value: 5 }] },
        400,
        'observations: Target for this metric has not been met (Target is 10). Reason required',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(admin, '/v3/demo/report_data', payload);
      expect([response.statusCode, response.json().error_description]).toEqual([status, expect.stringContaining(message)]);
    }
    const withReason = await post(admin, '/v3/demo/report_data', {
      ...base,
      user: [{ metric: 'observations', value: 5, reason: 'Short month' }],
    });
    expect(withReason.statusCode, withReason.body).toBe(201);
  });

  it('refuses create, edit, delete and refresh in a closed period, and reopens it', async () => {
    const master = await item(DEC, 'group');
    const doc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${master.id}` })).json();
    const closed = await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${master.id}`, payload: { ...doc, closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    const site = await item(DEC, `site:${hbr}`);
    const siteDoc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json();
    // Every item carries the period's state, for members who cannot read the master.
    expect(siteDoc.closed).toBe(true);
    const { closed: _state, ...withoutState } = closed.json() as Record<string, unknown>;
    const attempts = [
      // Saving the master without saying `closed` does not reopen the period.
      await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${master.id}`, payload: { ...withoutState, notes: 'x' } }),
      await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${site.id}`, payload: { ...siteDoc, notes: 'late' } }),
      await t.as(admin, { method: 'DELETE', url: `/v3/demo/report_data/${site.id}` }),
      await post(admin, refreshUrl(2025, 12)),
      await post(admin, refreshUrl(2025, 12, `&rdid=${site.id}`)),
      await post(admin, '/v3/demo/report_data', { report_id: reportId, report_date: '2025-12-01', scope: 3, site_id: hbr }),
    ];
    for (const attempt of attempts) expect([attempt.statusCode, attempt.json().error_description]).toEqual([409, 'Period Closed']);
    const reopened = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_data/${master.id}`,
      payload: { ...(closed.json() as object), closed: false },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json().closed).toBe(false);
    expect((await post(admin, refreshUrl(2025, 12, `&rdid=${site.id}`))).statusCode).toBe(200);
  });

  it('deletes the whole period with its master item', async () => {
    const first = month(2024, 7);
    const before = await itemsByKey(t, orgId, reportId, first);
    expect(before.size).toBeGreaterThan(1);
    const deleted = await t.as(admin, { method: 'DELETE', url: `/v3/demo/report_data/${before.get('group')!.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await itemsByKey(t, orgId, reportId, first)).size).toBe(0);
  });

  it('refuses a formula that does not check, with its position, and stores nothing', async () => {
    const count = async () =>
      (await t.as(admin, { method: 'GET', url: `/v3/demo/report_metric?filter=${encodeURIComponent(`report_id = ${reportId}`)}` })).json()
        .total;
    const before = await count();
    const cases: [string, string][] = [
      ['recordables * / hours', 'at position 14'],
      ['recordables / nosuch', "Unknown metric 'nosuch'"],
      ['count(incident, "lost_dayz > 0")', 'Invalid filter for incident'],
      ['sum(incident, category, "")', "Field 'category' is not numeric; sum needs a number field"],
      ['loop + 1', 'Metric reference cycle: loop → loop'],
    ];
    for (const [formula, reason] of cases) {
      const response = await post(admin, '/v3/demo/report_metric', {
        report_id: reportId,
        name: 'loop',
        label: 'L',
        descrip: 'L',
        unit: '#',
        type: 1,
        formula,
      });
      expect(response.statusCode, formula).toBe(400);
      expect(response.json().code).toBe('invalid_formula');
      expect(response.json().error_description).toContain(reason);
    }
    const positioned = await post(admin, '/v3/demo/report_metric', {
      report_id: reportId,
      name: 'bad',
      label: 'B',
      descrip: 'B',
      unit: '#',
      type: 1,
      formula: 'hours * / 2',
    });
    expect(positioned.json().position).toBe(8);
    const duplicate = await post(admin, '/v3/demo/report_metric', {
      report_id: reportId,
      name: 'hours',
      label: 'H',
      descrip: 'H',
      unit: '#',
      type: 0,
    });
    expect(duplicate.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('gives the organisation total beside a site only to whom may read the group item, virtual series included', async () => {
    const url = `/reporting/${reportId}?metric=hours&scope=3&site_id=${hbr}&date=2025-12-01`;
    const totals = async (token: string, more = '') =>
      ((await t.as(token, { method: 'GET', url: url + more })).json().dataAr as Array<{ total: number | null }>).map((p) => p.total);
    // The administrator reads the group item: the virtual series carries December's organisation total.
    expect((await totals(admin, '&virtual=true'))[11]).toEqual(expect.any(Number));
    // The editor's grant is at Harbour Depot: their site's series, without the organisation's figure.
    expect(await totals(editor)).toEqual(Array(12).fill(null));
    expect(await totals(editor, '&virtual=true')).toEqual(Array(12).fill(null));
  });

  it('keeps another organisation’s report out of reach', async () => {
    for (const response of [
      await post(acmeAdmin, refreshUrl(2025, 12)),
      await t.as(acmeAdmin, { method: 'GET', url: `/reporting/${reportId}?metric=trir` }),
      await t.as(acmeAdmin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=2025-12-01` }),
    ])
      expect(response.statusCode).toBe(404);
    expect((await post(editor, refreshUrl(2025, 12))).statusCode).toBe(403);
  });
});
