/**
 * Identities through HTTP (issue 3 item 4): members only, shared identities read-only, passwords
 * (minimum 10, other sessions end), disabling, merge counts, identity options, isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf, uuidOf, type Places } from '../../test-support/access-fixtures.ts';

const session = (app: string) => ({ method: 'GET' as const, url: `/v3/account/session?app=${app}` });

describe.each(testDialects)('identities on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let reader: string;
  let places: Places;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    places = await placesOf(t, 'demo');
  });
  afterAll(async () => t.close());

  it("lists only the organisation's members, ordered by display name, with their grants", async () => {
    const list = await t.as(admin, { method: 'GET', url: '/v3/demo/users?count=50' });
    expect(list.statusCode).toBe(200);
    const names = list.json().dataAr.map((u: { display_name: string }) => u.display_name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Ada Admin', 'Eve Editor', 'Max Manager', 'Rob Reader']));
    expect(names).not.toContain('Alex Acme');
    const eve = list.json().dataAr.find((u: { display_name: string }) => u.display_name === 'Eve Editor');
    expect(eve).toMatchObject({
      email: 'editor@demo.local',
      mfa: false,
      user: true,
      active: true,
      federated: false,
      shared: false,
      acl: [{ level: 4, scope: 3, site_id: places.sites.get('HBR') }],
    });
    expect(eve).not.toHaveProperty('password_hash');
    const federated = await t.as(admin, { method: 'GET', url: '/v3/demo/users?filter=federated%20%3D%20true' });
    expect(federated.json()).toEqual({ dataAr: [], total: 0 });
    const acme = await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/users' });
    expect(acme.json().dataAr.map((u: { email: string }) => u.email)).toEqual(['admin@acme.local']);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/users/${eve.uuid}` })).statusCode).toBe(404);
    expect(
      (await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/users/${eve.uuid}`, payload: { display_name: 'pwned' } })).statusCode,
    ).toBe(404);
    expect((await t.as(reader, { method: 'GET', url: '/v3/demo/users' })).statusCode).toBe(403);
    expect((await t.as((await t.signIn('manager@demo.local')).access, { method: 'GET', url: '/v3/demo/users' })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/users?filter=password_hash%20%3D%20%27x%27' })).statusCode).toBe(400);
  });

  it('creates identities with a password of at least 10 characters', async () => {
    const short = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: 'new@demo.local', display_name: 'New', password: 'short-pw1' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error_description).toBe('The password must be at least 10 characters long.');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: 'New@Demo.local', display_name: 'Nina New', password: 'long-enough-1', uuid: 'chosen', session_count: 99 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new@demo.local', mfa: true, user: true, active: true, session_count: 0, acl: [] });
    expect(created.json().uuid).not.toBe('chosen');
    expect(
      (await t.as(admin, { method: 'POST', url: '/v3/demo/users', payload: { email: 'new@demo.local', display_name: 'Again' } }))
        .statusCode,
    ).toBe(409);
  });

  it('invites an identity of another organisation rather than adding it, and leaves a shared profile alone once accepted', async () => {
    // Adding an address that has an identity elsewhere answers an invitation (invitations.int.test.ts).
    const invited = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: 'admin@acme.local', display_name: 'Ignored' },
    });
    expect(invited.statusCode).toBe(202);
    expect(invited.json()).toMatchObject({ invited: true, invitation: { email: 'admin@acme.local', status: 'pending' } });
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'admin@acme.local')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.body ?? '')![1]!);
    expect((await t.as(acmeAdmin, { method: 'POST', url: '/v3/invitations/accept', payload: { token } })).statusCode).toBe(200);
    const uuid = await uuidOf(t, 'admin@acme.local');
    // The person's own preferences name Acme's records: Demo Co's administrator does not read them.
    const acmeSite = [...(await placesOf(t, 'acme')).sites.values()][0]!;
    const starred = { starred: [{ type: 'site', id: acmeSite }], site_id: acmeSite };
    expect((await t.as(acmeAdmin, { method: 'PUT', url: '/v2/identity/me/prefs?app=acme', payload: starred })).statusCode).toBe(200);
    const joined = await t.as(admin, { method: 'GET', url: `/v3/demo/users/${uuid}` });
    expect(joined.json()).toMatchObject({ display_name: 'Alex Acme', shared: true, meta: { access: { editor: false } } });
    expect(joined.json().preferences).toEqual({});
    for (const payload of [{ display_name: 'Renamed' }, { password: 'a-new-password-1' }, { active: false }, { mfa: true }]) {
      const refused = await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_description).toBe(
        'This identity also belongs to another organisation: only its access here can be changed.',
      );
    }
    // Sending back unchanged values is not a change.
    expect((await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: joined.json() })).statusCode).toBe(200);
    // Its grants here are this organisation's business.
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: uuid, level: 2 } })).statusCode).toBe(201);
    expect((await t.as(acmeAdmin, session('acme'))).json().user.display_name).toBe('Alex Acme');
  });

  it('refuses an e-mail address holding a control character', async () => {
    for (const email of ['line\nbreak@demo.local', 'tab@demo\u0009.local']) {
      const refused = await t.as(admin, { method: 'POST', url: '/v3/demo/users', payload: { email, display_name: 'Odd' } });
      expect([refused.statusCode, refused.json().error_description], JSON.stringify(email)).toEqual([
        400,
        'Please enter a valid e-mail address.',
      ]);
    }
    // A NUL is refused before any field is read, as in every request (docs/product/README.md#api-conventions).
    const nul = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: 'nul\u0000@demo.local', display_name: 'Odd' },
    });
    expect([nul.statusCode, nul.json().error_description]).toEqual([400, 'A request may not contain the NUL character (U+0000).']);
  });

  it("refuses preferences an administrator writes that the person's own call would refuse", async () => {
    const uuid = await addMember(t, places.orgId, { email: 'prefs@demo.local', level: 6 });
    for (const preferences of [{ starred: 'x' }, { mailAlerts: 'yes' }, { unknown: 1 }]) {
      const refused = await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { preferences } });
      expect(refused.statusCode, JSON.stringify(preferences)).toBe(400);
    }
    const stored = await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { preferences: { mailAlerts: false } } });
    expect(stored.json().preferences).toEqual({ mailAlerts: false });
  });

  it('ends the other sessions on a password change and all sessions on disabling', async () => {
    const uuid = await addMember(t, places.orgId, { email: 'pw@demo.local', level: 6 });
    const first = await t.signIn('pw@demo.local');
    const second = await t.signIn('pw@demo.local');
    const own = await t.as(first.access, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { password: 'changed-password-1' } });
    expect(own.statusCode).toBe(200);
    expect((await t.as(first.access, session('demo'))).statusCode).toBe(200);
    expect((await t.as(second.access, session('demo'))).statusCode).toBe(401);
    await expect(t.signIn('pw@demo.local', DEMO_PASSWORD)).rejects.toThrow();
    const third = await t.signIn('pw@demo.local', 'changed-password-1');

    const byAdmin = await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { password: 'changed-password-2' } });
    expect(byAdmin.statusCode).toBe(200);
    expect((await t.as(first.access, session('demo'))).statusCode).toBe(401);
    expect((await t.as(third.access, session('demo'))).statusCode).toBe(401);

    const fourth = await t.signIn('pw@demo.local', 'changed-password-2');
    const disabled = await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { active: false } });
    expect(disabled.json().active).toBe(false);
    expect((await t.as(fourth.access, session('demo'))).statusCode).toBe(401);
    await expect(t.signIn('pw@demo.local', 'changed-password-2')).rejects.toThrow();
    const self = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/users/${await uuidOf(t, 'admin@demo.local')}`,
      payload: { user: false },
    });
    expect(self.statusCode).toBe(409);
    const logs = await t.ctx.database.db
      .selectFrom('logs')
      .select(['subject', 'summary'])
      .where('subject', '=', 'Password changed')
      .execute();
    expect(logs.length).toBe(2);
  });

  it('merges identities, moving documents, grants and memberships, and answers the counts', async () => {
    const source = await addMember(t, places.orgId, { email: 'old@demo.local', level: 6 });
    const target = await addMember(t, places.orgId, { email: 'kept@demo.local', level: 2 });
    const sourceToken = await t.signIn('old@demo.local');
    const post = (
      await t.as(sourceToken.access, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'By the old account', descrip: 'x' } })
    ).json();
    const merge = await t.as(admin, { method: 'POST', url: `/identities/${source}/merge?uuid_to=${target}&app=demo` });
    expect(merge.statusCode).toBe(200);
    expect(merge.json()).toMatchObject({
      error: false,
      merged: 1,
      failed: 0,
      descrip: '1 user(s) successfully merged (0 could not be merged).',
      moved: { documents: 1, grants: 1, memberships: 1 },
    });
    const again = await t.as(admin, { method: 'POST', url: `/identities/${source}/merge?uuid_to=${target}&app=demo` });
    expect(again.json()).toMatchObject({
      merged: 0,
      failed: 1,
      descrip: '0 user(s) successfully merged (1 could not be merged).',
      failures: [{ uuid: source, reason: 'Not a member of this organisation.' }],
    });
    const moved = (await t.as(admin, { method: 'GET', url: `/v3/demo/post/${post.id}` })).json();
    expect(moved.meta.created_by.uuid).toBe(target);
    expect((await t.as(sourceToken.access, session('demo'))).statusCode).toBe(401);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/users/${source}` })).statusCode).toBe(404);
    const targetRow = (await t.as(admin, { method: 'GET', url: `/v3/demo/users/${target}` })).json();
    expect(targetRow.acl.map((g: { level: number }) => g.level).sort()).toEqual([2, 6]);
    expect((await t.as(reader, { method: 'POST', url: `/identities/${target}/merge?uuid_to=${source}&app=demo` })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'POST', url: `/identities/${target}/merge?uuid_to=nobody&app=demo` })).statusCode).toBe(400);
  });

  it("moves the source's directory link to the target, unless the target has its own", async () => {
    const linkOf = async (uuid: string) =>
      (
        await t.ctx.database.db
          .selectFrom('memberships')
          .select('directory_id')
          .where('org_id', '=', places.orgId)
          .where('identity_uuid', '=', uuid)
          .executeTakeFirstOrThrow()
      ).directory_id;
    const link = (uuid: string, directoryId: string) =>
      t.ctx.database.db
        .updateTable('memberships')
        .set({ directory_id: directoryId })
        .where('org_id', '=', places.orgId)
        .where('identity_uuid', '=', uuid)
        .execute();
    const synced = await addMember(t, places.orgId, { email: 'synced-old@demo.local', level: 4 });
    const kept = await addMember(t, places.orgId, { email: 'synced-kept@demo.local', level: 4 });
    await link(synced, 'dir-user-1');
    expect((await t.as(admin, { method: 'POST', url: `/identities/${synced}/merge?uuid_to=${kept}&app=demo` })).statusCode).toBe(200);
    expect(await linkOf(kept)).toBe('dir-user-1');
    // A target with a link of its own keeps it.
    const other = await addMember(t, places.orgId, { email: 'synced-other@demo.local', level: 4 });
    await link(other, 'dir-user-2');
    expect((await t.as(admin, { method: 'POST', url: `/identities/${other}/merge?uuid_to=${kept}&app=demo` })).statusCode).toBe(200);
    expect(await linkOf(kept)).toBe('dir-user-1');
  });

  it("rewrites the merged identity inside document data: reporter, actionees (named once), observations' owners", async () => {
    const source = await addMember(t, places.orgId, { email: 'dup-old@demo.local', level: 4, roles: ['editor'] });
    const target = await addMember(t, places.orgId, { email: 'dup-kept@demo.local', level: 4, roles: ['editor'] });
    const site = [...places.sites.values()][0]!;
    const incident = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: {
        summary: 'Named people',
        descrip: 'x',
        incident_date: '2026-03-01T09:00:00.000Z',
        category: 'Injury',
        site_id: site,
        reporter_id: source,
        actionee_ids: [source, target],
      },
    });
    expect(incident.statusCode, incident.body).toBe(201);
    const before = incident.json();
    const merge = await t.as(admin, { method: 'POST', url: `/identities/${source}/merge?uuid_to=${target}&app=demo` });
    expect(merge.statusCode).toBe(200);
    const after = (await t.as(admin, { method: 'GET', url: `/v3/demo/incident/${before.id}` })).json();
    expect(after.reporter_id).toBe(target);
    expect(after.actionee_ids).toEqual([target]);
    expect(after.meta.version).toBeGreaterThan(before.meta.version);
    expect(JSON.stringify(after)).not.toContain(source);
    // The target now finds the incident in their todo as its actionee.
    const token = (await t.signIn('dup-kept@demo.local')).access;
    const todo = (await t.as(token, { method: 'GET', url: '/v2/identity/me/todo' })).json();
    expect((todo.open as { id: number }[]).map((item) => item.id)).toContain(before.id);
  });

  it('answers identity options to any member, searchable, never across organisations', async () => {
    const all = await t.as(reader, { method: 'GET', url: '/identities/all?app=demo&searchTerm=ev' });
    expect(all.statusCode).toBe(200);
    expect(all.json().dataAr).toEqual([{ uuid: await uuidOf(t, 'editor@demo.local'), display_name: 'Eve Editor' }]);
    // E-mail addresses are searchable by administrators only: names are enough for people pickers.
    expect((await t.as(reader, { method: 'GET', url: '/identities/all?app=demo&searchTerm=editor%40demo' })).json()).toEqual({
      dataAr: [],
      total: 0,
    });
    const manager = (await t.signIn('manager@demo.local')).access;
    expect((await t.as(manager, { method: 'GET', url: '/identities/all?app=demo&searchTerm=editor%40' })).json().total).toBe(0);
    expect((await t.as(manager, { method: 'GET', url: '/identities/all?app=demo&searchTerm=Eve' })).json().total).toBe(1);
    expect((await t.as(admin, { method: 'GET', url: '/identities/all?app=demo&searchTerm=editor%40demo' })).json().dataAr).toEqual([
      { uuid: await uuidOf(t, 'editor@demo.local'), display_name: 'Eve Editor' },
    ]);
    const acme = await t.as(acmeAdmin, { method: 'GET', url: '/identities/all?app=acme&searchTerm=eve' });
    expect(acme.json()).toEqual({ dataAr: [], total: 0 });
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/identities/all?app=demo' })).statusCode).toBe(200);
    expect((await t.as(reader, { method: 'GET', url: '/identities/all?app=acme' })).statusCode).toBe(403);
    expect((await t.as(reader, { method: 'GET', url: '/identities/all?app=demo&searchTerm=%25' })).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/identities/all?app=demo' })).statusCode).toBe(401);
  });
});
