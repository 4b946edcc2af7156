import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi, myUuid } from '../pages/api.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/** Serious and critical WCAG 2 A/AA violations on the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test.describe('accessibility (axe-core)', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the list, form and document pages have no serious or critical violation (${mode})`, async ({ page, request }) => {
      const { access_token } = await apiTokens(request, users.admin);
      const me = await myUuid(request, access_token);
      const action = await createDocumentViaApi(request, access_token, 'action', {
        summary: `Accessibility check ${mode}`,
        due_date: '2030-02-01',
        actionee_ids: [me],
        priority: 4,
      });
      if (mode === 'dark') await page.evaluate(() => localStorage.setItem('docket.colorMode', 'dark'));

      await page.goto('/#/docs/action');
      await page.reload();
      await expect(page.getByTestId('list-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/#/docs/worksafe_safety_visit/0?edit');
      await expect(page.getByTestId('document-form')).toBeVisible();
      await page.getByRole('button', { name: 'Add Observation' }).click();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/#/docs/action/${action.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Accessibility check ${mode}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // Every other screen a member works in, on a phone in dark mode (the strictest contrast case);
  // each names itself with a level-1 heading (WCAG 2.4.6), whatever state it is in.
  test('the dashboard, search, activity, metrics, mail and administration screens have no serious or critical violation (phone, dark)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('docket.colorMode', 'dark'));
    const screens = [
      '/dashboard',
      '/docs/search',
      '/docs/$$event',
      '/metrics',
      '/mail',
      '/mail/settings',
      '/admin/configuration',
      '/admin/users',
      '/admin/acl',
      '/admin/logs',
      '/admin/schemas/incident',
      '/admin/settings/mail',
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(`/#${screen}`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousViolations(page)).map((line) => `${screen}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});
