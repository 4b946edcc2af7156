/**
 * The mail connector settings in the browser (docs/product/mail.md#connector-settings): against a
 * real IMAP server (Debian's dovecot on loopback), an administrator adds a connector, is told what
 * is missing, tests the connection, picks a folder the server offers, saves, edits it with the
 * secret kept hidden, gives it a rule that turns new mail into requests, and deletes it; the form
 * fits a phone. A member who is not an administrator
 * cannot manage the organisation's connectors, on the screen or through the calls.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';
import { startDovecot, type DovecotServer } from '../../packages/server/src/test-support/dovecot-server.ts';
import { mimeMessage } from '../../packages/server/src/test-support/mime-messages.ts';

const mailbox = { user: 'e2e-connectors', password: 'e2e-connector-secret' };
let imap: DovecotServer;

test.beforeAll(async () => {
  imap = await startDovecot([mailbox]);
  await imap.append(mailbox, 'INBOX', [mimeMessage({ subject: 'Welcome to the safety inbox' })]);
  // A folder the server has and the connector does not list yet: offered after the test.
  await imap.append(mailbox, 'Reports', [mimeMessage({ subject: 'Monthly report' })]);
});

test.afterAll(async () => {
  await imap?.stop();
});

test('an administrator adds a connector, tests it, picks a folder, edits and deletes it', async ({ page }) => {
  const title = `Safety desk ${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await new SignInPage(page).signInAs(users.admin);
  await page.goto('/#/admin/settings/mail');
  await page.getByTestId('connector-add').click();
  const form = page.getByTestId('connector-form');

  // Nothing filled in: the form says what is missing, in the forms' words, and calls nothing.
  await form.getByTestId('connector-save').click();
  await expect(form).toContainText("must have required property 'Title'");
  await expect(form).toContainText("must have required property 'Password'");

  await form.getByTestId('connector-title').fill(title);
  await form.getByTestId('connector-host').fill('127.0.0.1');
  await form.getByTestId('connector-security').locator('..').click();
  await page.getByRole('option', { name: 'None (plain)' }).click();
  await form.getByTestId('connector-port').fill(String(imap.port));
  await form.getByTestId('connector-user').fill(mailbox.user);

  // A wrong password: the test names the connector and what failed.
  await form.getByTestId('connector-secret').fill('not-the-password');
  await form.getByTestId('connector-test').click();
  await expect(form.getByTestId('connector-test-error')).toContainText(
    `Mail connector '${title}': the mail server refused the user name or password.`,
  );

  await form.getByTestId('connector-secret').fill(mailbox.password);
  await form.getByTestId('connector-test').click();
  const result = form.getByTestId('connector-test-result');
  await expect(result).toContainText('The connection works and every folder opens.');
  await result.getByTestId('server-folder').filter({ hasText: 'Reports' }).click();
  await expect(form.getByTestId('connector-folder')).toHaveText(['INBOX · Inbox', 'Sent', 'Reports']);
  // Phone width: the form fits without scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'mail-connector-form-phone');

  await form.getByTestId('connector-save').click();
  await expect(page.getByTestId('message-bar')).toContainText(`${title} saved`);
  const row = page.getByTestId('connector-row').filter({ hasText: title });
  await expect(row).toContainText(`${mailbox.user} at 127.0.0.1:${imap.port}`);
  await expect(row).toContainText('Folders: Inbox, Sent Items, Reports');

  // Editing: the stored password is never shown; an empty field keeps it, so the test still works.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(form.getByTestId('connector-secret')).toHaveValue('');
  await expect(form).toContainText('Leave empty to keep the stored one');
  await form.getByTestId('connector-test').click();
  await expect(form.getByTestId('connector-test-result')).toBeVisible();

  // A rule: every new message in Reports becomes a request; it is kept with the connector.
  await form.getByTestId('connector-add-rule').click();
  const rule = form.getByTestId('connector-rule');
  await rule.getByRole('combobox', { name: 'Folder' }).click();
  await page.getByRole('option', { name: 'Reports', exact: true }).click();
  await rule.getByRole('combobox', { name: 'Create a document of type' }).click();
  await page.getByRole('option', { name: 'Request', exact: true }).click();
  await saveScreenshot(page, 'mail-connector-rule-phone');
  await form.getByTestId('connector-save').click();
  await expect(page.getByTestId('message-bar')).toContainText(`${title} saved`);
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(form.getByTestId('connector-rule')).toHaveCount(1);
  await expect(form.getByTestId('connector-rule').getByRole('combobox', { name: 'Folder' })).toHaveText('Reports');
  await expect(form.getByTestId('connector-rule').getByRole('combobox', { name: 'Create a document of type' })).toHaveText('Request');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // The mail screen lists the new connector's folders.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/mail');
  await expect(page.getByRole('navigation', { name: 'Folders' })).toContainText(title);

  await page.goto('/#/admin/settings/mail');
  await page
    .getByTestId('connector-row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('message-bar')).toContainText(`${title} deleted`);
  await expect(page.getByTestId('connector-row').filter({ hasText: title })).toHaveCount(0);
});

test("a member who is not an administrator cannot manage the organisation's connectors", async ({ page, request }) => {
  await new SignInPage(page).signInAs(users.manager);
  await page.goto('/#/admin/settings/mail');
  await expect(
    page.getByText('You do not have sufficient access rights to administer Mail connectors for your organisation.'),
  ).toBeVisible();
  await expect(page.getByTestId('connector-add')).toHaveCount(0);

  const token = (await apiTokens(request, users.manager)).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const settings = {
    title: 'Not mine to add',
    host: '127.0.0.1',
    port: imap.port,
    security: 'none',
    user: mailbox.user,
    secret: mailbox.password,
  };
  expect((await request.post('/mail/settings/connectors', { headers, data: settings })).status()).toBe(403);
  expect((await request.post('/mail/settings/connectors/test', { headers, data: settings })).status()).toBe(403);
  expect((await request.get('/mail/settings/connectors', { headers })).status()).toBe(403);
});
