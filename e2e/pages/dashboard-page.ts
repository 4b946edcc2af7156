import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The dashboard (docs/product/reporting.md#dashboard): toolbar, cards and the Table card. */
export class DashboardPage {
  readonly root: Locator;
  readonly toolbar: Locator;
  readonly cards: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('dashboard');
    this.toolbar = page.getByTestId('dashboard-toolbar');
    this.cards = page.getByTestId('dashboard-card');
    this.table = page.getByTestId('report-table').first();
  }

  /**
   * Waits for the first figures. The first paint after sign-in loads the dashboard's chunks and the
   * month's data; on a loaded shared machine that can take longer than an assertion's default wait.
   */
  async waitForFigures(): Promise<void> {
    await expect(this.card('TRIR').getByTestId('metric-value')).toHaveText(/\d/, { timeout: 45_000 });
  }

  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** A toolbar select: 'report-switcher', 'page-switcher', 'item-switcher' or 'table-mode'. */
  switcher(id: 'report-switcher' | 'page-switcher' | 'item-switcher' | 'table-mode'): Locator {
    return this.page.getByTestId(id).first();
  }

  async choose(id: Parameters<DashboardPage['switcher']>[0], option: string | RegExp): Promise<void> {
    await this.switcher(id).click();
    await this.page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  }

  async tableMode(mode: 'Current' | 'YTD' | 'ROLL12' | 'Years' | 'Pivot'): Promise<void> {
    await this.choose('table-mode', mode);
  }

  /** The column headers of the first Table card. */
  async tableHeaders(): Promise<string[]> {
    return this.table.locator('thead th').allInnerTexts();
  }
}

/**
 * The demo's default report once its first refresh has finished (the engine's period job runs after
 * the first start): the figures the dashboard shows exist from then on.
 */
export async function demoReportReady(request: APIRequestContext, token: string): Promise<{ id: number; title: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const session = (await (await request.get('/v3/account/session', { headers })).json()) as {
    subscription: { app_config: { general?: { default_report_id?: number } } };
  };
  const id = session.subscription.app_config.general?.default_report_id;
  expect(id, 'the demo names its default report').toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const report = (await (await request.get(`/v3/demo/report/${id}`, { headers })).json()) as {
          refreshing?: boolean;
          percentComplete?: number;
        };
        return report.refreshing !== true && report.percentComplete === 1;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
  const report = (await (await request.get(`/v3/demo/report/${id}`, { headers })).json()) as { id: number; title: string };
  return report;
}
