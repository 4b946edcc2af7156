import { expect, test } from '@playwright/test';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('forms on the generic engine', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('a safety visit: observations as cards, show/hide rules, and errors that block Save', async ({ page }) => {
    const form = new DocumentFormPage(page);
    await form.goto('worksafe_safety_visit');
    await expect(page.getByRole('heading', { level: 1, name: 'New Safety Visit' })).toBeVisible();
    // Site, zone and module are required; the visitor defaults to the current user. A new form
    // does not open all red: Save shows the problems (docs/product/forms-and-lists.md#validation).
    await expect(form.errorsButton).toHaveCount(0);
    await form.save.click();
    await expect(form.errorsButton).toHaveText('3 Errors');
    await expect(form.save).toHaveCount(0);
    expect(await form.errorMessages()).toContain('Please select a site');

    await expect(form.combobox('Zone')).toBeDisabled(); // greyed until the site is chosen
    await form.choose(form.combobox('Site'), 'North Plant');
    await expect(form.combobox('Zone')).toBeEnabled();
    await form.choose(form.combobox('Zone'), 'Assembly Hall');
    await form.choose(form.combobox('Module'), 'Health and Safety');
    await expect(form.save).toBeEnabled();

    await page.getByRole('button', { name: 'Add Observation' }).click();
    const observation = page.getByTestId('array-item').first();
    await expect(observation).toBeVisible();
    await expect(form.errorsButton).toHaveText('1 Error');
    // A positive observation offers "Action required" and hides the action.
    await expect(observation.getByRole('checkbox', { name: 'Action required' })).toBeVisible();
    await expect(form.textbox('Action to take', observation)).toHaveCount(0);

    await form.choose(form.combobox('Type', observation), 'Unsafe Act');
    await expect(observation.getByRole('checkbox', { name: 'Action required' })).toHaveCount(0);
    await expect(form.textbox('Action to take', observation)).toBeVisible();
    await expect(form.errorsButton).toHaveText('2 Errors');
    expect(await form.errorMessages()).toContain('Each unsafe act or unsafe condition requires an associated action');
    await saveScreenshot(page, '20-safety-visit-form-errors');

    await form.textbox('Observation', observation).fill('Trailing cable across the walkway');
    await form.textbox('Action to take', observation).fill('Tape the cable down');
    await expect(form.save).toBeEnabled();
    await form.save.click();

    await page.waitForURL(/#\/docs\/worksafe_safety_visit\/\d+$/);
    await expect(page.getByTestId('display-id')).toHaveText(/^SV-\d{5}$/);
    await expect(page.getByText('Trailing cable across the walkway').first()).toBeVisible();
    // Once in the observation, once as the child action it raised.
    await expect(page.getByText('Tape the cable down')).toHaveCount(2);
    await saveScreenshot(page, '21-safety-visit-page');
  });

  test('a risk assessment: the matrix sums the choices and finds the criticality band', async ({ page }) => {
    const form = new DocumentFormPage(page);
    await form.goto('risk_assessment');
    await form.textbox('Title').fill('Working at height on the loading bay');
    // Browse opens the regions' list in a picker dialog; a row click picks it.
    const picker = page.getByTestId('list-picker');
    await expect(async () => {
      await page.getByRole('button', { name: 'Browse Region' }).click();
      await expect(picker).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await picker.getByTestId('list-row').filter({ hasText: 'North' }).first().getByRole('cell').nth(2).click();
    await expect(picker).toBeHidden();
    await expect(form.combobox('Region')).toHaveValue('North');
    await form.choose(form.combobox('Site'), 'North Plant');
    await form.textbox('Hazard').fill('Fall from the dock edge');

    const risk = page.getByTestId('risk-matrix').first();
    // Unset metrics start at their first option: 1 + 1.
    await expect(risk.getByTestId('risk-score')).toHaveText('Score: 2');
    await expect(risk.getByTestId('risk-criticality')).toHaveText('Low');
    await form.choose(risk.getByRole('combobox', { name: 'Likelihood' }), 'Likely (4)');
    await form.choose(risk.getByRole('combobox', { name: 'Severity' }), 'Moderate (3)');
    await expect(risk.getByTestId('risk-score')).toHaveText('Score: 7');
    await expect(risk.getByTestId('risk-criticality')).toHaveText('High'); // min 7 is inclusive
    await form.choose(risk.getByRole('combobox', { name: 'Severity' }), 'Minor (2)');
    await expect(risk.getByTestId('risk-criticality')).toHaveText('Medium'); // 6 < max 7 of Medium
    await form.choose(risk.getByRole('combobox', { name: 'Severity' }), 'Catastrophic (5)');
    await expect(risk.getByTestId('risk-score')).toHaveText('Score: 9');
    await expect(risk.getByTestId('risk-criticality')).toHaveText('Extreme');
    await expect(risk.getByText('Investigation required')).toBeVisible();
    await saveScreenshot(page, '22-risk-assessment-form');

    await form.save.click();
    await page.waitForURL(/#\/docs\/risk_assessment\/\d+$/);
    await expect(page.getByTestId('risk-criticality').first()).toHaveText('Extreme');
  });

  test('an investigation: categories as tabs that follow the format', async ({ page }) => {
    const form = new DocumentFormPage(page);
    await form.goto('investigation');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Investigation', 'Conclusions', 'SafeStart']);
    await expect(page.getByRole('tab', { name: 'Investigation' })).toHaveAttribute('aria-selected', 'true');

    await form.choose(form.combobox('Format'), 'SCAT (event only)');
    await expect(tabs).toHaveText(['Investigation', 'SCAT', 'SafeStart']);
    await page.getByRole('tab', { name: 'SCAT' }).click();
    await expect(form.combobox('Potential loss severity')).toBeVisible();
    await expect(page.getByText('Immediate causes')).toHaveCount(0); // SCAT_F only

    await page.getByRole('tab', { name: 'Investigation' }).click();
    await form.choose(form.combobox('Format'), 'SCAT (full)');
    await page.getByRole('tab', { name: 'SCAT' }).click();
    await expect(page.getByRole('combobox', { name: 'Immediate causes' })).toBeVisible();
    await saveScreenshot(page, '23-investigation-scat');

    await page.getByRole('tab', { name: 'Investigation' }).click();
    await form.save.click();
    await expect(form.errorsButton).toHaveText('4 Errors');
    await form.textbox('Title').fill('Forklift near miss');
    await form.choose(form.combobox('Site'), 'North Plant');
    await form.choose(form.combobox('Zone'), 'Assembly Hall');
    await form.choose(form.combobox('Module'), 'Quality');
    await form.save.click();
    await page.waitForURL(/#\/docs\/investigation\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forklift near miss' })).toBeVisible();
  });

  test('the raw data toggle shows the JSON Data editor with its warning', async ({ page }) => {
    const form = new DocumentFormPage(page);
    await form.goto('action');
    await page.getByRole('switch', { name: 'Raw data' }).check();
    const raw = page.getByTestId('raw-data');
    await expect(raw.getByRole('heading', { name: 'JSON Data' })).toBeVisible();
    await expect(raw).toContainText('Modifying and saving the raw data may cause issues. Please be careful.');
    await expect(raw.getByTestId('json-code-editor')).toContainText('"due_date"');
  });

  test('validation messages follow the language: French required fields read "Requis: "', async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
    const form = new DocumentFormPage(page);
    // A site's region has no message of its own: the standard required message applies.
    await form.goto('site');
    await page.reload(); // the language is read when the app starts
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: /\d+ erreurs?/ }).click();
    await expect(page.getByRole('dialog', { name: /^Erreurs?$/ })).toContainText('Requis: Région');
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });
});
