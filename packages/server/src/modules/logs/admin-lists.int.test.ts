/**
 * The administration lists beside access entries and identities (issue 3 items 5 and 6): logs
 * newest first with their types, the outbox, the read-only audit trail; administrators of the
 * organisation only, and sign-in lines shown only to the organisations of the identity concerned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';

describe.each(testDialects)('administration lists on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.1.1.1',
      payload: { grant_type: 'password', username: 'reader@demo.local', password: 'wrong-password-1' },
    });
  });
  afterAll(async () => t.close());

  it('lists logs newest first, with sign-ins and failures of members only', async () => {
    const logs = await t.as(admin, { method: 'GET', url: '/v3/demo/$$log?count=100' });
    expect(logs.statusCode).toBe(200);
    const rows = logs.json().dataAr as { type: number; created_date: string; subject: string; summary: string }[];
    expect(rows.map((r) => r.created_date)).toEqual([...rows.map((r) => r.created_date)].sort().reverse());
    expect(rows.some((r) => r.subject === 'Sign-in failed' && r.type === 2 && r.summary.includes('reader@demo.local'))).toBe(true);
    expect(rows.some((r) => r.subject === 'Signed in' && r.summary.includes('editor@demo.local'))).toBe(true);
    expect(rows.some((r) => r.summary.includes('admin@acme.local'))).toBe(false);
    const warnings = await t.as(admin, { method: 'GET', url: '/v3/demo/$$log?filter=type%20%3D%202' });
    expect(warnings.json().dataAr.every((r: { type: number }) => r.type === 2)).toBe(true);
    const acme = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$log?count=100' })).json().dataAr;
    expect(acme.some((r: { summary: string }) => r.summary.includes('demo.local'))).toBe(false);
    const refused = await t.as(editor, { method: 'GET', url: '/v3/demo/$$log' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe('You do not have sufficient access rights to administer logs for your organisation.');
  });

  it('shows no organisation the sign-ins, failures and sign-in mail of an identity it shares with another', async () => {
    const demo = await placesOf(t, 'demo');
    const acme = await placesOf(t, 'acme');
    const uuid = await addMember(t, demo.orgId, { email: 'both@shared.local', level: 2, mfa: true });
    await t.ctx.database.db
      .insertInto('memberships')
      .values({ org_id: acme.orgId, identity_uuid: uuid, created_date: new Date().toISOString() })
      .execute();
    for (const password of ['wrong-password-1', 'docket-demo-1'])
      await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: '10.1.1.9',
        payload: { grant_type: 'password', username: 'both@shared.local', password },
      });
    for (const [token, app] of [
      [admin, 'demo'],
      [acmeAdmin, 'acme'],
    ] as const) {
      const logs = (await t.as(token, { method: 'GET', url: `/v3/${app}/$$log?count=500` })).json().dataAr;
      expect(logs.filter((r: { summary: string; descrip: string }) => `${r.summary} ${r.descrip}`.includes('both@shared.local'))).toEqual(
        [],
      );
      const outbox = (await t.as(token, { method: 'GET', url: `/v3/${app}/$$outbox?count=500` })).json().dataAr;
      expect(outbox.filter((m: { mail_to: string }) => m.mail_to === 'both@shared.local')).toEqual([]);
    }
    const stored = await t.ctx.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'both@shared.local').execute();
    expect(stored).toHaveLength(1);
  });

  it("shows members' sign-in mail in the outbox to their organisation only", async () => {
    const { orgId } = await placesOf(t, 'demo');
    await addMember(t, orgId, { email: 'outbox@demo.local', level: 2, mfa: true });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.1.1.2',
      payload: { grant_type: 'password', username: 'outbox@demo.local', password: 'docket-demo-1' },
    });
    const outbox = await t.as(admin, { method: 'GET', url: '/v3/demo/$$outbox' });
    expect(outbox.json().dataAr[0]).toMatchObject({
      mail_to: 'outbox@demo.local',
      subject: 'Your Docket sign-in code',
      status: 'outbox',
      content_type: 'text/plain',
    });
    expect(outbox.json().dataAr[0].content).toMatch(/\b\d{6}\b/);
    const one = await t.as(admin, { method: 'GET', url: `/v3/demo/$$outbox/${outbox.json().dataAr[0].id}` });
    expect(one.json().mail_to).toBe('outbox@demo.local');
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$outbox' })).json().total).toBe(0);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$outbox/${outbox.json().dataAr[0].id}` })).statusCode).toBe(404);
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$outbox' })).statusCode).toBe(403);
  });

  it('answers the audit trail of a document, read-only', async () => {
    const post = (await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Audited', descrip: 'first' } })).json();
    await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/post/${post.id}`,
      payload: { summary: 'Audited', descrip: 'second', meta: post.meta },
    });
    const audit = await t.as(admin, { method: 'GET', url: `/v3/demo/$$audit?doc_id=${post.id}` });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().dataAr.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
    expect(audit.json().dataAr[0]).toMatchObject({
      doc_id: post.id,
      actor: { display_name: 'Ada Admin' },
      changes: { descrip: { before: 'first', after: 'second' } },
    });
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$audit?doc_id=${post.id}` })).json().total).toBe(0);
    expect((await t.as(editor, { method: 'GET', url: `/v3/demo/$$audit?doc_id=${post.id}` })).statusCode).toBe(403);
    // No route writes the audit trail: the generic document routes refuse $$audit as a type.
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const url = method === 'POST' ? '/v3/demo/$$audit' : `/v3/demo/$$audit/${audit.json().dataAr[0].id}`;
      expect([400, 403, 404]).toContain((await t.as(admin, { method, url, payload: { action: 'forged' } })).statusCode);
    }
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/$$audit?doc_id=${post.id}` })).json().total).toBe(2);
  });

  it('lets every member read reference data whatever their scope, and only administrators change it', async () => {
    const sites = await t.as(editor, { method: 'GET', url: '/v3/demo/site?count=50' });
    expect(sites.statusCode).toBe(200);
    expect(
      sites
        .json()
        .dataAr.map((s: { code: string }) => s.code)
        .sort(),
    ).toEqual(['HBR', 'NPL', 'SYD']);
    expect(sites.json().dataAr.every((s: { meta: { access: { editor: boolean } } }) => s.meta.access.editor === false)).toBe(true);
    for (const type of ['region', 'zone', 'module', 'client', 'project'])
      expect((await t.as(editor, { method: 'GET', url: `/v3/demo/${type}` })).statusCode).toBe(200);
    const manager = (await t.signIn('manager@demo.local')).access;
    const region = sites.json().dataAr[0].region_id;
    for (const token of [editor, manager])
      expect((await t.as(token, { method: 'POST', url: '/v3/demo/site', payload: { title: 'Rogue', region_id: region } })).statusCode).toBe(
        403,
      );
    expect(
      (
        await t.as(manager, {
          method: 'PUT',
          url: `/v3/demo/site/${sites.json().dataAr[0].id}`,
          payload: { title: 'Renamed', region_id: region },
        })
      ).statusCode,
    ).toBe(403);
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/site',
      payload: { title: 'New Site', code: 'NEW', region_id: region },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/site/${created.json().id}` })).statusCode).toBe(200);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/site' })).json().dataAr.map((s: { code: string }) => s.code)).toEqual([
      'AWK',
    ]);
  });
});
