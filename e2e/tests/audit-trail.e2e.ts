import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentActivityPage } from '../pages/document-activity-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * An audit trail nobody can erase (docs/product/workflow-and-timeline.md#event-history): an edited
 * comment says "edited" and opens its earlier text, a deleted one leaves a tombstone, the
 * 'Created' event offers neither Edit nor Delete (the organisation's lock is on by default), and
 * Recent Activity offers no Delete.
 */

/** An incident the demo's editor reports at their own site (Harbour Depot). */
async function editorIncident(request: APIRequestContext, summary: string): Promise<{ id: number; display_id: string }> {
  const admin = (await apiTokens(request, users.admin)).access_token;
  const sites = await request.get('/v3/demo/site', {
    headers: { Authorization: `Bearer ${admin}` },
    params: { select: 'id,code,region_id' },
  });
  const rows = ((await sites.json()) as { dataAr: { id: number; code: string; region_id: number }[] }).dataAr;
  const harbour = rows.find((row) => row.code === 'HBR')!;
  const editor = (await apiTokens(request, users.editor)).access_token;
  return createDocumentViaApi(request, editor, 'incident', {
    summary,
    descrip: 'Oil on the floor by the loading dock.',
    incident_date: new Date().toISOString(),
    category: 'Near Miss',
    region_id: harbour.region_id,
    site_id: harbour.id,
  });
}

async function signedIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new SignInPage(page).signInAs(user);
  return page;
}

test('an edited comment keeps its earlier text, a deleted one leaves a tombstone, and the Created event stays', async ({
  browser,
  request,
}) => {
  const incident = await editorIncident(request, 'Oil spill at dock 3');
  const page = await signedIn(browser, users.editor);
  const activity = new DocumentActivityPage(page);
  await activity.goto('incident', incident.id);

  // The editor created the document, yet its 'Created' event offers neither Edit nor Delete.
  const created = activity.events('create');
  await expect(created).toHaveCount(1);
  await expect(created.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(created.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await activity.composer.getByRole('textbox').fill('Spill covered with sand at dock 3.');
  await activity.composer.getByRole('button', { name: 'Add Comment' }).click();
  const comment = activity.events('comment');
  await expect(comment).toContainText('Spill covered with sand at dock 3.');
  await expect(comment.getByTestId('event-edited')).toHaveCount(0);
  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByRole('textbox').fill('Spill covered with sand at dock 4.');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('Spill covered with sand at dock 4.');

  // 'edited' opens the earlier versions, oldest last in the dialog, the first text included.
  await comment.getByTestId('event-edited').click();
  const dialog = page.getByRole('dialog', { name: 'Versions of this event' });
  const versions = dialog.getByTestId('event-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2 · current');
  await expect(versions.nth(1)).toContainText('Version 1');
  await expect(versions.nth(1)).toContainText('Spill covered with sand at dock 3.');
  await saveScreenshot(page, '90-event-versions');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Deleting leaves a tombstone: who deleted it and when, and no text.
  await comment.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(comment.getByTestId('event-tombstone')).toHaveText(/^Deleted by .+ on .+/);
  await expect(comment).not.toContainText('Spill covered with sand');
  await expect(comment.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(comment.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(created).toHaveCount(1);
  await saveScreenshot(page, '91-event-tombstone');

  // Recent Activity offers no Delete, even on the author's own comment.
  await activity.composer.getByRole('textbox').fill('Dock 3 reopened.');
  await activity.composer.getByRole('button', { name: 'Add Comment' }).click();
  await expect(activity.events('comment').filter({ hasText: 'Dock 3 reopened.' }).getByRole('button', { name: 'Delete' })).toHaveCount(1);
  await new ShellPage(page).menuEntry('Recent Activity').click();
  const row = page.getByTestId('recent-row').filter({ hasText: 'Dock 3 reopened.' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.context().close();
});

test('the directory settings offer the lock on created and workflow events, on by default', async ({ browser }) => {
  const page = await signedIn(browser, users.admin);
  await page.goto('/#/admin/settings/directory');
  const lock = page.getByRole('checkbox', { name: 'Lock created and workflow events' });
  await expect(lock).toBeVisible();
  await expect(lock).toBeChecked();
  await saveScreenshot(page, '92-event-lock-setting');
  await page.context().close();
});
