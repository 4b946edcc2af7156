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
