import type { Locator, Page } from '@playwright/test';

/** Every demo account's password when SEED_PASSWORD is unset (README). */
export const DEMO_PASSWORD = 'docket-demo-1';

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

  /** Signs in from a fresh page, waits for the landing dashboard, then opens News and Posts (where most tests start). */
  async signInAs(email: string): Promise<void> {
    await this.signInToDashboard(email);
    await this.page.goto('/#/docs/post');
    await this.page.waitForURL(/#\/docs\/post$/);
  }

  /** Signs in from a fresh page and waits for the landing screen: the dashboard. */
  async signInToDashboard(email: string): Promise<void> {
    await this.goto();
    await this.signIn(email);
    await this.page.waitForURL(LANDING_URL);
  }
}
