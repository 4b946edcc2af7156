/**
 * Reference lists administered in the browser (docs/product/administration.md#currencies,
 * #keyword-lists): an administrator adds a currency and a keyword option and uses them in a form;
 * a second base currency is refused in the product's words; an amount shows converted into the
 * user's preferred currency; a notification rule's form previews its mail.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

interface Row {
  id: number;
  key?: string;
  title?: string;
}

async function rows(request: APIRequestContext, token: string, type: string, filter: string): Promise<Row[]> {
  const response = await request.get(`/v3/demo/${type}`, { headers: { Authorization: `Bearer ${token}` }, params: { filter, count: 10 } });
  return ((await response.json()) as { dataAr: Row[] }).dataAr;
}

/** The organisation's base currency (made once), as the admin's preferred currency. */
async function baseCurrencyAsPreference(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  let [base] = await rows(request, token, 'currency', 'base = true');
  if (!base) {
    const created = await request.post('/v3/demo/currency', {
      headers,
      data: { title: 'Euro', symbol: 'EUR', descrip: 'Euro', base: true, rate_to_base: 1 },
    });
    base = (await created.json()) as Row;
  }
  await request.put('/v2/identity/me/prefs', { headers, data: { currency_id: base.id } });
}

/** A run after a retry finds the list of a failed attempt: it steps aside under another key. */
async function freeKey(request: APIRequestContext, token: string, key: string): Promise<void> {
  for (const row of await rows(request, token, 'keyword_list', `key = '${key}'`)) {
    const stored = await (await request.get(`/v3/demo/keyword_list/${row.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    await request.put(`/v3/demo/keyword_list/${row.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...stored, key: `${key}_${row.id}` },
    });
  }
}

test.describe('reference lists', () => {
  test('adds a currency and a keyword option and uses them in a form', async ({ page, request }) => {
    test.slow(); // four forms in one story
    const tag = Date.now().toString(36);
    const { access_token: token } = await apiTokens(request, users.admin);
    await baseCurrencyAsPreference(request, token);
    await freeKey(request, token, 'action_category');
    await new SignInPage(page).signInToDashboard(users.admin);
    const form = new DocumentFormPage(page);

    // A second base currency is refused in the product's words; a plain one is saved.
    await form.goto('currency');
    await form.textbox('Title').fill(`Pound ${tag}`);
    await form.textbox('Symbol').fill('GBP');
    await form.textbox('Description').fill('Pound sterling');
    await form.form.getByRole('checkbox', { name: 'Base currency' }).check();
    await form.textbox('Rate to base currency').fill('1.25');
    // The form checks the rule as it is typed: Save gives way to the error count.
    expect(await form.errorMessages()).toContain('The rate of the base currency is 1');
    await form.textbox('Rate to base currency').fill('1');
    await form.save.click();
    await expect(page.getByText('Only one currency can be the base currency.').first()).toBeVisible();
    await form.form.getByRole('checkbox', { name: 'Base currency' }).uncheck();
    await form.textbox('Rate to base currency').fill('1.25');
    await form.save.click();
    await page.waitForURL(/#\/docs\/currency\/\d+$/);

    // The keyword list every action's Category field reads, with one option.
    await form.goto('keyword_list');
    await form.textbox('Title').fill('Action categories');
    await form.textbox('Key').fill('action_category');
    await page.getByRole('button', { name: 'Add Options' }).click();
    const option = page.getByTestId('array-item').first();
    await form.textbox('Id', option).fill('1');
    await form.textbox('Label', option).fill(`Scaffolding ${tag}`);
    await form.save.click();
    await page.waitForURL(/#\/docs\/keyword_list\/\d+$/);

    // An action is saved with the new option as its category.
    await form.goto('action');
    await form.textbox('Title').fill(`Brace the scaffold ${tag}`);
    await form.choose(form.combobox('Category'), `Scaffolding ${tag}`);
    await expect(form.combobox('Category')).toHaveValue(`Scaffolding ${tag}`);
    await form.combobox('Actionees').click();
    await page.getByRole('option', { name: 'Ada Admin' }).click();
    await page.keyboard.press('Escape'); // a multiple choice stays open after a pick
    await form.save.click();
    await page.waitForURL(/#\/docs\/action\/\d+$/);
    await expect(page.getByText(`Scaffolding ${tag}`)).toBeVisible();

    // A travel request takes the new currency and shows its cost in the admin's currency.
    await form.goto('worksafe_travel_request');
    await form.textbox('Estimated cost').fill('100');
    await form.choose(form.combobox('Currency'), `Pound ${tag}`);
    await expect(page.getByTestId('converted-amount')).toHaveText('≈ 125.00 in EUR');
  });

  test("a notification rule's form previews its mail", async ({ page }) => {
    await new SignInPage(page).signInToDashboard(users.admin);
    const form = new DocumentFormPage(page);
    await form.goto('notification');
    const preview = page.getByTestId('mail-preview');
    await expect(preview).toContainText('Enter a title to see the mail.');
    await form.textbox('Title').fill('Incident closed');
    await form.textbox('Message').fill('{{summary}} is closed.');
    await expect(preview).toContainText(/Subject: \[INC-\d+\] Incident closed/);
    await expect(preview).toContainText(/ is closed\.$/);
  });
});
