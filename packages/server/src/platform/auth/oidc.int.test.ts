/**
 * Federated sign-in end to end against a real OpenID Connect provider (`oidc-provider`) on
 * loopback (issue 3 item 5): directory settings, start redirect, the provider's login and consent,
 * the callback, the automatic exchange with grant_type=authorization_code, matching by e-mail then
 * federated_id, refusals, and the guarded client refusing the loopback provider until the
 * server's operator allows loopback and plain http (an organisation's allowed hosts cannot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, addMembership, placesOf } from '../../test-support/access-fixtures.ts';
import { STRICT_OUTBOUND_POLICY } from '../net/address-policy.ts';
import { operatorAllowsLoopback, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider.ts';
import { directoryOf, exchangeCode, hashQuery, roundTrip as browserRoundTrip } from '../../test-support/federated-round-trip.ts';

describe.each(testDialects)('federated sign-in on %s', (dialect) => {
  let t: TestApp;
  let idp: TestProvider;
  let admin: string;
  let callback: string;

  const settings = (extra: Record<string, unknown> = {}) => directoryOf(idp, extra);

  /** The browser's round trip: start → provider → callback; answers where Docket sent the browser. */
  let lastCookie: string | undefined;
  const roundTrip = async (login: string): Promise<URL> => {
    const { landed, cookie } = await browserRoundTrip(t, idp, 'demo', login);
    lastCookie = cookie;
    return landed;
  };
  /** The exchange, from the browser that made the last round trip (its cookie). */
  const exchange = (code: string) => exchangeCode(t, code, lastCookie);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    callback = `${t.ctx.config.publicUrl}/oauth/federated/callback`;
    idp = await startTestProvider(callback, {
      'eve-subject': { email: 'Editor@Demo.local' },
      'stranger-subject': { email: 'nobody@demo.local' },
      'unverified-subject': { email: 'reader@demo.local', emailVerified: false },
      'shared-subject': { email: 'shared@demo.local' },
    });
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('validates and answers directory settings without the client secret', async () => {
    const missing = await t.as(admin, {
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: { federated_login: true, allow_users_internal: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toContain("must have required property 'provider'");
    const empty = await t.as(admin, {
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: { federated_login: false, provider: '', allow_users_internal: true },
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await t.as(admin, {
          method: 'PUT',
          url: '/v3/demo/$$directory',
          payload: { federated_login: true, provider: 'x', allow_users_internal: true },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: { ...settings(), mfa_method: 'sms' } })).statusCode,
    ).toBe(400);
    const reader = (await t.signIn('reader@demo.local')).access;
    expect((await t.as(reader, { method: 'GET', url: '/v3/demo/$$directory' })).statusCode).toBe(403);
    // The test provider is at a loopback address over plain http: refused when saved, until the
    // operator allows both (docs/product/security.md#outbound-connections).
    const refusedIssuer = await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings({ allowed_hosts: [] }) });
    expect(refusedIssuer.statusCode).toBe(400);
    expect(refusedIssuer.json().error_description).toBe('issuer must be an https URL.');
    // Stored while the operator allowed it; the operator then closes loopback again (next test).
    Object.assign(t.ctx.config, operatorAllowsLoopback());
    const saved = await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings({ allowed_hosts: [] }) });
    t.ctx.config.outbound = STRICT_OUTBOUND_POLICY;
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ federated_login: true, provider: 'Test directory', client_secret_set: true, mfa_method: 'email' });
    expect(JSON.stringify(saved.json())).not.toContain(idp.clientSecret);
  });

  it('refuses to reach the loopback provider until the operator allows loopback', async () => {
    const listed = await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings() });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().error_description).toBe(
      `${idp.host} is not a public address. Only the server's operator can allow private or local addresses.`,
    );
    const refused = await roundTrip('eve-subject');
    expect(refused.hash).toMatch(/^#\/login\?message=/);
    expect(hashQuery(refused).get('code')).toBeNull();
    // OUTBOUND_ALLOW_PRIVATE=127.0.0.0/8 and OUTBOUND_ALLOW_HTTP=true; the organisation then narrows to the provider.
    Object.assign(t.ctx.config, operatorAllowsLoopback());
    expect((await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings() })).statusCode).toBe(200);
  });

  it('signs a member in by verified e-mail, records the federated id, and exchanges the code once', async () => {
    const back = await roundTrip('eve-subject');
    const code = hashQuery(back).get('code');
    expect(back.origin + back.pathname).toBe(`${t.ctx.config.publicUrl}/`);
    expect(code).toMatch(/^[\w-]{40,}$/);
    const tokens = await exchange(code!);
    expect(tokens.statusCode).toBe(200);
    const session = await t.as(tokens.json().access_token, { method: 'GET', url: '/v3/account/session?app=demo' });
    expect(session.json().user.email).toBe('editor@demo.local');
    expect((await exchange(code!)).statusCode).toBe(400);
    // Recorded on the demo membership: the link is this organisation's own.
    const membership = await t.ctx.database.db
      .selectFrom('memberships as m')
      .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
      .innerJoin('organisations as o', 'o.id', 'm.org_id')
      .select('m.federated_id')
      .where('i.email', '=', 'editor@demo.local')
      .where('o.app_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(membership.federated_id).toBe(`${idp.issuer}|eve-subject`);
    const list = await t.as(admin, { method: 'GET', url: '/v3/demo/users?filter=federated%20%3D%20true' });
    expect(list.json().dataAr.map((u: { email: string }) => u.email)).toEqual(['editor@demo.local']);
    // The second time the federated id matches.
    expect(hashQuery(await roundTrip('eve-subject')).get('code')).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses people without a membership and unverified e-mails', async () => {
    const stranger = await roundTrip('stranger-subject');
    expect(hashQuery(stranger).get('message')).toBe('federated_no_account');
    const unverified = await roundTrip('unverified-subject');
    expect(hashQuery(unverified).get('message')).toBe('federated_no_account');
  });

  it('refuses forged or replayed states and codes', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/oauth/federated/callback?code=abc&state=forged' });
    expect(hashQuery(new URL(String(forged.headers.location))).get('message')).toBe('federated_expired');
    expect((await exchange('not-a-code')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/oauth/federated/callback?code=abc&state=x&as_user=y' })).statusCode).toBe(400);
  });

  it('sends an administrator consent return to the configuration page', async () => {
    const consent = await t.app.inject({ method: 'GET', url: '/oauth/federated/callback?admin_consent=True&tenant=abc' });
    expect(consent.headers.location).toBe(`${t.ctx.config.publicUrl}/#/admin/configuration`);
  });

  it('refuses password sign-in when the directory allows no internal users', async () => {
    expect(
      (await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings({ allow_users_internal: false }) })).statusCode,
    ).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=reader%40demo.local&password=docket-demo-1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe("Please sign in with your organisation's account.");
    expect((await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings() })).statusCode).toBe(200);
  });

  it("keeps a federated session to the provider's organisation, and ends it when that membership is removed", async () => {
    const demo = await placesOf(t, 'demo');
    const acme = await placesOf(t, 'acme');
    const uuid = await addMember(t, demo.orgId, { email: 'shared@demo.local', level: 2 });
    await addMember(t, acme.orgId, { email: 'other@acme.local', level: 2 });
    await addMembership(t, acme.orgId, uuid, { level: 2 });
    const tokens = (await exchange(hashQuery(await roundTrip('shared-subject')).get('code')!)).json();
    expect(tokens.organisations).toEqual([{ app_id: 'demo', company: 'Demo Co' }]);
    expect((await t.as(tokens.access_token, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(200);
    // Demo's provider vouches for demo only: acme needs a sign-in acme accepts.
    const acmeRead = await t.as(tokens.access_token, { method: 'GET', url: '/v3/acme/post' });
    expect(acmeRead.statusCode).toBe(403);
    expect(acmeRead.json().error_description).toBe(
      'This sign-in is valid for another organisation only. Please sign in again to use this one.',
    );
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).toString(),
    });
    expect(refreshed.json().organisations).toEqual([{ app_id: 'demo', company: 'Demo Co' }]);
    expect((await t.as(refreshed.json().access_token, { method: 'GET', url: '/v3/acme/post' })).statusCode).toBe(403);
    // Removing the demo membership ends the federated session at once.
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/users/${uuid}` })).statusCode).toBe(200);
    expect((await t.as(refreshed.json().access_token, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(401);
    expect((await t.as(refreshed.json().access_token, { method: 'GET', url: '/v3/acme/post' })).statusCode).toBe(401);
  });
});
