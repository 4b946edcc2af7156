/**
 * Access control entries through HTTP (issue 3 item 1): administrators only, list query shape,
 * group entries, validation, server-controlled fields, the last-administrator rule, isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf, uuidOf, type Places } from '../../test-support/access-fixtures.ts';

describe.each(testDialects)('access control entries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let editor: string;
  let reader: string;
  let places: Places;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    places = await placesOf(t, 'demo');
  });
  afterAll(async () => t.close());

  it('lists entries with the document list shape, filters and orders', async () => {
    const all = await t.as(admin, { method: 'GET', url: '/v3/demo/acl?count=50' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    const editorEntry = all.json().dataAr.find((e: { identity: { display_name: string } }) => e.identity?.display_name === 'Eve Editor');
    expect(editorEntry).toMatchObject({
      level: 4,
      scope: 3,
      site_id: places.sites.get('HBR'),
      roles: ['editor'],
      create: true,
      delete: false,
      granular: { doc_types: [] },
    });
    const filtered = await t.as(admin, {
      method: 'GET',
      url: `/v3/demo/acl?filter=${encodeURIComponent("scope = 3 AND roles CONTAINS 'manager'")}`,
    });
    expect(filtered.json().total).toBe(1);
    expect(filtered.json().dataAr[0].identity.display_name).toBe('Max Manager');
    const ordered = await t.as(admin, { method: 'GET', url: '/v3/demo/acl?order=level%20desc&count=1&select=level' });
    expect(ordered.json().dataAr[0]).toEqual({
      id: expect.any(Number),
      acl_id: expect.any(Number),
      level: 6,
      meta: { access: { editor: true, delete: true } },
    });
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/acl?filter=password%20%3D%20%27x%27' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/acl?order=password%20asc' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/acl?as_user=x' })).statusCode).toBe(400);
  });

  it('refuses non-administrators with the spec text', async () => {
    for (const token of [editor, reader]) {
      const response = await t.as(token, { method: 'GET', url: '/v3/demo/acl' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_description).toBe(
        'You do not have sufficient access rights to administer access control entries for your organisation.',
      );
      expect((await t.as(token, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: 'x', level: 6 } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v3/demo/acl' })).statusCode).toBe(401);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/acl' })).statusCode).toBe(403);
  });

  it('creates a group entry whose members gain its rights, and validates scopes', async () => {
    const a = await addMember(t, places.orgId, { email: 'group-a@demo.local', level: 0, noGrant: true });
    const b = await addMember(t, places.orgId, { email: 'group-b@demo.local', level: 0, noGrant: true });
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/acl',
      payload: {
        group: 'Auditors',
        members: [a, { uuid: b }],
        level: 2,
        roles: ['auditor'],
        scope: 2,
        region_id: places.regions.get('N'),
        granular: { doc_types: ['incident'] },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      group: 'Auditors',
      level: 2,
      scope: 2,
      region_id: places.regions.get('N'),
      site_id: null,
      roles: ['auditor'],
      granular: { doc_types: ['incident'] },
    });
    expect(
      created
        .json()
        .members.map((m: { uuid: string }) => m.uuid)
        .sort(),
    ).toEqual([a, b].sort());
    const member = await t.signIn('group-a@demo.local');
    const session = (await t.as(member.access, { method: 'GET', url: '/v3/account/session?app=demo' })).json();
    expect(session.user.acl).toEqual([
      expect.objectContaining({ level: 2, scope: 2, region_id: places.regions.get('N'), doc_types: ['incident'] }),
    ]);
    expect(session.user.roles).toEqual(['auditor']);
    const byMember = await t.as(admin, { method: 'GET', url: `/v3/demo/acl?filter=${encodeURIComponent(`members CONTAINS '${b}'`)}` });
    expect(byMember.json().total).toBe(1);

    const badRegion = await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: a, scope: 2 } });
    expect(badRegion.statusCode).toBe(400);
    const badSite = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/acl',
      payload: { identity_id: a, scope: 3, site_id: places.regions.get('N') },
    });
    expect(badSite.statusCode).toBe(400);
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: a, level: 5 } })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { level: 2 } })).statusCode).toBe(400);
    const acmeUser = await uuidOf(t, 'admin@acme.local');
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: acmeUser, level: 6 } })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: a, level: 2, sudo: true } })).statusCode).toBe(
      400,
    );
  });

  it('refuses an entry naming both an identity and a group, or a document type the organisation lacks', async () => {
    const person = await addMember(t, places.orgId, { email: 'both@demo.local', level: 0, noGrant: true });
    const before = (await t.as(admin, { method: 'GET', url: '/v3/demo/acl?count=100' })).json().total;
    const both = await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: person, group: 'G', level: 2 } });
    expect([both.statusCode, both.json().error_description]).toEqual([
      400,
      'An access control entry names an identity or a group, not both.',
    ]);
    const unknownType = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/acl',
      payload: { identity_id: person, level: 2, granular: { doc_types: ['incident', 'nosuchtype'] } },
    });
    expect([unknownType.statusCode, unknownType.json().error_description]).toEqual([400, 'Unknown document type: nosuchtype']);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/acl?count=100' })).json().total).toBe(before);
  });

  it('ignores server-controlled fields and keeps the level of your own grant', async () => {
    const adminUuid = await uuidOf(t, 'admin@demo.local');
    const own = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/acl?filter=${encodeURIComponent(`identity_id = '${adminUuid}'`)}` })
    ).json().dataAr[0];
    const response = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/acl/${own.id}`,
      payload: { ...own, level: 2, id: 999, org_id: 2, roles: ['administrator', 'manager', 'editor', 'mail', 'extra'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: own.id, level: 6, roles: expect.arrayContaining(['extra']) });
  });

  it('refuses to remove your own last administrator grant with 409', async () => {
    const adminUuid = await uuidOf(t, 'admin@demo.local');
    const own = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/acl?filter=${encodeURIComponent(`identity_id = '${adminUuid}'`)}` })
    ).json().dataAr[0];
    const demote = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/acl/${own.id}`,
      payload: { roles: ['editor'], identity_id: null, group: 'Ex-admins', members: [] },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error_description).toBe('You cannot remove your own last administrator grant: another administrator must do it.');
    const remove = await t.as(admin, { method: 'DELETE', url: `/v3/demo/acl/${own.id}` });
    expect(remove.statusCode).toBe(409);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/acl/${own.id}` })).json().level).toBe(6);
  });

  it('deletes entries and keeps organisations apart', async () => {
    const target = await addMember(t, places.orgId, { email: 'temp@demo.local', level: 0, noGrant: true });
    const created = (await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: target, level: 2 } })).json();
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/acl/${created.id}` })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/acl/${created.id}`, payload: { level: 6 } })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/acme/acl/${created.id}` })).statusCode).toBe(404);
    const deleted = await t.as(admin, { method: 'DELETE', url: `/v3/demo/acl/${created.id}` });
    expect(deleted.json()).toEqual({ error: false });
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/acl/${created.id}` })).statusCode).toBe(404);
    const logs = await t.ctx.database.db.selectFrom('logs').select('subject').where('org_id', '=', places.orgId).execute();
    expect(logs.map((l) => l.subject)).toEqual(expect.arrayContaining(['Access control entry created', 'Access control entry deleted']));
  });
});
