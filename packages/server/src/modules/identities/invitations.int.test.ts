/**
 * Identities shared between organisations only by invitation (docs/product/identities-and-sign-in.md),
 * with two organisations and shared e-mail addresses: an administrator adding an address that has
 * an identity gets an invitation (no membership, nothing of the identity visible); the person
 * accepts through the e-mailed link with their own sign-in; a password an administrator set
 * reaches that administrator's organisation only; removing a membership ends that organisation's
 * sessions at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { totpFor } from '../../platform/auth/totp.ts';

const form = (fields: Record<string, string>, remoteAddress = '10.20.0.1') => ({
  method: 'POST' as const,
  url: '/oauth/token',
  remoteAddress,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(testDialects)('invitations on %s', (dialect) => {
  let t: TestApp;
  let demoAdmin: string;
  let acmeAdmin: string;
  let demoOrg: number;
  let acmeOrg: number;

  /** The token of the last invitation link e-mailed to `email` (read from the outbox). */
  const invitationToken = async (email: string): Promise<string> => {
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return decodeURIComponent(/#\/invitation\?token=([^\s]+)/.exec(mail.body ?? '')![1]!);
  };
  const invite = (token: string, email: string, extra: Record<string, unknown> = {}) =>
    t.as(token, { method: 'POST', url: '/v3/demo/users', payload: { email, display_name: 'Typed name', ...extra } });
  /** A request that needs only the membership (no grant): the session of the organisation. */
  const sessionIn = (token: string, app: string) => t.as(token, { method: 'GET', url: `/v3/account/session?app=${app}` });
  const accept = (token: string, invitation: string, password?: string) =>
    t.as(token, { method: 'POST', url: '/v3/invitations/accept', payload: { token: invitation, ...(password ? { password } : {}) } });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    demoAdmin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demoOrg = (await placesOf(t, 'demo')).orgId;
    acmeOrg = (await placesOf(t, 'acme')).orgId;
  });
  afterAll(async () => t.close());

  it('invites an existing identity instead of adding it, and shows the inviting organisation nothing of it', async () => {
    const sent = await invite(demoAdmin, 'Admin@Acme.local', { grant: { level: 2 } });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ error: false, invited: true, invitation: { email: 'admin@acme.local', status: 'pending' } });
    expect(Object.keys(sent.json().invitation).sort()).toEqual([
      'created_date',
      'email',
      'expires_date',
      'grant',
      'id',
      'sent_date',
      'status',
    ]);
    expect(JSON.stringify(sent.json())).not.toContain('Alex Acme');
    // No membership: not listed, not readable, no session reaches the organisation.
    const users = await t.as(demoAdmin, { method: 'GET', url: '/v3/demo/users?count=100' });
    expect(users.json().dataAr.map((u: { email: string }) => u.email)).not.toContain('admin@acme.local');
    const alex = await uuidOf(t, 'admin@acme.local');
    expect((await t.as(demoAdmin, { method: 'GET', url: `/v3/demo/users/${alex}` })).statusCode).toBe(404);
    expect((await t.as(demoAdmin, { method: 'GET', url: `/file/user/${alex}?app=demo` })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(403);
    const logs = await t.as(demoAdmin, { method: 'GET', url: '/v3/demo/$$log?count=200' });
    expect(
      logs.json().dataAr.some((l: { summary: string }) => l.summary.includes('admin@acme.local') && l.summary.includes('signed in')),
    ).toBe(false);
    // The pending invitation: what was typed, the status and dates.
    const pending = await t.as(demoAdmin, { method: 'GET', url: '/v3/demo/invitations' });
    expect(pending.json()).toMatchObject({ total: 1, dataAr: [{ email: 'admin@acme.local', status: 'pending', grant: { level: 2 } }] });
    expect((await invite(demoAdmin, 'admin@acme.local')).statusCode).toBe(409);
    // Only the organisation's administrators see and manage its invitations.
    const reader = (await t.signIn('reader@demo.local')).access;
    expect((await t.as(reader, { method: 'GET', url: '/v3/demo/invitations' })).statusCode).toBe(403);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/invitations' })).statusCode).toBe(403);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/invitations' })).json().total).toBe(0);

    // The person opens the e-mailed link, signed in with their own password, and accepts.
    const token = await invitationToken('admin@acme.local');
    const lookup = await t.app.inject({ method: 'POST', url: '/v3/invitations/lookup', payload: { token } });
    expect(lookup.json()).toMatchObject({ company: 'Demo Co', app_id: 'demo', email: 'admin@acme.local' });
    const someoneElse = await accept(reader, token);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error_description).toBe(
      'This invitation was sent to another e-mail address: sign in with the account it was sent to.',
    );
    expect((await t.app.inject({ method: 'POST', url: '/v3/invitations/accept', payload: { token } })).statusCode).toBe(401);
    const accepted = await accept(acmeAdmin, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ error: false, app_id: 'demo', company: 'Demo Co', sign_in_again: false });
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(200);
    const member = (await t.as(demoAdmin, { method: 'GET', url: `/v3/demo/users/${alex}` })).json();
    expect(member).toMatchObject({ shared: true, acl: [{ level: 2 }], last_login: null, session_count: 0 });
    const again = await accept(acmeAdmin, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'invitation_accepted', error_description: 'This invitation has already been accepted.' });
    // Neither organisation reads the shared identity's own sign-ins.
    await t.signIn('admin@acme.local');
    for (const [token, app] of [
      [demoAdmin, 'demo'],
      [acmeAdmin, 'acme'],
    ] as const) {
      const lines = (await t.as(token, { method: 'GET', url: `/v3/${app}/$$log?count=500` })).json().dataAr;
      expect(lines.some((l: { summary: string }) => l.summary === 'admin@acme.local signed in with a password')).toBe(false);
    }
  });

  it('refuses unknown, cancelled and expired links, and a resend replaces the link', async () => {
    await addMember(t, acmeOrg, { email: 'carol@acme.local', level: 2 });
    const carol = (await t.signIn('carol@acme.local')).access;
    const id = (await invite(demoAdmin, 'carol@acme.local')).json().invitation.id;
    const first = await invitationToken('carol@acme.local');
    const unknown = await t.app.inject({ method: 'POST', url: '/v3/invitations/lookup', payload: { token: 'no-such-token' } });
    expect(unknown.statusCode).toBe(404);

    await t.ctx.database.db.updateTable('invitations').set({ expires_date: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    const expired = await accept(carol, first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitation_expired');
    expect((await t.as(demoAdmin, { method: 'GET', url: '/v3/demo/invitations' })).json().dataAr[0]).toMatchObject({ status: 'expired' });

    const resent = await t.as(demoAdmin, { method: 'POST', url: `/v3/demo/invitations/${id}/resend` });
    expect(resent.json()).toMatchObject({ status: 'pending' });
    const second = await invitationToken('carol@acme.local');
    expect(second).not.toBe(first);
    expect((await accept(carol, first)).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/demo/invitations/${id}` })).statusCode).toBe(403);
    expect((await t.as(demoAdmin, { method: 'DELETE', url: `/v3/demo/invitations/${id}` })).statusCode).toBe(200);
    const cancelled = await accept(carol, second);
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json()).toMatchObject({ code: 'invitation_cancelled', error_description: 'This invitation was cancelled.' });
    expect((await t.as(demoAdmin, { method: 'DELETE', url: `/v3/demo/invitations/${id}` })).statusCode).toBe(410);
    expect((await t.as(carol, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(403);
  });

  it("does not let a password one organisation set reach another: a later create invites, and acceptance needs the person's own password", async () => {
    // Acme pre-creates the account with a password it chose.
    const created = await t.as(acmeAdmin, {
      method: 'POST',
      url: '/v3/acme/users',
      payload: { email: 'victim@shared.local', display_name: 'Victim', password: 'chosen-by-acme-1', mfa: false },
    });
    expect(created.statusCode).toBe(201);
    const preset = await t.app.inject(form({ grant_type: 'password', username: 'victim@shared.local', password: 'chosen-by-acme-1' }));
    expect(preset.json().organisations).toEqual([{ app_id: 'acme', company: 'Acme' }]);

    // Demo's later "create" does not join that account silently.
    const later = await invite(demoAdmin, 'victim@shared.local', { password: 'chosen-by-demo-1' });
    expect(later.statusCode).toBe(202);
    const victim = await uuidOf(t, 'victim@shared.local');
    expect((await t.as(demoAdmin, { method: 'GET', url: `/v3/demo/users/${victim}` })).statusCode).toBe(404);
    await expect(t.signIn('victim@shared.local', 'chosen-by-demo-1')).rejects.toThrow();

    // A session from acme's password cannot accept by itself: the person chooses their own password.
    const token = await invitationToken('victim@shared.local');
    const bound = preset.json().access_token as string;
    const refused = await accept(bound, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('own_password_required');
    expect((await accept(bound, token, 'short')).statusCode).toBe(400);
    const accepted = await accept(bound, token, 'my-very-own-password-1');
    expect(accepted.json()).toMatchObject({ app_id: 'demo', sign_in_again: true });
    expect((await sessionIn(bound, 'acme')).statusCode).toBe(401);
    await expect(t.signIn('victim@shared.local', 'chosen-by-acme-1')).rejects.toThrow();
    const own = await t.signIn('victim@shared.local', 'my-very-own-password-1');
    expect((await sessionIn(own.access, 'demo')).statusCode).toBe(200);
    expect((await sessionIn(own.access, 'acme')).statusCode).toBe(200);
    // Shared now: neither administrator sets its password any more.
    const reset = await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/users/${victim}`, payload: { password: 'acme-again-pw-1' } });
    expect(reset.statusCode).toBe(403);
  });

  it('binds a session of an administrator-set password to that organisation, whatever the memberships', async () => {
    const created = await t.as(acmeAdmin, {
      method: 'POST',
      url: '/v3/acme/users',
      payload: { email: 'bound@shared.local', display_name: 'Bound', password: 'chosen-by-acme-2', mfa: false },
    });
    const uuid = created.json().uuid as string;
    // A membership of demo that predates invitations.
    await t.ctx.database.db
      .insertInto('memberships')
      .values({ org_id: demoOrg, identity_uuid: uuid, created_date: new Date().toISOString() })
      .execute();
    const tokens = (
      await t.app.inject(form({ grant_type: 'password', username: 'bound@shared.local', password: 'chosen-by-acme-2' }))
    ).json();
    expect(tokens.organisations.map((o: { app_id: string }) => o.app_id)).toEqual(['acme']);
    expect((await sessionIn(tokens.access_token, 'acme')).statusCode).toBe(200);
    const elsewhere = await sessionIn(tokens.access_token, 'demo');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error_description).toBe(
      'This sign-in is valid for another organisation only. Please sign in again to use this one.',
    );
    expect((await t.as(tokens.access_token, { method: 'GET', url: '/v3/account/session' })).json().organisations).toEqual([
      { app_id: 'acme', company: 'Acme' },
    ]);
    // Nor may it change the authenticator the other organisation relies on.
    const secret = (await t.as(tokens.access_token, { method: 'POST', url: '/v3/account/totp/setup' })).json().secret as string;
    const enrol = await t.as(tokens.access_token, {
      method: 'PUT',
      url: '/v3/account/totp',
      payload: { secret, code: totpFor(secret, 'x').generate() },
    });
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json().error_description).toBe('Sign in with your own password to change your authenticator app.');
    const refreshed = await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }));
    expect(refreshed.json().organisations.map((o: { app_id: string }) => o.app_id)).toEqual(['acme']);
    expect((await sessionIn(refreshed.json().access_token, 'demo')).statusCode).toBe(403);

    // Removing the acme membership ends the acme-bound session at once, refresh token included.
    expect((await sessionIn(refreshed.json().access_token, 'acme')).statusCode).toBe(200);
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/acme/users/${uuid}` })).statusCode).toBe(200);
    expect((await sessionIn(refreshed.json().access_token, 'acme')).statusCode).toBe(401);
    expect((await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: refreshed.json().refresh_token }))).statusCode).toBe(400);
  });

  it("ends an organisation's sessions of a removed member on the next request, despite the principal cache", async () => {
    expect(t.ctx.config.cache.principalMs).toBeGreaterThan(0);
    const uuid = await addMember(t, demoOrg, { email: 'leaver@shared.local', level: 2 });
    await t.ctx.database.db
      .insertInto('memberships')
      .values({ org_id: acmeOrg, identity_uuid: uuid, created_date: new Date().toISOString() })
      .execute();
    const own = (await t.signIn('leaver@shared.local')).access;
    expect((await sessionIn(own, 'demo')).statusCode).toBe(200);
    expect((await t.as(demoAdmin, { method: 'DELETE', url: `/v3/demo/users/${uuid}` })).statusCode).toBe(200);
    expect((await sessionIn(own, 'demo')).statusCode).toBe(403);
    expect((await sessionIn(own, 'acme')).statusCode).toBe(200);
  });
});
