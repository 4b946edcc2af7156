/**
 * Separation of duties in the browser (docs/product/workflow-and-timeline.md#separation-of-duties):
 * the manager who completed an incident is not offered Approve on it and does not find it in
 * 'Waiting for my approval'; another manager of the site finds it there and approves it.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentActivityPage } from '../pages/document-activity-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { SignInPage, users, LANDING_URL } from '../pages/sign-in-page.ts';

const PASSWORD = 'correct-horse-battery';

/** A new member who manages North Plant (so no other test's grants change). */
async function siteManager(request: APIRequestContext, admin: string, email: string, site: { id: number; region_id: number }) {
  const headers = { Authorization: `Bearer ${admin}` };
  const created = await request.post('/v3/demo/users', {
    headers,
    data: { email, display_name: email.split('@')[0], password: PASSWORD, mfa: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const uuid = ((await created.json()) as { uuid: string }).uuid;
  const granted = await request.post('/v3/demo/acl', {
    headers,
    data: {
      identity_id: uuid,
      level: 4,
      create: true,
      delete: false,
      roles: ['manager'],
      scope: 3,
      site_id: site.id,
      region_id: site.region_id,
    },
  });
  expect(granted.status(), await granted.text()).toBe(201);
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, PASSWORD);
  await page.waitForURL(LANDING_URL);
  return page;
}

async function waitingForApproval(page: Page) {
  const shell = new ShellPage(page);
  await shell.openAccount();
  await shell.userDrawer.getByRole('tab', { name: 'Todo' }).click();
  await shell.userDrawer.getByTestId('todo-tab').waitFor();
  return shell.userDrawer.getByTestId('todo-approvals');
}

test('the manager who completed an incident cannot approve it; another manager of the site can', async ({ browser, request }) => {
  const admin = (await apiTokens(request, users.admin)).access_token;
  const sites = await request.get('/v3/demo/site', { headers: { Authorization: `Bearer ${admin}` }, params: { count: 50 } });
  const north = ((await sites.json()) as { dataAr: { id: number; summary: string; region_id: number }[] }).dataAr.find(
    (s) => s.summary === 'North Plant',
  )!;
  const stamp = Date.now();
  const completer = `sod-completer-${stamp}@demo.local`;
  const approver = `sod-approver-${stamp}@demo.local`;
  await siteManager(request, admin, completer, north);
  await siteManager(request, admin, approver, north);

  const completerToken = (
    await (await request.post('/oauth/token', { form: { grant_type: 'password', username: completer, password: PASSWORD } })).json()
  ).access_token as string;
  const incident = await createDocumentViaApi(request, completerToken, 'incident', {
    summary: `Guard rail missing ${stamp}`,
    descrip: 'The guard rail of the mezzanine stairs was removed for maintenance and not refitted.',
    incident_date: new Date().toISOString(),
    category: 'Near Miss',
    region_id: north.region_id,
    site_id: north.id,
  });

  const completerPage = await signedIn(browser, completer);
  const mine = new DocumentActivityPage(completerPage);
  await mine.goto('incident', incident.id);
  await mine.action('Complete').click();
  await expect(mine.status).toHaveAttribute('data-status', 'Pending Approval');
  await expect(mine.events('submit')).toHaveCount(1);
  await expect(mine.action('Approve')).toHaveCount(0);
  await expect(mine.action('Reject')).toHaveCount(0);
  await saveScreenshot(completerPage, '74-completing-manager-no-approve');
  await expect(await waitingForApproval(completerPage)).not.toContainText(incident.display_id);
  await completerPage.context().close();

  const approverPage = await signedIn(browser, approver);
  const approvals = await waitingForApproval(approverPage);
  await expect(approvals).toContainText(incident.display_id);
  await approvals.getByRole('link', { name: new RegExp(incident.display_id) }).click();
  const theirs = new DocumentActivityPage(approverPage);
  await theirs.panel.waitFor();
  await expect(theirs.status).toHaveAttribute('data-status', 'Pending Approval');
  await expect(theirs.action('Approve')).toBeEnabled();
  await theirs.action('Approve').click();
  await expect(theirs.status).toHaveAttribute('data-status', 'Closed');
  await expect(theirs.events('approve')).toHaveCount(1);
  await approverPage.context().close();
});
