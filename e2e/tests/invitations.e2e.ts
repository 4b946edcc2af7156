/**
 * Invitations in the browser (docs/product/identities-and-sign-in.md): an administrator adds an
 * address that already has an account in another organisation; the screen says an invitation was
 * sent and lists it as pending, but its outbox does not show the link; the person opens the
 * e-mailed link signed out and, as their account has no password of its own (the other
 * organisation's administrator set it), chooses their own right there without signing in, accepts,
 * signs in with it and is a member; the other organisation's password no longer signs in. The used
 * link then says so.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { lastMailTo } from '../pages/mailbox.ts';
import { SignInPage, users, LANDING_URL } from '../pages/sign-in-page.ts';

const ACME_SET_PASSWORD = 'set-by-acme-admin-1';
const OWN_PASSWORD = 'my-own-password-42';

test('an invitation is sent, accepted from the e-mailed link with a password of their own, and the link cannot be used twice', async ({
  page,
  request,
}) => {
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

  // The link reaches the person's mailbox only: the administrators' outbox does not show it.
  const demoAdmin = (await apiTokens(request, users.admin)).access_token;
  const outbox = await request.get('/v3/demo/$$outbox', {
    headers: { Authorization: `Bearer ${demoAdmin}` },
    params: { count: 50, order: 'id desc' },
  });
  expect(JSON.stringify(await outbox.json())).not.toContain('#/invitation?token=');
  const link = /(#\/invitation\?token=\S+)/.exec(lastMailTo(email))?.[1];
  expect(link).toMatch(/^#\/invitation\?token=[A-Za-z0-9_-]{20,}$/);

  // Signed out, the person opens it: their account has no password of their own (acme's
  // administrator set it), so they choose one right there, without signing in.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('about:blank');
  await page.goto(`/${link!}`);
  await expect(page.getByRole('heading', { name: 'Join Demo Co' })).toBeVisible();
  const form = page.getByTestId('invitation-choose-password');
  await expect(form.getByText('has no password of its own yet', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await form.getByLabel('Your new password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(form.getByTestId('invitation-error')).toHaveText('At least 10 characters.');
  await form.getByLabel('Your new password', { exact: true }).fill(OWN_PASSWORD);
  await form.getByLabel('Repeat your new password', { exact: true }).fill('something-else-42');
  await form.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(form.getByTestId('invitation-error')).toHaveText('The two passwords are not the same.');
  await form.getByLabel('Repeat your new password', { exact: true }).fill(OWN_PASSWORD);
  await form.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByTestId('invitation-accepted')).toContainText('you are a member of Demo Co');

  // Acme's password no longer signs in; their own does.
  expect(
    (await request.post('/oauth/token', { form: { grant_type: 'password', username: email, password: ACME_SET_PASSWORD } })).ok(),
  ).toBe(false);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await new SignInPage(page).signIn(email, OWN_PASSWORD);
  await page.waitForURL(LANDING_URL);

  const invitations = await request.get('/v3/demo/invitations', { headers: { Authorization: `Bearer ${demoAdmin}` } });
  expect(((await invitations.json()) as { dataAr: { email: string }[] }).dataAr.map((i) => i.email)).not.toContain(email);
  const members = await request.get('/v3/demo/users', { headers: { Authorization: `Bearer ${demoAdmin}` }, params: { count: 500 } });
  expect(((await members.json()) as { dataAr: { email: string }[] }).dataAr.map((u) => u.email)).toContain(email);

  // The link is single use.
  await page.goto(`/${link!}`);
  await expect(page.getByTestId('invitation-refused')).toHaveText('This invitation has already been accepted.');
});
