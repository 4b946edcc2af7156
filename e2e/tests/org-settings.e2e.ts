/**
 * Organisation settings in the browser (docs/product/administration.md#settings): an administrator
 * changes the theme and a second signed-in member gets it at their next screen, a wrong colour is
 * refused in the form's words, the storage used shows against the 10 GB limit, and a member who
 * is not an administrator gets Not Authorised on every settings route.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

async function saveSettings(request: APIRequestContext, token: string, body: object): Promise<Record<string, Record<string, unknown>>> {
  const response = await request.put('/v3/account/settings?app=demo', { headers: { Authorization: `Bearer ${token}` }, data: body });
  if (!response.ok()) throw new Error(`settings save failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, Record<string, unknown>>;
}

test.describe('organisation settings', () => {
  test('an administrator changes the theme and a second signed-in user sees it', async ({ page, browser, request }) => {
    const token = (await apiTokens(request, users.admin)).access_token;
    const before = await request.get('/v3/account/settings?app=demo', { headers: { Authorization: `Bearer ${token}` } });
    const originalTheme = ((await before.json()) as { theme: Record<string, unknown> }).theme;

    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    try {
      await new SignInPage(readerPage).signInToDashboard(users.reader);
      const readerHeader = readerPage.getByTestId('header-bar');
      await expect(readerHeader).not.toHaveCSS('background-color', 'rgb(27, 94, 32)');

      await new SignInPage(page).signInAs(users.admin);
      await page.goto('/#/admin/configuration');
      await page.getByRole('link', { name: /^Theme/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Theme' })).toBeVisible({ timeout: 30_000 });
      const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
      await expect(primary).toHaveValue(String(originalTheme.primaryColor));

      // A colour the theme cannot use is refused in words, and nothing is sent.
      await primary.fill('dark green');
      await expect(page.getByText('must be a colour such as #263238')).toBeVisible();
      await expect(page.getByRole('button', { name: '1 Error' })).toBeVisible();

      await primary.fill('#1b5e20');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Document saved')).toBeVisible();
      await expect(page.getByTestId('header-bar')).toHaveCSS('background-color', 'rgb(27, 94, 32)');

      // The member, already signed in, gets it at their next screen, without reloading the page.
      await readerPage.goto('/#/docs/post');
      await expect(readerHeader).toHaveCSS('background-color', 'rgb(27, 94, 32)');
    } finally {
      await readerContext.close();
      const { themeUserAllow: _allow, ...theme } = originalTheme;
      await saveSettings(request, token, { theme });
    }
  });

  test('an administrator sees the storage used against the 10 GB limit', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    await page.goto('/#/admin/settings/storage');
    // The settings screen is a lazy chunk: on a busy machine its first load can take a while.
    await expect(page.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible({ timeout: 30_000 });
    const usage = page.getByTestId('storage-usage');
    await expect(usage.getByRole('heading', { name: 'Storage used' })).toBeVisible();
    await expect(usage.getByText(/MB of 10,240 MB/)).toBeVisible();
    for (const category of ['Documents', 'Attachments', 'Thumbnails', 'Mail', 'Exports']) {
      await expect(usage.getByRole('listitem').filter({ hasText: new RegExp(`^${category}: [\\d,.]+ MB$`) })).toBeVisible();
    }
    await expect(usage.getByTestId('echart')).toBeVisible();
    await expect(usage.getByTestId('echart').locator('svg').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Largest image side (px)' })).toBeVisible();
  });

  test('a non-administrator gets Not Authorised on every settings route', async ({ page }) => {
    await new SignInPage(page).signInAs(users.reader);
    for (const prefix of ['settings', 'configuration']) {
      for (const [name, title] of [
        ['general', 'General settings'],
        ['theme', 'Theme'],
        ['storage', 'Storage'],
        ['mail', 'Mail settings'],
      ]) {
        await page.goto(`/#/admin/${prefix}/${name}`);
        // admin/settings/mail is the mail connectors screen; the organisation's mail settings are
        // at admin/configuration/mail.
        const screen = prefix === 'settings' && name === 'mail' ? 'Mail connectors' : title;
        await expect(
          page.getByText(`You do not have sufficient access rights to administer ${screen} for your organisation.`),
        ).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      }
    }
  });
});
