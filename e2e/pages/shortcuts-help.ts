import type { Locator, Page } from '@playwright/test';

/** The 'Keyboard shortcuts' dialog that '?' opens (docs/product/forms-and-lists.md#keyboard-shortcuts). */
export class ShortcutsHelp {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** A listed shortcut by its label, e.g. 'Create a document'. */
  entry(label: string): Locator {
    return this.dialog.getByTestId(/^shortcut-/).filter({ has: this.page.getByRole('term').filter({ hasText: label }) });
  }

  groupTitles(): Locator {
    return this.dialog.getByRole('heading', { level: 3 });
  }
}
