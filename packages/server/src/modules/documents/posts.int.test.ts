/**
 * The news-post slice through the real HTTP stack, with several principals and two organisations
 * (issue 2 item 8): administrators write, everyone reads, other organisations see nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

describe.each(testDialects)('posts on %s', (dialect) => {
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
  });
  afterAll(async () => t.close());

  it('lists the seeded posts newest first with a total', async () => {
    const response = await t.as(reader, { method: 'GET', url: '/v3/demo/post?start=0&count=2&order=created_date%20desc' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.dataAr).toHaveLength(2);
    expect(body.dataAr[0].summary).toBe('New near-miss reporting target');
    expect(body.dataAr[0]).toMatchObject({
      doc_type: 'post',
      tags: ['kpi'],
      meta: { doc_type: 'post', access: { editor: false, delete: false } },
    });
    expect(body.dataAr[0].meta.created_by.display_name).toBe('Ada Admin');
    const page2 = (await t.as(reader, { method: 'GET', url: '/v3/demo/post?start=2&count=2' })).json();
    expect(page2.dataAr.map((d: { summary: string }) => d.summary)).toEqual(['Welcome to Docket']);
  });

  it('lets an administrator create, update and delete a post', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/post',
      payload: { summary: 'Fire drill', descrip: '<p>Thursday 10:00</p>', tags: ['drill'] },
    });
    expect(created.statusCode).toBe(201);
    const doc = created.json();
    expect(doc).toMatchObject({ summary: 'Fire drill', doc_type: 'post', meta: { access: { editor: true, delete: true } } });
    expect(Number.isInteger(doc.id)).toBe(true);
    expect(doc.display_id).toMatch(/^POST-\d{4}$/);

    const updated = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/post/${doc.id}`,
      payload: { ...doc, summary: 'Fire drill (moved)', descrip: '<p>Friday</p>' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: doc.id, summary: 'Fire drill (moved)', display_id: doc.display_id });

    const audit = await t.ctx.database.db.selectFrom('audit_trail').selectAll().where('doc_id', '=', doc.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);

    const deleted = await t.as(admin, { method: 'DELETE', url: `/v3/demo/post/${doc.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ error: false });
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/post/${doc.id}` })).statusCode).toBe(404);
  });

  it('refuses writes by non-administrators with the reason', async () => {
    const asEditor = await t.as(editor, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'x', descrip: 'y' } });
    expect(asEditor.statusCode).toBe(403);
    expect(asEditor.json()).toMatchObject({ error: true, code: 'forbidden' });
    const target = (await t.as(reader, { method: 'GET', url: '/v3/demo/post?count=1' })).json().dataAr[0];
    expect(
      (await t.as(reader, { method: 'PUT', url: `/v3/demo/post/${target.id}`, payload: { summary: 'hacked', descrip: 'x' } })).statusCode,
    ).toBe(403);
    const del = await t.as(editor, { method: 'DELETE', url: `/v3/demo/post/${target.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error_description).toBe('You do not have access to delete this document!');
    expect((await t.as(reader, { method: 'GET', url: `/v3/demo/post/${target.id}` })).json().summary).toBe(target.summary);
  });

  it('ignores server-controlled fields in a body', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/post',
      payload: {
        summary: 'Owned',
        descrip: 'x',
        id: 999999,
        org_id: 2,
        display_id: 'HACK-1',
        created_by: 'someone',
        status: 'Closed',
        meta: { access: { editor: true } },
        data_normalised: { x: 1 },
      },
    });
    expect(created.statusCode).toBe(201);
    const doc = created.json();
    expect(doc.id).not.toBe(999999);
    expect(doc.display_id).not.toBe('HACK-1');
    expect(doc.status).toBe('');
    expect(doc.meta.created_by.display_name).toBe('Ada Admin');
    expect(doc.data_normalised).toEqual({ display_id: doc.display_id, types: 'post', created_by: 'Ada Admin' });
    const acmeList = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/post?count=50' })).json();
    expect(acmeList.dataAr.map((d: { summary: string }) => d.summary)).not.toContain('Owned');
  });

  it('stores HTML descriptions without script or handlers', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/post',
      payload: { summary: 'XSS', descrip: '<p onmouseover="steal()">Hello</p><script>steal()</script><a href="javascript:steal()">x</a>' },
    });
    expect(created.statusCode).toBe(201);
    const stored = (await t.as(reader, { method: 'GET', url: `/v3/demo/post/${created.json().id}` })).json().descrip as string;
    expect(stored).toContain('Hello');
    expect(stored).not.toMatch(/script|onmouseover|javascript:/);
    // A required description that is nothing but a script is refused, not stored empty.
    const onlyScript = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/post',
      payload: { summary: 'Empty', descrip: '<script>x</script>' },
    });
    expect([onlyScript.statusCode, onlyScript.json().error_description]).toEqual([
      400,
      'descrip: nothing is left once scripts and unsafe markup are removed',
    ]);
  });

  it('keeps organisations apart', async () => {
    const demoPost = (await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=1' })).json().dataAr[0];
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/post/${demoPost.id}` })).statusCode).toBe(404);
    expect(
      (await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/post/${demoPost.id}`, payload: { summary: 'x', descrip: 'y' } })).statusCode,
    ).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/acme/post/${demoPost.id}` })).statusCode).toBe(404);
    const foreign = await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/post' });
    expect(foreign.statusCode).toBe(403);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/nosuchorg/post' })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/nosuchtype' })).statusCode).toBe(404);
  });

  it('answers validation problems in the schema words, storing nothing', async () => {
    const before = (await t.as(admin, { method: 'GET', url: '/v3/demo/post' })).json().total;
    const response = await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { descrip: 'no title', tags: 'not-a-list' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true, code: 'validation_failed' });
    expect(response.json().error_description).toContain('Please enter a title');
    expect(response.json().error_description).toContain('tags: must be array');
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post' })).json().total).toBe(before);
  });

  it('answers the session of the organisation in context', async () => {
    const session = await t.as(admin, { method: 'GET', url: '/v3/account/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: { email: 'admin@demo.local', display_name: 'Ada Admin', roles: expect.arrayContaining(['administrator']) },
      subscription: { company: 'Demo Co', app_id: 'demo', active: true },
    });
    expect(session.json().user.acl[0]).toMatchObject({ level: 6, scope: 1 });
    expect((await t.as(admin, { method: 'GET', url: '/v3/account/session?app=acme' })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/v3/account/session?app=nope' })).statusCode).toBe(404);
  });
});
