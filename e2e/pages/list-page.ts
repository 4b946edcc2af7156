import type { Locator, Page } from '@playwright/test';

/** The list view of any type (docs/{type}). */
export class ListPage {
  readonly count: Locator;
  readonly chips: Locator;
  readonly rows: Locator;
  readonly cards: Locator;
  readonly groups: Locator;
  readonly filterButton: Locator;
  readonly filterDialog: Locator;

  constructor(readonly page: Page) {
    this.count = page.getByTestId('document-count');
    this.chips = page.getByTestId('filter-chip');
    this.rows = page.getByTestId('list-row');
    this.cards = page.getByTestId('document-card');
    this.groups = page.getByTestId('list-groups');
    this.filterButton = page.getByRole('button', { name: 'Filter', exact: true });
    this.filterDialog = page.getByRole('dialog', { name: /^Filter / });
  }

  async goto(type: string): Promise<void> {
    await this.page.goto(`/#/docs/${type}`);
    await this.count.waitFor();
  }

  async total(): Promise<number> {
    const text = (await this.count.textContent()) ?? '';
    return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
  }

  mode(name: 'Table' | 'Cards' | 'Groups'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}
