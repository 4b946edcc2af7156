import type { Locator, Page } from '@playwright/test';
import type { StoredSession } from '../../packages/web/src/api/session-store.ts';
import { apiTokens, DEMO_PASSWORD } from './api.ts';

/** Every demo account's password when SEED_PASSWORD is unset (README); tests import it from here. */
export { DEMO_PASSWORD };

/** Where sign-in lands: the dashboard (its default report, or the message that one is missing). */
export const LANDING_URL = /#\/dashboard(\/\d+)?(\?.*)?$/;

export const users = {
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  editor: 'editor@demo.local',
  reader: 'reader@demo.local',
} as const;

export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.error = page.getByTestId('sign-in-error');
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/login');
  }

  /** Fills the form and submits with Enter (the keyboard path the spec requires). */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  /**
   * Signs in through the form's own call (the token endpoint, which also sets the file cookie) and
   * stores the session where the app keeps it, without loading the sign-in screen. Most tests are
   * not about the form (auth.e2e.ts is): on a 2-core runner the form and the landing dashboard
   * cost a test about 1.5 s (e2e/README.md). What it stores is the web app's `StoredSession`, as
   * `startFromTokens` writes it (packages/web/src/api/session-store.ts): the organisation in
   * context is the first, as the form picks it in a fresh browser.
   */
  async startSession(email: string, password = DEMO_PASSWORD): Promise<void> {
    const answer = await apiTokens(this.page.request, email, password);
    // Any same-origin document that is not the app gives the test the app's local storage.
    await this.page.goto('/api/health');
    await this.page.evaluate((tokens) => {
      const appId = tokens.organisations[0]?.app_id ?? null;
      const session: StoredSession = {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: Date.now() + tokens.expires_in * 1000,
        appId,
        organisations: tokens.organisations,
      };
      localStorage.setItem('docket.session', JSON.stringify(session));
      if (appId) localStorage.setItem('docket.lastApp', appId);
    }, answer);
  }

  /** Starts a session, then opens News and Posts (where most tests start). */
  async signInAs(email: string): Promise<void> {
    await this.startSession(email);
    await this.page.goto('/#/docs/post');
    await this.page.waitForURL(/#\/docs\/post$/);
  }

  /** Starts a session and opens the app where a signed-in user lands: the dashboard. */
  async signInToDashboard(email: string): Promise<void> {
    await this.startSession(email);
    await this.page.goto('/');
    await this.page.waitForURL(LANDING_URL);
  }

  /** Signs in through the form from a fresh page, with Enter, and waits for the landing dashboard. */
  async signInThroughForm(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.goto();
    await this.signIn(email, password);
    await this.page.waitForURL(LANDING_URL);
  }
}
