/**
 * The e-mailed one-time-code step of sign-in (issue 3 item 5 and "Bad input and attacks"):
 * challenge, outbox mail to the stored address, single use, 5 tries per code, 10 failures per
 * e-mail and per client address, exact under 100 parallel guesses, expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { startOtpChallenge } from './otp.ts';
import { ADDRESS_LIMIT } from './rate-limiter.ts';

let addressSeq = 0;
/** Each test signs in from its own client address, so address limits of one test do not leak into another. */
const nextAddress = () => `10.9.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

describe.each(testDialects)('one-time codes on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;

  const token = (fields: Record<string, string>, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const lastCodeFor = async (email: string) => {
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(mail.body ?? '')?.[1] ?? '';
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    orgId = (await placesOf(t, 'demo')).orgId;
  });
  afterAll(async () => t.close());

  it('answers a challenge, mails the code to the outbox, and exchanges it once', async () => {
    await addMember(t, orgId, { email: 'mfa@demo.local', level: 2, mfa: true });
    const address = nextAddress();
    const first = await token({ grant_type: 'password', username: 'MFA@demo.local', password: 'docket-demo-1' }, address);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ client_code: expect.stringMatching(/^[\w-]{40,}$/), otp_required: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'mfa@demo.local')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'outbox', subject: 'Your Docket sign-in code', org_id: null });
    const code = await lastCodeFor('mfa@demo.local');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.ctx.database.db.selectFrom('sign_in_codes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = await token(
      { grant_type: 'otp_code', client_code: first.json().client_code, otp_code: code === '000000' ? '000001' : '000000' },
      address,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The OTP code is incorrect.' });
    const right = await token({ grant_type: 'otp_code', client_code: first.json().client_code, otp_code: code }, address);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ token_type: 'Bearer', organisations: [{ app_id: 'demo' }] });
    const again = await token({ grant_type: 'otp_code', client_code: first.json().client_code, otp_code: code }, address);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('The OTP code has expired or was used too many times. Please sign in again.');
  });

  it('refuses blank, malformed and mistyped codes with the spec message', async () => {
    const address = nextAddress();
    for (const otp of ['', 'abcdef', '12345', '1234567', ' 12345']) {
      const response = await token({ grant_type: 'otp_code', client_code: 'whatever', otp_code: otp }, address);
      expect(response.statusCode).toBe(400);
      expect(response.json().error_description).toBe('Please enter a valid OTP code!');
    }
    const typed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'otp_code', client_code: {}, otp_code: ['123456'] },
    });
    expect(typed.statusCode).toBe(400);
    const unknown = await token({ grant_type: 'otp_code', client_code: 'no-such-challenge', otp_code: '123456' }, address);
    expect(unknown.json().error).toBe('invalid_grant');
  });

  it('allows 5 tries per code, then the code is spent even when right', async () => {
    const uuid = await addMember(t, orgId, { email: 'tries@demo.local', level: 2, mfa: true });
    const challenge = await startOtpChallenge(
      t.ctx,
      { uuid, email: 'tries@demo.local', displayName: 'Tries', totpSecret: null },
      'email',
      null,
    );
    const code = await lastCodeFor('tries@demo.local');
    const wrong = code === '999999' ? '999998' : '999999';
    const address = nextAddress();
    for (let i = 0; i < 5; i++)
      expect(
        (await token({ grant_type: 'otp_code', client_code: challenge.client_code, otp_code: wrong }, address)).json().error_description,
      ).toBe('The OTP code is incorrect.');
    const late = await token({ grant_type: 'otp_code', client_code: challenge.client_code, otp_code: code }, address);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_description).toBe('The OTP code has expired or was used too many times. Please sign in again.');
  });

  it('evaluates at most 5 of 100 parallel guesses at one code', async () => {
    const uuid = await addMember(t, orgId, { email: 'race@demo.local', level: 2, mfa: true });
    const challenge = await startOtpChallenge(
      t.ctx,
      { uuid, email: 'race@demo.local', displayName: 'Race', totpSecret: null },
      'email',
      null,
    );
    const code = await lastCodeFor('race@demo.local');
    const guesses = Array.from({ length: 100 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((otp) => token({ grant_type: 'otp_code', client_code: challenge.client_code, otp_code: otp }, nextAddress())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(answers.filter((r) => r.json().error_description === 'The OTP code is incorrect.').length).toBeLessThanOrEqual(5);
  });

  it('counts failed codes per e-mail exactly under 100 parallel guesses, then answers 429 with Retry-After', async () => {
    const uuid = await addMember(t, orgId, { email: 'limit@demo.local', level: 2, mfa: true });
    const challenges: { client_code: string }[] = [];
    for (let i = 0; i < 25; i++)
      challenges.push(
        await startOtpChallenge(t.ctx, { uuid, email: 'limit@demo.local', displayName: 'Limit', totpSecret: null }, 'email', null),
      );
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        token({ grant_type: 'otp_code', client_code: challenges[i % 25]!.client_code, otp_code: '000000' }, nextAddress()),
      ),
    );
    const evaluated = answers.filter((r) => r.statusCode === 400);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    expect(evaluated.length + limited.length).toBe(100);
    expect(limited[0]?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts failures per client address too, with room for an office behind one address', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const uuid = await addMember(t, orgId, { email: `addr${i}@demo.local`, level: 2, mfa: true });
      const challenge = await startOtpChallenge(
        t.ctx,
        { uuid, email: `addr${i}@demo.local`, displayName: 'A', totpSecret: null },
        'email',
        null,
      );
      statuses.push((await token({ grant_type: 'otp_code', client_code: challenge.client_code, otp_code: '000000' }, address)).statusCode);
    }
    // Twelve people of one office each mistyping a code: nobody is refused.
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    // The address's own limit (ADDRESS_LIMIT, all accounts together) still holds.
    await t.ctx.database.db.updateTable('rate_limits').set({ count: ADDRESS_LIMIT.limit }).where('key', '=', `otp:ip:${address}`).execute();
    const uuid = await addMember(t, orgId, { email: 'addr-last@demo.local', level: 2, mfa: true });
    const challenge = await startOtpChallenge(
      t.ctx,
      { uuid, email: 'addr-last@demo.local', displayName: 'A', totpSecret: null },
      'email',
      null,
    );
    expect((await token({ grant_type: 'otp_code', client_code: challenge.client_code, otp_code: '000000' }, address)).statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const uuid = await addMember(t, orgId, { email: 'late@demo.local', level: 2, mfa: true });
    const challenge = await startOtpChallenge(
      t.ctx,
      { uuid, email: 'late@demo.local', displayName: 'Late', totpSecret: null },
      'email',
      null,
    );
    await t.ctx.database.db
      .updateTable('sign_in_codes')
      .set({ expires_date: new Date(Date.now() - 1000).toISOString() })
      .where('identity_uuid', '=', uuid)
      .execute();
    const response = await token(
      { grant_type: 'otp_code', client_code: challenge.client_code, otp_code: await lastCodeFor('late@demo.local') },
      nextAddress(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });
});
