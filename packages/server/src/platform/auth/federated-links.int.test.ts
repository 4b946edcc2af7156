/**
 * Federated links are per organisation (docs/product/identities-and-sign-in.md#federated-sign-in,
 * migration 033): a person in two organisations who signs in through one organisation's provider
 * changes nothing of how the other organisation's provider matches them, and neither
 * organisation's administrators see or edit the other's link. Two real providers (oidc-provider)
 * on loopback, one per organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, addMembership, placesOf } from '../../test-support/access-fixtures.ts';
import { operatorAllowsLoopback, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider.ts';
import { directoryOf, exchangeCode, hashQuery, roundTrip } from '../../test-support/federated-round-trip.ts';
import { federatedLinksMigration } from '../db/migrations/033-federated-links.ts';

describe.each(testDialects)('federated links per organisation on %s', (dialect) => {
  let t: TestApp;
  let demoIdp: TestProvider;
  let acmeIdp: TestProvider;
  let demoAdmin: string;
  let acmeAdmin: string;
  let shared: string;
  let solo: string;
  let demoOrg: number;
  let acmeOrg: number;

  const directory = (idp: TestProvider) => directoryOf(idp);
  /** Signs in through the organisation's provider; answers the session's organisations, or the refusal. */
  const signIn = async (appId: string, idp: TestProvider, login: string): Promise<{ app_ids?: string[]; message?: string | null }> => {
    const { landed, cookie } = await roundTrip(t, idp, appId, login);
    const code = hashQuery(landed).get('code');
    if (!code) return { message: hashQuery(landed).get('message') };
    const tokens = await exchangeCode(t, code, cookie);
    expect(tokens.statusCode).toBe(200);
    return { app_ids: (tokens.json().organisations as { app_id: string }[]).map((o) => o.app_id) };
  };
  const userAs = async (token: string, appId: string, uuid: string) =>
    (await t.as(token, { method: 'GET', url: `/v3/${appId}/users/${uuid}` })).json() as { federated_id: string | null; federated: boolean };

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: operatorAllowsLoopback() });
    const callback = `${t.ctx.config.publicUrl}/oauth/federated/callback`;
    // The same person at each organisation's provider, under that provider's own subject.
    demoIdp = await startTestProvider(callback, {
      'pat-at-demo': { email: 'pat@demo.local' },
      'solo-at-demo': { email: 'solo@demo.local' },
    });
    acmeIdp = await startTestProvider(callback, { 'pat-at-acme': { email: 'pat@demo.local' } });
    demoAdmin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demoOrg = (await placesOf(t, 'demo')).orgId;
    acmeOrg = (await placesOf(t, 'acme')).orgId;
    shared = await addMember(t, demoOrg, { email: 'pat@demo.local', level: 2 });
    await addMembership(t, acmeOrg, shared, { level: 2 });
    solo = await addMember(t, demoOrg, { email: 'solo@demo.local', level: 2 });
    expect((await t.as(demoAdmin, { method: 'PUT', url: '/v3/demo/$$directory', payload: directory(demoIdp) })).statusCode).toBe(200);
    expect((await t.as(acmeAdmin, { method: 'PUT', url: '/v3/acme/$$directory', payload: directory(acmeIdp) })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await demoIdp.close();
    await acmeIdp.close();
  });

  it("keeps one organisation's provider from changing how another's matches a shared person, or showing it its link", async () => {
    // Acme's provider signs the person in first.
    expect(await signIn('acme', acmeIdp, 'pat-at-acme')).toEqual({ app_ids: ['acme'] });
    // Demo's administrator sees no link: Acme's provider is none of Demo's business.
    expect(await userAs(demoAdmin, 'demo', shared)).toMatchObject({ federated_id: null, federated: false });
    const demoList = await t.as(demoAdmin, { method: 'GET', url: '/v3/demo/users?filter=federated%20%3D%20true' });
    expect(demoList.json().dataAr.map((u: { uuid: string }) => u.uuid)).not.toContain(shared);
    // Demo's own provider still finds the person (by e-mail, then by its own link).
    expect(await signIn('demo', demoIdp, 'pat-at-demo')).toEqual({ app_ids: ['demo'] });
    expect(await signIn('demo', demoIdp, 'pat-at-demo')).toEqual({ app_ids: ['demo'] });
    expect(await signIn('acme', acmeIdp, 'pat-at-acme')).toEqual({ app_ids: ['acme'] });
    // Each organisation answers its own link only.
    expect(await userAs(demoAdmin, 'demo', shared)).toMatchObject({ federated_id: `${demoIdp.issuer}|pat-at-demo`, federated: true });
    expect(await userAs(acmeAdmin, 'acme', shared)).toMatchObject({ federated_id: `${acmeIdp.issuer}|pat-at-acme`, federated: true });
    const identity = await t.ctx.database.db
      .selectFrom('identities')
      .select('federated_id')
      .where('uuid', '=', shared)
      .executeTakeFirstOrThrow();
    expect(identity.federated_id).toBeNull();
  });

  it("lets an administrator set their own organisation's link of a shared person, and only that one", async () => {
    const put = (token: string, appId: string, uuid: string, payload: Record<string, unknown>) =>
      t.as(token, { method: 'PUT', url: `/v3/${appId}/users/${uuid}`, payload });
    const changed = await put(demoAdmin, 'demo', shared, { federated_id: `${demoIdp.issuer}|someone-else` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ federated_id: `${demoIdp.issuer}|someone-else`, shared: true });
    // Acme's link, and Acme's sign-in, are untouched.
    expect(await userAs(acmeAdmin, 'acme', shared)).toMatchObject({ federated_id: `${acmeIdp.issuer}|pat-at-acme` });
    expect(await signIn('acme', acmeIdp, 'pat-at-acme')).toEqual({ app_ids: ['acme'] });
    // Demo's provider subject no longer matches the member whose link now names another subject.
    expect(await signIn('demo', demoIdp, 'pat-at-demo')).toEqual({ message: 'federated_no_account' });
    // Profile fields of a shared identity stay out of reach.
    expect((await put(demoAdmin, 'demo', shared, { display_name: 'Renamed', federated_id: null })).statusCode).toBe(403);
    expect(await userAs(demoAdmin, 'demo', shared)).toMatchObject({ federated_id: `${demoIdp.issuer}|someone-else` });
    // Cleared, the link is recorded again at the next sign-in.
    expect((await put(demoAdmin, 'demo', shared, { federated_id: null })).statusCode).toBe(200);
    expect(await signIn('demo', demoIdp, 'pat-at-demo')).toEqual({ app_ids: ['demo'] });
    // One member per provider subject in an organisation.
    const taken = await put(demoAdmin, 'demo', solo, { federated_id: `${demoIdp.issuer}|pat-at-demo` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error_description).toBe('Another member of this organisation already has this federated id.');
    // Single-organisation members sign in as before, and their link is answered as before.
    expect(await signIn('demo', demoIdp, 'solo-at-demo')).toEqual({ app_ids: ['demo'] });
    expect(await userAs(demoAdmin, 'demo', solo)).toMatchObject({ federated_id: `${demoIdp.issuer}|solo-at-demo`, federated: true });
  });

  it('moves global links onto the memberships of the organisation whose issuer they name, or the single membership', async () => {
    const db = t.ctx.database.db;
    const migration = federatedLinksMigration(t.ctx.database);
    const only = await addMember(t, acmeOrg, { email: 'only@acme.local', level: 2 });
    const stray = await addMember(t, demoOrg, { email: 'stray@demo.local', level: 2 });
    await addMembership(t, acmeOrg, stray, { level: 2 });
    await migration.down!(db);
    try {
      await db
        .updateTable('identities')
        .set({ federated_id: `${acmeIdp.issuer}|pat-at-acme` })
        .where('uuid', '=', shared)
        .execute();
      await db.updateTable('identities').set({ federated_id: 'https://elsewhere.example|only' }).where('uuid', '=', only).execute();
      await db.updateTable('identities').set({ federated_id: 'https://elsewhere.example|stray' }).where('uuid', '=', stray).execute();
    } finally {
      await migration.up(db);
    }
    const links = await db
      .selectFrom('memberships')
      .select(['org_id', 'identity_uuid', 'federated_id'])
      .where('identity_uuid', 'in', [shared, only, stray])
      .execute();
    const linkOf = (uuid: string, orgId: number) => links.find((l) => l.identity_uuid === uuid && Number(l.org_id) === orgId)?.federated_id;
    // The shared person's link names Acme's issuer: Acme's membership only.
    expect(linkOf(shared, acmeOrg)).toBe(`${acmeIdp.issuer}|pat-at-acme`);
    expect(linkOf(shared, demoOrg)).toBeNull();
    // A single membership keeps its identity's link; a shared identity's unknown issuer is dropped.
    expect(linkOf(only, acmeOrg)).toBe('https://elsewhere.example|only');
    expect(linkOf(stray, demoOrg)).toBeNull();
    expect(linkOf(stray, acmeOrg)).toBeNull();
    const globals = await db.selectFrom('identities').select('uuid').where('federated_id', 'is not', null).execute();
    expect(globals).toEqual([]);
  });
});
