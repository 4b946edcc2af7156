import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users, LANDING_URL } from '../pages/sign-in-page.ts';

test.describe('the private shell', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('shows the header, the drawer, the breadcrumb and the page title after sign-in', async ({ page }) => {
    const shell = new ShellPage(page);
    await expect(shell.header).toBeVisible();
    await expect(shell.drawer).toBeVisible();
    await expect(shell.menuEntry('News and Posts')).toBeVisible();
    await expect(shell.menuEntry('Sign out')).toBeVisible();
    await expect(shell.menuEntry('Version')).toBeVisible();
    await expect(shell.menuEntry('Pin Menu')).toBeVisible();
    await expect(shell.menuEntry('Administration')).toBeVisible();
    await expect(shell.menuEntry('Search')).toBeVisible();
    // The Forms menu comes last among the main entries: once its types are listed, every fixed
    // entry is still in view where it was drawn (docs/product/forms-and-lists.md#layouts).
    const fixedEntries = ['Dashboard', 'News and Posts', 'Recent Activity', 'Search', 'Administration'];
    const positions = async () => Promise.all(fixedEntries.map(async (name) => (await shell.menuEntry(name).boundingBox())?.y));
    const before = await positions();
    await expect(shell.menuEntry('Incidents')).toBeVisible();
    expect(await positions()).toEqual(before);
    for (const name of fixedEntries) await expect(shell.menuEntry(name)).toBeInViewport({ ratio: 1 });
    await expect(shell.breadcrumb).toContainText('Docket');
    await expect(shell.breadcrumb).toContainText('Demo Co');
    await expect(shell.breadcrumb).toContainText('News and Posts');
    await expect(page).toHaveTitle('Docket - News and Posts');
    await saveScreenshot(page, '02-news-light');
  });

  test('toggles dark mode and remembers it across a reload', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.darkModeToggle().click();
    await expect(shell.header.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(20, 20, 20)');
    await saveScreenshot(page, '03-news-dark');

    await page.reload();
    await expect(shell.header.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await shell.openAccount();
    await saveScreenshot(page, '05-user-drawer-dark');
    await page.keyboard.press('Escape');
    await shell.darkModeToggle().click();
    await expect(shell.header.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    expect(await background()).toBe('rgb(254, 254, 254)');
  });

  test('pins the menu to its mini state and back', async ({ page }) => {
    const shell = new ShellPage(page);
    const width = async () => (await shell.drawer.boundingBox())?.width ?? 0;
    await expect.poll(width).toBe(280);
    await shell.menuEntry('Pin Menu').click();
    await page.mouse.move(900, 500); // leave the drawer so it rests in its mini state
    await expect.poll(width).toBe(64);
    await shell.menuEntry('Pin Menu').click();
    await expect.poll(width).toBe(280);
  });

  test('the user drawer shows the profile, roles and a language switch', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.openAccount();
    await expect(shell.userDrawer.getByTestId('profile-name')).toHaveText('Ada Admin');
    await expect(shell.userDrawer).toContainText('Demo Co');
    await expect(shell.userDrawer.getByTestId('role-grants')).toContainText('Administrator');
    await expect(shell.userDrawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await saveScreenshot(page, '04-user-drawer');

    await shell.userDrawer.getByRole('tab', { name: 'Preferences' }).click();
    await shell.userDrawer.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await page.keyboard.press('Escape');
    await expect(shell.menuEntry('Actualités et publications')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités et publications');

    await saveScreenshot(page, '12-news-french');
    await shell.openAccount('Compte');
    await shell.userDrawer.getByRole('tab', { name: 'Préférences' }).click();
    await shell.userDrawer.getByRole('combobox', { name: 'Langue' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.keyboard.press('Escape');
    await expect(shell.menuEntry('News and Posts')).toBeVisible();
  });

  test('the Version entry shows the app, required and server versions', async ({ page, request }) => {
    const health = (await (await request.get('/api/health')).json()) as { version: string };
    await new ShellPage(page).menuEntry('Version').click();
    const dialog = page.getByRole('dialog', { name: 'Version' });
    await expect(dialog).toContainText('App version 3.10.0314');
    await expect(dialog).toContainText('Required server version 3.0.0');
    await expect(dialog.getByTestId('server-version')).toHaveText(`Server version ${health.version}`);
    await saveScreenshot(page, '08-version');
  });

  test('each screen names itself in the breadcrumb and the browser title', async ({ page }) => {
    const shell = new ShellPage(page);
    for (const [route, name] of [
      ['/#/mail', 'Mail'],
      ['/#/search', 'Search'],
      ['/#/docs/$$event', 'Recent Activity'],
      ['/#/docs/incident', 'Incidents'],
    ] as const) {
      await page.goto(route);
      await expect(shell.breadcrumb).toContainText(name);
      await expect(page).toHaveTitle(`Docket - ${name}`);
    }
  });

  test('an unknown route shows Page Not Found inside the shell', async ({ page }) => {
    await page.goto('/#/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Check the URL and refresh')).toBeVisible();
    await expect(new ShellPage(page).drawer).toBeVisible();
    await expect(page).toHaveTitle('Docket - Page Not Found');
    await saveScreenshot(page, '09-not-found');
  });

  test('a record address whose id names no record shows Page Not Found, not a server refusal', async ({ page }) => {
    for (const route of ['/#/admin/schemas/edit', '/#/admin/users/abc', '/#/docs/incident/12a']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByText(/Invalid params/)).toHaveCount(0);
    }
  });

  test('the error route offers Sign out and Try again, in its own words only', async ({ page }) => {
    // docs/product/security.md#sign-in-messages: a link's words never reach the page.
    await page.goto('/#/error?error=Your%20account%20is%20locked&error_message=Call%20%2B1%20555%200100');
    await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
    await expect(page.getByText('Your account is locked')).toHaveCount(0);
    await expect(page.getByText('555 0100', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(LANDING_URL);
    await page.goto('/#/error?error=x');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
  });

  test("a refused session call leads to the error route with the server's words", async ({ page }) => {
    await page.route('**/v3/account/session*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'forbidden', error_description: 'This organisation is suspended.' }),
      }),
    );
    await page.goto('/#/docs/incident');
    await page.waitForURL(/#\/error\?error=no_subscription/);
    await expect(page.getByRole('heading', { name: 'No subscription(s) found.' })).toBeVisible();
    await expect(page.getByText('This organisation is suspended.')).toBeVisible();
  });

  // docs/product/forms-and-lists.md#messages: a tab opened before a release reloads into the new build.
  test('a screen whose code is gone from the server reloads the page once and opens', async ({ page }) => {
    let refused = 0;
    await page.route('**/assets/document-list-page-*.js', (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.goto('/#/docs/incident');
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
    expect(refused).toBe(1);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('sign out returns to sign-in with "You have been logged out."', async ({ page }) => {
    await new ShellPage(page).signOut();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await saveScreenshot(page, '10-signed-out');
    // The session is gone: the private area sends the user back to sign-in.
    await page.goto('/#/docs/post');
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test.describe('the Forms menu', () => {
  /** The type names under each category heading of the Forms entry, in the order shown. */
  async function formsOutline(page: Page): Promise<Map<string, string[]>> {
    const drawer = new ShellPage(page).drawer;
    await expect(drawer.getByRole('link', { name: 'Incidents' })).toBeVisible();
    const outline = new Map<string, string[]>();
    for (const group of await drawer.getByRole('list', { name: /./ }).all()) {
      const heading = await group.getAttribute('aria-label');
      if (heading) outline.set(heading, await group.getByRole('link').allInnerTexts());
    }
    return outline;
  }

  const sorted = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b));

  test('reads in alphabetical order, the same for an administrator and a reader', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    const admin = await formsOutline(page);
    await new ShellPage(page).signOut();
    await new SignInPage(page).signInAs(users.reader);
    const reader = await formsOutline(page);
    for (const outline of [admin, reader]) {
      expect([...outline.keys()]).toEqual(sorted([...outline.keys()]));
      for (const names of outline.values()) expect(names).toEqual(sorted(names));
      // Their catalogs came in two orders: the built-in one, and the server's.
      expect(outline.get('General')?.slice(0, 2)).toEqual(['Actions', 'Investigations']);
      expect(outline.get('Quality')).toEqual(['Checklists', 'Inspections']);
    }
  });
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a temporary drawer opened from the header', async ({ page }) => {
    await new SignInPage(page).signInAs(users.editor);
    const shell = new ShellPage(page);
    await expect(shell.drawer).toBeHidden();
    await expect(page.getByTestId('document-card').first()).toBeVisible();
    await saveScreenshot(page, '13-mobile-news');
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.drawer).toBeVisible();
    await expect(shell.menuEntry('Pin Menu')).toHaveCount(0); // pinning is for wide screens
    await saveScreenshot(page, '14-mobile-menu');
    await shell.menuEntry('News and Posts').click();
    await expect(shell.drawer).toBeHidden();
  });

  test("a long page title is shortened and never runs under the header's buttons", async ({ page }) => {
    await new SignInPage(page).signInAs(users.editor);
    const shell = new ShellPage(page);
    const title = shell.header.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').last();
    await expect(title).toHaveText('News and Posts');
    const titleBox = (await title.boundingBox())!;
    const buttons = await shell.header.getByRole('button').all();
    let buttonsRightOfTitle = 0;
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      if (box.x + box.width <= titleBox.x) continue; // the menu button, left of the title
      buttonsRightOfTitle += 1;
      expect(titleBox.x + titleBox.width, (await button.getAttribute('aria-label')) ?? 'a header button').toBeLessThanOrEqual(box.x);
    }
    expect(buttonsRightOfTitle).toBeGreaterThanOrEqual(3);
  });

  test("the screen's own name keeps a readable width beside an administrator's header buttons", async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    const shell = new ShellPage(page);
    await page.goto('/#/mail');
    const items = shell.header.getByRole('navigation', { name: 'Breadcrumb' }).locator('li:not(.MuiBreadcrumbs-separator)');
    // The product's name gives way on a phone (docs/product/forms-and-lists.md#layouts): 'Docket /' left 'Mail' no width.
    await expect(items).toHaveText(['Mail']);
    // Whole: its text is not cut short by an ellipsis.
    const fits = await items
      .last()
      .locator('> *')
      .evaluate((element) => element.scrollWidth <= element.clientWidth && element.clientWidth > 0);
    expect(fits).toBe(true);
    // A long name ends in an ellipsis but keeps a readable width.
    await page.goto('/#/dashboard');
    await expect(items).toHaveText(['Safety Performance']);
    expect((await items.last().boundingBox())!.width).toBeGreaterThan(60);
  });
});
