/**
 * Forms that help (docs/product/forms-and-lists.md#form-screen, #validation, #field-values): a new
 * form does not open all red, Save stays in view on a phone, leaving with unsaved changes asks
 * first, location pickers say what to choose first and offer only sites where the user may create,
 * and the messages follow the user's language.
 */
import { expect, test } from '@playwright/test';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('forms that help', () => {
  test('a new form opens without errors; a field shows its error once left, Save shows them all', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    await expect(page.getByRole('heading', { level: 1, name: 'New Incident' })).toBeVisible();
    await expect(form.save).toBeVisible();
    await expect(form.errorsButton).toHaveCount(0);
    await expect(form.form.getByText('Please enter a title')).toHaveCount(0);
    await saveScreenshot(page, 'forms-help-01-new-incident');

    // Focusing Title and leaving it empty marks that one field, not the others.
    await form.textbox('Title').focus();
    await form.textbox('Description').focus();
    await expect(form.form.getByText('Please enter a title')).toBeVisible();
    await expect(form.form.getByText('Please select a category')).toHaveCount(0);
    await expect(form.errorsButton).toHaveText('1 Error');

    // Filling it clears it (Description, left in turn, now shows its own); Save then shows every
    // remaining problem, in place and counted.
    await form.textbox('Title').fill('Slipped on the stairs');
    await expect(form.form.getByText('Please enter a title')).toHaveCount(0);
    await expect(form.errorsButton).toHaveText('1 Error');
    await form.textbox('Description').fill('On the wet stairs by the canteen');
    await expect(form.errorsButton).toHaveCount(0);
    await form.save.click();
    await expect(form.errorsButton).toHaveText('2 Errors');
    await expect(form.form.getByText('Please select a category')).toBeVisible();
    await expect(page.getByText('Please fix the 2 errors shown before saving.')).toBeVisible();
    // The site waits for the region and says so, error or not.
    await expect(form.form.getByText('Please select a site — Choose Region first.')).toBeVisible();
  });

  test('on a phone, Save stays in view at the foot of a long form', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 760 });
    await new SignInPage(page).signInAs(users.admin);
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    const bar = page.getByTestId('form-save-bar');
    await expect(bar.getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300);
    await expect(bar.getByRole('button', { name: 'Save' })).toBeInViewport();
    await form.textbox('Title').fill('Still here');
    await page.mouse.wheel(0, 3000);
    await expect(bar.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expect(bar).toContainText('Unsaved changes');
    await saveScreenshot(page, 'forms-help-02-phone-save-bar');
  });

  test('leaving with unsaved changes asks first, in the app and when the tab closes; nothing is lost', async ({ page, context }) => {
    await new SignInPage(page).signInAs(users.admin);
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    // Untouched: Back leaves at once.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).not.toHaveURL(/\?edit/);

    await form.goto('incident');
    await form.textbox('Title').fill('Forklift near miss');
    await page.getByRole('button', { name: 'Back' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('You have unsaved changes. If you leave this page now, they will be lost.');
    await saveScreenshot(page, 'forms-help-03-leave-without-saving');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(ask).toHaveCount(0);
    await expect(form.textbox('Title')).toHaveValue('Forklift near miss');
    await expect(page).toHaveURL(/incident\/0\?edit/);

    // Reached through the list's links, the form's Back and the browser's Back ask as well.
    await page.getByRole('button', { name: 'Back' }).click();
    await ask.getByRole('button', { name: 'Leave and lose changes' }).click();
    await page.goto('/#/docs/incident');
    await page
      .getByRole('link', { name: /^INC-\d+$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/docs\/incident\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).click();
    await form.textbox('Title').fill('Changed, not saved');
    await page.getByRole('button', { name: 'Back' }).click();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await page.goBack();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(form.textbox('Title')).toHaveValue('Changed, not saved');
    await expect(page).toHaveURL(/\?edit/);

    // A menu entry asks too; Leave goes.
    await page.getByRole('link', { name: 'Recent Activity' }).click();
    await ask.getByRole('button', { name: 'Leave and lose changes' }).click();
    await expect(page).toHaveURL(/\$\$event/);

    // Closing the tab with unsaved changes gets the browser's own question.
    const tab = await context.newPage();
    const tabForm = new DocumentFormPage(tab);
    await tabForm.goto('incident');
    // A real click first: browsers ask on unload only after the user interacted with the page.
    await tabForm.textbox('Title').click();
    await tabForm.textbox('Title').fill('Typed, not saved');
    await expect(tab.getByTestId('form-save-bar')).toContainText('Unsaved changes');
    const question = tab.waitForEvent('dialog');
    await tab.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(tabForm.textbox('Title')).toHaveValue('Typed, not saved');
  });

  test("a site-scoped editor's site picker offers only the site where they may create", async ({ page }) => {
    await new SignInPage(page).signInAs(users.editor);
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    await expect(form.form.getByText('Choose Region first.')).toBeVisible();
    await form.choose(form.combobox('Region'), 'North');
    await form.combobox('Site').click();
    // North has North Plant and Harbour Depot; the editor's grant is at Harbour Depot only.
    await expect(page.getByRole('option', { name: 'Harbour Depot' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'North Plant' })).toHaveCount(0);
    await saveScreenshot(page, 'forms-help-04-creatable-sites');
  });

  test('in French, Save shows the problems and the question in French', async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
    await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    await page.reload();
    await form.form.waitFor();
    await expect(page.getByRole('button', { name: /\d+ erreurs?/ })).toHaveCount(0);
    await form.form.getByRole('checkbox', { name: 'Arrêt de travail' }).check();
    await form.form.getByLabel('Jours perdus').fill('0');
    // The touched field's problem shows at once, in French; the others wait for Save.
    await expect(form.form.getByText('doit être supérieur ou égal à 1')).toBeVisible();
    await expect(page.getByRole('button', { name: '1 erreur' })).toBeVisible();
    await expect(form.form.getByText('Veuillez saisir un titre')).toHaveCount(0);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' })).toBeVisible();
    await saveScreenshot(page, 'forms-help-05-french-leave');
    await page.getByRole('button', { name: 'Rester sur cette page' }).click();
    await expect(form.form.getByLabel('Jours perdus')).toHaveValue('0');
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });
});
