/**
 * Control of the mailbox wins over any organisation's choice (docs/product/security.md#mailbox-control),
 * with two organisations: acme's administrator pre-creates an account for an address of demo's
 * domain (with a password acme chose, with none, or disabled); demo invites that address; the
 * person accepts from the e-mailed link alone by choosing their own password, which ends acme's
 * sessions. Links that set a password (invitations, sign-up) are never readable by either
 * organisation's administrators, and a sign-up never hands an existing account to an organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { SIGN_IN_TO_ACCEPT } from './invitations.service.ts';
import { ACCOUNT_EXISTS } from '../subscriptions/account-setup.ts';

const passwordForm = (username: string, password: string) => ({
  method: 'POST' as const,
  url: '/oauth/token',
  remoteAddress: '10.30.0.1',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
});

describe.each(testDialects)('mailbox control of invitations and sign-up on %s', (dialect) => {
  let t: TestApp;
  let demoAdmin: string;
  let acmeAdmin: string;
  let demoOrg: number;
  let acmeOrg: number;

  /** The token of the last link e-mailed to `email`, as its mailbox receives it (the outbox table itself). */
  const linkToken = async (email: string): Promise<string> => {
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return decodeURIComponent(/#\/(?:invitation|signup)\?token=([^\s]+)/.exec(mail.body ?? '')![1]!);
  };
  /** Everything both organisations' administrators can read of the outbox, list and single messages. */
  const outboxesReadByAdministrators = async (): Promise<string> => {
    const texts: string[] = [];
    for (const [token, app] of [
      [demoAdmin, 'demo'],
      [acmeAdmin, 'acme'],
    ] as const) {
      const list = await t.as(token, { method: 'GET', url: `/v3/${app}/$$outbox?count=500` });
      expect(list.statusCode).toBe(200);
      texts.push(list.body);
      for (const message of list.json().dataAr as { id: number }[]) {
        texts.push((await t.as(token, { method: 'GET', url: `/v3/${app}/$$outbox/${message.id}` })).body);
      }
    }
    return texts.join('\n');
  };
  const createInAcme = (email: string, extra: Record<string, unknown>) =>
    t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/users', payload: { email, display_name: 'Squatter', mfa: false, ...extra } });
  const inviteToDemo = (email: string) =>
    t.as(demoAdmin, { method: 'POST', url: '/v3/demo/users', payload: { email, display_name: 'New hire', grant: { level: 4 } } });
  const lookup = (token: string) => t.app.inject({ method: 'POST', url: '/v3/invitations/lookup', payload: { token } });
  const claim = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v3/invitations/accept-with-password', payload: { token, password } });
  const sessionIn = (token: string, app: string) => t.as(token, { method: 'GET', url: `/v3/account/session?app=${app}` });
  const logSummaries = async (token: string, app: string): Promise<string[]> =>
    (await t.as(token, { method: 'GET', url: `/v3/${app}/$$log?count=500` })).json().dataAr.map((l: { summary: string }) => l.summary);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    demoAdmin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demoOrg = (await placesOf(t, 'demo')).orgId;
    acmeOrg = (await placesOf(t, 'acme')).orgId;
  });
  afterAll(async () => t.close());

  it("lets the mailbox's owner accept another organisation's invitation over a password acme's administrator chose", async () => {
    expect((await createInAcme('newhire@demo.local', { password: 'acme-controlled-pw1' })).statusCode).toBe(201);
    const acmeSession = (await t.app.inject(passwordForm('newhire@demo.local', 'acme-controlled-pw1'))).json().access_token as string;
    expect((await sessionIn(acmeSession, 'acme')).statusCode).toBe(200);
    expect((await inviteToDemo('newhire@demo.local')).statusCode).toBe(202);

    // Neither administrator reads the link that would set the account's password.
    const token = await linkToken('newhire@demo.local');
    const readable = await outboxesReadByAdministrators();
    expect(readable).not.toContain(token);
    expect(readable).not.toContain(encodeURIComponent(token));
    expect(readable).not.toContain('#/invitation?token=');

    // The link's holder learns that the account has no password of its own, and chooses one.
    expect((await lookup(token)).json()).toMatchObject({ app_id: 'demo', email: 'newhire@demo.local', own_password: false });
    const short = await claim(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error_description).toBe('The password must be at least 10 characters long.');
    const accepted = await claim(token, 'my-own-mailbox-pw-1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ error: false, app_id: 'demo', company: 'Demo Co', sign_in_again: true });
    expect((await claim(token, 'my-own-mailbox-pw-1')).json().code).toBe('invitation_accepted');

    // Acme's password and the sessions it opened are gone; the person's own password reaches both organisations.
    expect((await sessionIn(acmeSession, 'acme')).statusCode).toBe(401);
    expect((await t.app.inject(passwordForm('newhire@demo.local', 'acme-controlled-pw1'))).statusCode).toBe(400);
    const own = (await t.signIn('newhire@demo.local', 'my-own-mailbox-pw-1')).access;
    expect((await sessionIn(own, 'demo')).statusCode).toBe(200);
    expect((await sessionIn(own, 'acme')).statusCode).toBe(200);
    const uuid = await uuidOf(t, 'newhire@demo.local');
    expect((await t.as(demoAdmin, { method: 'GET', url: `/v3/demo/users/${uuid}` })).json()).toMatchObject({ acl: [{ level: 4 }] });
    const stored = await t.ctx.database.db
      .selectFrom('identities')
      .select('password_org_id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(stored.password_org_id).toBeNull();
    // Shared now: acme's administrator cannot set its password again.
    expect(
      (await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/users/${uuid}`, payload: { password: 'acme-again-pw-12' } })).statusCode,
    ).toBe(403);
    // Logged in both organisations, each in its own terms.
    expect(await logSummaries(demoAdmin, 'demo')).toContain(
      'newhire@demo.local chose their own password from the e-mailed link, accepted the invitation and joined the organisation',
    );
    expect(await logSummaries(acmeAdmin, 'acme')).toContain(
      'newhire@demo.local chose their own password from an e-mailed link: the password an administrator set no longer signs in',
    );
  });

  it('lets the owner claim an account created with no password, or disabled, and keeps a disabling organisation out', async () => {
    expect((await createInAcme('nopassword@demo.local', {})).statusCode).toBe(201);
    expect((await inviteToDemo('nopassword@demo.local')).statusCode).toBe(202);
    const first = await linkToken('nopassword@demo.local');
    expect((await lookup(first)).json().own_password).toBe(false);
    expect((await claim(first, 'nopassword-own-pw-1')).statusCode).toBe(200);
    expect((await sessionIn((await t.signIn('nopassword@demo.local', 'nopassword-own-pw-1')).access, 'demo')).statusCode).toBe(200);

    // Acme creates the account disabled to block it: the owner still accepts, and leaves acme, which disabled it.
    const created = await createInAcme('blocked@demo.local', { password: 'acme-blocking-pw-1', user: false });
    expect(created.statusCode).toBe(201);
    expect((await inviteToDemo('blocked@demo.local')).statusCode).toBe(202);
    expect((await claim(await linkToken('blocked@demo.local'), 'blocked-own-pw-12')).statusCode).toBe(200);
    const own = (await t.signIn('blocked@demo.local', 'blocked-own-pw-12')).access;
    expect((await sessionIn(own, 'demo')).statusCode).toBe(200);
    expect((await sessionIn(own, 'acme')).statusCode).toBe(403);
    const uuid = created.json().uuid as string;
    const memberships = await t.ctx.database.db.selectFrom('memberships').select('org_id').where('identity_uuid', '=', uuid).execute();
    expect(memberships.map((m) => Number(m.org_id))).toEqual([demoOrg]);
    expect(acmeOrg).not.toBe(demoOrg);
  });

  it('still asks an account with its own password to sign in, and never changes it from the link', async () => {
    expect(
      (await t.as(demoAdmin, { method: 'POST', url: '/v3/demo/users', payload: { email: 'admin@acme.local', display_name: 'A' } }))
        .statusCode,
    ).toBe(202);
    const token = await linkToken('admin@acme.local');
    expect((await lookup(token)).json().own_password).toBe(true);
    const refused = await claim(token, 'taken-over-pw-123');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe(SIGN_IN_TO_ACCEPT);
    expect((await t.app.inject(passwordForm('admin@acme.local', 'taken-over-pw-123'))).statusCode).toBe(400);
    expect((await sessionIn(acmeAdmin, 'acme')).statusCode).toBe(200);
    // The invitation is still pending: the owner signs in and accepts.
    const accepted = await t.as(acmeAdmin, { method: 'POST', url: '/v3/invitations/accept', payload: { token } });
    expect(accepted.statusCode).toBe(200);
  });

  it("keeps sign-up links out of the administrators' outbox, and never hands an existing account to the organisation", async () => {
    const acme = (await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$configuration/${acmeOrg}` })).json();
    const saved = await t.as(acmeAdmin, {
      method: 'PUT',
      url: `/v3/acme/$$configuration/${acmeOrg}`,
      payload: {
        company: acme.company,
        primary_domain: acme.primary_domain || 'acme.local',
        customer_schema: acme.customer_schema || 'acme',
        email_signup: true,
        authorized_domains: ['demo.local'],
      },
    });
    expect(saved.statusCode).toBe(200);

    // An anonymous sign-up for a demo address: the mail goes out, but acme's administrator cannot read its link.
    expect((await t.app.inject({ method: 'POST', url: '/v3/signup', payload: { email: 'cfo@demo.local' } })).statusCode).toBe(202);
    const token = await linkToken('cfo@demo.local');
    const readable = await outboxesReadByAdministrators();
    expect(readable).not.toContain(token);
    expect(readable).not.toContain('#/signup?token=');

    // An address that has an account gets no link at all; one created after the link was sent is not joined by it.
    expect((await t.app.inject({ method: 'POST', url: '/v3/signup', payload: { email: 'reader@demo.local' } })).statusCode).toBe(202);
    expect(
      await t.ctx.database.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'reader@demo.local')
        .where('subject', 'like', 'Set up%')
        .execute(),
    ).toEqual([]);
    expect(
      (await t.as(demoAdmin, { method: 'POST', url: '/v3/demo/users', payload: { email: 'cfo@demo.local', display_name: 'CFO' } }))
        .statusCode,
    ).toBe(201);
    const late = await t.app.inject({
      method: 'POST',
      url: '/v3/signup/confirm',
      payload: { token, display_name: 'Acme squatter', password: 'acme-squatter-pw-1' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error_description).toBe(ACCOUNT_EXISTS);
    const cfo = await uuidOf(t, 'cfo@demo.local');
    const memberships = await t.ctx.database.db.selectFrom('memberships').select('org_id').where('identity_uuid', '=', cfo).execute();
    expect(memberships.map((m) => Number(m.org_id))).toEqual([demoOrg]);
    await expect(t.signIn('cfo@demo.local', 'acme-squatter-pw-1')).rejects.toThrow();
  });
});
