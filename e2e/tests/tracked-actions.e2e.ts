/**
 * Tracked actions (docs/product/workflow-and-timeline.md#tracked-actions): a safety visit's unsafe
 * observation raises a real child action, listed under the visit and in its owner's Todo, whose
 * page shows the visit by display id; the visit's Module field offers modules (not '1' or a
 * region) and the observation's category offers the keyword list's options.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

test("a safety visit's unsafe observation raises a child action listed under the visit and in the owner's Todo", async ({ page }) => {
  const action = `Tape the cable down ${Date.now()}`;
  await new SignInPage(page).signInAs(users.editor);
  const form = new DocumentFormPage(page);
  await form.goto('worksafe_safety_visit');
  await form.choose(form.combobox('Site'), 'Harbour Depot');
  await form.choose(form.combobox('Zone'), 'Quay');

  await form.combobox('Module').click();
  const modules = page.getByRole('listbox');
  await expect(modules.getByRole('option', { name: 'Health and Safety' })).toBeVisible();
  await expect(modules.getByRole('option')).toHaveText(['Environment', 'Health and Safety', 'Quality']);
  await modules.getByRole('option', { name: 'Health and Safety' }).click();
  await expect(form.combobox('Module')).toHaveValue('Health and Safety');

  await page.getByRole('button', { name: 'Add Observation' }).click();
  const observation = page.getByTestId('array-item').first();
  await form.choose(form.combobox('Type', observation), 'Unsafe Condition');
  await form.combobox('Category', observation).click();
  await expect(page.getByRole('option', { name: 'Housekeeping' })).toBeVisible();
  await page.getByRole('option', { name: 'Electrical' }).click();
  await form.textbox('Observation', observation).fill('Trailing cable across the walkway');
  await form.textbox('Action to take', observation).fill(action);
  await form.save.click();

  await page.waitForURL(/#\/docs\/worksafe_safety_visit\/\d+$/);
  const visitId = (await page.getByTestId('display-id').textContent())!;
  expect(visitId).toMatch(/^SV-\d{5}$/);
  const children = page.getByTestId('child-documents');
  await expect(children).toContainText(action);
  await saveScreenshot(page, '62-safety-visit-with-action');

  await children.getByText(action).click();
  await page.waitForURL(/#\/docs\/action\/\d+$/);
  await expect(page.getByTestId('parent-link')).toContainText(`Raised from ${visitId}`);
  await saveScreenshot(page, '63-action-raised-from-visit');
  await page.getByTestId('parent-link').getByRole('link', { name: visitId }).click();
  await page.waitForURL(/#\/docs\/worksafe_safety_visit\/\d+$/);

  // The author owns an action raised without owners: it is in their Todo.
  const shell = new ShellPage(page);
  await shell.openAccount();
  await shell.userDrawer.getByRole('tab', { name: 'Todo' }).click();
  await expect(shell.userDrawer.getByTestId('todo-open')).toContainText(action);
});

test('Add Action names the parent by its display id and title, not its database id', async ({ page, request }) => {
  const { access_token } = await apiTokens(request, users.admin);
  const answer = await request.get('/v3/demo/incident', { headers: { Authorization: `Bearer ${access_token}` }, params: { count: 1 } });
  const incident = ((await answer.json()) as { dataAr: { id: number; display_id: string; summary: string }[] }).dataAr[0]!;
  const named = `${incident.display_id} · ${incident.summary}`;
  const title = `Guard the grinder ${Date.now()}`;
  await new SignInPage(page).signInAs(users.admin);
  await page.goto(`/#/docs/incident/${incident.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Add Action' }).click();
  const form = new DocumentFormPage(page);
  await form.form.waitFor();
  // The read-only field showed the bare id (e.g. 866).
  await expect(form.textbox('Parent document')).toHaveValue(named);
  await form.textbox('Title').fill(title);
  await form.combobox('Actionees').click();
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  await page.keyboard.press('Escape'); // a multiple choice stays open after a pick
  await form.save.click();
  await page.waitForURL(/#\/docs\/action\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // On the saved action's page the field links to the parent.
  const parent = page.getByTestId('parent-document');
  await expect(parent.getByRole('link', { name: named })).toBeVisible();
  await saveScreenshot(page, '64-action-parent-document');
  await parent.getByRole('link', { name: named }).click();
  await page.waitForURL(new RegExp(`#/docs/incident/${incident.id}$`));
});
