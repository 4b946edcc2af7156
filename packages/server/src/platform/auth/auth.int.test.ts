import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(testDialects)('sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers tokens, the organisations and the /file cookie for a good password', async () => {
    const response = await t.app.inject(form({ grant_type: 'password', username: 'Admin@Demo.local', password: 'docket-demo-1' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, organisations: [{ app_id: 'demo', company: 'Demo Co' }] });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain('access_token=');
    expect(cookie).toContain('Path=/file');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Max-Age=3600');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown accounts and wrong passwords alike', async () => {
    const wrong = await t.app.inject(form({ grant_type: 'password', username: 'editor@demo.local', password: 'nope-nope-nope' }));
    const unknown = await t.app.inject(form({ grant_type: 'password', username: 'ghost@demo.local', password: 'nope-nope-nope' }));
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid username or password.' });
  });

  it('refuses blank credentials, non-string fields, unknown fields and unknown grants', async () => {
    const blank = await t.app.inject(form({ grant_type: 'password', username: '', password: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error_description).toBe('Email or password is blank!');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: 'admin@demo.local', password: {} },
    });
    expect(typed.statusCode).toBe(400);
    // Numbers and booleans too: the schema would have coerced them to text (lesson 4).
    for (const password of [12345678901, true]) {
      const coerced = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: 'admin@demo.local', password },
      });
      expect([coerced.statusCode, coerced.json().error_description]).toEqual([400, 'Invalid body: password must be string']);
    }
    const numericCode = await t.app.inject({ method: 'POST', url: '/v3/invitations/lookup', payload: { token: 123456 } });
    expect([numericCode.statusCode, numericCode.json().error_description]).toEqual([400, 'Invalid body: token must be string']);
    const extra = await t.app.inject(
      form({ grant_type: 'password', username: 'admin@demo.local', password: 'docket-demo-1', as_user: 'x' }),
    );
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error_description).toBe('Unknown parameter: as_user');
    const grant = await t.app.inject(form({ grant_type: 'magic' }));
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
  });

  it('rotates refresh tokens and revokes the family when a spent one is replayed', async () => {
    const first = await t.signIn('manager@demo.local');
    const rotated = await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: first.refresh }));
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().refresh_token as string;
    expect(second).not.toBe(first.refresh);
    const replay = await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: first.refresh }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // The replay revoked the family: the successor and its access tokens are dead too.
    const successor = await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: second }));
    expect(successor.statusCode).toBe(400);
    const session = await t.as(rotated.json().access_token, { method: 'GET', url: '/v3/account/session?app=demo' });
    expect(session.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const tokens = await t.signIn('reader@demo.local');
    expect((await t.as(tokens.access, { method: 'GET', url: '/v3/account/session?app=demo' })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: `/oauth/logout?refresh_token=${tokens.refresh}` });
    expect(out.statusCode).toBe(200);
    expect((await t.as(tokens.access, { method: 'GET', url: '/v3/account/session?app=demo' })).statusCode).toBe(401);
    const refresh = await t.app.inject(form({ grant_type: 'refresh_token', refresh_token: tokens.refresh }));
    expect(refresh.statusCode).toBe(400);
  });

  it('counts failed passwords exactly under 100 parallel attempts', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject(form({ grant_type: 'password', username: 'admin@acme.local', password: 'wrong-password-1' })),
      ),
    );
    const evaluated = attempts.filter((r) => r.statusCode === 400).length;
    const limited = attempts.filter((r) => r.statusCode === 429);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(evaluated + limited.length).toBe(100);
    expect(limited[0]?.headers['retry-after']).toMatch(/^\d+$/);
    // The right password is refused too while the account is locked.
    const locked = await t.app.inject(form({ grant_type: 'password', username: 'admin@acme.local', password: 'docket-demo-1' }));
    expect(locked.statusCode).toBe(429);
  });

  it('lets the owner in with an e-mailed code once a stranger has spent the account limit from elsewhere', async () => {
    const { orgId } = await placesOf(t, 'demo');
    await addMember(t, orgId, { email: 'victim@demo.local', level: 2, mfa: false });
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({ ...form({ grant_type: 'password', username: 'victim@demo.local', password }), remoteAddress });
    // The stranger spends the account's limit from one address, which is then refused.
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password-1', '10.66.0.0')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password-1', '10.66.0.0')).statusCode).toBe(429);
    // A wrong password from yet another address gets a challenge that sends nothing and never completes.
    const mails = async () =>
      (await t.ctx.database.db.selectFrom('outbox').select('body').where('to_address', '=', 'victim@demo.local').execute()).length;
    const decoy = await attempt('wrong-password-2', '10.66.0.77');
    expect(decoy.statusCode).toBe(200);
    expect(Object.keys(decoy.json()).sort()).toEqual(['client_code', 'otp_required']);
    expect(await mails()).toBe(0);
    expect(
      (await t.app.inject(form({ grant_type: 'otp_code', client_code: decoy.json().client_code, otp_code: '123456' }))).statusCode,
    ).toBe(400);
    // The owner, elsewhere, with the right password: the same answer, and the code arrives by e-mail.
    const owner = await attempt('docket-demo-1', '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ otp_required: true });
    expect(await mails()).toBe(1);
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', 'victim@demo.local')
      .executeTakeFirstOrThrow();
    const signedIn = await t.app.inject({
      ...form({ grant_type: 'otp_code', client_code: owner.json().client_code, otp_code: /\b(\d{6})\b/.exec(mail.body ?? '')![1]! }),
      remoteAddress: '192.0.2.10',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a signed JWT
    // From the stranger's address even the right password stays refused.
    expect((await attempt('docket-demo-1', '10.66.0.0')).statusCode).toBe(429);
  });

  it('counts 50 parallel wrong guesses from 50 addresses within the account limit', async () => {
    const { orgId } = await placesOf(t, 'demo');
    await addMember(t, orgId, { email: 'spread@demo.local', level: 2, mfa: false });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          ...form({ grant_type: 'password', username: 'spread@demo.local', password: 'wrong-password-1' }),
          remoteAddress: `10.77.0.${i}`,
        }),
      ),
    );
    const refusedAsWrong = answers.filter((r) => r.statusCode === 400);
    expect(refusedAsWrong.length).toBeLessThanOrEqual(10);
    // The rest got challenges that e-mail nothing.
    expect(answers.filter((r) => r.statusCode === 200).length).toBe(50 - refusedAsWrong.length);
    expect(await t.ctx.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'spread@demo.local').execute()).toHaveLength(
      0,
    );
  });

  it('leaves an office behind one address room for many mistyped passwords', async () => {
    const { orgId } = await placesOf(t, 'demo');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      await addMember(t, orgId, { email: `office${i}@demo.local`, level: 2, mfa: false });
      const r = await t.app.inject({
        ...form({ grant_type: 'password', username: `office${i}@demo.local`, password: 'typo-password-1' }),
        remoteAddress: '203.0.113.5',
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
  });

  it('refuses forged and missing tokens', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v3/account/session' })).statusCode).toBe(401);
    const forged = await t.as('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', { method: 'GET', url: '/v3/account/session' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: true, code: 'unauthenticated' });
  });
});
