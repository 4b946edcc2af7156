import type { Locator, Page } from '@playwright/test';

/** The private layout: header, left drawer, user drawer. */
export class ShellPage {
  readonly header: Locator;
  readonly drawer: Locator;
  readonly userDrawer: Locator;
  readonly breadcrumb: Locator;
  readonly messageBar: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('header-bar');
    this.drawer = page.getByTestId('nav-drawer');
    this.userDrawer = page.getByTestId('user-drawer');
    this.breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    this.messageBar = page.getByTestId('message-bar');
  }

  menuEntry(name: string): Locator {
    const nav = this.drawer.getByRole('navigation');
    return nav.getByRole('link', { name }).or(nav.getByRole('button', { name }));
  }

  /**
   * Clicks a drawer entry once the Forms menu's types are there: they arrive after the screen's
   * content and push the entries below the Forms menu down, so a click aimed before that landed on
   * a form's entry instead (seen in a browser test: Administration opened nothing).
   */
  async openMenuEntry(name: string): Promise<void> {
    await this.drawer.getByRole('navigation').getByRole('list', { name: /\S/ }).first().waitFor();
    await this.menuEntry(name).click();
  }

  darkModeToggle(): Locator {
    return this.header.getByRole('button', { name: /Switch to (dark|light) mode/ });
  }

  /** `label` is the account button's name in the current language. */
  async openAccount(label = 'Account'): Promise<void> {
    await this.header.getByRole('button', { name: label }).click();
    await this.userDrawer.waitFor();
  }

  async signOut(): Promise<void> {
    await this.menuEntry('Sign out').click();
    await this.page.waitForURL(/#\/login\?message=/);
  }
}
