/**
 * The generic document API (issue 4 item 3) on both databases with several principals and two
 * organisations: every built-in type served, defaults, order on JSON fields, select, group_by,
 * paging, labels, default filters, children, cascading deletes, parent links, legacy routes and
 * display ids under 50 concurrent creates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypes } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const q = (text: string) => encodeURIComponent(text);

describe.each(testDialects)('the document API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let reader: string;
  let acmeAdmin: string;
  let sites: Record<string, number>;
  let adminUuid: string;
  let editorUuid: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const siteList = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=50' })).json();
    sites = Object.fromEntries(siteList.dataAr.map((s: { code: string; id: number }) => [s.code, s.id]));
    const people = await t.ctx.database.db.selectFrom('identities').select(['uuid', 'email']).execute();
    adminUuid = people.find((p) => p.email === 'admin@demo.local')!.uuid;
    editorUuid = people.find((p) => p.email === 'editor@demo.local')!.uuid;
    const incidents = [
      { summary: 'Forklift near miss', category: 'Near Miss', priority: 2, site_id: sites.NPL, actionee_ids: [editorUuid, adminUuid] },
      { summary: 'Slip in canteen', category: 'Injury', priority: 5, site_id: sites.HBR, actionee_ids: [editorUuid] },
      { summary: 'Oil leak on quay', category: 'Environmental', priority: 4, site_id: sites.HBR },
      { summary: 'Broken fence', category: 'Security', priority: 1, site_id: sites.SYD },
    ];
    for (const incident of incidents) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { descrip: 'Reported at the gate', ...incident },
      });
      if (created.statusCode !== 201) throw new Error(created.body);
    }
  });
  afterAll(async () => t.close());

  it('serves every built-in type', async () => {
    for (const type of builtinTypes) {
      const response = await t.as(admin, { method: 'GET', url: `/v3/demo/${type.type}?count=1` });
      expect(response.statusCode, type.type).toBe(200);
      expect(response.json()).toHaveProperty('total');
    }
  });

  it('applies default-value tokens on create and labels references in data_normalised', async () => {
    const created = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { summary: 'Dropped load', descrip: 'x', category: 'Injury', site_id: sites.NPL, actionee_ids: [editorUuid] },
      })
    ).json();
    expect(created.reporter_id).toBe(adminUuid);
    expect(Date.now() - Date.parse(created.incident_date)).toBeLessThan(60_000);
    expect(created.display_id).toMatch(/^INC-\d{5}$/);
    expect(created.data_normalised).toMatchObject({
      site_id: 'North Plant',
      reporter_id: 'Ada Admin',
      actionee_ids: ['Eve Editor'],
      created_by: 'Ada Admin',
      types: 'incident',
    });
    const action = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Fix it', actionee_ids: [editorUuid], parent_id: created.id },
      })
    ).json();
    expect(action.due_date).toBe(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
    expect(action.meta.parent).toEqual({
      doc_id: created.id,
      doc_type: created.doc_type,
      display_id: created.display_id,
      summary: created.summary,
    });
  });

  it('orders by JSON fields, selects fields and pages with a total', async () => {
    const url = `/v3/demo/incident?filter=${q("summary != 'Dropped load'")}&order=${q('priority desc')}&select=summary,priority&count=2`;
    const page = (await t.as(admin, { method: 'GET', url })).json();
    expect(page.total).toBe(4);
    expect(page.dataAr.map((d: { priority: number }) => d.priority)).toEqual([5, 4]);
    expect(Object.keys(page.dataAr[0]).sort()).toEqual(['data_normalised', 'display_id', 'doc_type', 'id', 'meta', 'priority', 'summary']);
    const next = (await t.as(admin, { method: 'GET', url: `${url}&start=2` })).json();
    expect(next.dataAr.map((d: { priority: number }) => d.priority)).toEqual([2, 1]);
    const bySummary = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/incident?order=${q('category asc, summary desc')}&count=3` })
    ).json();
    expect(bySummary.dataAr.map((d: { category: string }) => d.category)).toEqual(['Environmental', 'Injury', 'Injury']);
  });

  it('counts per group and per cross-tab of two fields', async () => {
    const groups = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/incident?group_by=site_id&filter=${q("summary != 'Dropped load'")}` })
    ).json();
    expect(groups.total).toBe(4);
    expect(groups.dataAr).toContainEqual({ site_id: sites.HBR, count: 2, data_normalised: { site_id: 'Harbour Depot' } });
    const cross = (await t.as(admin, { method: 'GET', url: `/v3/demo/incident?group_by=category,status` })).json();
    const injuries = cross.dataAr.filter((row: { category: string }) => row.category === 'Injury');
    expect(injuries.every((row: Record<string, unknown>) => typeof row.status === 'string')).toBe(true);
    expect(injuries.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(2);
    const bad = await t.as(admin, { method: 'GET', url: '/v3/demo/incident?group_by=actionee_ids' });
    expect(bad.json()).toMatchObject({ code: 'bad_request', error_description: 'Cannot group by field: actionee_ids' });
  });

  it('limits a site-scoped editor to their site in lists, groups and reads', async () => {
    const mine = (await t.as(editor, { method: 'GET', url: '/v3/demo/incident?count=50' })).json();
    expect(mine.dataAr.map((d: { site_id: number }) => d.site_id)).toEqual([sites.HBR, sites.HBR]);
    const groups = (await t.as(editor, { method: 'GET', url: '/v3/demo/incident?group_by=site_id' })).json();
    expect(groups.dataAr).toEqual([{ site_id: sites.HBR, count: 2, data_normalised: { site_id: 'Harbour Depot' } }]);
    const all = (await t.as(reader, { method: 'GET', url: '/v3/demo/incident?count=50' })).json();
    expect(all.total).toBe(5);
    const other = all.dataAr.find((d: { site_id: number }) => d.site_id === sites.SYD);
    expect((await t.as(editor, { method: 'GET', url: `/v3/demo/incident/${other.id}` })).statusCode).toBe(404);
    // Named as an actionee, the editor reads the North Plant incident outside their grants
    // (docs/product/workflow-and-timeline.md#who-may-act), though it is not in their lists.
    const named = all.dataAr.find((d: { site_id: number }) => d.site_id === sites.NPL);
    expect((await t.as(editor, { method: 'GET', url: `/v3/demo/incident/${named.id}` })).statusCode).toBe(200);
  });

  it("keeps a site-scoped editor's filter on a site inside their grants, and a site outside them empty", async () => {
    // The row filter's site list is folded with the filter's own `site_id = …` (impliedRowFilter):
    // on their site the same rows as their unfiltered list, on another none, in lists and groups.
    const listed = async (token: string, filter: string) =>
      (await t.as(token, { method: 'GET', url: `/v3/demo/incident?count=50&filter=${q(filter)}` })).json();
    const own = await listed(editor, `site_id = ${sites.HBR}`);
    expect(own.dataAr.map((d: { summary: string }) => d.summary).sort()).toEqual(['Oil leak on quay', 'Slip in canteen']);
    expect(own.total).toBe(2);
    for (const site of [sites.SYD, sites.NPL]) {
      const foreign = await listed(editor, `site_id = ${site} AND priority >= 1`);
      expect(foreign.dataAr).toEqual([]);
      expect(foreign.total).toBe(0);
      const groups = (
        await t.as(editor, { method: 'GET', url: `/v3/demo/incident?group_by=site_id&filter=${q(`site_id = ${site}`)}` })
      ).json();
      expect(groups.dataAr).toEqual([]);
    }
    // The same filters for the reader, whose grants reach every site, find the other sites' rows.
    expect((await listed(reader, `site_id = ${sites.SYD} AND priority >= 1`)).total).toBe(1);
  });

  it("applies the type's default filter only when asked with args=default", async () => {
    const ids = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=50' })).json().dataAr.map((s: { id: number }) => s.id);
    const site = (await t.as(admin, { method: 'GET', url: `/v3/demo/site/${ids[0]}` })).json();
    expect((await t.as(admin, { method: 'PUT', url: `/v3/demo/site/${site.id}`, payload: { ...site, active: false } })).statusCode).toBe(
      200,
    );
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/site?args=default' })).json().total).toBe(ids.length - 1);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/site' })).json().total).toBe(ids.length);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/site?args=default&filter=${q('active = false')}` })).json().total).toBe(1);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/site?args=everything' })).json().error_description).toBe(
      'Unknown args value: everything',
    );
    await t.as(admin, { method: 'PUT', url: `/v3/demo/site/${site.id}`, payload: { ...site, active: true } });
  });

  it('answers children and deletes a document with its children and events in one go', async () => {
    const parent = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { summary: 'Parent', descrip: 'x', category: 'Injury', site_id: sites.SYD },
      })
    ).json();
    const child = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Child', actionee_ids: [editorUuid], parent_id: parent.id },
      })
    ).json();
    const grandchild = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Grandchild', actionee_ids: [editorUuid], parent_id: child.id },
      })
    ).json();
    const orgId =
      parent.meta &&
      (await t.ctx.database.db.selectFrom('documents').select('org_id').where('id', '=', parent.id).executeTakeFirstOrThrow()).org_id;
    const now = new Date().toISOString();
    for (const docId of [parent.id, child.id]) {
      await t.ctx.database.db
        .insertInto('events')
        .values({
          org_id: orgId,
          doc_id: docId,
          parent_id: null,
          type: 'comment',
          subject: null,
          descrip: 'note',
          on_behalf_of: null,
          attachments: null,
          created_by: adminUuid,
          created_date: now,
          sort_date: now,
        })
        .execute();
    }
    const children = (await t.as(admin, { method: 'GET', url: `/doc/${parent.id}/children?app=demo` })).json();
    expect(children.dataAr.map((d: { id: number }) => d.id)).toEqual([child.id]);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/doc/${parent.id}/children` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/incident/${parent.id}` })).json()).toEqual({ error: false });
    const left = await t.ctx.database.db
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', [parent.id, child.id, grandchild.id])
      .execute();
    expect(left).toEqual([]);
    expect(await t.ctx.database.db.selectFrom('events').select('id').where('doc_id', 'in', [parent.id, child.id]).execute()).toEqual([]);
    const audit = await t.ctx.database.db
      .selectFrom('audit_trail')
      .select(['doc_id', 'doc_type'])
      .where('action', '=', 'delete')
      .where('doc_id', 'in', [parent.id, child.id, grandchild.id])
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('refuses a parent from another organisation, a missing one or a loop', async () => {
    const acmePost = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/post?count=1' })).json().dataAr[0];
    const foreign = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: 'x', actionee_ids: [editorUuid], parent_id: acmePost.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toBe('The parent document cannot be found.');
    expect(
      (
        await t.as(admin, {
          method: 'POST',
          url: '/v3/demo/action',
          payload: { summary: 'x', actionee_ids: [editorUuid], parent_id: 999999 },
        })
      ).statusCode,
    ).toBe(400);
    const a = (await t.as(admin, { method: 'POST', url: '/v3/demo/action', payload: { summary: 'a', actionee_ids: [editorUuid] } })).json();
    const b = (
      await t.as(admin, { method: 'POST', url: '/v3/demo/action', payload: { summary: 'b', actionee_ids: [editorUuid], parent_id: a.id } })
    ).json();
    const loop = await t.as(admin, { method: 'PUT', url: `/v3/demo/action/${a.id}`, payload: { ...a, parent_id: b.id } });
    expect(loop.json().error_description).toBe('A document cannot be its own parent or ancestor.');
  });

  it('adds a child only under a parent its writer may edit, and only of a type the parent takes', async () => {
    const post = (await t.as(editor, { method: 'GET', url: '/v3/demo/post?count=1' })).json().dataAr[0];
    expect(post.meta.access.editor).toBe(false);
    const action = { summary: 'Follow-up', actionee_ids: [editorUuid], site_id: sites.HBR };
    const underPost = await t.as(editor, { method: 'POST', url: '/v3/demo/action', payload: { ...action, parent_id: post.id } });
    expect([underPost.statusCode, underPost.json().error_description]).toEqual([
      403,
      'You do not have sufficient access rights to add a child to this document.',
    ]);
    const incidents = (
      await t.as(editor, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent("summary = 'Slip in canteen'")}` })
    ).json();
    const incident = incidents.dataAr[0];
    expect(incident.meta.access.editor).toBe(true);
    const underIncident = await t.as(editor, { method: 'POST', url: '/v3/demo/action', payload: { ...action, parent_id: incident.id } });
    expect(underIncident.statusCode, underIncident.body).toBe(201);
    // An incident takes actions only.
    const request = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Nested', descrip: 'x', category: 'Injury', site_id: sites.HBR, parent_id: incident.id },
    });
    expect([request.statusCode, request.json().error_description]).toEqual([
      400,
      'A incident document takes only these child types: action.',
    ]);
    // Moving an existing action under the post is refused the same way, and the action keeps its parent.
    const moved = await t.as(editor, {
      method: 'PUT',
      url: `/v3/demo/action/${underIncident.json().id}`,
      payload: { ...(underIncident.json() as object), parent_id: post.id },
    });
    expect(moved.statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/action/${underIncident.json().id}` })).json().parent_id).toBe(incident.id);
  });

  it('refuses an id column that is no whole number, or a number past JSON’s range, and keeps what is stored', async () => {
    const stored = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Kept', actionee_ids: [editorUuid], site_id: sites.NPL },
      })
    ).json();
    const put = (payload: string) =>
      t.as(admin, { method: 'PUT', url: `/v3/demo/action/${stored.id}`, headers: { 'content-type': 'application/json' }, payload });
    const base = JSON.stringify({ ...stored });
    for (const [field, raw, message] of [
      ['site_id', '"x"', 'site_id: must be integer'],
      ['parent_id', '"abc"', 'parent_id: must be integer'],
      ['site_id', '1e400', 'site_id: must be integer'],
      ['module_id', '1.5', 'module_id: must be integer'],
      ['zone_id', '-2', 'zone_id: must be >= 0'],
    ] as const) {
      const answer = await put(`${base.slice(0, -1)},"${field}":${raw}}`);
      expect([answer.statusCode, answer.json().error_description], `${field} ${raw}`).toEqual([400, message]);
    }
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      headers: { 'content-type': 'application/json' },
      payload: '{"summary":"Far","descrip":"x","category":"Injury","site_id":1e400}',
    });
    expect([created.statusCode, created.json().error_description]).toEqual([400, 'site_id: must be integer']);
    const after = (await t.as(admin, { method: 'GET', url: `/v3/demo/action/${stored.id}` })).json();
    expect([after.site_id, after.version]).toEqual([sites.NPL, stored.version]);
  });

  it('answers the legacy routes in the same shapes', async () => {
    const legacy = await t.as(admin, { method: 'GET', url: `/api/incident?app=demo&qry=${q("category = 'Injury'")}&count=1` });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ total: 2, dataAr: [{ doc_type: 'incident', category: 'Injury' }] });
    const header = await t.as(admin, { method: 'GET', url: '/api/post?count=1', headers: { 'x-app': 'demo' } });
    expect(header.json().dataAr[0].doc_type).toBe('post');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/post?app=demo',
      payload: { summary: 'Legacy post', descrip: 'via /api' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().display_id).toMatch(/^POST-/);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/api/post?app=demo' })).statusCode).toBe(403);
    const mine = (await t.as(admin, { method: 'GET', url: '/api/post?app=demo&personal=true&value=' + created.json().id })).json();
    expect(mine.dataAr.map((d: { id: number }) => d.id)).toEqual([created.json().id]);
  });

  it('gives 50 concurrent creates 50 distinct display ids', async () => {
    // Past the type cache's check interval: hooks that ask for types inside the batch's
    // transaction must not wait for a query outside it (a deadlock on the embedded database).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.as(admin, { method: 'POST', url: '/v3/demo/action', payload: { summary: `Parallel ${i}`, actionee_ids: [editorUuid] } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = responses.map((r) => r.json().display_id as string);
    expect(new Set(ids).size).toBe(50);
    const audit = await t.ctx.database.db
      .selectFrom('audit_trail')
      .select('doc_id')
      .where('action', '=', 'create')
      .where(
        'doc_id',
        'in',
        responses.map((r) => r.json().id),
      )
      .execute();
    expect(audit).toHaveLength(50);
  });

  it('refuses bad filters with invalid_filter naming the problem, and unknown types with 404', async () => {
    const cases: [string, string][] = [
      ["status = 'Closed' AND", 'Unexpected end of filter'],
      ["nosuchfield = 'x'", 'Unknown field: nosuchfield'],
      ["priority = 'high'", 'Field priority expects a number'],
      ["t1.password = 'x'", 'Unknown field: t1.password'],
    ];
    for (const [filter, message] of cases) {
      const response = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?filter=${q(filter)}` });
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().code).toBe('invalid_filter');
      expect(response.json().error_description).toContain(message);
    }
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/no_such_type' })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/no_such_type', payload: { summary: 'x' } })).statusCode).toBe(404);
  });
});
