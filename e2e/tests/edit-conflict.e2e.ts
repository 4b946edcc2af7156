import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiTokens, createDocumentViaApi } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/** Someone else's edit through the API, made from the document as it is now. */
async function editElsewhere(request: APIRequestContext, token: string, id: number, changes: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${token}` };
  const current = (await (await request.get(`/v3/demo/client/${id}`, { headers })).json()) as Record<string, unknown>;
  const response = await request.put(`/v3/demo/client/${id}`, { headers, data: { ...current, ...changes } });
  expect(response.status()).toBe(200);
}

async function readClient(request: APIRequestContext, token: string, id: number) {
  return (await (await request.get(`/v3/demo/client/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    title: string;
    code: string;
    meta: { version: number };
  };
}

test.describe('a document changed while its form was open', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('Re-apply my changes lays my edit onto the current document and saves it', async ({ page, request }) => {
    const { access_token: token } = await apiTokens(request, users.admin);
    const client = await createDocumentViaApi(request, token, 'client', { title: 'Harbour Freight', code: 'HF1' });
    const form = new DocumentFormPage(page);
    await form.goto('client', client.id);
    await editElsewhere(request, token, client.id, { code: 'HF2' });

    await form.textbox('Client name').fill('Harbour Freight Ltd');
    await form.save.click();
    const dialog = page.getByRole('dialog', { name: 'This document was changed' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Ada Admin changed this document on .+, after you opened it\./);
    await expect(dialog).toContainText('Your changes: Client name.');
    await saveScreenshot(page, '40-edit-conflict-dialog');
    await dialog.getByRole('button', { name: 'Re-apply my changes' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await readClient(request, token, client.id)).title).toBe('Harbour Freight Ltd');
    // The other person's change stays: only my field was re-applied.
    expect(await readClient(request, token, client.id)).toMatchObject({ code: 'HF2', meta: { version: 3 } });
  });

  test('Reload discards my changes and shows the current document', async ({ page, request }) => {
    const { access_token: token } = await apiTokens(request, users.admin);
    const client = await createDocumentViaApi(request, token, 'client', { title: 'Quayside Logistics', code: 'QL1' });
    const form = new DocumentFormPage(page);
    await form.goto('client', client.id);
    await editElsewhere(request, token, client.id, { title: 'Quayside Logistics Group' });

    await form.textbox('Client name').fill('Quayside');
    await form.save.click();
    const dialog = page.getByRole('dialog', { name: 'This document was changed' });
    await dialog.getByRole('button', { name: 'Reload (discard my changes)' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.textbox('Client name')).toHaveValue('Quayside Logistics Group');
    expect(await readClient(request, token, client.id)).toMatchObject({ title: 'Quayside Logistics Group', meta: { version: 2 } });
    // The form now holds the current version: an edit from here saves.
    await form.textbox('Code').fill('QL2');
    await form.save.click();
    await expect.poll(async () => (await readClient(request, token, client.id)).code).toBe('QL2');
  });
});
