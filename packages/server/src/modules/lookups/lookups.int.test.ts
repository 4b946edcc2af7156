/** Lookups on both databases: keyword options, post tags and generic select options, per caller. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

describe.each(testDialects)('lookups on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let editor: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const list = {
      title: 'Incident causes',
      key: 'incident_cause',
      options: [
        { id: 1, label: 'Equipment', children: [{ id: 11, label: 'Guard missing' }] },
        { id: 2, label: 'Procedure' },
      ],
    };
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/keyword_list', payload: list })).statusCode).toBe(201);
    await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/keyword_list',
      payload: { title: 'Old list', key: 'old_list', enabled: false, options: [] },
    });
    for (const tags of [['safety', 'kpi'], ['safety'], ['drill']]) {
      await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Tagged', descrip: 'x', tags } });
    }
  });
  afterAll(async () => t.close());

  it('answers keyword options with children, searchable, and the enabled lists', async () => {
    const options = (await t.as(reader, { method: 'GET', url: '/api/$$keywords?value=incident_cause' })).json();
    expect(options.dataAr).toEqual([
      { value: 1, label: 'Equipment', active: true, isParent: true, children: [{ value: 11, label: 'Guard missing', parentValue: 1 }] },
      { value: 2, label: 'Procedure', active: true, isParent: false },
    ]);
    expect(
      (await t.as(reader, { method: 'GET', url: '/api/$$keywords?value=incident_cause&searchTerm=guard' }))
        .json()
        .dataAr.map((o: { value: number }) => o.value),
    ).toEqual([1]);
    // The demo seeds the safety visit's observation categories; the disabled list is not offered.
    expect((await t.as(reader, { method: 'GET', url: '/api/$$keywords' })).json().dataAr).toEqual([
      { value: 'incident_cause', label: 'Incident causes' },
      { value: 'safety_visit_observation_category', label: 'Safety visit observation categories' },
    ]);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/api/$$keywords?value=incident_cause' })).json().dataAr).toEqual([]);
    expect((await t.as(reader, { method: 'GET', url: '/api/$$keywords?value=x&user=1' })).statusCode).toBe(400);
  });

  it('labels keyword references in data_normalised', async () => {
    await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/keyword_list',
      payload: { title: 'Action categories', key: 'action_category', options: [{ id: 5, label: 'Housekeeping' }] },
    });
    const me = await t.ctx.database.db
      .selectFrom('identities')
      .select('uuid')
      .where('email', '=', 'admin@demo.local')
      .executeTakeFirstOrThrow();
    const action = (
      await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Tidy the yard', actionee_ids: [me.uuid], category_id: 5 },
      })
    ).json();
    expect(action.data_normalised).toMatchObject({ category_id: 'Housekeeping', actionee_ids: ['Ada Admin'] });
  });

  it('answers the most used post tags first, 30 at most', async () => {
    const tags = (await t.as(reader, { method: 'GET', url: '/api/tags' })).json();
    expect(tags.dataAr.slice(0, 2)).toEqual([
      { value: 'safety', label: 'safety', count: 3 },
      { value: 'kpi', label: 'kpi', count: 2 },
    ]);
    expect((await t.as(reader, { method: 'GET', url: '/api/tags?searchTerm=DRI' })).json().dataAr).toEqual([
      { value: 'drill', label: 'drill', count: 1 },
    ]);
    expect(
      (await t.as(acmeAdmin, { method: 'GET', url: '/api/tags' }))
        .json()
        .dataAr.map((tag: { value: string }) => tag.value)
        .sort(),
    ).toEqual(['induction', 'quality']);
  });

  it('answers select options of a type: 10, 100 on first load, with the current value', async () => {
    const sites = (await t.as(admin, { method: 'GET', url: '/v3/demo/site/options?first=true' })).json();
    expect(sites.dataAr.map((o: { label: string }) => o.label)).toEqual(['Harbour Depot', 'North Plant', 'South Yard']);
    expect(sites.dataAr[0]).toMatchObject({ active: true });
    const searched = (await t.as(admin, { method: 'GET', url: '/v3/demo/site/options?searchTerm=north' })).json();
    expect(searched.dataAr.map((o: { label: string }) => o.label)).toEqual(['North Plant']);
    const south = sites.dataAr.find((o: { label: string }) => o.label === 'South Yard');
    const withValue = (await t.as(admin, { method: 'GET', url: `/v3/demo/site/options?searchTerm=north&value=${south.value}` })).json();
    expect(withValue.dataAr.map((o: { label: string }) => o.label)).toEqual(['North Plant', 'South Yard']);
    const regions = (await t.as(admin, { method: 'GET', url: '/v3/demo/region/options' })).json();
    const north = regions.dataAr.find((o: { label: string }) => o.label === 'North');
    const inRegion = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/site/options?filter=${encodeURIComponent(`region_id = ${north.value}`)}` })
    ).json();
    expect(inRegion.total).toBe(2);
    const bad = await t.as(admin, { method: 'GET', url: `/v3/demo/site/options?filter=${encodeURIComponent('nope = 1')}` });
    expect(bad.json()).toMatchObject({ code: 'invalid_filter', error_description: 'Unknown field: nope' });
  });

  it('keeps select options within what the caller may read', async () => {
    const admins = (await t.as(admin, { method: 'GET', url: '/v3/demo/post/options?first=true' })).json();
    const readers = (await t.as(reader, { method: 'GET', url: '/v3/demo/post/options?first=true' })).json();
    expect(readers.total).toBe(admins.total);
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$schema/options' })).statusCode).toBe(403);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/site/options' })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/nothing/options' })).statusCode).toBe(404);
  });

  // docs/product/forms-and-lists.md#field-values: a location picker offers only sites where the user may create.
  it('offers only the sites and regions where the caller may create the type of the form', async () => {
    const labels = async (token: string, url: string) =>
      (await t.as(token, { method: 'GET', url })).json().dataAr.map((o: { label: string }) => o.label);
    expect(await labels(admin, '/v3/demo/site/options?creatableFor=incident')).toEqual(['Harbour Depot', 'North Plant', 'South Yard']);
    // The editor's grants are scoped to Harbour Depot; without creatableFor every site is offered (reference data).
    expect(await labels(editor, '/v3/demo/site/options?creatableFor=incident')).toEqual(['Harbour Depot']);
    expect(await labels(editor, '/v3/demo/site/options')).toEqual(['Harbour Depot', 'North Plant', 'South Yard']);
    expect(await labels(editor, '/v3/demo/region/options?creatableFor=incident')).toEqual(['North', 'South']);
    // The current selection is still answered, so its label shows.
    const south = (await t.as(admin, { method: 'GET', url: '/v3/demo/site/options?searchTerm=South' })).json().dataAr[0].value;
    expect(await labels(editor, `/v3/demo/site/options?creatableFor=incident&value=${south}`)).toEqual(['Harbour Depot', 'South Yard']);
    // A reader may create no incident: no site is offered.
    expect(await labels(reader, '/v3/demo/site/options?creatableFor=incident')).toEqual([]);
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/site/options?creatableFor=nothing' })).statusCode).toBe(404);
  });
});
