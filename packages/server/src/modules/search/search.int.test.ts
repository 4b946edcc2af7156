/** Search on both databases: ranked words, display ids, access filtering, query mode, sync with writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const q = (text: string) => encodeURIComponent(text);

describe.each(testDialects)('search on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let acmeAdmin: string;
  let sites: Record<string, number>;
  const ids: Record<string, { id: number; display_id: string }> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const siteList = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=50' })).json();
    sites = Object.fromEntries(siteList.dataAr.map((s: { code: string; id: number }) => [s.code, s.id]));
    const incidents = {
      forklift: { summary: 'Forklift collision in the warehouse', descrip: 'Pallet damaged', site_id: sites.NPL },
      quay: { summary: 'Oil spill on the quay', descrip: 'A forklift leaked hydraulic oil', site_id: sites.HBR },
      fence: { summary: 'Broken fence', descrip: 'Storm damage', site_id: sites.HBR },
    };
    for (const [name, incident] of Object.entries(incidents)) {
      ids[name] = (await t.as(admin, { method: 'POST', url: '/v3/demo/incident', payload: { category: 'Injury', ...incident } })).json();
    }
  });
  afterAll(async () => t.close());

  const search = (token: string, query: string, extra = '') =>
    t.as(token, { method: 'GET', url: `/v3/demo/search?query=${q(query)}${extra}` });

  it('ranks summary matches above description matches', async () => {
    const body = (await search(admin, 'forklift')).json();
    expect(body.total).toBe(2);
    expect(body.dataAr.map((d: { id: number }) => d.id)).toEqual([ids.forklift!.id, ids.quay!.id]);
    expect(body.dataAr[0]).toMatchObject({ doc_type: 'incident', meta: { access: { editor: true } } });
  });

  it('finds display ids and word prefixes, and posts as well as incidents', async () => {
    const byId = (await search(admin, ids.fence!.display_id)).json();
    expect(byId.dataAr.map((d: { id: number }) => d.id)).toEqual([ids.fence!.id]);
    expect((await search(admin, 'hydraul')).json().dataAr.map((d: { id: number }) => d.id)).toEqual([ids.quay!.id]);
    expect((await search(admin, 'welcome')).json().dataAr[0]).toMatchObject({ doc_type: 'post', summary: 'Welcome to Docket' });
  });

  it('answers only what the caller may read', async () => {
    expect((await search(editor, 'forklift')).json().dataAr.map((d: { id: number }) => d.id)).toEqual([ids.quay!.id]);
    const acme = (await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/search?query=forklift` })).json();
    expect(acme.dataAr.map((d: { summary: string }) => d.summary)).toEqual(['Acme site induction refreshed']);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/demo/search?query=forklift` })).statusCode).toBe(403);
  });

  it('takes the filter language in query mode', async () => {
    const body = (await search(admin, `site_id = ${sites.HBR} AND summary CONTAINS 'fence'`, '&mode=query')).json();
    expect(body.dataAr.map((d: { id: number }) => d.id)).toEqual([ids.fence!.id]);
    const typed = (await search(admin, "category = 'Injury'", '&mode=query&type=incident')).json();
    expect(typed.total).toBe(3);
    const bad = await search(admin, "category = 'Injury'", '&mode=query');
    expect(bad.json()).toMatchObject({ code: 'invalid_filter', error_description: 'Unknown field: category' });
  });

  it('stays in step with updates and deletes', async () => {
    const fence = (await t.as(admin, { method: 'GET', url: `/v3/demo/incident/${ids.fence!.id}` })).json();
    await t.as(admin, { method: 'PUT', url: `/v3/demo/incident/${fence.id}`, payload: { ...fence, summary: 'Gate hinge snapped' } });
    expect((await search(admin, 'hinge')).json().total).toBe(1);
    expect((await search(admin, 'broken fence')).json().total).toBe(0);
    await t.as(admin, { method: 'DELETE', url: `/v3/demo/incident/${fence.id}` });
    expect((await search(admin, 'hinge')).json().total).toBe(0);
  });

  it('treats query syntax in text mode as plain words', async () => {
    for (const text of ['" OR 1=1 --', 'summary:secret', 'NEAR(a b)', "a' & !b | c:*", '*', ')(']) {
      const response = await search(admin, text);
      expect(response.statusCode, text).toBe(200);
    }
    expect((await search(admin, '')).json()).toEqual({ dataAr: [], total: 0 });
  });
});
