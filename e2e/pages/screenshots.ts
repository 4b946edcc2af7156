import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const folder = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** Saves a named screenshot of a main screen as a CI artefact (e2e/artifacts/screenshots). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // Let transitions (drawer, dialogs, snackbars) settle so the picture shows the resting state.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${folder}${name}.png`, fullPage: false });
}
