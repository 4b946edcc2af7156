import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiTokens, countViaApi, createDocumentViaApi, myUuid, type CreatedDocument } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { ListPage } from '../pages/list-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('the list view', () => {
  const marker = `List check ${Date.now()}`;
  const created: CreatedDocument[] = [];

  test.beforeAll(async ({ request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const me = await myUuid(request, access_token);
    for (const [index, priority] of [5, 4, 1].entries()) {
      created.push(
        await createDocumentViaApi(request, access_token, 'action', {
          summary: `${marker} #${index + 1}`,
          // Due before every action of the demo's history, so the list (due date ascending) shows
          // these on its first page.
          due_date: '2022-01-15',
          actionee_ids: [me],
          priority,
        }),
      );
    }
  });

  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('filter chips change the list, and removing one brings the documents back', async ({ page, request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const veryHigh = await countViaApi(request, access_token, 'action', "priority = 5 AND created_date >= '2023-01-01'");
    const list = new ListPage(page);
    await list.goto('action');
    const all = await list.total();
    expect(all).toBeGreaterThanOrEqual(3);
    // The type's default filter is in force and shown as a chip.
    await expect(list.chips).toHaveText([/\(default filter\)/]);

    await list.filterButton.click();
    const form = new DocumentFormPage(page);
    await form.choose(form.combobox('Priority', list.filterDialog), 'Very High');
    await list.filterDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(list.chips.filter({ hasText: 'Priority is Very High' })).toBeVisible();
    await expect.poll(() => list.total()).toBe(veryHigh);
    await expect(list.rows.filter({ hasText: `${marker} #3` })).toHaveCount(0);
    // Very High (5) is above 2: a flag, not red (red is above 5).
    await expect(list.rows.filter({ hasText: `${marker} #1` }).getByTestId('priority-flag')).toBeVisible();
    await saveScreenshot(page, '24-action-list-filtered');

    await list.chips.filter({ hasText: 'Priority is Very High' }).locator('.MuiChip-deleteIcon').click();
    await expect(list.chips.filter({ hasText: 'Priority' })).toHaveCount(0);
    await expect.poll(() => list.total()).toBe(all);

    // The chip is named 'Remove filter …': Enter on it removes it, as its ⓧ does.
    await list.filterButton.click();
    await form.choose(form.combobox('Priority', list.filterDialog), 'Very High');
    await list.filterDialog.getByRole('button', { name: 'Apply' }).click();
    const chip = page.getByRole('button', { name: /^Remove filter Priority is Very High/ });
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(list.chips.filter({ hasText: 'Priority' })).toHaveCount(0);
    await expect.poll(() => list.total()).toBe(all);
  });

  test('the display modes switch between table, cards and groups', async ({ page }) => {
    const list = new ListPage(page);
    await list.goto('action');
    await expect(list.rows.first()).toBeVisible();
    await list.mode('Cards').click();
    await expect(list.cards.first()).toBeVisible();
    await expect(list.rows).toHaveCount(0);
    await saveScreenshot(page, '25-action-cards');
    await list.mode('Groups').click();
    await expect(list.groups).toBeVisible();
    await expect(list.groups.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    await saveScreenshot(page, '26-action-groups');
    // Choosing a count shows those documents in the table, with the group as a chip.
    await list.groups.getByRole('row', { name: /Total/ }).last().getByRole('button').last().click();
    await expect(list.rows.first()).toBeVisible();
    await list.mode('Table').click();
    await expect(list.rows.first()).toBeVisible();
  });

  test('options set the density and rows per page; rows open on click', async ({ page }) => {
    const list = new ListPage(page);
    await list.goto('action');
    await page.getByRole('button', { name: 'Options' }).click();
    const options = page.getByTestId('list-options');
    await options.getByRole('radio', { name: 'Small' }).check();
    await options.getByRole('radio', { name: '30' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('list-options')).toBeHidden();
    await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('30');
    await list.rows
      .filter({ hasText: `${marker} #2` })
      .getByRole('cell')
      .nth(2)
      .click();
    await page.waitForURL(/#\/docs\/action\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `${marker} #2` })).toBeVisible();
  });

  test('export downloads a spreadsheet with the listed rows', async ({ page }) => {
    const list = new ListPage(page);
    await list.goto('action');
    await list.filterButton.click();
    const form = new DocumentFormPage(page);
    await form.choose(form.combobox('Priority', list.filterDialog), 'Very High');
    await list.filterDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(list.chips.filter({ hasText: 'Priority is Very High' })).toBeVisible();

    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: /^Export / });
    await expect(dialog.getByRole('radio', { name: /Spreadsheet/ })).toBeChecked();
    await saveScreenshot(page, '27-export-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Actions_\d{4}-\d{2}-\d{2}\.xls$/);
    const content = await readFile(await download.path(), 'utf8');
    expect(content).toContain(created[0]?.display_id);
    expect(content).not.toContain(created[2]?.display_id); // priority 1 is filtered out
    await expect(page.getByTestId('message-bar')).toHaveText('Export downloaded');
  });
});

test.describe('an empty list on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('says that no documents match where the user can see it, not beyond the wide table', async ({ page }) => {
    await new SignInPage(page).signInAs(users.reader);
    // Travel requests: a wide table that no other browser test writes to, so it is empty whatever
    // ran before (incidents, actions and posts fill up as the suite goes).
    await page.goto('/#/docs/worksafe_travel_request');
    // A phone opens lists as cards (docs/product/forms-and-lists.md#display-modes); this is about the table.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();
    const message = page.getByText('No documents match.');
    await expect(message).toBeVisible();
    // The text itself (its cell spans every column of a table wider than the screen).
    const text = await message.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
    expect(text.left).toBeGreaterThanOrEqual(0);
    expect(text.right).toBeLessThanOrEqual(390);
  });
});
