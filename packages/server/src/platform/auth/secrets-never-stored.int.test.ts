/**
 * Secrets never reach logs, the audit trail or the outbox (issue 3 "Bad input and attacks";
 * docs/product/security.md#lesson-12). The test runs every flow that handles a password, a token or a code —
 * password and one-time-code sign-in, wrong guesses, refresh, logout, identity creation and
 * password changes, federated sign-in with its client secret and hand-back code — then reads
 * every row of those tables and searches them for each known value: 0 hits.
 *
 * The one deliberate exception: a one-time code is in the body of the outbox message that
 * carries it (the outbox *is* the unconfigured mail server; with SMTP_URL set the body is not
 * kept). The test checks that this message is the only place each code appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { cookieHeader, exchangeCode, federatedCookieOf } from '../../test-support/federated-round-trip.ts';
import { browseToRedirect, operatorAllowsLoopback, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider.ts';

describe.each(testDialects)('secrets in stored rows on %s', (dialect) => {
  let t: TestApp;
  let idp: TestProvider;
  const secrets = new Set<string>();
  const otpCodes = new Set<string>();

  const form = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: operatorAllowsLoopback() });
    const callback = `${t.ctx.config.publicUrl}/oauth/federated/callback`;
    idp = await startTestProvider(callback, { 'fed-subject': { email: 'manager@demo.local' } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('runs every secret-handling flow', async () => {
    const { orgId } = await placesOf(t, 'demo');
    secrets.add('docket-demo-1');
    // Passwords typed right and wrong, into the right and the wrong field.
    for (const password of ['Wrong-Password-123', 'docket-demo-1']) secrets.add(password);
    await form({ grant_type: 'password', username: 'reader@demo.local', password: 'Wrong-Password-123' });
    const good = await form({ grant_type: 'password', username: 'reader@demo.local', password: 'docket-demo-1' });
    secrets.add(good.json().access_token).add(good.json().refresh_token);
    const rotated = await form({ grant_type: 'refresh_token', refresh_token: good.json().refresh_token });
    secrets.add(rotated.json().access_token).add(rotated.json().refresh_token);
    await t.app.inject({ method: 'DELETE', url: `/oauth/logout?refresh_token=${rotated.json().refresh_token}` });

    // One-time codes: a wrong guess, then the right one.
    await addMember(t, orgId, { email: 'otp-secret@demo.local', level: 2, mfa: true });
    const challenge = await form({ grant_type: 'password', username: 'otp-secret@demo.local', password: 'docket-demo-1' });
    secrets.add(challenge.json().client_code);
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'otp-secret@demo.local')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.body ?? '')![1]!;
    otpCodes.add(code);
    await form({ grant_type: 'otp_code', client_code: challenge.json().client_code, otp_code: code === '123456' ? '654321' : '123456' });
    const otpTokens = await form({ grant_type: 'otp_code', client_code: challenge.json().client_code, otp_code: code });
    expect(otpTokens.statusCode).toBe(200);
    secrets.add(otpTokens.json().access_token).add(otpTokens.json().refresh_token);

    // Identities: created with a password, then changed twice.
    const admin = (await t.signIn('admin@demo.local')).access;
    secrets.add(admin);
    for (const password of ['First-Password-42', 'Second-Password-42', 'Third-Password-42']) secrets.add(password);
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: 'secret-user@demo.local', display_name: 'S', password: 'First-Password-42' },
    });
    await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${created.json().uuid}`, payload: { password: 'Second-Password-42' } });
    await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${created.json().uuid}`, payload: { password: 'Third-Password-42' } });
    await t.as(admin, { method: 'PUT', url: `/v3/demo/users/${created.json().uuid}`, payload: { password: 'Short-pw9' } });
    secrets.add('Short-pw9');

    // Federated sign-in: the client secret and the hand-back code.
    secrets.add(idp.clientSecret);
    const settings = {
      federated_login: true,
      provider: 'IdP',
      allow_users_internal: true,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      allowed_hosts: [idp.host],
    };
    expect((await t.as(admin, { method: 'PUT', url: '/v3/demo/$$directory', payload: settings })).statusCode).toBe(200);
    const start = await t.app.inject({ method: 'GET', url: '/oauth/federated/start?app=demo' });
    // The browser value of the start's cookie: only its hash is stored.
    const browserValue = federatedCookieOf(start)!;
    secrets.add(browserValue);
    const back = await browseToRedirect(
      String(start.headers.location),
      `${t.ctx.config.publicUrl}/oauth/federated/callback`,
      'fed-subject',
    );
    secrets.add(back.searchParams.get('code')!).add(back.searchParams.get('state')!);
    const done = await t.app.inject({ method: 'GET', url: `/oauth/federated/callback${back.search}`, headers: cookieHeader(browserValue) });
    const handBack = new URLSearchParams(String(done.headers.location).split('?')[1]).get('code')!;
    secrets.add(handBack);
    const fedTokens = await exchangeCode(t, handBack, browserValue);
    expect(fedTokens.statusCode).toBe(200);
    secrets.add(fedTokens.json().access_token).add(fedTokens.json().refresh_token);

    // A document write, so the audit trail has rows too.
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Audit me', descrip: 'x' } })).statusCode).toBe(
      201,
    );
  });

  it('finds none of them in logs, the audit trail, the outbox, tokens, codes or identities', async () => {
    const db = t.ctx.database.db;
    const dump = async (rows: Promise<unknown[]>) => JSON.stringify(await rows);
    const stored = {
      logs: await dump(db.selectFrom('logs').selectAll().execute()),
      audit_trail: await dump(db.selectFrom('audit_trail').selectAll().execute()),
      outbox: await dump(db.selectFrom('outbox').selectAll().execute()),
      refresh_tokens: await dump(db.selectFrom('refresh_tokens').selectAll().execute()),
      sign_in_codes: await dump(db.selectFrom('sign_in_codes').selectAll().execute()),
      oidc_states: await dump(db.selectFrom('oidc_states').selectAll().execute()),
      identities: await dump(db.selectFrom('identities').selectAll().execute()),
      directory_settings: await dump(db.selectFrom('directory_settings').select(['org_id', 'settings', 'updated_date']).execute()),
    };
    expect(secrets.size).toBeGreaterThan(15);
    const hits = Object.entries(stored).flatMap(([table, text]) =>
      [...secrets].filter((secret) => text.includes(secret)).map((secret) => `${table}: ${secret.slice(0, 12)}…`),
    );
    expect(hits).toEqual([]);
    // The one place a one-time code is kept: the body of the message that carries it.
    const withoutOtpMail = JSON.stringify(
      await db.selectFrom('outbox').selectAll().where('subject', '<>', 'Your Docket sign-in code').execute(),
    );
    for (const code of otpCodes) {
      for (const [table, text] of Object.entries({ ...stored, outbox: withoutOtpMail }))
        expect(text.includes(code), `${table} holds an OTP`).toBe(false);
    }
  });
});
