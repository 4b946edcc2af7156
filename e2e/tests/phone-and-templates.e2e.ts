import { expect, test } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { expectNoSidewaysScroll, PHONE } from '../pages/phone.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * Defects seen in field use: the user drawer's tabs, a checklist's actions, the built-in types
 * table and every other screen must fit a 390 px phone (docs/product/forms-and-lists.md#layouts);
 * the schema's JSON keeps its line numbers beside wrapped lines
 * (docs/product/administration.md#schemas); and a checklist is a template — its form edits
 * categories, items, questions and guidance, and rates nothing
 * (docs/product/documents-and-schemas.md#checklists).
 */

const ACCOUNT = { en: 'Account', fr: 'Compte', es: 'Cuenta' } as const;
const START_INSPECTION = { en: 'Start inspection', fr: 'Démarrer une inspection', es: 'Iniciar inspección' } as const;

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

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

  test('the built-in types table fits the screen, its buttons in view', async ({ page }) => {
    await new SignInPage(page).startSession(users.admin);
    await page.goto('/#/admin/schemas');
    const rows = page.getByTestId('builtin-type-row');
    await expect(rows.filter({ hasText: 'incident' }).first()).toBeVisible();
    // Each row's title, and its type's name under it; Indexes and Customise within the screen.
    for (const row of (await rows.all()).slice(0, 3)) {
      for (const button of await row.getByRole('link').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(PHONE.width);
      }
    }
    const table = page.getByRole('table').filter({ has: rows.first() });
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    await expectNoSidewaysScroll(page, 'admin/schemas');
  });

  test('the JSON editor keeps each line number beside its wrapped line, before and after it is scrolled to', async ({ page }) => {
    await new SignInPage(page).startSession(users.admin);
    await page.goto('/#/admin/schemas/new?from=incident');
    const editor = page.getByTestId('json-code-editor').locator('.cm-editor');
    await expect(editor).toBeAttached();
    // Below the common properties, out of view: CodeMirror alone measured nothing there.
    expect((await editor.boundingBox())!.y).toBeGreaterThan(PHONE.height);
    const misaligned = () =>
      editor.evaluate((element) => {
        const lines = Array.from(element.querySelectorAll('.cm-content > .cm-line'), (line) => line.getBoundingClientRect());
        const numbers = Array.from(element.querySelectorAll('.cm-lineNumbers .cm-gutterElement')).filter(
          (number) => (number as HTMLElement).style.height !== '' && (number as HTMLElement).style.visibility !== 'hidden',
        );
        const wrapped = lines.filter((line) => line.height > lines[0]!.height * 1.5).length;
        const apart = numbers.filter((number) => {
          const box = number.getBoundingClientRect();
          return !lines.some((line) => Math.abs(line.top - box.top) < 1 && Math.abs(line.height - box.height) < 1);
        });
        return { wrapped, numbers: numbers.length, apart: apart.map((number) => number.textContent) };
      });
    await expect(async () => {
      const state = await misaligned();
      expect(state.wrapped, 'the description wraps on a phone').toBeGreaterThan(0);
      expect(state.numbers).toBeGreaterThan(10);
      expect(state.apart).toEqual([]);
    }).toPass({ timeout: 5_000 });
    await editor.scrollIntoViewIfNeeded();
    await expect(async () => expect((await misaligned()).apart).toEqual([])).toPass({ timeout: 5_000 });
    await expectNoSidewaysScroll(page, 'the schema editor');
  });

  // Every screen of the sweep at 390 px, in dark mode: the page itself never scrolls sideways.
  const SCREENS = {
    admin: [
      '/admin/configuration',
      '/admin/schemas/new?from=incident',
      '/admin/schemas/new?from=incident&tab=indexes',
      '/admin/users',
      '/admin/acl',
      '/admin/logs',
      '/admin/outbox',
      '/admin/settings/general',
      '/admin/settings/theme',
      '/admin/settings/storage',
      '/admin/settings/mail',
      '/admin/settings/tasks',
      '/admin/keyword_list',
      '/admin/all-documents',
      '/mail/settings',
    ],
    manager: ['/dashboard', '/docs/incident', '/docs/action', '/docs/inspection', '/docs/survey', '/search', '/docs/$$event', '/metrics'],
    reader: ['/dashboard', '/docs/incident', '/search', '/docs/$$event'],
  } as const;
  for (const [role, screens] of Object.entries(SCREENS) as [keyof typeof SCREENS, readonly string[]][]) {
    test(`no screen scrolls sideways for the ${role} (dark)`, async ({ page }) => {
      await new SignInPage(page).startSession(users[role]);
      await page.evaluate(() => localStorage.setItem('docket.colorMode', 'dark'));
      for (const screen of screens) {
        await page.goto(`/#${screen}`);
        await expect(page.getByRole('heading', { level: 1 }).first(), screen).toBeVisible();
        await expectNoSidewaysScroll(page, screen);
      }
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
