/**
 * Smaller gaps found in the field (docs/product/documents-and-schemas.md#survey-and-risk,
 * docs/product/access.md#grants): the risk matrix as a coloured grid as well as dropdowns, and an
 * access control entry's roles and document types picked from lists, not typed.
 */
import { expect, test } from '@playwright/test';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('smaller field gaps', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('the risk matrix is a coloured grid too: a cell chooses both metrics', async ({ page }) => {
    const form = new DocumentFormPage(page);
    await form.goto('risk_assessment');
    const risk = page.getByTestId('risk-matrix').first();
    const grid = risk.getByTestId('risk-grid');
    await expect(grid).toBeVisible();
    // 5 likelihoods × 5 severities, each cell coloured by its band.
    await expect(grid.getByRole('button')).toHaveCount(25);
    const low = grid.locator('td[data-band="Low"]').first();
    const extreme = grid.locator('td[data-band="Extreme"]').first();
    const colour = (cell: typeof low) => cell.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await colour(low)).not.toBe(await colour(extreme));

    await grid.getByRole('button', { name: 'Likelihood Likely, Severity Moderate: 7 High' }).click();
    await expect(risk.getByTestId('risk-score')).toHaveText('Score: 7');
    await expect(risk.getByTestId('risk-criticality')).toHaveText('High');
    await expect(risk.getByRole('combobox', { name: 'Likelihood' })).toHaveText('Likely (4)');
    await expect(risk.getByRole('combobox', { name: 'Severity' })).toHaveText('Moderate (3)');
    await expect(grid.getByRole('button', { pressed: true })).toHaveAccessibleName(/Likely, Severity Moderate/);
    // The dropdowns move the outlined cell.
    await form.choose(risk.getByRole('combobox', { name: 'Severity' }), 'Catastrophic (5)');
    await expect(grid.getByRole('button', { pressed: true })).toHaveAccessibleName('Likelihood Likely, Severity Catastrophic: 9 Extreme');
    await saveScreenshot(page, 'field-gaps-01-risk-grid');
  });

  test('an access control entry picks roles and document types from lists', async ({ page }) => {
    await page.goto('/#/admin/acl/new');
    const form = new DocumentFormPage(page);
    await form.form.waitFor();
    await form.combobox('Roles').click();
    await expect(page.getByRole('option', { name: 'manager', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'reviewer', exact: true }).click();
    // Typing a name that is no role adds nothing.
    await form.combobox('Roles').fill('not-a-role');
    await form.combobox('Roles').press('Enter');
    await expect(form.form.getByRole('button', { name: 'reviewer' })).toBeVisible();
    await expect(form.form.getByText('not-a-role', { exact: true })).toHaveCount(0);

    await form.combobox('Document types').click();
    await page.getByRole('option', { name: 'Incident (incident)' }).click();
    await expect(form.form.getByRole('button', { name: 'Incident (incident)' })).toBeVisible();
    await saveScreenshot(page, 'field-gaps-02-acl-lists');
  });
});
