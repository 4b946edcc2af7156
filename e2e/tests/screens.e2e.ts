import { expect, test, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi, myUuid } from '../pages/api.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * Screenshots of every main screen of the schema-driven UI in light and dark mode
 * (e2e/artifacts/screenshots/4x-*), for people to look at: each screen is also checked to have
 * rendered its main element, so a blank picture fails the run.
 */
const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'list-table', path: '/docs/action', ready: (page) => expect(page.getByTestId('list-row').first()).toBeVisible() },
  { name: 'list-cards', path: '/docs/post', ready: (page) => expect(page.getByTestId('document-card').first()).toBeVisible() },
  { name: 'form', path: '/docs/risk_assessment/0?edit', ready: (page) => expect(page.getByTestId('risk-matrix').first()).toBeVisible() },
  {
    name: 'categorized-form',
    path: '/docs/investigation/0?edit',
    ready: (page) => expect(page.getByRole('tab', { name: 'SafeStart' })).toBeVisible(),
  },
  {
    name: 'admin',
    path: '/admin/configuration',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible(),
  },
  { name: 'schemas', path: '/admin/schemas', ready: (page) => expect(page.getByTestId('builtin-type-row').first()).toBeVisible() },
  { name: 'search', path: '/search?query=safety', ready: (page) => expect(page.getByTestId('search-count')).toBeVisible() },
];

for (const mode of ['light', 'dark'] as const) {
  test(`main screens in ${mode} mode`, async ({ page, request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const me = await myUuid(request, access_token);
    const action = await createDocumentViaApi(request, access_token, 'action', {
      summary: `Screenshot ${mode}: replace the worn guard`,
      descrip: 'The guard on press 4 is cracked.',
      due_date: '2030-03-01',
      actionee_ids: [me],
      priority: 5,
    });
    await new SignInPage(page).signInAs(users.admin);
    await page.evaluate((value) => localStorage.setItem('docket.colorMode', value), mode);
    await page.reload();
    for (const [index, screen] of screens.entries()) {
      await page.goto(`/#${screen.path}`);
      await screen.ready(page);
      await saveScreenshot(page, `4${index}-${screen.name}-${mode}`);
    }
    await page.goto(`/#/docs/action/${action.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Screenshot ${mode}: replace the worn guard` })).toBeVisible();
    await saveScreenshot(page, `4${screens.length}-document-${mode}`);
    await page.goto('/#/docs/action');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /^Filter / })).toBeVisible();
    await saveScreenshot(page, `4${screens.length + 1}-filter-${mode}`);
  });
}
