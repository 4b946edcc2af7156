/**
 * A user changes their own password (docs/product/identities-and-sign-in.md#own-password): the
 * current password is checked and counted, the new one meets the password rules, only the
 * caller's own password changes, other sessions end, directory-only accounts are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT } from '../../platform/auth/rate-limiter.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { PASSWORD_TOO_SHORT } from './identities.service.ts';
import { NO_LOCAL_PASSWORD, SAME_PASSWORD, TOO_MANY_TRIES, WRONG_CURRENT_PASSWORD } from './own-password.service.ts';

const session = (app: string) => ({ method: 'GET' as const, url: `/v3/account/session?app=${app}` });
const change = (current_password: string, new_password: string) => ({
  method: 'PUT' as const,
  url: '/v2/identity/me/password',
  payload: { current_password, new_password },
});

describe.each(testDialects)('own password on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("changes only the caller's password, keeps the caller's session and ends the others", async () => {
    const demo = await placesOf(t, 'demo');
    const acme = await placesOf(t, 'acme');
    await addMember(t, demo.orgId, { email: 'own@demo.local', level: 2 });
    await addMember(t, acme.orgId, { email: 'other@acme.local', level: 2 });
    const first = await t.signIn('own@demo.local');
    const second = await t.signIn('own@demo.local');
    const other = await t.signIn('other@acme.local');

    const changed = await t.as(first.access, change(DEMO_PASSWORD, 'my-own-new-pw-1'));
    expect(changed.statusCode).toBe(200);
    expect((await t.as(first.access, session('demo'))).statusCode).toBe(200);
    expect((await t.as(second.access, session('demo'))).statusCode).toBe(401);
    await expect(t.signIn('own@demo.local', DEMO_PASSWORD)).rejects.toThrow();
    await t.signIn('own@demo.local', 'my-own-new-pw-1');

    // The other user (another organisation) is untouched: their password and session still hold.
    expect((await t.as(other.access, session('acme'))).statusCode).toBe(200);
    await t.signIn('other@acme.local', DEMO_PASSWORD);
    // No way to name someone else: the body has no identity field.
    const naming = change(DEMO_PASSWORD, 'x-takeover-pw-1');
    expect((await t.as(other.access, { ...naming, payload: { ...naming.payload, uuid: 'x' } })).statusCode).toBe(400);
    await t.signIn('own@demo.local', 'my-own-new-pw-1');

    const logs = await t.ctx.database.db.selectFrom('logs').select('summary').where('subject', '=', 'Password changed').execute();
    expect(logs.map((l) => l.summary)).toContain('own@demo.local changed their own password');
    expect((await t.as(first.access, { method: 'PUT', url: '/v2/identity/me/password', payload: {} })).statusCode).toBe(400);
  });

  it('refuses a wrong current password, a short or unchanged new one, and counts wrong tries', async () => {
    const demo = await placesOf(t, 'demo');
    await addMember(t, demo.orgId, { email: 'tries@demo.local', level: 2 });
    const { access } = await t.signIn('tries@demo.local');
    const wrong = await t.as(access, change('not-my-password', 'a-fine-new-pw-1'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_description).toBe(WRONG_CURRENT_PASSWORD);
    const short = await t.as(access, change(DEMO_PASSWORD, 'short'));
    expect(short.json().error_description).toBe(PASSWORD_TOO_SHORT);
    const same = await t.as(access, change(DEMO_PASSWORD, DEMO_PASSWORD));
    expect(same.json().error_description).toBe(SAME_PASSWORD);
    await t.signIn('tries@demo.local', DEMO_PASSWORD);

    for (let i = 1; i < SIGN_IN_LIMIT.limit; i++) await t.as(access, change('still-wrong-pw', 'a-fine-new-pw-1'));
    const limited = await t.as(access, change(DEMO_PASSWORD, 'a-fine-new-pw-1'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_description).toBe(TOO_MANY_TRIES);
  });

  it('refuses an account without a local password', async () => {
    const demo = await placesOf(t, 'demo');
    const uuid = await addMember(t, demo.orgId, { email: 'sso@demo.local', level: 2 });
    const { access } = await t.signIn('sso@demo.local');
    await t.ctx.database.db.updateTable('identities').set({ password_hash: null }).where('uuid', '=', uuid).execute();
    const refused = await t.as(access, change(DEMO_PASSWORD, 'a-fine-new-pw-1'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(NO_LOCAL_PASSWORD);
  });
});
