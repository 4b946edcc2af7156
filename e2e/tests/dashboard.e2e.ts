/**
 * The dashboard on the demo data (docs/product/reporting.md#dashboard, #cards): sign-in lands on
 * the default report with figures; the report, month and item switch and the browser's back
 * button restores them; the Table card in its five modes; the card schema editor refuses invalid
 * JSON without a request; missing schema, unknown template and unknown cards say so; axe-core
 * finds no serious or critical violation; screenshots in light, dark, French and at phone width.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DashboardPage, demoReportReady } from '../pages/dashboard-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

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

const currentMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
};
const previousMonth = () => {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-01`;
};

let report: { id: number; title: string };

test.describe('the dashboard', () => {
  // Each test walks through many screens of a dashboard that reads two years of figures; on a
  // shared 2-core machine that takes longer than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    report = await demoReportReady(request, access_token);
  });

  test('sign-in lands on the default report with its figures', async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.reader);
    await page.waitForURL(new RegExp(`#/dashboard/${report.id}`));
    const dashboard = new DashboardPage(page);
    await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
    await expect(dashboard.root).toHaveAttribute('data-report-date', currentMonth());
    const trir = dashboard.card('TRIR');
    await dashboard.waitForFigures();
    await expect(trir.getByTestId('metric-value')).toHaveText(/^\d+\.\d{2}$/);
    await expect(dashboard.table.getByRole('row', { name: /TRIR/ })).toBeVisible();
    await expect(page.getByTestId('echart').first()).toBeVisible();
    // A reader is offered no Manage Period and no layout editing.
    await expect(dashboard.toolbar.getByRole('button', { name: 'Edit layout' })).toHaveCount(0);
    await saveScreenshot(page, '80-dashboard-light');
  });

  test('the month, the item and the report switch, and back and forward restore them', async ({ page, request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const secondTitle = `Second report ${Date.now()}`;
    const other = await createDocumentViaApi(request, access_token, 'report', {
      title: secondTitle,
      schema: {
        dashboard: {
          template: 'Layout1',
          rows: [
            [{ type: 'Info', title: 'Second report card', descrip: 'Only here' }],
            [{ type: 'Mystery' }],
            [{ type: 'Metric', metric: 'no_such_metric' }],
          ],
        },
        broken: { template: 'nope', title: 'Broken page' },
      },
    });
    const bare = await createDocumentViaApi(request, access_token, 'report', { title: 'Dashboard e2e report without layout' });

    await new SignInPage(page).signInToDashboard(users.admin);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForFigures();

    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(dashboard.root).toHaveAttribute('data-report-date', previousMonth());
    await expect(page).toHaveURL(new RegExp(`reportDate=${previousMonth()}`));
    await expect(dashboard.card('TRIR').getByTestId('metric-value')).toHaveText(/\d/);

    // The month picker's month view: January of the year shown.
    await page.getByTestId('month-picker-button').click();
    await page.getByRole('dialog', { name: 'Month' }).getByRole('button', { name: 'Jan', exact: true }).click();
    await expect(dashboard.root).toHaveAttribute('data-report-date', new RegExp(`^${previousMonth().slice(0, 4)}-01-01$`));

    // Scope 1 and 2 items stand out in the item switcher; choosing a site narrows every card to it.
    await dashboard.switcher('item-switcher').click();
    await expect(page.locator('[role="option"][data-scope="1"]')).toHaveCount(1);
    const site = page.locator('[role="option"][data-scope="3"]').first();
    const siteName = (await site.innerText()).trim();
    await site.click();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    await expect(dashboard.switcher('item-switcher')).toHaveText(siteName);

    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]id=\d+/);
    await expect(dashboard.switcher('item-switcher')).toHaveText('Group');
    await page.goForward();
    await expect(dashboard.switcher('item-switcher')).toHaveText(siteName);

    // The month is kept for the session: leaving and coming back shows the same month.
    const shown = await dashboard.root.getAttribute('data-report-date');
    await page.goto('/#/docs/post');
    await page.goto('/#/dashboard');
    await expect(dashboard.root).toHaveAttribute('data-report-date', shown ?? '');

    await dashboard.choose('report-switcher', secondTitle);
    await page.waitForURL(new RegExp(`#/dashboard/${other.id}`));
    await expect(page.getByRole('heading', { name: 'Second report card' })).toBeVisible();
    await expect(page.getByText('Unconfigured component')).toBeVisible();
    await expect(page.getByText('No data found for configured metric!')).toBeVisible();

    await dashboard.choose('page-switcher', 'Broken page');
    await expect(page.getByTestId('template-not-found')).toHaveText('Report Template nope not found!');

    await page.goto(`/#/dashboard/${bare.id}`);
    await expect(page.getByRole('heading', { name: 'Missing schema' })).toBeVisible();
    await expect(page.getByText('This report does not have a schema configured.')).toBeVisible();
    await page.goto('/#/dashboard/999999');
    await expect(page.getByRole('heading', { name: 'Some configuration still needs to be completed' })).toBeVisible();
  });

  test('the Table card in its five modes, with search, one metric, stars and copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new SignInPage(page).signInToDashboard(users.admin);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForFigures();
    await expect(dashboard.table.getByRole('row', { name: /TRIR/ })).toBeVisible();

    expect(await dashboard.tableHeaders()).toEqual(['Metric', 'ITM', 'YTD', 'ROLL12', 'TARGET']);
    const month = Number(currentMonth().slice(5, 7));
    await dashboard.tableMode('YTD');
    await expect(dashboard.table.locator('thead th')).toHaveCount(1 + month);
    await dashboard.tableMode('ROLL12');
    await expect(dashboard.table.locator('thead th')).toHaveCount(13);
    await expect(page).toHaveURL(/[?&]mode=roll12/);
    await dashboard.tableMode('Years');
    await expect(dashboard.table.locator('thead th')).toHaveCount(6);
    await dashboard.tableMode('Pivot');
    await expect(dashboard.table.locator('thead th').first()).toHaveText('Item');
    await expect(dashboard.table.getByRole('rowheader', { name: 'Group' })).toBeVisible();
    await expect(dashboard.table.locator('thead th', { hasText: 'TRIR' })).toHaveCount(1);
    await saveScreenshot(page, '81-dashboard-table-pivot');
    await dashboard.tableMode('Current');

    const tableCard = dashboard.card('Safety statistics');
    await tableCard.getByRole('textbox', { name: 'Search' }).fill('trir');
    await expect(dashboard.table.getByTestId('report-table-row')).toHaveCount(1);
    await tableCard.getByRole('button', { name: 'Copy table' }).click();
    await expect(page.getByTestId('message-bar')).toHaveText('Table data copied to clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')[0]).toBe('Metric\tITM\tYTD\tROLL12\tTARGET');
    expect(copied.split('\n')[1]).toMatch(/^TRIR\t/);

    await tableCard.getByRole('button', { name: 'Add TRIR to my metrics' }).click();
    await expect(tableCard.getByRole('button', { name: 'Remove TRIR from my metrics' })).toHaveAttribute('aria-pressed', 'true');
    await tableCard.getByRole('textbox', { name: 'Search' }).fill('');
    await tableCard.getByText('Show Selected Only').click();
    await expect(dashboard.table.getByTestId('report-table-row')).toHaveCount(1);
    await tableCard.getByText('Show Selected Only').click();
    await tableCard.getByRole('button', { name: 'Remove TRIR from my metrics' }).click();
    await expect(tableCard.getByRole('button', { name: 'Add TRIR to my metrics' })).toBeVisible();

    await tableCard.getByRole('button', { name: 'Show TRIR for every item' }).click();
    await expect(page).toHaveURL(/[?&]metric=trir/);
    await expect(dashboard.table.getByRole('rowheader', { name: 'Group' })).toBeVisible();
    await tableCard.getByRole('button', { name: 'Back' }).click();
    await expect(page).not.toHaveURL(/[?&]metric=/);
  });

  test('the card schema editor refuses invalid JSON without a request and applies valid JSON', async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.admin);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForFigures();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/report/')) writes.push(request.url());
    });
    await dashboard.toolbar.getByRole('button', { name: 'Edit layout' }).click();
    await dashboard.card('TRIR').getByRole('button', { name: 'Edit card schema' }).click();
    const editor = page.getByRole('textbox', { name: 'Card schema (JSON)' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"type": "Metric", "title": ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('card-schema-problem')).toHaveText(/^Invalid Schema! /);
    expect(writes).toEqual([]);

    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"type": "Metric", "title": "TRIR this month", "metric": "trir", "cat": "itm"}');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(dashboard.card('TRIR this month').getByTestId('metric-value')).toHaveText(/\d|–/);
    expect(writes).toEqual([]);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`axe-core finds no serious or critical violation on the dashboard (${mode})`, async ({ page }) => {
      await new SignInPage(page).signInToDashboard(users.admin);
      if (mode === 'dark') {
        await page.evaluate(() => localStorage.setItem('docket.colorMode', 'dark'));
        await page.reload();
      }
      const dashboard = new DashboardPage(page);
      await dashboard.waitForFigures();
      await expect(page.getByTestId('echart').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (mode === 'dark') await saveScreenshot(page, '82-dashboard-dark');
    });
  }

  test('in French and at phone width', async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.admin);
    await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
    await page.reload();
    const dashboard = new DashboardPage(page);
    await expect(dashboard.root).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('label', { hasText: 'Rapport' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mois précédent' })).toBeVisible();
    await expect(page.locator('label', { hasText: 'Mode du tableau' })).toBeVisible();
    await expect(dashboard.switcher('table-mode')).toHaveText('Actuel');
    await expect(dashboard.card('TRIR').getByTestId('metric-value')).toHaveText(/^\d+,\d{2}$/);
    await saveScreenshot(page, '83-dashboard-french');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dashboard.card('TRIR')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The toolbar's selects take the phone's width each, one a line: the report as wide as the page.
    const fieldWidth = (id: 'report-switcher' | 'page-switcher') =>
      dashboard
        .switcher(id)
        .locator('xpath=ancestor::div[contains(@class, "MuiTextField-root")][1]')
        .evaluate((field) => Math.round(field.getBoundingClientRect().width));
    expect(await fieldWidth('report-switcher')).toBe(await fieldWidth('page-switcher'));
    await saveScreenshot(page, '84-dashboard-phone');
  });
});

test('an organisation without a report tells its administrator where reports are made; others ask an administrator', async ({ page }) => {
  // acme is seeded without reports (docs/product/reporting.md#dashboard).
  await new SignInPage(page).signInToDashboard('admin@acme.local');
  await expect(page.getByRole('heading', { name: 'Some configuration still needs to be completed' })).toBeVisible();
  await expect(page.getByText(/This organisation has no report yet\. Create one under Administration › Reports/)).toBeVisible();
  await expect(page.getByText('Ask an administrator to set up a report.', { exact: false })).toHaveCount(0);
  await saveScreenshot(page, '85-dashboard-no-report-administrator');
  await page.getByRole('link', { name: 'Go to Reports' }).click();
  await page.waitForURL(/#\/admin\/report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
  await page.goto('/#/dashboard');
  await page.reload(); // the language is read when the app starts
  await expect(page.getByRole('link', { name: 'Aller aux rapports' })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('docket.lang'));

  // Someone who is not an administrator keeps the old words and no link.
  await new SignInPage(page).signInAs(users.reader);
  await page.goto('/#/dashboard/999999');
  await expect(page.getByRole('heading', { name: 'Some configuration still needs to be completed' })).toBeVisible();
  await expect(page.getByText('There is no report you can read yet. Ask an administrator to set up a report.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Reports' })).toHaveCount(0);
});
