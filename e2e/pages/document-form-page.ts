import type { Locator, Page } from '@playwright/test';

/** The form screen of any type (docs/{type}/{id}?edit). */
export class DocumentFormPage {
  readonly form: Locator;
  readonly save: Locator;
  readonly errorsButton: Locator;
  readonly errorsDialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('document-form');
    this.save = page.getByRole('button', { name: 'Save' });
    this.errorsButton = page.getByRole('button', { name: /^\d+ Errors?$/ });
    this.errorsDialog = page.getByRole('dialog', { name: /^Errors?$/ });
  }

  async goto(type: string, id: number | string = 0): Promise<void> {
    await this.page.goto(`/#/docs/${type}/${id}?edit`);
    await this.form.waitFor();
  }

  /** The messages the 'Errors' dialog lists (it is closed again afterwards). */
  async errorMessages(): Promise<string> {
    await this.errorsButton.click();
    const text = (await this.errorsDialog.textContent()) ?? '';
    await this.errorsDialog.getByRole('button', { name: 'Close' }).click();
    await this.errorsDialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Picks an option of a select or lookup (autocomplete) field by its visible label. */
  async choose(field: Locator, option: string | RegExp): Promise<void> {
    await field.click();
    await this.page.getByRole('option', { name: option }).first().click();
    await this.page
      .getByRole('listbox')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
  }

  /**
   * A select or lookup by its label. A select's accessible name is its label followed by the
   * chosen option ("Format Text"), so the label is matched as the name's first words.
   */
  combobox(name: string, within: Locator = this.form): Locator {
    const label = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return within.getByRole('combobox', { name: new RegExp(`^${label}( |$)`) });
  }

  textbox(name: string, within: Locator = this.form): Locator {
    return within.getByRole('textbox', { name, exact: true });
  }
}
