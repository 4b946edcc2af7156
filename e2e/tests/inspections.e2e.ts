/**
 * Inspections from checklist templates (docs/product/documents-and-schemas.md#inspections): an
 * editor starts one from the template list, answers it (Poor / Sufficient / Good, N/A, by mouse
 * and keyboard) with the score live, raises an action from a Poor item before the inspection was
 * ever saved, and adds a photo to an item; a later revision of the template leaves it unchanged,
 * and its PDF downloads from the server.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/** A 1×1 PNG: the smallest photo the upload checks accept. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function checklist(request: APIRequestContext, title: string) {
  const admin = (await apiTokens(request, users.admin)).access_token;
  const template = await createDocumentViaApi(request, admin, 'survey', {
    title,
    type: 'walk-round',
    category: 'Health and Safety',
    revision: 1,
    items: [
      { category: 'Housekeeping', title: 'Aisles clear', items: [{ title: 'Are pallets kept out of the aisles?' }] },
      { category: 'Housekeeping', title: 'Spill kit stocked' },
      { category: 'Fire', title: 'Exits unobstructed' },
    ],
  });
  return { admin, template };
}

const itemOf = (page: Page, title: string) => page.getByTestId('inspection-item').filter({ hasText: title });

test('an editor starts an inspection from a checklist, answers it with a live score, raises an action before saving and adds a photo', async ({
  page,
  request,
}) => {
  // A whole inspection, saved twice, with an upload: longer than one screen's test.
  test.setTimeout(120_000);
  const title = `Dock walk ${Date.now()}`;
  await checklist(request, title);
  await new SignInPage(page).signInAs(users.editor);
  await page.goto('/#/docs/inspection');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start inspection' })).toBeVisible();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Start inspection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Inspection' })).toBeVisible();

  const form = new DocumentFormPage(page);
  await form.choose(form.combobox('Site'), 'Harbour Depot');
  const score = page.getByTestId('inspection-score-value');
  await expect(score).toHaveText('Score 0 / 15 (0%)');
  // Keyboard: the answers are buttons, pressed with Space.
  await itemOf(page, 'Aisles clear').getByRole('button', { name: 'Good' }).focus();
  await page.keyboard.press('Space');
  await expect(score).toHaveText('Score 5 / 15 (33%)');
  await itemOf(page, 'Exits unobstructed').getByRole('button', { name: 'N/A' }).click();
  await expect(score).toHaveText('Score 5 / 10 (50%)');
  const poor = itemOf(page, 'Spill kit stocked');
  await expect(poor.getByRole('button', { name: 'Raise action' })).toHaveCount(0);
  await poor.getByRole('button', { name: 'Poor' }).click();
  await expect(score).toHaveText('Score 6 / 10 (60%)');
  await poor.getByRole('textbox', { name: 'Notes' }).fill('Kit at dock 2 is empty');
  // Photos need the saved inspection; the action does not.
  await expect(poor.getByRole('button', { name: 'Add photo' })).toBeDisabled();
  await poor.getByRole('button', { name: 'Raise action' }).click();
  const draft = poor.getByTestId('inspection-action-draft');
  await expect(draft).toContainText('The action will be created when you save.');
  await form.textbox('Action to take', draft).fill('Restock the spill kit at dock 2');
  await saveScreenshot(page, '60-inspection-form');
  await form.save.click();

  await page.waitForURL(/#\/docs\/inspection\/\d+$/);
  await expect(page.getByTestId('display-id')).toHaveText(/^INS-\d{5}$/);
  await expect(page.getByTestId('inspection-score-value')).toHaveText('Score 6 / 10 (60%)');
  await expect(itemOf(page, 'Spill kit stocked').getByTestId('inspection-action')).toContainText(/ACT-\d{5}/);
  await expect(page.getByTestId('child-documents')).toContainText('Restock the spill kit at dock 2');
  await expect(itemOf(page, 'Spill kit stocked')).toContainText('Kit at dock 2 is empty');

  // A photo on an item, uploaded on pick, kept by the next save.
  const id = /\/docs\/inspection\/(\d+)$/.exec(page.url())![1];
  await page.goto(`/#/docs/inspection/${id}?edit`);
  await itemOf(page, 'Aisles clear').locator('input[type=file]').setInputFiles({ name: 'aisle.png', mimeType: 'image/png', buffer: PHOTO });
  // The upload's checks and thumbnail run in the server's media pool: a loaded machine takes its time.
  await expect(itemOf(page, 'Aisles clear').getByRole('img', { name: 'aisle.png' })).toBeVisible({ timeout: 30_000 });
  await form.save.click();
  // An edit returns to the list (the inspection view has no card layouts).
  await page.waitForURL(/#\/docs\/inspection$/);
  await page.goto(`/#/docs/inspection/${id}`);
  await expect(itemOf(page, 'Aisles clear').getByRole('img', { name: 'aisle.png' })).toBeVisible();
  // Saving again raised no second action.
  await expect(page.getByTestId('child-documents').getByText('Restock the spill kit at dock 2')).toHaveCount(1);
  await saveScreenshot(page, '61-inspection-page');
});

test('a new revision of the checklist never changes an inspection already done', async ({ page, request }) => {
  const title = `Yard walk ${Date.now()}`;
  const { admin, template } = await checklist(request, title);
  const editor = (await apiTokens(request, users.editor)).access_token;
  const sites = await request.get('/v3/demo/site', { headers: { Authorization: `Bearer ${editor}` }, params: { count: 50 } });
  const harbour = ((await sites.json()) as { dataAr: { id: number; summary: string; region_id: number }[] }).dataAr.find(
    (site) => site.summary === 'Harbour Depot',
  )!;
  const inspection = await createDocumentViaApi(request, editor, 'inspection', {
    template_id: template.id,
    site_id: harbour.id,
    region_id: harbour.region_id,
  });
  const current = await (await request.get(`/v3/demo/survey/${template.id}`, { headers: { Authorization: `Bearer ${admin}` } })).json();
  const revised = await request.put(`/v3/demo/survey/${template.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { ...current, title: `${title} v2`, revision: 2, items: [{ category: 'New', title: 'Brand new question' }] },
  });
  expect(revised.status(), await revised.text()).toBe(200);

  await new SignInPage(page).signInAs(users.editor);
  await page.goto(`/#/docs/inspection/${inspection.id}`);
  // The first page after sign-in loads the types too: allow a loaded machine its time.
  await page.getByTestId('document-page').waitFor({ timeout: 30_000 });
  await expect(itemOf(page, 'Aisles clear')).toBeVisible();
  await expect(page.getByText('Brand new question')).toHaveCount(0);
  await expect(page.getByTestId('inspection')).toContainText(`revision 1`);
  // The PDF is made on the server (docs/product/forms-and-lists.md#document-pdf).
  await page.getByRole('button', { name: 'More actions' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^INS-\d{5}\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // A new inspection starts from the new revision.
  await page.goto(`/#/docs/inspection/0?edit&template=${template.id}`);
  await expect(itemOf(page, 'Brand new question')).toBeVisible();
  await expect(itemOf(page, 'Aisles clear')).toHaveCount(0);
});
