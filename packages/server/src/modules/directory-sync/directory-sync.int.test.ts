/**
 * Directory sync from SCIM (docs/product/administration.md#directory-sync) against a local SCIM
 * server that pages two resources at a time: members are created, matched by address, renamed,
 * disabled and given back; group grants named like directory groups get exactly the group's
 * members; another organisation's rows never change; a directory answering 401, garbage or
 * nothing fails the task with its message and changes nothing; the token is write-only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerTaskAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { insertGroupEntry } from '../../test-support/access-fixtures.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { parseAddressRanges, STRICT_OUTBOUND_POLICY } from '../../platform/net/address-policy.ts';
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from '../../platform/net/guarded-fetch.ts';
import { SCIM_TOKEN_AGAIN } from '../directory/directory.service.ts';
import { REFUSALS_FR } from '../../platform/i18n/refusals.fr.ts';

type Behaviour = 'ok' | 'refuse' | 'garbage' | 'garbage-second-page' | 'hang';
interface ScimUser {
  id: string;
  userName: string;
  emails?: { value: string; primary?: boolean }[];
  name?: { givenName?: string; familyName?: string };
  displayName?: string;
  active?: boolean;
}
interface ScimGroup {
  id: string;
  displayName: string;
  members: { value: string }[];
}

const TOKEN = 'scim-secret-token-7f3a';
const PAGE = 2;

const user = (id: string, email: string, given: string, family: string, active = true): ScimUser => ({
  id,
  userName: email,
  emails: [{ value: email, primary: true }],
  name: { givenName: given, familyName: family },
  active,
});

describe.each(testDialects)('directory sync from SCIM on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let server: http.Server;
  let baseUrl: string;
  let behaviour: Behaviour = 'ok';
  let users: ScimUser[] = [];
  let groups: ScimGroup[] = [];
  const asked: { url: string; authorization: string | undefined }[] = [];
  const hanging: http.ServerResponse[] = [];
  let demoId: number;
  let acmeId: number;

  const db = () => t.ctx.database.db;
  const orgIdOf = async (appId: string) =>
    Number((await db().selectFrom('organisations').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id);
  const uuidOf = async (email: string) =>
    (await db().selectFrom('identities').select('uuid').where('email', '=', email).executeTakeFirstOrThrow()).uuid;
  const saveDirectory = (extra: Record<string, unknown>) =>
    t.as(admin, {
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: { federated_login: false, provider: 'Corporate directory', allow_users_internal: true, ...extra },
    });
  /** Presses the task, runs its job as a worker would, and answers the job's row. */
  const runSync = async () => {
    const press = (await t.as(admin, { method: 'GET', url: '/v3/demo/task/directory-sync?flag=true' })).json() as ServerTaskAnswer;
    await runJobsOnce(t.ctx, 'test-worker');
    return db().selectFrom('jobs').select(['status', 'result', 'last_error']).where('id', '=', press.data.job_id).executeTakeFirstOrThrow();
  };
  /** Every row the sync may write, of one organisation: memberships, its members' identities, group members, grants. */
  const rowsOf = async (orgId: number) => ({
    memberships: await db().selectFrom('memberships').selectAll().where('org_id', '=', orgId).orderBy('identity_uuid').execute(),
    identities: await db()
      .selectFrom('identities as i')
      .innerJoin('memberships as m', 'm.identity_uuid', 'i.uuid')
      .select(['i.uuid', 'i.email', 'i.display_name', 'i.active'])
      .where('m.org_id', '=', orgId)
      .orderBy('i.uuid')
      .execute(),
    groupMembers: await db()
      .selectFrom('acl_members')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('acl_id')
      .orderBy('identity_uuid')
      .execute(),
    grants: await db()
      .selectFrom('acl_entries')
      .select(['id', 'identity_uuid', 'level', 'roles'])
      .where('org_id', '=', orgId)
      .orderBy('id')
      .execute(),
  });
  const groupEntry = (orgId: number, name: string, members: string[]) => insertGroupEntry(t, orgId, name, members);
  const membersOf = async (aclId: number) =>
    (await db().selectFrom('acl_members').select('identity_uuid').where('acl_id', '=', aclId).execute())
      .map((row) => row.identity_uuid)
      .sort();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://scim.test');
      asked.push({ url: url.pathname + url.search, authorization: request.headers.authorization });
      if (behaviour === 'hang') return void hanging.push(response);
      if (request.headers.authorization !== `Bearer ${TOKEN}` || behaviour === 'refuse')
        return void response.writeHead(401, { 'content-type': 'application/scim+json' }).end('{"status":"401","detail":"Invalid token"}');
      const resources = url.pathname === '/scim/v2/Users' ? users : url.pathname === '/scim/v2/Groups' ? groups : null;
      if (!resources) return void response.writeHead(404).end();
      const startIndex = Number(url.searchParams.get('startIndex') ?? '1');
      if (behaviour === 'garbage' || (behaviour === 'garbage-second-page' && startIndex > 1))
        return void response.writeHead(200, { 'content-type': 'application/scim+json' }).end('{"Resources": [ {"id": "u1", ');
      // Two resources a page, whatever `count` asked: the client must follow the pages.
      const page = resources.slice(startIndex - 1, startIndex - 1 + PAGE);
      response.writeHead(200, { 'content-type': 'application/scim+json' }).end(
        JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
          totalResults: resources.length,
          startIndex,
          itemsPerPage: page.length,
          Resources: page,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scim/v2`;
    t = await startTestApp(dialect, { jobs: false, config: { jobs: { enabled: false, intervalMs: 2000, taskWaitMs: 100 } } });
    // The operator opens the loopback test server (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HTTP).
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    admin = (await t.signIn('admin@demo.local')).access;
    demoId = await orgIdOf('demo');
    acmeId = await orgIdOf('acme');
  });
  beforeEach(() => {
    behaviour = 'ok';
    asked.length = 0;
  });
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    server.close();
    await t.close();
  });

  it('saves the SCIM address and a write-only token, sealed, never answered or logged', async () => {
    t.ctx.config.outbound = { allowPrivate: [], allowHttp: false };
    const refused = await saveDirectory({ scim_url: 'http://scim.example.com/v2', scim_token: TOKEN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('scim_url must be an https URL.');
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    const saved = await saveDirectory({ scim_url: baseUrl, scim_token: TOKEN });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ scim_url: baseUrl, scim_token_set: true });
    expect(saved.json()).not.toHaveProperty('scim_token');
    const row = await db()
      .selectFrom('directory_settings')
      .select(['settings', 'scim_token'])
      .where('org_id', '=', demoId)
      .executeTakeFirstOrThrow();
    expect(row.scim_token).toMatch(/^v1:/);
    expect(JSON.stringify(row.settings)).not.toContain(TOKEN);
    // Another origin without the token again: refused, so a stored token never follows a new address.
    const moved = await saveDirectory({ scim_url: 'https://elsewhere.example.com/scim/v2' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_description).toBe(SCIM_TOKEN_AGAIN);
    // The same address without a token keeps the stored one.
    expect((await saveDirectory({ scim_url: baseUrl, scim_token: '' })).json().scim_token_set).toBe(true);
    const logs = await db().selectFrom('logs').select(['summary', 'descrip']).execute();
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it('creates, matches and names members, sets group members, and leaves the other organisation alone', async () => {
    // A person of both organisations (shared) and one of acme alone.
    const shared = await uuidOf('editor@demo.local');
    await db()
      .insertInto('memberships')
      .values({ org_id: acmeId, identity_uuid: shared, created_date: new Date().toISOString() })
      .execute();
    const manager = await uuidOf('manager@demo.local');
    const reader = await uuidOf('reader@demo.local');
    const demoGroup = await groupEntry(demoId, 'Site leads', [manager]);
    const acmeGroup = await groupEntry(acmeId, 'Site leads', [shared]);
    const acmeBefore = await rowsOf(acmeId);
    users = [
      user('u1', 'Ann.Dir@Example.com', 'Ann', 'Directory'),
      user('u2', 'reader@demo.local', 'Robert', 'Reader'),
      user('u3', 'admin@acme.local', 'Alex', 'Elsewhere'),
      user('u4', 'bob@example.com', 'Bob', 'Disabled', false),
      { id: 'u5', userName: 'no-address' },
      user('u6', 'editor@demo.local', 'Renamed', 'Editor'),
      user('u7', 'admin@demo.local', 'Ada', 'Admin'),
    ];
    groups = [
      { id: 'g1', displayName: 'Site leads', members: [{ value: 'u1' }, { value: 'u2' }, { value: 'u3' }, { value: 'u6' }] },
      { id: 'g2', displayName: 'Nobody here', members: [{ value: 'u1' }] },
    ];
    const job = await runSync();
    expect(job).toMatchObject({ status: 'done', last_error: null });
    expect(job.result).toBe(
      'Directory sync done: 4 users (1 new, 0 disabled), 2 groups, 3 memberships set, 1 removed. 1 addresses belong to accounts of other organisations: invite them.',
    );
    // Both resources were paged (7 users: 4 pages; 2 groups: 1 page), always with the token.
    expect(asked.map((a) => a.url)).toEqual([
      '/scim/v2/Users?startIndex=1&count=100',
      '/scim/v2/Users?startIndex=3&count=100',
      '/scim/v2/Users?startIndex=5&count=100',
      '/scim/v2/Users?startIndex=7&count=100',
      '/scim/v2/Groups?startIndex=1&count=100',
    ]);
    expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));

    const ann = await db().selectFrom('identities').selectAll().where('email', '=', 'ann.dir@example.com').executeTakeFirstOrThrow();
    expect(ann).toMatchObject({ display_name: 'Ann Directory', active: 1, password_hash: null });
    const annMemberships = await db()
      .selectFrom('memberships')
      .select(['org_id', 'directory_id'])
      .where('identity_uuid', '=', ann.uuid)
      .execute();
    expect(annMemberships.map((m) => ({ org_id: Number(m.org_id), directory_id: m.directory_id }))).toEqual([
      { org_id: demoId, directory_id: 'u1' },
    ]);
    // The least grant, never administrator.
    const annGrants = await db().selectFrom('acl_entries').select(['level', 'roles']).where('identity_uuid', '=', ann.uuid).execute();
    expect(annGrants).toEqual([{ level: 1, roles: expect.anything() }]);
    // Matched by address: renamed when of this organisation alone; a shared identity keeps its name.
    expect(
      (await db().selectFrom('identities').select('display_name').where('uuid', '=', reader).executeTakeFirstOrThrow()).display_name,
    ).toBe('Robert Reader');
    expect(
      (await db().selectFrom('identities').select('display_name').where('uuid', '=', shared).executeTakeFirstOrThrow()).display_name,
    ).toBe('Eve Editor');
    // Nobody created for a disabled user, a user without an address, or acme's administrator.
    expect(await db().selectFrom('identities').select('uuid').where('email', '=', 'bob@example.com').execute()).toEqual([]);
    const acmeAdmin = await uuidOf('admin@acme.local');
    expect(
      await db().selectFrom('memberships').select('org_id').where('identity_uuid', '=', acmeAdmin).where('org_id', '=', demoId).execute(),
    ).toEqual([]);
    // The group named like the directory's: exactly its members who are members here.
    expect(await membersOf(demoGroup)).toEqual([ann.uuid, reader, shared].sort());
    expect(await membersOf(acmeGroup)).toEqual([shared]);
    expect(await rowsOf(acmeId)).toEqual(acmeBefore);
  });

  it('fails with a clear message and changes nothing when the directory refuses, answers garbage or does not answer', async () => {
    const before = { demo: await rowsOf(demoId), acme: await rowsOf(acmeId) };
    users = [user('u9', 'new.person@example.com', 'New', 'Person')];
    const cases: [Behaviour, RegExp][] = [
      ['refuse', /^The directory refused the SCIM bearer token \(HTTP 401\): enter a valid token in the directory settings\.$/],
      ['garbage', /^The directory answered something that is not JSON for its users\.$/],
      ['garbage-second-page', /^The directory answered something that is not JSON for its users\.$/],
      ['hang', /^The directory's users could not be read \(Outbound request timed out\)\.$/],
    ];
    users = [...Array.from({ length: 3 }, (_, i) => user(`n${i}`, `n${i}@example.com`, 'N', String(i)))];
    // The operator's OUTBOUND_TIMEOUT_MS, shortened so 'hang' does not wait the default 10 s.
    t.ctx.config.outboundTimeoutMs = 500;
    for (const [kind, message] of cases) {
      behaviour = kind;
      const job = await runSync();
      expect(job.status, kind).toBe('failed');
      expect(job.last_error, kind).toMatch(message);
      expect({ demo: await rowsOf(demoId), acme: await rowsOf(acmeId) }, kind).toEqual(before);
    }
    t.ctx.config.outboundTimeoutMs = DEFAULT_OUTBOUND_TIMEOUT_MS;
    // The button shows the failure as text.
    behaviour = 'refuse';
    let answered = false;
    const worker = (async () => {
      for (let i = 0; i < 100 && !answered; i++) {
        await runJobsOnce(t.ctx, 'test-worker');
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })();
    t.ctx.config.jobs.taskWaitMs = 5_000;
    const answer = (await t.as(admin, { method: 'GET', url: '/v3/demo/task/directory-sync?flag=true' })).json() as ServerTaskAnswer;
    // Pressed again by a French administrator: the stored English failure answered in French (http/stored-messages.ts).
    const french = await t.as(admin, {
      method: 'GET',
      url: '/v3/demo/task/directory-sync?flag=true',
      headers: { 'accept-language': 'fr' },
    });
    t.ctx.config.jobs.taskWaitMs = 100;
    answered = true;
    await worker;
    expect(answer.data).toMatchObject({ status: 'failed' });
    expect(answer.data.result).toMatch(/^The task failed: The directory refused the SCIM bearer token \(HTTP 401\)/);
    expect(String(french.headers.vary)).toMatch(/Accept-Language/);
    const token = REFUSALS_FR['The directory refused the SCIM bearer token (HTTP {1}): enter a valid token in the directory settings.']!;
    expect((french.json() as ServerTaskAnswer).data.result).toBe(
      REFUSALS_FR['The task failed: {1}']!.replace('{1}', token.replace('{1}', '401')),
    );
  }, 60_000);

  it('never reaches a loopback directory the operator has not opened', async () => {
    t.ctx.config.outbound = STRICT_OUTBOUND_POLICY;
    const job = await runSync();
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    expect(job.status).toBe('failed');
    expect(job.last_error).toMatch(/^The directory's users could not be read \(Refused plain http to 127\.0\.0\.1/);
    // The organisation's allowed hosts narrow it further.
    expect((await saveDirectory({ allowed_hosts: ['idp.example.com'] })).statusCode).toBe(200);
    const narrowed = await runSync();
    expect((await saveDirectory({ allowed_hosts: [] })).statusCode).toBe(200);
    expect(narrowed.last_error).toBe(
      "The directory's users could not be read (Refused to connect to 127.0.0.1: not among the organisation's allowed hosts).",
    );
    expect(asked).toEqual([]);
  });

  it('disables and removes members the directory disabled or dropped, but never the last administrator', async () => {
    const acmeBefore = await rowsOf(acmeId);
    const reader = await uuidOf('reader@demo.local');
    const shared = await uuidOf('editor@demo.local');
    const adminUuid = await uuidOf('admin@demo.local');
    const ann = await uuidOf('ann.dir@example.com');
    const adminGroup = await groupEntry(demoId, 'Admins', []);
    await db().updateTable('acl_entries').set({ level: 6, roles: '["administrator"]' }).where('id', '=', adminGroup).execute();
    // Ann disabled, the reader and the shared editor dropped, the administrator disabled.
    users = [user('u1', 'ann.dir@example.com', 'Ann', 'Directory', false), user('u7', 'admin@demo.local', 'Ada', 'Admin', false)];
    groups = [{ id: 'g1', displayName: 'Site leads', members: [{ value: 'u1' }] }];
    const job = await runSync();
    expect(job.status).toBe('done');
    expect(job.result).toBe(
      'Directory sync done: 1 users (0 new, 3 disabled), 1 groups, 0 memberships set, 2 removed. The last administrator was kept.',
    );
    const active = async (uuid: string) =>
      Number((await db().selectFrom('identities').select('active').where('uuid', '=', uuid).executeTakeFirstOrThrow()).active);
    expect(await active(ann)).toBe(0);
    expect(await active(reader)).toBe(0);
    expect(await active(adminUuid)).toBe(1);
    // The shared identity stays active and in acme; only its membership here went.
    expect(await active(shared)).toBe(1);
    const sharedOrgs = await db().selectFrom('memberships').select('org_id').where('identity_uuid', '=', shared).execute();
    expect(sharedOrgs.map((m) => Number(m.org_id))).toEqual([acmeId]);
    expect(await rowsOf(acmeId)).toEqual(acmeBefore);
    // The directory's administrators group with nobody in it keeps the last administrator in.
    await db().insertInto('acl_members').values({ acl_id: adminGroup, org_id: demoId, identity_uuid: adminUuid }).execute();
    await db().deleteFrom('acl_entries').where('identity_uuid', '=', adminUuid).where('org_id', '=', demoId).execute();
    users = [user('u1', 'ann.dir@example.com', 'Ann', 'Directory', true), user('u7', 'admin@demo.local', 'Ada', 'Admin')];
    groups = [{ id: 'g9', displayName: 'Admins', members: [] }];
    const again = await runSync();
    expect(again.result).toBe(
      'Directory sync done: 2 users (0 new, 0 disabled), 1 groups, 0 memberships set, 0 removed. The last administrator was kept.',
    );
    expect(await membersOf(adminGroup)).toEqual([adminUuid]);
    // Ann is back: the directory says she is active again.
    expect(await active(ann)).toBe(1);
  });
});
