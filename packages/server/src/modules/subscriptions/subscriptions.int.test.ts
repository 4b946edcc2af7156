/**
 * Subscriptions (docs/product/administration.md#subscriptions): an organisation's administrator
 * reads and edits its own `$$configuration` only, never `active` or the licence; the platform
 * operator (operator.service.ts, the command line) creates an organisation with its reporting
 * skeleton and one administrator link, suspends it (no one signs in: 'No subscription(s) found.')
 * and reactivates it; self sign-up works for authorised domains only, with e-mail verification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { readJson } from '../../platform/db/json.ts';
import { createOrganisation, listOrganisations, OperatorError, setOrganisationActive } from './operator.service.ts';
import { SIGNUP_SENT } from './signup.service.ts';
import { OPERATOR_ONLY } from './subscription.service.ts';
import { SETUP_LINK_USED } from './account-setup.ts';

describe.each(testDialects)('subscriptions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let acmeAdmin: string;
  let demoId: number;
  const subscriptionBody = (overrides: Record<string, unknown> = {}) => ({
    company: 'Demo Co',
    primary_domain: 'demo.local',
    customer_schema: 'demo',
    email_signup: false,
    authorized_domains: [],
    ...overrides,
  });
  const linkTokenSentTo = async (email: string): Promise<string> => {
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const match = /#\/(?:signup|invitation)\?token=([^\s]+)/.exec(mail.body ?? '');
    return decodeURIComponent(match![1]!);
  };
  const signInStatus = async (email: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    });
    return { status: response.statusCode, body: response.json() as { error_description?: string; access_token?: string } };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demoId = Number(
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the organisation's own subscription to its administrators only", async () => {
    const list = await t.as(admin, { method: 'GET', url: '/v3/demo/$$configuration?s=1' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, dataAr: [{ id: demoId, app_id: 'demo', company: 'Demo Co', active: true }] });
    const acme = await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$configuration' });
    expect(acme.json().dataAr.map((row: { app_id: string }) => row.app_id)).toEqual(['acme']);
    const refused = await t.as(reader, { method: 'GET', url: '/v3/demo/$$configuration' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe(
      'You do not have sufficient access rights to administer subscriptions for your organisation.',
    );
    // Another organisation's subscription does not exist for acme's administrator, even by id.
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$configuration/${demoId}` })).statusCode).toBe(404);
  });

  it('saves back what it answered, an organisation without a customer schema included', async () => {
    const read = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$configuration' })).json().dataAr[0];
    expect(read.customer_schema).toBeNull();
    const saved = await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/$$configuration/${read.id}`, payload: read });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().customer_schema).toBeNull();
  });

  it('saves the administrator-editable fields and refuses active and licence changes, saving nothing', async () => {
    const saved = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$configuration/${demoId}`,
      payload: subscriptionBody({ company: 'Demo Company', email_signup: true, authorized_domains: ['Example.com'] }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      company: 'Demo Company',
      email_signup: true,
      authorized_domains: ['example.com'],
      active: true,
    });
    const suspendSelf = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$configuration/${demoId}`,
      payload: subscriptionBody({ company: 'Changed', active: false }),
    });
    expect(suspendSelf.statusCode).toBe(403);
    expect(suspendSelf.json().error_description).toBe(OPERATOR_ONLY);
    const licence = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$configuration/${demoId}`,
      payload: subscriptionBody({ license: { seats: 9999 } }),
    });
    expect(licence.statusCode).toBe(403);
    const badDomain = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$configuration/${demoId}`,
      payload: subscriptionBody({ authorized_domains: ['not a domain'] }),
    });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().error_description).toBe("'not a domain' is not a domain name.");
    const now = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$configuration/${demoId}` })).json();
    expect(now).toMatchObject({ company: 'Demo Company', active: true, email_signup: true, license: null });
    const acmeWrites = await t.as(acmeAdmin, { method: 'PUT', url: `/v3/demo/$$configuration/${demoId}`, payload: subscriptionBody() });
    expect(acmeWrites.statusCode).toBe(403);
  });

  it('signs up an address of an authorised domain after e-mail verification, and no other', async () => {
    const asked = await t.app.inject({ method: 'POST', url: '/v3/signup', payload: { email: 'New.Person@example.com' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ error: false, message: SIGNUP_SENT });
    const other = await t.app.inject({ method: 'POST', url: '/v3/signup', payload: { email: 'someone@elsewhere.org' } });
    expect(other.json()).toEqual({ error: false, message: SIGNUP_SENT });
    expect(await t.ctx.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'someone@elsewhere.org').execute()).toEqual(
      [],
    );
    const token = await linkTokenSentTo('new.person@example.com');
    const confirm = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v3/signup/confirm', payload });
    expect((await confirm({ token, display_name: 'New Person', password: 'short' })).statusCode).toBe(400);
    const done = await confirm({ token, display_name: 'New Person', password: 'a-long-enough-password' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ app_id: 'demo', email: 'new.person@example.com' });
    const again = await confirm({ token, display_name: 'New Person', password: 'a-long-enough-password' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error_description).toBe(SETUP_LINK_USED);
    const signedIn = await signInStatus('new.person@example.com', 'a-long-enough-password');
    expect(signedIn.status).toBe(200);
    const grant = await t.ctx.database.db
      .selectFrom('acl_entries as a')
      .innerJoin('identities as i', 'i.uuid', 'a.identity_uuid')
      .select(['a.level', 'a.org_id'])
      .where('i.email', '=', 'new.person@example.com')
      .execute();
    expect(grant.map((g) => ({ level: Number(g.level), org_id: Number(g.org_id) }))).toEqual([{ level: 1, org_id: demoId }]);
  });

  it('creates an organisation with a reporting skeleton and one administrator link, from the operator only', async () => {
    const created = await createOrganisation(t.ctx, {
      appId: 'globex',
      company: 'Globex',
      primaryDomain: 'globex.example',
      adminEmail: 'Boss@Globex.example',
      license: { plan: 'standard', seats: 25 },
    });
    expect(created.adminInvite).toBe('setup-link');
    expect(created.subscription).toMatchObject({ app_id: 'globex', active: true, license: { plan: 'standard', seats: 25 } });
    await expect(
      createOrganisation(t.ctx, { appId: 'globex', company: 'G', primaryDomain: 'g.example', adminEmail: 'a@g.example' }),
    ).rejects.toThrow(OperatorError);
    const mails = await t.ctx.database.db.selectFrom('outbox').select('subject').where('to_address', '=', 'boss@globex.example').execute();
    expect(mails).toEqual([{ subject: 'You are the administrator of Globex on Docket' }]);
    const token = await linkTokenSentTo('boss@globex.example');
    const done = await t.app.inject({
      method: 'POST',
      url: '/v3/signup/confirm',
      payload: { token, display_name: 'Globex Boss', password: 'globex-boss-password' },
    });
    expect(done.statusCode).toBe(200);
    const boss = (await t.signIn('boss@globex.example', 'globex-boss-password')).access;
    const own = await t.as(boss, { method: 'GET', url: '/v3/globex/$$configuration' });
    expect(own.json().dataAr).toHaveLength(1);
    const org = await t.ctx.database.db
      .selectFrom('organisations')
      .select('app_config')
      .where('app_id', '=', 'globex')
      .executeTakeFirstOrThrow();
    expect(
      readJson<{ general: { default_report_id: number } }>(org.app_config, { general: { default_report_id: 0 } }).general.default_report_id,
    ).toBe(created.reportId);
    const reports = await t.as(boss, { method: 'GET', url: '/v3/globex/report?s=1' });
    expect(reports.json().dataAr.map((r: { id: number }) => r.id)).toEqual([created.reportId]);
    const metrics = await t.as(boss, {
      method: 'GET',
      url: `/v3/globex/report_metric?s=1&filter=${encodeURIComponent(`report_id = ${created.reportId}`)}`,
    });
    expect(metrics.json().total).toBeGreaterThan(0);
    // The new organisation reads its report and metrics in French and Spanish too (docs/product/reporting.md#reports).
    expect(reports.json().dataAr[0].i18n.data.fr.title).toBe('Performance sécurité');
    const severity = metrics.json().dataAr.find((m: { name: string }) => m.name === 'severity_rate');
    expect(severity.i18n.data.es.label).toBe('Tasa de gravedad');
    // Isolation: the new organisation's administrator reaches nothing of demo's.
    expect((await t.as(boss, { method: 'GET', url: '/v3/demo/$$configuration' })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'GET', url: '/v3/globex/report?s=1' })).statusCode).toBe(403);
    expect((await listOrganisations(t.ctx)).map((o) => o.app_id)).toEqual(['acme', 'demo', 'globex']);
  });

  it("invites an existing account as a new organisation's administrator", async () => {
    const created = await createOrganisation(t.ctx, {
      appId: 'initech',
      company: 'Initech',
      primaryDomain: 'initech.example',
      adminEmail: 'reader@demo.local',
    });
    expect(created.adminInvite).toBe('invitation');
    const invitation = await t.ctx.database.db
      .selectFrom('invitations')
      .select(['email', 'grant_data'])
      .where('org_id', '=', created.subscription.id)
      .execute();
    expect(invitation.map((i) => ({ email: i.email, grant: readJson(i.grant_data, null) }))).toEqual([
      { email: 'reader@demo.local', grant: { level: 6, roles: ['administrator'] } },
    ]);
  });

  it("suspends an organisation: no one signs in ('No subscription(s) found.'), sessions stop; reactivating restores it", async () => {
    const boss = (await t.signIn('boss@globex.example', 'globex-boss-password')).access;
    await setOrganisationActive(t.ctx, 'globex', false);
    const refused = await signInStatus('boss@globex.example', 'globex-boss-password');
    expect(refused.status).toBe(403);
    expect(refused.body.error_description).toBe('No subscription(s) found.');
    const during = await t.as(boss, { method: 'GET', url: '/v3/globex/$$configuration' });
    expect(during.statusCode).toBe(404);
    expect(during.json().error_description).toBe('No subscription(s) found.');
    // A member of another, active organisation still signs in.
    expect((await signInStatus('admin@demo.local', 'docket-demo-1')).status).toBe(200);
    await setOrganisationActive(t.ctx, 'globex', true);
    expect((await signInStatus('boss@globex.example', 'globex-boss-password')).status).toBe(200);
    await expect(setOrganisationActive(t.ctx, 'no-such-org', false)).rejects.toThrow("No organisation has the app id 'no-such-org'.");
  });
});
