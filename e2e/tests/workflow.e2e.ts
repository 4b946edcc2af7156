import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi, myUuid } from '../pages/api.ts';
import { DocumentActivityPage } from '../pages/document-activity-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/** A 48×48 PNG: a real image, so the server accepts it by content and makes a thumbnail. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAQklEQVR4nO3OQQ0AIAwAsclBBP6DLFxwPJpUQOfs9ZXJB0JCQkL1QEhISKgeCAkJCdUDISEhoXogJCQkVA+EhIQeu0KTjJdXODqoAAAAAElFTkSuQmCC';

interface Sites {
  regionId: number;
  northPlant: number;
  harbourDepot: number;
}

async function bearer(request: APIRequestContext, user: string): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await apiTokens(request, user)).access_token}` };
}

async function sites(request: APIRequestContext): Promise<Sites> {
  const response = await request.get('/v3/demo/site', {
    headers: await bearer(request, users.admin),
    params: { select: 'id,code,region_id' },
  });
  const rows = ((await response.json()) as { dataAr: { id: number; code: string; region_id: number }[] }).dataAr;
  const byCode = (code: string) => rows.find((row) => row.code === code) ?? { id: 0, region_id: 0 };
  return { regionId: byCode('NPL').region_id, northPlant: byCode('NPL').id, harbourDepot: byCode('HBR').id };
}

/** Adds an access control entry through the administration API. */
async function grant(request: APIRequestContext, user: string, entry: Record<string, unknown>): Promise<void> {
  const uuid = await myUuid(request, (await apiTokens(request, user)).access_token);
  const response = await request.post('/v3/demo/acl', {
    headers: await bearer(request, users.admin),
    data: { identity_id: uuid, ...entry },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function createIncident(
  request: APIRequestContext,
  siteId: number,
  regionId: number,
  summary: string,
): Promise<{ id: number; display_id: string }> {
  const token = (await apiTokens(request, users.editor)).access_token;
  return createDocumentViaApi(request, token, 'incident', {
    summary,
    descrip: 'A forklift reversed close to a pedestrian in the loading bay.',
    incident_date: new Date().toISOString(),
    category: 'Near Miss',
    region_id: regionId,
    site_id: siteId,
  });
}

async function signedIn(browser: Browser, user: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  await new SignInPage(page).signInAs(user);
  return page;
}

test.describe.serial('workflow, activity panel and todo', () => {
  let site: Sites;
  /** An incident with more than two pages of comments (the Recent Activity, replies and todo tests). */
  let busy: { id: number; display_id: string };

  test.beforeAll(async ({ request }) => {
    site = await sites(request);
    // The demo's editor works at Harbour Depot and its manager at North Plant: let the editor
    // report at North Plant too, and let the manager read (not approve) the whole region.
    await grant(request, users.editor, {
      level: 4,
      roles: ['editor'],
      create: true,
      scope: 3,
      region_id: site.regionId,
      site_id: site.northPlant,
    });
    await grant(request, users.manager, { level: 2, roles: ['reader'], scope: 2, region_id: site.regionId });
  });

  test('an incident is completed by the editor, approved by the site manager, closed and reopened with a comment', async ({
    browser,
    request,
  }) => {
    const incident = await createIncident(request, site.northPlant, site.regionId, 'Forklift near miss');

    const editorPage = await signedIn(browser, users.editor);
    const editor = new DocumentActivityPage(editorPage);
    await editor.goto('incident', incident.id);
    await expect(editor.status).toHaveAttribute('data-status', 'Pending Completion');
    await saveScreenshot(editorPage, '60-incident-pending-completion');
    await editor.action('Complete').click();
    await expect(editor.status).toHaveAttribute('data-status', 'Pending Approval');
    await expect(editor.events('submit')).toHaveCount(1);
    await expect(editor.action('Approve')).toHaveCount(0);
    await editorPage.context().close();

    const managerPage = await signedIn(browser, users.manager);
    // The todo tab lists the approval waiting for the manager.
    const shell = new ShellPage(managerPage);
    await shell.openAccount();
    await shell.userDrawer.getByRole('tab', { name: 'Todo' }).click();
    const approvals = shell.userDrawer.getByTestId('todo-approvals');
    await expect(approvals).toContainText(incident.display_id);
    await saveScreenshot(managerPage, '61-todo-tab-approval-waiting');
    await approvals.getByRole('link', { name: new RegExp(incident.display_id) }).click();

    const manager = new DocumentActivityPage(managerPage);
    await manager.panel.waitFor();
    await expect(manager.status).toHaveAttribute('data-status', 'Pending Approval');
    // Reject needs a comment: the button stays disabled until there is one, and the page says so.
    await expect(manager.action('Reject')).toBeDisabled();
    await expect(managerPage.getByTestId('workflow-actions-why')).toHaveText('Write a comment to Reject.');
    await expect(manager.action('Approve')).toBeEnabled();
    await manager.action('Approve').click();
    await expect(manager.status).toHaveAttribute('data-status', 'Closed');
    await expect(manager.events('approve')).toHaveCount(1);

    await expect(manager.action('Reopen')).toBeDisabled();
    await manager.workflowComment.fill('The root cause needs a second look.');
    await manager.action('Reopen').click();
    await expect(manager.status).not.toHaveAttribute('data-status', 'Closed');
    const reopen = manager.events('reopen');
    await expect(reopen).toHaveCount(1);
    await expect(reopen).toContainText('The root cause needs a second look.');
    await reopen.scrollIntoViewIfNeeded();
    await saveScreenshot(managerPage, '62-incident-reopened-timeline');
    await managerPage.context().close();
  });

  test('a reject without a comment is refused, and a manager of another site cannot approve', async ({ browser, request }) => {
    const incident = await createIncident(request, site.harbourDepot, site.regionId, 'Spill on the quay');
    const editorHeaders = await bearer(request, users.editor);
    expect(
      (await request.post('/v3/demo/$$event', { headers: editorHeaders, data: { doc_id: incident.id, type: 'submit' } })).status(),
    ).toBe(201);

    const managerHeaders = await bearer(request, users.manager);
    const refused = await request.post('/v3/demo/$$event', { headers: managerHeaders, data: { doc_id: incident.id, type: 'approve' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error_description: string }).error_description).toContain('not allowed to approve');

    const managerPage = await signedIn(browser, users.manager, 'dark');
    const manager = new DocumentActivityPage(managerPage);
    await manager.goto('incident', incident.id);
    await expect(manager.status).toHaveAttribute('data-status', 'Pending Approval');
    await expect(manager.action('Approve')).toHaveCount(0);
    await expect(manager.action('Reject')).toHaveCount(0);
    await saveScreenshot(managerPage, '63-other-site-manager-no-approve-dark');
    await manager.events('submit').scrollIntoViewIfNeeded();
    await saveScreenshot(managerPage, '63b-timeline-dark');
    await managerPage.context().close();

    const adminHeaders = await bearer(request, users.admin);
    const noComment = await request.post('/v3/demo/$$event', { headers: adminHeaders, data: { doc_id: incident.id, type: 'reject' } });
    expect(noComment.status()).toBe(400);
    expect(((await noComment.json()) as { error_description: string }).error_description).toBe(
      'A comment is required to reject this document.',
    );
  });

  test('files dropped onto a document appear in the timeline with thumbnails', async ({ browser, request }) => {
    const incident = await createIncident(request, site.northPlant, site.regionId, 'Damaged racking');
    const editorPage = await signedIn(browser, users.editor);
    const editor = new DocumentActivityPage(editorPage);
    await editor.goto('incident', incident.id);

    // One step (docs/product/workflow-and-timeline.md#events): a drop uploads at once, with the text written so far.
    await editor.composer.getByRole('textbox').fill('Photo of the bent upright.');
    await editor.dropFiles([
      { name: 'racking.png', mimeType: 'image/png', base64: PNG },
      { name: 'racking.png', mimeType: 'image/png', base64: PNG },
      { name: 'empty.txt', mimeType: 'text/plain', base64: '' },
    ]);
    await expect(editor.messageBar.first()).toHaveText(/Some items you dragged \(or selected\) were ignored|1 file/);

    const imported = editor.events('import_file');
    await expect(imported).toHaveCount(1);
    await expect(imported).toContainText('Photo of the bent upright.');
    const thumb = imported.getByTestId('attachment-thumb');
    await expect(thumb).toHaveAttribute('src', new RegExp(`/file/doc/${incident.id}/racking\\.png\\?thumb=true`));
    await expect.poll(() => thumb.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(editor.composer).toHaveAttribute('data-state', 'idle');
    await saveScreenshot(editorPage, '65-timeline-thumbnail');
    // A click on the thumbnail previews the image; Download is one click away.
    await thumb.click();
    const preview = editorPage.getByTestId('attachment-preview');
    await expect(preview.getByRole('img', { name: 'racking.png' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/file/doc/${incident.id}/racking.png`);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toHaveCount(0);

    // Comments can be written, edited and (by their author with delete access) managed in place.
    await editor.composer.getByRole('textbox').fill('Racking isolated with tape.');
    await editor.composer.getByRole('button', { name: 'Add Comment' }).click();
    const comment = editor.events('comment');
    await expect(comment).toContainText('Racking isolated with tape.');
    await comment.getByRole('button', { name: 'Edit' }).click();
    await comment.getByRole('textbox').fill('Racking isolated with barrier tape.');
    await comment.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toContainText('Racking isolated with barrier tape.');

    // The event-type filter narrows the timeline; Recent Activity lists events across documents.
    await editor.panel.getByRole('combobox', { name: 'Event types' }).click();
    await editorPage.getByRole('option', { name: 'Comment' }).click();
    await editorPage.keyboard.press('Escape');
    await expect(editor.events('import_file')).toHaveCount(0);
    await expect(editor.events('comment')).toHaveCount(1);
    await new ShellPage(editorPage).menuEntry('Recent Activity').click();
    const recent = editorPage.getByTestId('recent-activity');
    await expect(recent).toContainText(`on ${incident.display_id}`);
    await expect(recent).toContainText('Racking isolated with barrier tape.');
    await saveScreenshot(editorPage, '66-recent-activity');
    await editorPage.context().close();
  });

  test('Recent Activity fetches the next page with Show more, keeping the loaded rows, until all are listed', async ({
    browser,
    request,
  }) => {
    const incident = await createIncident(request, site.northPlant, site.regionId, 'Blocked fire exit');
    busy = incident;
    const editorHeaders = await bearer(request, users.editor);
    // More than two pages of this document's own events, whatever other tests have added.
    for (let i = 1; i <= 31; i++) {
      const posted = await request.post('/v3/demo/$$event', {
        headers: editorHeaders,
        data: { doc_id: incident.id, type: 'comment', descrip: `Exit check ${i}` },
      });
      expect(posted.status()).toBe(201);
    }
    const everything = await request.get('/v3/demo/$$event', { headers: editorHeaders, params: { count: 1 } });
    const total = ((await everything.json()) as { total: number }).total;
    expect(total).toBeGreaterThan(30);

    const editorPage = await signedIn(browser, users.editor);
    await new ShellPage(editorPage).menuEntry('Recent Activity').click();
    const recent = editorPage.getByTestId('recent-activity');
    const rows = recent.getByTestId('recent-row');
    await expect(rows).toHaveCount(15);
    await expect(rows.first()).toContainText('Exit check 31');

    // Show more fetches the next page (start=15): the button shows it is loading meanwhile, then
    // the new rows join the old ones and the keyboard focus moves to the first of them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const secondPage = /\/v3\/demo\/(\$\$|%24%24)event\?.*start=15/;
    await editorPage.route(secondPage, async (route) => {
      await held;
      await route.continue();
    });
    const showMore = recent.getByRole('button', { name: /Show more|Loading more/ });
    await showMore.focus();
    await editorPage.keyboard.press('Enter');
    await expect(showMore).toHaveText('Loading more…');
    await expect(showMore.getByRole('progressbar')).toBeVisible();
    await expect(showMore).toBeDisabled();
    release();
    await expect(rows).toHaveCount(30);
    await expect(rows.nth(15).getByTestId('recent-row-link')).toBeFocused();
    await expect(showMore).toHaveText('Show more');
    await editorPage.unroute(secondPage);
    // Newest first: the two pages hold checks 31 down to 2, each once.
    for (let i = 2; i <= 31; i++) await expect(recent.getByText(`Exit check ${i}`, { exact: true })).toHaveCount(1);
    // …until every event is listed once; then there is nothing more to show.
    while (await showMore.isVisible()) {
      const before = await rows.count();
      await showMore.click();
      await expect(rows).toHaveCount(Math.min(before + 15, total));
    }
    await expect(rows).toHaveCount(total);
    const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-event-id')));
    expect(new Set(ids).size).toBe(total);
    await saveScreenshot(editorPage, '67-recent-activity-all-pages');
    await editorPage.context().close();
  });

  test("replies can be answered: threads nest, indented, three levels deep, then join the deepest level's thread", async ({ browser }) => {
    const editorPage = await signedIn(browser, users.editor);
    const editor = new DocumentActivityPage(editorPage);
    await editor.goto('incident', busy.id);
    let item = editor.timeline.locator('[data-testid="event-item"][data-depth="0"]').filter({ hasText: 'Exit check 31' });
    const answers = [
      { text: 'Answer at level 1', depth: 1 },
      { text: 'Answer at level 2', depth: 2 },
      { text: 'Answer at level 3', depth: 3 },
      { text: 'Answer beside level 3', depth: 3 },
    ];
    for (const answer of answers) {
      await item.getByRole('button', { name: 'Reply', exact: true }).first().click();
      await editor.timeline.getByRole('textbox', { name: 'Your reply' }).fill(answer.text);
      await editor.timeline.getByRole('button', { name: 'Save', exact: true }).click();
      item = editor.timeline.locator(`[data-testid="event-item"][data-depth="${answer.depth}"]`).filter({ hasText: answer.text });
      await expect(item).toHaveCount(1);
    }
    const deepest = editor.timeline.locator('[data-testid="event-replies"][data-depth="3"]');
    await expect(deepest.locator(':scope > [data-testid="event-item"]')).toHaveText([/Answer at level 3/, /Answer beside level 3/]);
    const indent = async (depth: number) =>
      (await editor.timeline.locator(`[data-testid="event-item"][data-depth="${depth}"]`).first().boundingBox())!.x;
    expect(await indent(1)).toBeGreaterThan(await indent(0));
    expect(await indent(3)).toBeGreaterThan(await indent(2));
    await deepest.scrollIntoViewIfNeeded();
    await saveScreenshot(editorPage, '68-nested-replies');
    await editorPage.context().close();
  });

  test("the todo names each document's type by its title, in the screen's language", async ({ browser, request }) => {
    const submitted = await request.post('/v3/demo/$$event', {
      headers: await bearer(request, users.editor),
      data: { doc_id: busy.id, type: 'submit' },
    });
    expect(submitted.status()).toBe(201);
    const managerPage = await signedIn(browser, users.manager);
    const shell = new ShellPage(managerPage);
    await shell.openAccount();
    await shell.userDrawer.getByRole('tab', { name: 'Todo' }).click();
    const row = shell.userDrawer.getByTestId('todo-approvals').getByRole('link', { name: new RegExp(busy.display_id) });
    await expect(row.getByText(/^Incident( · |$)/)).toBeVisible();
    await managerPage.evaluate(() => localStorage.setItem('docket.lang', 'es'));
    await managerPage.reload();
    await shell.openAccount('Cuenta');
    await shell.userDrawer.getByRole('tab', { name: 'Pendientes' }).click();
    await expect(row.getByText(/^Incidente( · |$)/)).toBeVisible();
    await managerPage.evaluate(() => localStorage.removeItem('docket.lang'));
    await managerPage.context().close();
  });
});
