import { expect, test } from '@playwright/test';
import { ListPage } from '../pages/list-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('administration', () => {
  test('an administrator reaches the admin area and its lists run on the list engine', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    await new ShellPage(page).menuEntry('Administration').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    for (const section of [
      'Document Schemas',
      'Identities',
      'Access Control Entries',
      'Logs',
      'Outbox',
      'Directory settings',
      'All documents',
      'Sites',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(section) })).toBeVisible();
    }
    await saveScreenshot(page, '30-admin');

    await page.getByRole('link', { name: /Identities/ }).click();
    const list = new ListPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Identities' })).toBeVisible();
    // docs/product/administration.md#identities: the identities' default filter is "federated yes"; removing it lists everyone.
    const chip = list.chips.filter({ hasText: 'Federated is Yes (default filter)' });
    await expect(chip).toBeVisible();
    await chip.locator('.MuiChip-deleteIcon').click();
    await expect(list.rows.filter({ hasText: 'reader@demo.local' })).toBeVisible();
    await expect(list.rows.first()).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}|Ada Admin/);
    await saveScreenshot(page, '31-admin-identities');

    await list.rows.filter({ hasText: 'reader@demo.local' }).getByRole('cell').nth(1).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Identity' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password' }).fill('short');
    await expect(page.getByRole('button', { name: '1 Error' })).toBeVisible();

    await page.goto('/#/admin/logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    await expect(list.rows.first()).toBeVisible();
    await list.rows.first().click();
    await expect(page.getByTestId('row-card')).toBeVisible(); // logs open as a card
  });

  test('the schema editor validates the JSON and previews the form and the list', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    await page.goto('/#/admin/schemas');
    await expect(page.getByRole('heading', { level: 1, name: 'Document Schemas' })).toBeVisible();
    await page.getByTestId('builtin-type-row').filter({ hasText: 'risk_assessment' }).getByRole('link', { name: 'Customise' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schema risk_assessment' })).toBeVisible();
    const preview = page.getByTestId('schema-preview');
    await expect(preview.getByTestId('risk-matrix').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Type', exact: true })).toHaveValue('risk_assessment');
    await saveScreenshot(page, '32-schema-editor');

    // A type name with a space is refused, as the server would refuse it.
    await page.getByRole('textbox', { name: 'Type', exact: true }).fill('risk assessment');
    await expect(page.getByTestId('schema-problems')).toBeVisible();
    await expect(page.getByRole('button', { name: /problems? in the schema/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Type', exact: true }).fill('risk_assessment');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await preview.getByRole('tab', { name: 'List preview' }).click();
    await expect(preview.getByRole('columnheader', { name: 'Residual risk' })).toBeVisible();
  });

  test('a reader cannot reach the admin area and sees no Administration entry', async ({ page }) => {
    await new SignInPage(page).signInAs(users.reader);
    await expect(new ShellPage(page).menuEntry('Administration')).toHaveCount(0);
    await page.goto('/#/admin/configuration');
    await expect(page.getByRole('heading', { name: 'Not Authorised' })).toBeVisible();
    await expect(
      page.getByText('You do not have sufficient access rights to administer Administration for your organisation.'),
    ).toBeVisible();
    await page.goto('/#/admin/users');
    await expect(page.getByText(/You do not have sufficient access rights to administer/)).toBeVisible();
  });
});

test.describe('search', () => {
  test('the header box and the search screen find documents by text or by query', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    const box = page.getByRole('searchbox', { name: 'Search documents' });
    await box.fill('Safety week');
    await box.press('Enter');
    await page.waitForURL(/#\/search\?query=Safety/);
    await expect(page.getByTestId('search-count')).toHaveText(/^Results: [1-9]\d*$/);
    await expect(page.getByTestId('document-card').filter({ hasText: 'Safety week starts Monday' })).toBeVisible();
    await saveScreenshot(page, '33-search');

    await page.getByRole('radio', { name: 'Query' }).click();
    await expect(page.getByRole('radio', { name: 'Query' })).toBeChecked();
    const query = page.getByRole('searchbox', { name: 'Search', exact: true });
    await query.fill("doc_type = 'post'");
    await query.press('Enter');
    await expect(page.getByTestId('search-count')).toHaveText(/^Results: [1-9]\d*$/);
    await expect(page.getByTestId('document-card').first()).toBeVisible();
  });

  test('opened documents appear under Recent in the header picker', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    await page.getByTestId('document-card').first().getByRole('link', { name: 'Open' }).click();
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Recent' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Recent', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: new RegExp(title.slice(0, 20)) })).toBeVisible();
  });
});
