/**
 * The report header card on the demo dashboard (docs/product/reporting.md#cards): the month's date,
 * 'Reporting period {from} - {to}, Last updated {time}, {n} Manual Metrics' ('1 Manual Metric'), and the actions the
 * rules of report data allow — an administrator edits, deletes (after the master's warning) and
 * refreshes; a reader gets none; a closed period shows 'Period Closed' instead; French words.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { demoReportReady } from '../pages/dashboard-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

interface Row {
  id: number;
  report_date: string;
  [key: string]: unknown;
}

let adminToken: string;
let reportId: number;

async function masterItems(request: APIRequestContext): Promise<Row[]> {
  const response = await request.get('/v3/demo/report_data', {
    headers: { Authorization: `Bearer ${adminToken}` },
    params: { filter: `report_id = ${reportId} AND scope = 1 AND master = true`, order: 'report_date asc', count: 500, start: 0 },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { dataAr: Row[] }).dataAr;
}

async function setClosed(request: APIRequestContext, row: Row, closed: boolean): Promise<void> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const fresh = (await (await request.get(`/v3/demo/report_data/${row.id}`, { headers })).json()) as Row;
  const body: Record<string, unknown> = { ...fresh, closed, meta: { version: (fresh.meta as { version?: number }).version } };
  for (const owned of ['data_normalised', 'display_id', 'doc_type', 'created_by', 'created_date', 'updated_date']) delete body[owned];
  const response = await request.put(`/v3/demo/report_data/${row.id}`, { headers, data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

async function headerCard(page: Page, query: string | null = ''): Promise<Locator> {
  if (query !== null) await page.goto(`/#/dashboard/${reportId}${query}`);
  const card = page.locator('[data-card-type="ReportHeader"]');
  await expect(card.getByTestId('report-header-summary')).toBeVisible({ timeout: 45_000 });
  return card;
}

const SUMMARY = /^Reporting period \d{2}\/\d{2}\/\d{2} - \d{2}\/\d{2}\/\d{2}, Last updated .+, \d+ Manual Metrics?$/;

test.describe('the report header card', () => {
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async ({ request }) => {
    ({ access_token: adminToken } = await apiTokens(request, users.admin));
    ({ id: reportId } = await demoReportReady(request, adminToken));
  });

  test("gives an administrator the period line, Edit, Delete with the master's warning, and Refresh", async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.admin);
    const card = await headerCard(page);
    await expect(card.getByTestId('report-header-date')).toHaveText(/^\d{2} \w+ \d{4}$/);
    await expect(card.getByTestId('report-header-summary')).toHaveText(SUMMARY);
    // The group item is shown: Edit opens its form.
    await expect(card.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', /#\/docs\/report_data\/\d+\?edit$/);
    await expect(card.getByRole('button', { name: 'Create' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Deleting the master report will delete the reporting period.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Data updated!')).toBeVisible({ timeout: 60_000 });
    await saveScreenshot(page, 'dashboard-report-header');
  });

  test('offers a reader no action', async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.reader);
    const card = await headerCard(page);
    await expect(card.getByTestId('report-header-summary')).toHaveText(SUMMARY);
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('link')).toHaveCount(0);
  });

  test.describe('in a closed period', () => {
    let closed: Row;

    test.beforeAll(async ({ request }) => {
      // The second oldest month of the demo: the other tests read the oldest and the latest ones.
      const masters = await masterItems(request);
      const second = masters[1];
      if (!second) throw new Error('the demo has fewer than two periods');
      closed = second;
      await setClosed(request, closed, true);
    });

    test.afterAll(async ({ request }) => {
      await setClosed(request, closed, false);
    });

    test("shows 'Period Closed' instead of the actions", async ({ page }) => {
      await new SignInPage(page).signInToDashboard(users.admin);
      const card = await headerCard(page, `?reportDate=${closed.report_date.slice(0, 10)}`);
      await expect(card.getByTestId('report-header-closed')).toHaveText('Period Closed');
      await expect(card.getByRole('button')).toHaveCount(0);
      await expect(card.getByRole('link')).toHaveCount(0);
    });
  });

  test('reads in French', async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.admin);
    await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
    await page.reload();
    const card = await headerCard(page, null);
    await expect(card.getByTestId('report-header-summary')).toHaveText(
      /^Période de rapport .+, Dernière mise à jour .+, (1 indicateur manuel|\d+ indicateurs manuels)$/,
    );
    await expect(card.getByRole('button', { name: 'Actualiser' })).toBeVisible();
  });
});

test.describe('the user drawer at phone width', () => {
  test('shows all four tab labels inside the drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await new SignInPage(page).signInToDashboard(users.manager);
    await page
      .getByRole('button', { name: /account/i })
      .first()
      .click();
    const drawer = page.getByTestId('user-drawer');
    await expect(drawer).toBeVisible();
    const edge = await drawer.boundingBox();
    for (const name of ['Profile', 'Todo', 'Metrics', 'Preferences']) {
      const tab = drawer.getByRole('tab', { name });
      const box = await tab.boundingBox();
      expect(box, name).not.toBeNull();
      // The label's own text fits its tab: nothing is cut by the drawer's edge.
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(edge!.x + edge!.width + 0.5);
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
    }
  });
});
