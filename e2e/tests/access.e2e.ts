/**
 * Issue 3 item 8 in the browser: a site-scoped editor sees only that site's documents, and a user
 * with e-mailed one-time codes signs in through the outbox (no SMTP server is configured here).
 * An organisation's customised type reaches members who may not read `$$schema` (`$$types`).
 * The Create button shows only where the server lets the member create (`access.create`).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { ListPage } from '../pages/list-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users, LANDING_URL } from '../pages/sign-in-page.ts';

const PASSWORD = 'correct-horse-battery';

async function createMember(request: APIRequestContext, adminToken: string, email: string, mfa: boolean): Promise<string> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const created = await request.post('/v3/demo/users', {
    headers,
    data: { email, display_name: email.split('@')[0], password: PASSWORD, mfa },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { uuid: string }).uuid;
}

async function grant(request: APIRequestContext, adminToken: string, entry: Record<string, unknown>): Promise<void> {
  const response = await request.post('/v3/demo/acl', { headers: { Authorization: `Bearer ${adminToken}` }, data: entry });
  expect(response.status(), await response.text()).toBe(201);
}

async function siteId(request: APIRequestContext, token: string, title: string): Promise<number> {
  const response = await request.get('/v3/demo/site', { headers: { Authorization: `Bearer ${token}` }, params: { count: 50 } });
  const sites = ((await response.json()) as { dataAr: { id: number; summary: string }[] }).dataAr;
  return sites.find((s) => s.summary === title)!.id;
}

test.describe('access control in the browser', () => {
  test('an editor granted one site sees only that site’s documents', async ({ page, request, browser }) => {
    const admin = (await apiTokens(request, users.admin)).access_token;
    const stamp = Date.now();
    const south = await siteId(request, admin, 'South Yard');
    const north = await siteId(request, admin, 'North Plant');
    const incident = (summary: string, site: number) => ({
      summary,
      descrip: 'Seen in the browser test.',
      // Newer than the demo's history, so the list (newest incident first) shows it on its first page.
      incident_date: new Date().toISOString(),
      category: 'Near Miss',
      site_id: site,
    });
    await createDocumentViaApi(request, admin, 'incident', incident(`South spill ${stamp}`, south));
    await createDocumentViaApi(request, admin, 'incident', incident(`North spill ${stamp}`, north));

    const email = `site-editor-${stamp}@demo.local`;
    const uuid = await createMember(request, admin, email, false);
    await grant(request, admin, { identity_id: uuid, level: 4, create: true, delete: false, roles: ['editor'], scope: 3, site_id: south });

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(email, PASSWORD);
    await page.waitForURL(LANDING_URL);
    const list = new ListPage(page);
    await list.goto('incident');
    await expect(list.rows.filter({ hasText: `South spill ${stamp}` })).toBeVisible();
    await expect(list.rows.filter({ hasText: `North spill ${stamp}` })).toHaveCount(0);
    await saveScreenshot(page, '70-site-scoped-editor');

    // The administrator, in a browser of their own, sees both.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await new SignInPage(adminPage).signInAs(users.admin);
    const adminList = new ListPage(adminPage);
    await adminList.goto('incident');
    await expect(adminList.rows.filter({ hasText: `North spill ${stamp}` })).toBeVisible();
    await expect(adminList.rows.filter({ hasText: `South spill ${stamp}` })).toBeVisible();
    await adminContext.close();
  });

  test('an organisation’s customised type reaches an editor: list title and form field', async ({ page, request }) => {
    const headers = { Authorization: `Bearer ${(await apiTokens(request, users.admin)).access_token}` };
    const stamp = Date.now();
    // The administrator customises the built-in incident: a renamed list and a new field.
    const incident = (await (await request.get('/v3/demo/$$types/incident', { headers })).json()) as {
      form: { schema: { properties: Record<string, unknown> }; uiSchema: { elements: unknown[] } };
      view: { title: string };
    };
    incident.view.title = `Site incidents ${stamp}`;
    incident.form.schema.properties.weather = { type: 'string', title: 'Weather conditions', enum: ['Dry', 'Wet', 'Icy'] };
    incident.form.uiSchema.elements.push({ type: 'Control', scope: '#/properties/weather' });
    const stored = await request.post('/v3/demo/$$schema', { headers, data: incident });
    expect(stored.status(), await stored.text()).toBe(201);
    const storedId = ((await stored.json()) as { id: number }).id;
    try {
      await new SignInPage(page).signInAs(users.editor);
      const list = new ListPage(page);
      await list.goto('incident');
      await expect(page.getByRole('heading', { level: 1, name: `Site incidents ${stamp}` })).toBeVisible();
      const form = new DocumentFormPage(page);
      await form.goto('incident');
      await expect(form.combobox('Weather conditions')).toBeVisible();
      await saveScreenshot(page, '73-customised-type-for-editor');
    } finally {
      // Other tests expect the built-in incident.
      expect((await request.delete(`/v3/demo/$$schema/${storedId}`, { headers })).status()).toBe(200);
    }
  });

  test('the Create button shows only where the server lets the member create', async ({ browser, request }) => {
    const admin = (await apiTokens(request, users.admin)).access_token;
    const stamp = Date.now();
    // Grant shapes where the screens once decided for themselves and offered a Create the server refused.
    const members = [
      { name: 'editor-without-create', entry: { level: 4, create: false, roles: ['editor'] }, mayCreate: false },
      { name: 'reader-with-create', entry: { level: 2, create: true, roles: ['reader'] }, mayCreate: false },
      { name: 'depositor-with-create', entry: { level: 1, create: true, roles: [] }, mayCreate: true },
    ];
    for (const member of members) {
      const email = `${member.name}-${stamp}@demo.local`;
      const uuid = await createMember(request, admin, email, false);
      await grant(request, admin, { identity_id: uuid, delete: false, scope: 1, ...member.entry });
      const context = await browser.newContext();
      const page = await context.newPage();
      const signIn = new SignInPage(page);
      await signIn.goto();
      await signIn.signIn(email, PASSWORD);
      await page.waitForURL(LANDING_URL);
      const list = new ListPage(page);
      await list.goto('incident');
      await expect(page.getByRole('link', { name: 'Create' }), member.name).toHaveCount(member.mayCreate ? 1 : 0);
      // The new-document form follows the same answer.
      await page.goto('/#/docs/incident/0?edit');
      const screen = member.mayCreate
        ? page.getByRole('heading', { name: 'New Incident' })
        : page.getByText('Not Authorised', { exact: true });
      await expect(screen.first(), member.name).toBeVisible();
      await context.close();
    }
  });

  test('a user with one-time codes signs in with the code from the outbox', async ({ page, request }) => {
    const admin = (await apiTokens(request, users.admin)).access_token;
    const email = `otp-user-${Date.now()}@demo.local`;
    const uuid = await createMember(request, admin, email, true);
    await grant(request, admin, { identity_id: uuid, level: 2, create: false, delete: false, roles: ['reader'], scope: 1 });

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(email, PASSWORD);
    await expect(page.getByText('Enter your one-time code')).toBeVisible();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Please enter a valid OTP code!')).toBeVisible();
    await saveScreenshot(page, '71-otp-step');

    const outbox = await request.get('/v3/demo/$$outbox', {
      headers: { Authorization: `Bearer ${admin}` },
      params: { count: 20, order: 'id desc' },
    });
    expect(outbox.ok()).toBe(true);
    const mail = ((await outbox.json()) as { dataAr: { mail_to: string; content: string }[] }).dataAr.find((m) => m.mail_to === email);
    const code = /code is (\d{6})/.exec(mail?.content ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('One-time code').fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(LANDING_URL);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('federated sign-in starts at the organisation and a returned code is exchanged at once', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await page.getByRole('button', { name: 'Sign in with your organisation' }).click();
    await expect(page.getByText("Use your organisation's single sign-on account.", { exact: false })).toBeVisible();
    await saveScreenshot(page, '72-federated-sign-in');
    await page.getByLabel('Organisation id').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The demo has no federated directory configured: the server sends the browser back with why.
    await page.waitForURL(/#\/login\?message=/);
    await expect(page.getByRole('alert').or(page.locator('.MuiAlert-message')).first()).toBeVisible();

    // A provider's return lands on #/login?code=…; the page exchanges it without a click.
    await page.goto('/#/login?code=not-a-valid-code');
    await expect(signIn.error).toBeVisible();
    await expect(signIn.error).not.toHaveText('Unknown Error');
  });
});
