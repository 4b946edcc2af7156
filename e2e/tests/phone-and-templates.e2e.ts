import { expect, test } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * Two defects seen in field use: the user drawer's tabs must fit a 390 px phone in every language
 * (docs/product/forms-and-lists.md#layouts), and a checklist is a template — its form edits
 * categories, items, questions and guidance, and rates nothing
 * (docs/product/documents-and-schemas.md#checklists).
 */

const ACCOUNT = { en: 'Account', fr: 'Compte', es: 'Cuenta' } as const;
const START_INSPECTION = { en: 'Start inspection', fr: 'Démarrer une inspection', es: 'Iniciar inspección' } as const;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });

  for (const lang of ['en', 'fr', 'es'] as const) {
    test(`the user drawer's four tabs fit the screen (${lang})`, async ({ page }) => {
      await new SignInPage(page).signInAs(users.manager);
      await page.evaluate((language) => localStorage.setItem('docket.lang', language), lang);
      await page.reload(); // the language is read when the app starts
      const shell = new ShellPage(page);
      await shell.openAccount(ACCOUNT[lang]);
      const tabs = shell.userDrawer.getByRole('tab');
      await expect(tabs).toHaveCount(4);
      // Measured once the drawer has slid in (mid-slide, a tab stands a fraction past the edge).
      await expect(async () => {
        for (const tab of await tabs.all()) {
          const box = (await tab.boundingBox())!;
          expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(390);
          // The label is not cut off inside its tab.
          expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        }
      }).toPass({ timeout: 5_000 });
      const tablist = shell.userDrawer.getByRole('tablist');
      expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await tabs.last().click();
      await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
      if (lang === 'fr') await saveScreenshot(page, '92-user-drawer-tabs-phone-french');
    });
  }

  // The checklist page's header actions (Start inspection, Edit, Delete, the menu) wrap onto a
  // second line: on one, the French and Spanish labels pushed the page to 516 and 481 px.
  for (const lang of ['en', 'fr', 'es'] as const) {
    test(`a checklist's page does not scroll sideways (${lang})`, async ({ page, request }) => {
      const { access_token } = await apiTokens(request, users.admin);
      const checklist = await createDocumentViaApi(request, access_token, 'survey', {
        title: `Phone walk-round ${lang}`,
        type: 'inspection',
        category: 'Warehouse',
        items: [{ category: 'Housekeeping', title: 'Aisles clear' }],
      });
      await new SignInPage(page).signInAs(users.admin);
      await page.evaluate((language) => localStorage.setItem('docket.lang', language), lang);
      await page.goto(`/#/docs/survey/${checklist.id}`);
      await page.reload(); // the language is read when the app starts
      const actions = page.getByTestId('document-actions');
      await expect(actions.getByRole('button', { name: START_INSPECTION[lang] })).toBeVisible();
      for (const button of await actions.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (lang === 'fr') await saveScreenshot(page, '94-checklist-actions-phone-french');
    });
  }
});

test('a checklist template edits its items and questions and offers no rating', async ({ page, request }) => {
  const { access_token } = await apiTokens(request, users.admin);
  const checklist = await createDocumentViaApi(request, access_token, 'survey', {
    title: 'Loading bay walk-round',
    type: 'inspection',
    category: 'Warehouse',
    items: [
      { category: 'Housekeeping', title: 'Aisles clear', items: [{ title: 'Are the aisles free of obstacles?' }] },
      { category: 'Housekeeping', title: 'Spill kits stocked', descrip: 'One kit per bay.' },
    ],
  });
  await new SignInPage(page).signInAs(users.admin);
  const form = new DocumentFormPage(page);
  await form.goto('survey', checklist.id);
  const item = page.getByTestId('survey-item').filter({ hasText: 'Aisles clear' });
  await expect(item.getByText('Are the aisles free of obstacles?')).toBeVisible();
  await expect(page.getByTestId('survey-item').filter({ hasText: 'Spill kits stocked' })).toContainText('One kit per bay.');
  // Rating, notes and actions belong to inspections, not to their template.
  for (const rating of ['Poor', 'Sufficient', 'Good']) await expect(page.getByRole('button', { name: rating })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Action' })).toHaveCount(0);

  // The item's definition is edited under its details, without a rating field there either.
  await page.getByRole('button', { name: 'Details of item 1' }).click();
  const details = page.getByTestId('survey-item-details').first();
  await expect(details.getByRole('textbox', { name: 'Title' }).first()).toHaveValue('Aisles clear');
  await expect(details.getByRole('combobox', { name: 'Rating', exact: true })).toHaveCount(0);
  await details.getByRole('textbox', { name: 'Title' }).first().fill('Aisles and exits clear');
  await expect(page.getByTestId('survey-item').first()).toContainText('Aisles and exits clear');
  await saveScreenshot(page, '93-checklist-template-form');
});
