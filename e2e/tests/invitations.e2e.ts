/**
 * Invitations in the browser (docs/product/identities-and-sign-in.md): an administrator adds an
 * address that already has an account in another organisation; the screen says an invitation was
 * sent and lists it as pending; the person opens the e-mailed link from the outbox signed out,
 * signs in on that page, is asked for their own password (theirs was set by the other
 * organisation's administrator), accepts, signs in again and is a member. The used link then says so.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { SignInPage, users, LANDING_URL } from '../pages/sign-in-page.ts';

const ACME_SET_PASSWORD = 'set-by-acme-admin-1';
const OWN_PASSWORD = 'my-own-password-42';

test('an invitation is sent, accepted through the outbox link, and the link cannot be used twice', async ({ page, request }) => {
  const email = `invitee-${Date.now()}@acme.local`;
  const acmeAdmin = (await apiTokens(request, 'admin@acme.local')).access_token;
  const created = await request.post('/v3/acme/users', {
    headers: { Authorization: `Bearer ${acmeAdmin}` },
    data: { email, display_name: 'Ivy Invitee', password: ACME_SET_PASSWORD, mfa: false },
  });
  expect(created.status()).toBe(201);

  // The demo administrator adds the address through the members screen.
  await new SignInPage(page).signInAs(users.admin);
  await page.goto('/#/admin/users/new');
  await page.getByLabel('Display name', { exact: false }).first().fill('Ivy');
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`An invitation was sent to ${email}`, { exact: false })).toBeVisible();
  const pending = page.getByTestId('pending-invitations');
  await expect(pending.getByRole('cell', { name: email })).toBeVisible();
  await expect(pending.getByText('Pending', { exact: true })).toBeVisible();

  // The link, as the person receives it (the outbox keeps mail while no SMTP server is configured).
  const demoAdmin = (await apiTokens(request, users.admin)).access_token;
  const outbox = await request.get('/v3/demo/$$outbox', {
    headers: { Authorization: `Bearer ${demoAdmin}` },
    params: { count: 20, order: 'id desc' },
  });
  const mail = ((await outbox.json()) as { dataAr: { mail_to: string; content: string }[] }).dataAr.find((m) => m.mail_to === email);
  const link = /(#\/invitation\?token=\S+)/.exec(mail?.content ?? '')?.[1];
  expect(link).toMatch(/^#\/invitation\?token=[A-Za-z0-9_-]{20,}$/);

  // Signed out, the person opens it, signs in there and stays on the invitation.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('about:blank');
  await page.goto(`/${link!}`);
  await expect(page.getByRole('heading', { name: 'Join Demo Co' })).toBeVisible();
  await expect(page.getByText('Sign in with your own account', { exact: false })).toBeVisible();
  const signIn = new SignInPage(page);
  await signIn.signIn(email, ACME_SET_PASSWORD);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  // Their password was chosen by acme's administrator: they choose their own to accept.
  await expect(page.getByText('Choose your own password to accept', { exact: false })).toBeVisible();
  await page.getByLabel('Your new password').fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByTestId('invitation-accepted')).toContainText('you are a member of Demo Co');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn.signIn(email, OWN_PASSWORD);
  await page.waitForURL(LANDING_URL);

  const invitations = await request.get('/v3/demo/invitations', { headers: { Authorization: `Bearer ${demoAdmin}` } });
  expect(((await invitations.json()) as { dataAr: { email: string }[] }).dataAr.map((i) => i.email)).not.toContain(email);
  const members = await request.get('/v3/demo/users', { headers: { Authorization: `Bearer ${demoAdmin}` }, params: { count: 500 } });
  expect(((await members.json()) as { dataAr: { email: string }[] }).dataAr.map((u) => u.email)).toContain(email);

  // The link is single use.
  await page.goto(`/${link!}`);
  await expect(page.getByTestId('invitation-refused')).toHaveText('This invitation has already been accepted.');
});
