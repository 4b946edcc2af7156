import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { collectViolations } from '../pages/csp-violations.ts';
import { DocumentActivityPage } from '../pages/document-activity-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * PDF preview (docs/product/workflow-and-timeline.md#pdf-preview): a PDF attached on the timeline
 * and the document's own PDF open in a preview drawn by pdf.js — page content visible, Download one
 * click away, Escape closes — under the app's Content-Security-Policy without a violation, on a
 * desktop in English and on a phone in French and dark mode. The files stay sandboxed attachments
 * (docs/product/security.md#pdf-preview).
 */

interface Incident {
  id: number;
  display_id: string;
}

async function harbourDepotIncident(request: APIRequestContext, summary: string): Promise<Incident> {
  const token = (await apiTokens(request, users.editor)).access_token;
  const answer = await request.get('/v3/demo/site', {
    headers: { Authorization: `Bearer ${token}` },
    params: { select: 'id,code,region_id' },
  });
  const site = ((await answer.json()) as { dataAr: { id: number; code: string; region_id: number }[] }).dataAr.find(
    (row) => row.code === 'HBR',
  );
  if (!site) throw new Error('the demo has no Harbour Depot');
  return createDocumentViaApi(request, token, 'incident', {
    summary,
    descrip: 'Pallet dropped from the second level.',
    incident_date: new Date().toISOString(),
    category: 'Near Miss',
    region_id: site.region_id,
    site_id: site.id,
  });
}

/** A real PDF to attach: another incident's PDF as the server makes it. */
async function pdfOf(request: APIRequestContext, incident: Incident): Promise<string> {
  const token = (await apiTokens(request, users.editor)).access_token;
  const answer = await request.get(`/v3/demo/incident/${incident.id}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.headers()['content-disposition']).toMatch(/^attachment;/);
  return (await answer.body()).toString('base64');
}

async function signedIn(browser: Browser, options: { colorScheme: 'light' | 'dark'; width: number; height: number; lang?: 'fr' }) {
  const context = await browser.newContext({
    colorScheme: options.colorScheme,
    viewport: { width: options.width, height: options.height },
  });
  const page = await context.newPage();
  const violations = await collectViolations(page);
  await new SignInPage(page).signInAs(users.editor);
  if (options.lang) await page.evaluate((lang) => localStorage.setItem('docket.lang', lang), options.lang);
  return { page, violations };
}

/** Waits for the first page to be drawn and checks that its canvas has ink on it. */
async function expectDrawnPage(preview: Locator, text: string): Promise<Locator> {
  const page = preview.getByTestId('pdf-page').first();
  await expect(page).toHaveAttribute('data-state', 'drawn', { timeout: 20_000 });
  await expect(page.locator('.textLayer')).toContainText(text);
  const inkedPixels = await page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let index = 0; index < data.length; index += 4) if (data[index]! < 128 && data[index + 1]! < 128 && data[index + 2]! < 128) dark++;
    return dark;
  });
  expect(inkedPixels).toBeGreaterThan(100);
  return page;
}

async function openMenuItem(page: Page, menuName: string, itemName: string): Promise<void> {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitem', { name: itemName }).click();
}

test.describe('PDF preview', () => {
  test('a PDF attached on the timeline and the document PDF preview in the app', async ({ browser, request }) => {
    const source = await harbourDepotIncident(request, 'Racking inspection source');
    const incident = await harbourDepotIncident(request, 'Pallet fall near dock 4');
    const pdf = await pdfOf(request, source);
    const { page, violations } = await signedIn(browser, { colorScheme: 'light', width: 1366, height: 860 });
    const activity = new DocumentActivityPage(page);
    await activity.goto('incident', incident.id);

    await expect(activity.composer).toHaveAttribute('data-state', 'idle');
    await activity.dropFiles([{ name: 'racking-report.pdf', mimeType: 'application/pdf', base64: pdf }]);
    const imported = activity.events('import_file');
    // The upload draws the PDF's first page as its thumbnail, off the request path: allow for a busy machine.
    await expect(imported).toHaveCount(1, { timeout: 30_000 });
    await imported.getByRole('link', { name: 'racking-report.pdf' }).click();

    const preview = page.getByTestId('pdf-preview');
    await expect(preview.getByRole('heading', { name: 'racking-report.pdf' })).toBeVisible();
    await expectDrawnPage(preview, 'Racking inspection source');
    await expect(preview.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Download' })).toBeEnabled();
    await saveScreenshot(page, '90-pdf-preview-attachment');
    // Zoom draws the page again, larger and sharp.
    const pageOne = preview.getByTestId('pdf-page').first();
    const fittedWidth = (await pageOne.boundingBox())!.width;
    await preview.getByRole('button', { name: 'Zoom in' }).click();
    await expect(preview.getByTestId('pdf-zoom')).toHaveText('125%');
    await expect(pageOne).toHaveAttribute('data-state', 'drawn');
    await expect.poll(async () => (await pageOne.boundingBox())!.width).toBeGreaterThan(fittedWidth * 1.2);
    // The download is the file itself, under its name.
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('racking-report.pdf');
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    // The document's own PDF: Preview PDF beside Download PDF.
    await openMenuItem(page, 'More actions', 'Preview PDF');
    await expect(preview.getByRole('heading', { name: `${incident.display_id}.pdf` })).toBeVisible();
    await expectDrawnPage(preview, 'Pallet fall near dock 4');
    await expect(preview.getByTestId('pdf-page').first().locator('.textLayer')).toContainText(incident.display_id);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'More actions' })).toBeFocused();
    expect(violations).toEqual([]);
    await page.context().close();
  });

  test('on a phone, in French and dark mode, the preview fills the screen and fits the page', async ({ browser, request }) => {
    const incident = await harbourDepotIncident(request, 'Chute de palette quai 2');
    const { page, violations } = await signedIn(browser, { colorScheme: 'dark', width: 390, height: 844, lang: 'fr' });
    await page.goto(`/#/docs/incident/${incident.id}`);
    await page.reload(); // the language is read when the app starts

    await openMenuItem(page, "Plus d'actions", 'Aperçu du PDF');
    const preview = page.getByTestId('pdf-preview');
    const drawn = await expectDrawnPage(preview, 'Chute de palette quai 2');
    await expect(preview.getByRole('region', { name: 'Page 1 sur 1' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Télécharger' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Fermer' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
    await expect(preview.getByTestId('pdf-zoom')).toHaveText('100 %');
    const pageBox = (await drawn.boundingBox())!;
    expect(pageBox.x).toBeGreaterThanOrEqual(0);
    expect(pageBox.x + pageBox.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, '91-pdf-preview-phone-french-dark');
    await preview.getByRole('button', { name: 'Fermer' }).click();
    await expect(preview).toHaveCount(0);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
