import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { ListPage } from '../pages/list-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * The built-in types in French and Spanish (docs/product/administration.md#localisation): titles,
 * labels, options, column headers, menu categories and every validation message.
 */
async function useLanguage(page: Page, language: 'en' | 'fr' | 'es'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('docket.lang', lang), language);
}

test.describe('built-in types in French and Spanish', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });

  test('a safety visit in French: title, labels, options and messages', async ({ page }) => {
    await useLanguage(page, 'fr');
    const form = new DocumentFormPage(page);
    await form.goto('worksafe_safety_visit');
    await page.reload(); // the language is read when the app starts
    await form.form.waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau : Visite de sécurité' })).toBeVisible();
    await expect(form.form.getByText('Responsables hiérarchiques').first()).toBeVisible();

    // Save first shows every problem (a new form does not open all red; docs/product/forms-and-lists.md#validation).
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Ajouter : Observation' }).click();
    const observation = page.getByTestId('array-item').first();
    await form.choose(form.combobox('Type', observation), 'Acte dangereux');
    await expect(form.textbox('Action à mener', observation)).toBeVisible();

    await page.getByRole('button', { name: /\d+ erreurs?/ }).click();
    const errors = page.getByRole('dialog', { name: /^Erreurs?$/ });
    await expect(errors).toContainText('Veuillez choisir un site');
    await expect(errors).toContainText('Veuillez décrire l’observation');
    await expect(errors).toContainText('Chaque acte dangereux ou situation dangereuse doit avoir une action associée');
    await saveScreenshot(page, '70-safety-visit-french-errors');
  });

  test('an incident in French: a number rule reads in French', async ({ page }) => {
    await useLanguage(page, 'fr');
    const form = new DocumentFormPage(page);
    await form.goto('incident');
    await page.reload();
    await form.form.waitFor();
    await form.form.getByRole('checkbox', { name: 'Arrêt de travail' }).check();
    await form.form.getByLabel('Jours perdus').fill('0');
    await page.getByRole('button', { name: /\d+ erreurs?/ }).click();
    await expect(page.getByRole('dialog', { name: /^Erreurs?$/ })).toContainText('doit être supérieur ou égal à 1');
  });

  test('the incident list in Spanish: title, column headers and the Forms menu category', async ({ page }) => {
    await useLanguage(page, 'es');
    const list = new ListPage(page);
    await list.goto('incident');
    await page.reload();
    await list.count.waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'Incidentes' })).toBeVisible();
    for (const header of ['Resumen', 'Estado', 'Prioridad', 'Creado']) {
      await expect(page.getByRole('columnheader', { name: header }).first()).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Salud y seguridad' })).toBeVisible();
    await saveScreenshot(page, '71-incident-list-spanish');
  });

  test('a reference list of the administration in French: its heading and the breadcrumb', async ({ page }) => {
    await useLanguage(page, 'fr');
    await page.goto('/#/admin/currency');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Devises' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Devises' })).toBeVisible();
  });

  test('the schema list and editor in French, with the date picker and the code editor in French', async ({ page }) => {
    await useLanguage(page, 'fr');
    await page.goto('/#/admin/schemas');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Schémas de documents' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Modifié le' })).toBeVisible();
    await page.goto('/#/admin/schemas/new');
    await expect(page.getByRole('textbox', { name: "Masque d'identifiant" })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Avec événements' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Types enfants' })).toBeVisible();
    await expect(page.getByTitle('Replier la ligne').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Type', exact: true }).fill('new type');
    await expect(page.getByRole('button', { name: '1 problème dans le schéma' })).toBeVisible();

    const form = new DocumentFormPage(page);
    await form.goto('incident');
    await form.form.waitFor();
    await form.form
      .getByRole('button', { name: /^Choisir la date/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Mois précédent' })).toBeVisible();
  });
});

/** The server's refusals follow the user's language (docs/product/README.md#refusal-language). */
test.describe("the server's refusals in the user's language", () => {
  test('a refused sign-in in French, an unknown document in Spanish', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await useLanguage(page, 'fr');
    await page.reload(); // the language is read when the app starts
    await page.getByLabel('E-mail', { exact: true }).fill(users.reader);
    await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    await expect(signIn.error).toHaveText("Nom d'utilisateur ou mot de passe incorrect.");
    await saveScreenshot(page, '72-sign-in-refused-french');

    await useLanguage(page, 'en');
    await page.reload();
    await signIn.signInAs(users.reader);
    await useLanguage(page, 'es');
    await page.goto('/#/docs/incident/999999');
    await page.reload();
    await expect(page.getByText('No se encuentra ningún documento con esa referencia.')).toBeVisible();
    await expect(page.getByText('No document with that reference can be found.')).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });
});

/** The dashboard in the user's language (docs/product/reporting.md#metrics): cards and metrics carry their own translations. */
test.describe("the dashboard in the user's language", () => {
  test('a French site manager reads the demo dashboard with French report and card titles and metric labels', async ({ page }) => {
    await new SignInPage(page).signInAs(users.manager);
    await useLanguage(page, 'fr');
    await page.goto('/#/dashboard');
    await page.reload(); // the language is read when the app starts
    const dashboard = new DashboardPage(page);
    await expect(dashboard.card('TRIR').getByTestId('metric-value')).toHaveText(/\d/, { timeout: 45_000 });
    await expect(dashboard.card('Taux de gravité')).toBeVisible();
    await expect(dashboard.card('Severity rate')).toHaveCount(0);
    const statistics = dashboard.card('Statistiques de sécurité');
    await expect(statistics.getByTestId('report-table-row').filter({ hasText: 'Heures travaillées' })).toHaveCount(1);
    await expect(statistics.getByTestId('report-table-row').filter({ hasText: 'Dommages matériels' })).toHaveCount(1);
    await expect(statistics).not.toContainText('Hours worked');
    // The report's own title: the heading and the report switcher (docs/product/reporting.md#reports).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Performance sécurité');
    await expect(page.getByTestId('report-switcher')).toHaveText('Performance sécurité');
    // French plurals: the demo's one manual metric (hours worked) is 'indicateur', not 'indicateurs'.
    await expect(page.getByTestId('report-header')).toContainText(/, 1 indicateur manuel$/);
    await saveScreenshot(page, '73-dashboard-french');
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });
});
