/**
 * A user changes their own password in the user drawer
 * (docs/product/identities-and-sign-in.md#own-password): a wrong current password shows the
 * error, a right one changes it, and the new password then signs in. A fresh member is created
 * for the test, so no other test's account is touched.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { LANDING_URL, SignInPage } from '../pages/sign-in-page.ts';
import { ShellPage } from '../pages/shell-page.ts';

const FIRST_PASSWORD = 'first-own-password-1';
const NEW_PASSWORD = 'second-own-password-2';

test('a user changes their own password in the drawer and signs in with the new one', async ({ page, request }) => {
  const email = `own-pw-${Date.now()}@demo.local`;
  const admin = (await apiTokens(request, 'admin@demo.local')).access_token;
  const created = await request.post('/v3/demo/users', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { email, display_name: 'Olive Own', password: FIRST_PASSWORD, mfa: false },
  });
  expect(created.status()).toBe(201);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, FIRST_PASSWORD);
  await page.waitForURL(LANDING_URL);
  const shell = new ShellPage(page);
  await shell.openAccount();
  await shell.userDrawer.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your password' });

  await dialog.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByTestId('change-password-error')).toHaveText('The current password is not correct.');

  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill('something-else-3');
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(FIRST_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByTestId('change-password-error')).toHaveText('The new passwords do not match.');

  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(shell.userDrawer.getByTestId('password-changed')).toContainText('Your password has been changed.');

  await shell.userDrawer.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/#\/login/);
  await signIn.signIn(email, FIRST_PASSWORD);
  await expect(signIn.error).toBeVisible();
  await signIn.password.fill(NEW_PASSWORD);
  await signIn.password.press('Enter');
  await page.waitForURL(LANDING_URL);
});
