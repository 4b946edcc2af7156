/** Authenticator-app (TOTP) enrolment and sign-in for the directory's mfa_method `app` (issue 3 item 5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { totpFor } from './totp.ts';

let addressSeq = 0;
const nextAddress = () => `10.8.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

describe.each(testDialects)('authenticator-app codes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  const token = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('enrols an authenticator and signs in with its code when the directory asks for apps', async () => {
    const { orgId } = await placesOf(t, 'demo');
    await addMember(t, orgId, { email: 'app@demo.local', level: 2, mfa: true });
    await addMember(t, orgId, { email: 'unenrolled@demo.local', level: 2, mfa: true });
    const admin = (await t.signIn('admin@demo.local')).access;
    expect(
      (
        await t.as(admin, {
          method: 'PUT',
          url: '/v3/demo/$$directory',
          payload: { federated_login: false, provider: 'Docket', allow_users_internal: true, mfa_method: 'app' },
        })
      ).statusCode,
    ).toBe(200);

    // Enrolment needs a session: the first sign-in goes through an e-mailed code.
    const first = await token({ grant_type: 'password', username: 'app@demo.local', password: 'docket-demo-1' });
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'app@demo.local')
      .executeTakeFirstOrThrow();
    const session = (
      await token({ grant_type: 'otp_code', client_code: first.json().client_code, otp_code: /\b(\d{6})\b/.exec(mail.body ?? '')![1]! })
    ).json().access_token;
    const setup = (await t.as(session, { method: 'POST', url: '/v3/account/totp/setup' })).json();
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Docket:app%40demo\.local\?/);
    expect(
      (await t.as(session, { method: 'PUT', url: '/v3/account/totp', payload: { secret: setup.secret, code: '000000' } })).statusCode,
    ).toBe(400);
    const enrol = await t.as(session, {
      method: 'PUT',
      url: '/v3/account/totp',
      payload: { secret: setup.secret, code: totpFor(setup.secret, 'x').generate() },
    });
    expect(enrol.json()).toEqual({ enrolled: true });

    const mailsBefore = (await t.ctx.database.db.selectFrom('outbox').select('id').execute()).length;
    const challenge = await token({ grant_type: 'password', username: 'app@demo.local', password: 'docket-demo-1' });
    expect(challenge.json().otp_required).toBe(true);
    expect((await t.ctx.database.db.selectFrom('outbox').select('id').execute()).length).toBe(mailsBefore);
    const code = totpFor(setup.secret, 'x').generate();
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await token({ grant_type: 'otp_code', client_code: challenge.json().client_code, otp_code: wrong })).statusCode).toBe(400);
    expect((await token({ grant_type: 'otp_code', client_code: challenge.json().client_code, otp_code: code })).statusCode).toBe(200);

    // Members without an authenticator still get their code by e-mail.
    await token({ grant_type: 'password', username: 'unenrolled@demo.local', password: 'docket-demo-1' });
    expect(
      await t.ctx.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'unenrolled@demo.local').executeTakeFirst(),
    ).toBeDefined();
  });

  it('replaces or removes an enrolled authenticator only with a current code or the password', async () => {
    const { orgId } = await placesOf(t, 'demo');
    await addMember(t, orgId, { email: 'swap@demo.local', level: 2, mfa: false });
    const other = (await t.signIn('reader@demo.local')).access;
    const session = (await t.signIn('swap@demo.local')).access;
    const first = (await t.as(session, { method: 'POST', url: '/v3/account/totp/setup' })).json().secret as string;
    const now = (secret: string) => totpFor(secret, 'x').generate();
    expect((await t.as(session, { method: 'PUT', url: '/v3/account/totp', payload: { secret: first, code: now(first) } })).statusCode).toBe(
      200,
    );

    const second = (await t.as(session, { method: 'POST', url: '/v3/account/totp/setup' })).json().secret as string;
    const bare = await t.as(session, { method: 'PUT', url: '/v3/account/totp', payload: { secret: second, code: now(second) } });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error_description).toBe('Enter a current code from your authenticator app, or your password.');
    const wrongCode = now(first) === '000000' ? '000001' : '000000';
    expect(
      (
        await t.as(session, {
          method: 'PUT',
          url: '/v3/account/totp',
          payload: { secret: second, code: now(second), current_code: wrongCode },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as(session, {
          method: 'PUT',
          url: '/v3/account/totp',
          payload: { secret: second, code: now(second), password: 'not-my-password' },
        })
      ).statusCode,
    ).toBe(403);
    const swapped = await t.as(session, {
      method: 'PUT',
      url: '/v3/account/totp',
      payload: { secret: second, code: now(second), password: 'docket-demo-1' },
    });
    expect(swapped.json()).toEqual({ enrolled: true });

    expect((await t.as(session, { method: 'DELETE', url: '/v3/account/totp' })).statusCode).toBe(403);
    expect(
      (
        await t.as(session, {
          method: 'DELETE',
          url: '/v3/account/totp',
          payload: { code: wrongCode === now(second) ? '111111' : wrongCode },
        })
      ).statusCode,
    ).toBe(403);
    // Another member's session changes nothing of this identity.
    expect((await t.as(other, { method: 'DELETE', url: '/v3/account/totp' })).statusCode).toBe(200);
    expect((await t.as(session, { method: 'GET', url: '/v3/account/totp' })).json()).toEqual({ enrolled: true });
    expect((await t.as(session, { method: 'DELETE', url: '/v3/account/totp', payload: { code: now(second) } })).statusCode).toBe(200);
    expect((await t.as(session, { method: 'GET', url: '/v3/account/totp' })).json()).toEqual({ enrolled: false });
  });
});
