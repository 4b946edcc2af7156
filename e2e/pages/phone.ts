import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** A phone's screen, as the phone tests size it (docs/product/forms-and-lists.md#layouts). */
export const PHONE = { width: 390, height: 844 } as const;

/** The page itself does not scroll sideways: what is wider scrolls inside its own container. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width, `${screen} scrolls sideways by ${width} px`).toBeLessThanOrEqual(0);
}
