/**
 * A federated sign-in is bound to the browser that started it (docs/product/security.md#federated-sign-in):
 * login CSRF and session fixation. An attacker who starts a sign-in, signs in at the provider as
 * themselves and sends the return (or the hand-back `#/login?code=`) to a victim gets nothing: the
 * victim's browser lacks the start's cookie, so the return is refused and the code cannot be
 * exchanged there. A real provider (oidc-provider) on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { operatorAllowsLoopback, startTestProvider, type TestProvider } from '../../test-support/oidc-test-provider.ts';
import {
  directoryOf,
  exchangeCode,
  followReturn,
  hashQuery,
  providerReturn,
  startSignIn,
} from '../../test-support/federated-round-trip.ts';
import { FEDERATED_BROWSER_COOKIE, OTHER_BROWSER, federatedCookieOptions } from './oidc.ts';

describe.each(testDialects)('federated sign-in bound to its browser on %s', (dialect) => {
  let t: TestApp;
  let idp: TestProvider;

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: operatorAllowsLoopback() });
    idp = await startTestProvider(`${t.ctx.config.publicUrl}/oauth/federated/callback`, {
      'attacker-subject': { email: 'attacker@demo.local' },
      'victim-subject': { email: 'victim@demo.local' },
    });
    const demo = await placesOf(t, 'demo');
    await addMember(t, demo.orgId, { email: 'attacker@demo.local', level: 2 });
    await addMember(t, demo.orgId, { email: 'victim@demo.local', level: 2 });
    const admin = (await t.signIn('admin@demo.local')).access;
    const saved = await t.as(admin, {
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: directoryOf(idp),
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('puts a random value in an HttpOnly, SameSite=Lax cookie for /oauth, Secure over https', async () => {
    const first = await startSignIn(t, 'demo');
    const second = await startSignIn(t, 'demo');
    expect(first.location.href.startsWith(idp.issuer)).toBe(true);
    const cookie = first.response.cookies.find((c) => c.name === FEDERATED_BROWSER_COOKIE);
    expect(cookie).toMatchObject({ path: '/oauth', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    expect(cookie?.secure).toBeFalsy();
    expect(first.cookie).toMatch(/^[\w-]{40,}$/);
    expect(second.cookie).not.toBe(first.cookie);
    // Only its hash is stored, with the state.
    const states = await t.ctx.database.db.selectFrom('oidc_states').select('browser_hash').execute();
    expect(states.map((s) => s.browser_hash)).not.toContain(first.cookie);
    expect(federatedCookieOptions({ ...t.ctx, config: { ...t.ctx.config, publicUrl: 'https://docket.example' } }).secure).toBe(true);
  });

  it("refuses the provider's return in a browser that did not start the sign-in", async () => {
    // The attacker starts, signs in at the provider as themselves, and stops before the return.
    const attacker = await startSignIn(t, 'demo');
    const back = await providerReturn(t, idp, attacker, 'attacker-subject');
    // The victim's browser follows the return: without the cookie, or with its own sign-in's.
    const bare = await followReturn(t, back, undefined);
    expect(hashQuery(bare).get('code')).toBeNull();
    expect(hashQuery(bare).get('message')).toBe('federated_other_browser');
    const victim = await startSignIn(t, 'demo');
    const other = await followReturn(t, back, victim.cookie);
    expect(hashQuery(other).get('code')).toBeNull();
    expect(hashQuery(other).get('message')).toBe('federated_other_browser');
    // The browser that started it completes it, once.
    const own = await followReturn(t, back, attacker.cookie);
    expect(hashQuery(own).get('code')).toMatch(/^[\w-]{40,}$/);
    const again = await followReturn(t, back, attacker.cookie);
    expect(hashQuery(again).get('message')).toBe('federated_expired');
  });

  // docs/product/security.md#sign-in-messages: the provider's own words go to the log, a code to the screen.
  it("sends the sign-in screen a code for the provider's refusal, and its words to the organisation's log", async () => {
    const started = await startSignIn(t, 'demo');
    const state = started.location.searchParams.get('state') ?? '';
    const words = 'Your account is locked. Call +1 555 0100.';
    const back = new URL(`${t.ctx.config.publicUrl}/oauth/federated/callback`);
    back.search = new URLSearchParams({ state, error: 'access_denied', error_description: words }).toString();
    const landed = await followReturn(t, back, started.cookie);
    expect([...hashQuery(landed).entries()]).toEqual([['message', 'federated_provider_refused']]);
    expect(landed.href).not.toContain('555');
    const logged = await t.ctx.database.db
      .selectFrom('logs')
      .select(['summary', 'descrip'])
      .where('subject', '=', 'Federated sign-in failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ summary: 'The provider refused the sign-in', descrip: `access_denied: ${words}` });
  });

  it('exchanges the hand-back code only in the browser that started the sign-in', async () => {
    const attacker = await startSignIn(t, 'demo');
    const landed = await followReturn(t, await providerReturn(t, idp, attacker, 'attacker-subject'), attacker.cookie);
    const code = hashQuery(landed).get('code')!;
    // The attacker sends `#/login?code=…` to the victim, whose browser exchanges it automatically.
    const bare = await exchangeCode(t, code, undefined);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: 'invalid_grant', error_description: OTHER_BROWSER });
    const victim = await startSignIn(t, 'demo');
    const other = await exchangeCode(t, code, victim.cookie);
    expect(other.statusCode).toBe(400);
    expect(other.json().error_description).toBe(OTHER_BROWSER);
    expect(other.json().access_token).toBeUndefined();
    // In its own browser the code still works, once; the cookie is then cleared.
    const own = await exchangeCode(t, code, attacker.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().organisations).toEqual([{ app_id: 'demo', company: 'Demo Co' }]);
    expect(own.cookies.find((c) => c.name === FEDERATED_BROWSER_COOKIE)).toMatchObject({ value: '', path: '/oauth', maxAge: 0 });
    expect((await exchangeCode(t, code, attacker.cookie)).statusCode).toBe(400);
  });

  it('answers the refusal in French and Spanish', async () => {
    const attacker = await startSignIn(t, 'demo');
    const code = hashQuery(await followReturn(t, await providerReturn(t, idp, attacker, 'victim-subject'), attacker.cookie)).get('code')!;
    const refusalIn = async (language: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
          payload: new URLSearchParams({ grant_type: 'authorization_code', authorization_code: code }).toString(),
        })
      ).json().error_description;
    expect(await refusalIn('fr')).toBe(
      "Cette connexion n'a pas été commencée dans ce navigateur. Veuillez recommencer depuis la page de connexion.",
    );
    expect(await refusalIn('es')).toBe(
      'Este inicio de sesión no se comenzó en este navegador. Vuelva a empezar desde la página de inicio de sesión.',
    );
  });
});
