import type { Locator, Page } from '@playwright/test';

/** News and Posts: the list, the post page and the post form. */
export class NewsPage {
  readonly heading: Locator;
  readonly count: Locator;
  readonly cards: Locator;
  readonly createButton: Locator;
  readonly refreshButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'News and Posts' });
    this.count = page.getByTestId('document-count');
    this.cards = page.getByTestId('document-card');
    this.createButton = page.getByRole('link', { name: 'Create' });
    this.refreshButton = page.getByRole('button', { name: 'Refresh' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/docs/post');
    await this.heading.waitFor();
  }

  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The total the 'N Documents' chip shows. */
  async total(): Promise<number> {
    const text = (await this.count.textContent()) ?? '';
    return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
  }
}

export class PostFormPage {
  readonly title: Locator;
  readonly descrip: Locator;
  readonly tags: Locator;
  readonly save: Locator;
  readonly errorsButton: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('textbox', { name: 'Title' });
    this.descrip = page.getByRole('textbox', { name: 'Content' });
    this.tags = page.getByRole('combobox', { name: 'Tags' });
    this.save = page.getByRole('button', { name: 'Save' });
    this.errorsButton = page.getByRole('button', { name: /^\d+ Errors?$/ });
  }

  async fill(values: { title: string; descrip: string; tags?: string[] }): Promise<void> {
    await this.title.fill(values.title);
    await this.descrip.fill(values.descrip);
    for (const tag of values.tags ?? []) {
      await this.tags.fill(tag);
      await this.tags.press('Enter');
    }
  }
}
