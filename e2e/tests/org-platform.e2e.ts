import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiTokens, createPostViaApi } from '../pages/api.ts';
import { DocumentActivityPage } from '../pages/document-activity-page.ts';
import { setDemoSettings } from '../pages/org-settings-db.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * Organisation platform (docs/product/administration.md#translation,
 * docs/product/administration.md#server-tasks): a member translates a comment and a post through
 * a local server speaking the LibreTranslate protocol, with the original one click away; once the
 * organisation turns translation off the member gets the spec's alert. An administrator runs a
 * server task and watches its button's states, and sets up the directory sync from a local SCIM
 * server on the directory screen (docs/product/administration.md#directory-sync).
 */
test.describe.serial('translation and server tasks', () => {
  let provider: http.Server;
  let providerUrl = '';
  const asked: string[] = [];

  test.beforeAll(async () => {
    provider = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const { q, target } = JSON.parse(body) as { q: string; target: string };
        asked.push(q);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ translatedText: `(${target}) ${q.toUpperCase()}` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  test.afterAll(() => {
    setDemoSettings({ translation: true });
    provider.closeAllConnections();
    provider.close();
  });

  async function signedIn(page: Page, user: string) {
    await new SignInPage(page).signInAs(user);
  }

  test('turns translation off and a user gets the spec’s alert', async ({ page, request }) => {
    setDemoSettings({ translation: true, translation_url: providerUrl });
    const stamp = Date.now();
    const admin = (await apiTokens(request, users.admin)).access_token;
    const post = await createPostViaApi(request, admin, { summary: `Translated notice ${stamp}`, descrip: `Wear gloves in bay ${stamp}.` });
    const comment = `Forklift checked at ${stamp}`;
    const added = await request.post('/v3/demo/$$event', {
      headers: { Authorization: `Bearer ${admin}` },
      data: { doc_id: post.id, type: 'comment', descrip: comment },
    });
    expect(added.ok()).toBe(true);

    await signedIn(page, users.reader);
    const activity = new DocumentActivityPage(page);
    await activity.goto('post', post.id);
    const item = activity.events('comment').filter({ hasText: comment });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Translate' }).click();
    // The user's language is English: the fake provider marks its answer with the target.
    await expect(item).toContainText(`(en) FORKLIFT CHECKED AT ${stamp}`);
    await item.getByRole('button', { name: 'Show original' }).click();
    await expect(item).toContainText(comment);
    await expect(item).not.toContainText('(en)');
    // The post's content (a long text field) has its own Translate.
    const content = page.getByTestId('translatable-field').filter({ hasText: `Wear gloves in bay ${stamp}.` });
    await content.getByRole('button', { name: 'Translate' }).click();
    await expect(content).toContainText(`(en) WEAR GLOVES IN BAY ${stamp}.`);
    await expect(content.getByRole('button', { name: 'Show original' })).toBeVisible();
    await saveScreenshot(page, 'translation-shown');

    setDemoSettings({ translation: false });
    await page.reload();
    const again = activity.events('comment').filter({ hasText: comment });
    await again.getByRole('button', { name: 'Translate' }).click();
    await expect(again.getByTestId('translation-alert')).toHaveText(
      'Automatic translation services have been disabled by your organisation.',
    );
    await expect(again).toContainText(comment);
    await saveScreenshot(page, 'translation-disabled');
  });

  test('runs a server task and watches its state', async ({ page }) => {
    await signedIn(page, users.admin);
    await page.goto('/#/admin/settings/tasks');
    await expect(page.getByRole('heading', { name: 'Server tasks', level: 1 })).toBeVisible();
    const task = page.getByTestId('server-task-purge-files');
    const run = task.getByRole('button', { name: 'Run' });
    // What the task does shows before it is run.
    await expect(task.getByTestId('server-task-descrip')).toHaveText(
      'Purge deleted files: the stored files of deleted documents are removed.',
    );
    // The request is held until the running state was seen, so a task that finishes at once
    // cannot skip it; then it goes on to the real server.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v3/demo/task/purge-files**', async (route) => {
      await held;
      await route.continue();
    });
    await run.click();
    // Running: the button is disabled and says so in the spec's words.
    await expect(run).toBeDisabled();
    await expect(task.getByTestId('server-task-running')).toHaveText(
      'Running... (this action may take a while to run on the server. Allow 5 minutes before running twice.)',
    );
    release();
    // Then the task's descrip and outcome, and the button is idle again.
    const answer = task.getByTestId('server-task-answer');
    await expect(answer).toContainText('Purge deleted files: the stored files of deleted documents are removed.', { timeout: 30_000 });
    await expect(task.getByTestId('server-task-result')).toHaveText(/^\d+ files of deleted documents purged\.$/);
    await expect(run).toBeEnabled();
    await expect(task.getByTestId('server-task-running')).toHaveCount(0);
    // The answer's descrip takes the description's place.
    await expect(task.getByTestId('server-task-descrip')).toHaveCount(0);
    await saveScreenshot(page, 'server-task-done');
  });

  test("an administrator edits the organisation's subscription; active is the operator's", async ({ page }) => {
    await signedIn(page, users.admin);
    await page.goto('/#/admin/settings/subscription');
    await expect(
      page.getByText('Suspending or reactivating the organisation and its licence are managed by the platform operator.'),
    ).toBeVisible();
    const company = page.getByRole('textbox', { name: 'Company' });
    await expect(company).toHaveValue('Demo Co');
    await expect(page.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    const schema = page.getByRole('textbox', { name: 'Customer schema' });
    const value = `demo-${Date.now()}`;
    await schema.fill(value);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('message-bar').or(page.getByRole('alert')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Customer schema' })).toHaveValue(value);
    await saveScreenshot(page, 'subscription');
  });

  test('a non-administrator gets Not Authorised on the server tasks page', async ({ page }) => {
    await signedIn(page, users.reader);
    await page.goto('/#/admin/settings/tasks');
    await expect(
      page.getByText('You do not have sufficient access rights to administer Server tasks for your organisation.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run' })).toHaveCount(0);
  });
});

test.describe.serial('directory sync from SCIM', () => {
  let scim: http.Server;
  let scimUrl = '';
  const token = `scim-e2e-${Date.now()}`;
  const email = `dir.person.${Date.now()}@example.com`;
  const authorizations: (string | undefined)[] = [];

  test.beforeAll(async () => {
    scim = http.createServer((request, response) => {
      authorizations.push(request.headers.authorization);
      const path = new URL(request.url ?? '/', 'http://scim.test').pathname;
      const resources =
        path === '/scim/v2/Users'
          ? [
              {
                id: 'e2e-1',
                userName: email,
                emails: [{ value: email, primary: true }],
                name: { givenName: 'Dana', familyName: 'Directory' },
              },
            ]
          : [{ id: 'e2e-g', displayName: `E2E group ${Date.now()}`, members: [{ value: 'e2e-1' }] }];
      response
        .writeHead(200, { 'content-type': 'application/scim+json' })
        .end(JSON.stringify({ totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources }));
    });
    await new Promise<void>((resolve) => scim.listen(0, '127.0.0.1', resolve));
    scimUrl = `http://127.0.0.1:${(scim.address() as AddressInfo).port}/scim/v2`;
  });
  test.afterAll(async ({ request }) => {
    // Later tests see a demo organisation without a directory to read.
    const admin = (await apiTokens(request, users.admin)).access_token;
    const headers = { Authorization: `Bearer ${admin}` };
    const current = (await (await request.get('/v3/demo/$$directory', { headers })).json()) as Record<string, unknown>;
    const { client_secret_set: _secret, scim_token_set: _token, ...settings } = current;
    await request.put('/v3/demo/$$directory', { headers, data: { ...settings, scim_url: '' } });
    scim.closeAllConnections();
    scim.close();
  });

  test('an administrator saves the SCIM address and token, then runs the directory sync', async ({ page, request }) => {
    await new SignInPage(page).signInAs(users.admin);
    await page.goto('/#/admin/settings/directory');
    await page.getByRole('textbox', { name: 'SCIM base URL' }).fill(scimUrl);
    await page.getByLabel('SCIM bearer token (leave empty to keep)').fill(token);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('message-bar').or(page.getByRole('alert')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(scimUrl);
    // Write-only: the token is never shown again, only known to be set.
    await expect(page.getByLabel('SCIM bearer token (leave empty to keep)')).toHaveValue('');
    const admin = (await apiTokens(request, users.admin)).access_token;
    const stored = (await (await request.get('/v3/demo/$$directory', { headers: { Authorization: `Bearer ${admin}` } })).json()) as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ scim_url: scimUrl, scim_token_set: true });
    expect(JSON.stringify(stored)).not.toContain(token);
    await saveScreenshot(page, 'directory-scim-settings');

    await page.goto('/#/admin/settings/tasks');
    const task = page.getByTestId('server-task-directory-sync');
    await expect(task.getByTestId('server-task-descrip')).toContainText(
      "members and group members follow the organisation's directory (SCIM)",
    );
    await task.getByRole('button', { name: 'Run' }).click();
    await expect(task.getByTestId('server-task-result')).toHaveText(
      'Directory sync done: 1 users (1 new, 0 disabled), 1 groups, 0 memberships set, 0 removed.',
      { timeout: 30_000 },
    );
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${token}`]));
  });
});
