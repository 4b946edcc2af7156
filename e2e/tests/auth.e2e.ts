import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';
import { apiTokens } from '../pages/api.ts';

/** Stores a session whose access token the server will refuse, before the app first loads. */
async function seedSession(page: Page, refreshToken: string): Promise<void> {
  await page.addInitScript((token) => {
    const session = { accessToken: 'expired', refreshToken: token, expiresAt: 0, appId: 'demo', organisations: [] };
    localStorage.setItem('docket.session', JSON.stringify(session));
  }, refreshToken);
}

test.describe('sign-in', () => {
  test('signed out, / shows the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Docket - Sign in');
    await saveScreenshot(page, '01-sign-in');
  });

  test('blank e-mail or password gives "Email or password is blank!"', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.email.fill(users.admin);
    await signIn.submit.click();
    await expect(signIn.error).toHaveText('Email or password is blank!');
  });

  test('the right password, submitted with Enter, lands on the dashboard with the file cookie set', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.signInThroughForm(users.manager);
    await expect(new ShellPage(page).header.getByRole('button', { name: 'Account' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('docket.session') ?? '{}'));
    expect(stored.appId).toBe('demo');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'access_token')?.path).toBe('/file');
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    const answer = page.waitForResponse((response) => response.url().endsWith('/oauth/token'));
    await signIn.signIn(users.manager, 'not-the-password');
    const response = await answer;
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error_description: string };
    expect(body.error_description).toBe('Invalid username or password.');
    await expect(signIn.error).toHaveText(body.error_description);
    await saveScreenshot(page, '11-sign-in-error');
  });

  // docs/product/security.md#sign-in-messages: codes only; a link's own words never reach the alert.
  test("login?message= words the app's codes and ignores any other text", async ({ page }) => {
    await page.goto('/#/login?message=federated_other_browser');
    await expect(page.getByText('This sign-in was not started in this browser. Please start again from the sign-in page.')).toBeVisible();
    await page.goto('/#/login?message=Your%20account%20is%20locked.%20Call%20%2B1%20555%200100.');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your account is locked.', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an expired access token is refreshed transparently', async ({ page, request }) => {
    const tokens = await apiTokens(request, users.editor);
    await seedSession(page, tokens.refresh_token);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/oauth/token') && response.request().method() === 'POST');
    await page.goto('/#/docs/post');
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'News and Posts' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('docket.session') ?? '{}'));
    expect(stored.accessToken).not.toBe('expired');
    expect(stored.refreshToken).not.toBe(tokens.refresh_token); // refresh tokens rotate
  });

  test('a refused refresh returns to sign-in with its error_description', async ({ page }) => {
    await seedSession(page, 'revoked');
    const refused = page.waitForResponse((response) => response.url().endsWith('/oauth/token'));
    await page.goto('/#/docs/post');
    const response = await refused;
    expect(response.status()).toBe(400);
    const { error_description } = (await response.json()) as { error_description: string };
    await page.waitForURL(/#\/login\?message=/);
    await expect(page.getByText(error_description)).toBeVisible();
  });
});
