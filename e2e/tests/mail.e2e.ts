/**
 * Mail in the browser (docs/product/mail.md#mail-import, docs/product/mail.md#requests-from-mail):
 * a real IMAP server (Debian's dovecot on loopback) with two messages; an administrator with the
 * mail role imports one into an incident from the activity panel's Import Mail picker, then opens
 * the mail screen from the header's inbox icon and creates a request from the other.
 */
import { expect, test } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';
import { startDovecot, type DovecotServer } from '../../packages/server/src/test-support/dovecot-server.ts';
import { mimeMessage } from '../../packages/server/src/test-support/mime-messages.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAQklEQVR4nO3OQQ0AIAwAsclBBP6DLFxwPJpUQOfs9ZXJB0JCQkL1QEhISKgeCAkJCdUDISEhoXogJCQkVA+EhIQeu0KTjJdXODqoAAAAAElFTkSuQmCC';
const mailbox = { user: 'e2e-safety', password: 'e2e-imap-secret' };
let imap: DovecotServer;

test.beforeAll(async () => {
  imap = await startDovecot([mailbox]);
  await imap.append(mailbox, 'INBOX', [
    mimeMessage({
      subject: 'Spill photo from bay 4',
      from: 'Pat Reporter <pat@example.org>',
      html: '<p>Photo of the <b>oil spill</b> attached.</p><script>window.hacked = true</script>',
      attachments: [{ name: 'spill.png', type: 'image/png', content: Buffer.from(PNG, 'base64') }],
    }),
    mimeMessage({
      subject: 'Broken ladder in store room',
      from: 'Sam Sender <sam@example.org>',
      text: 'The ladder in the store room has a cracked rung.',
    }),
  ]);
});

test.afterAll(async () => {
  await imap?.stop();
});

test('imports a mail into an incident and creates a request from another', async ({ page, request }) => {
  const token = (await apiTokens(request, users.admin)).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const connector = await request.post('/mail/settings/connectors', {
    headers,
    data: {
      title: 'Safety inbox',
      host: '127.0.0.1',
      port: imap.port,
      security: 'none',
      user: mailbox.user,
      secret: mailbox.password,
      folders: ['INBOX', 'Sent'],
    },
  });
  expect(connector.status(), await connector.text()).toBe(201);
  const siteRows = (await (await request.get('/v3/demo/site', { headers, params: { select: 'id,region_id' } })).json()) as {
    dataAr: { id: number; region_id: number }[];
  };
  const site = siteRows.dataAr[0]!;
  const incident = await createDocumentViaApi(request, token, 'incident', {
    summary: 'Oil spill in bay 4',
    descrip: 'Reported by mail',
    incident_date: '2026-03-01T09:00:00.000Z',
    category: 'Injury',
    site_id: site.id,
    region_id: site.region_id,
  });
  const incidentId = incident.id;

  await new SignInPage(page).signInAs(users.admin);
  await page.goto(`/#/docs/incident/${incidentId}`);
  const activity = page.getByTestId('activity-panel');
  await activity.getByRole('button', { name: 'Import Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Mail' });
  await dialog.getByTestId('mail-picker').getByText('Spill photo from bay 4').click();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The first import starts the media worker (thumbnails): slow on a loaded machine.
  await expect(page.getByTestId('message-bar')).toContainText('2 of 2 imported!', { timeout: 45_000 });
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toContainText('Spill photo from bay 4');
  await expect(timeline.getByRole('link', { name: 'spill.png' })).toBeVisible();
  await saveScreenshot(page, 'mail-imported-into-incident');

  await page.getByTestId('mail-inbox-button').click();
  await expect(page).toHaveURL(/#\/mail\/\d+\/INBOX$/);
  await expect(page.getByRole('navigation', { name: 'Folders' })).toContainText('Sent Items');
  await page.getByTestId('mail-list').getByText('Broken ladder in store room').click();
  const message = page.getByTestId('mail-message');
  await expect(message).toContainText('The ladder in the store room has a cracked rung.');
  // The connector names no trusted mail server: nothing vouches for the From address (docs/product/mail.md#requests-from-mail).
  await expect(message.getByTestId('unverified-sender')).toBeVisible();
  await saveScreenshot(page, 'mail-message');
  await message.getByRole('button', { name: 'Create Request' }).click();
  await expect(page).toHaveURL(/#\/docs\/request\/\d+$/, { timeout: 45_000 });
  await expect(page.getByText('Broken ladder in store room').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
});

test('a member without the mail role is told so on the mail screen', async ({ page }) => {
  await new SignInPage(page).signInAs(users.editor);
  await page.goto('/#/mail');
  await expect(page.getByTestId('mail-not-authorised')).toContainText('You do not have access to this functionality!');
  await expect(page.getByTestId('mail-inbox-button')).toHaveCount(0);
});
