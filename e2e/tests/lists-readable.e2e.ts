/**
 * Lists people can read (docs/product/forms-and-lists.md#list-view, #columns, #filters, #search):
 * the Created column filled, a column chooser that stays chosen, short summaries, chips as
 * sentences in every language, the filter and page in the address, search results and Recent
 * Activity that say what each document is, cards on a phone, and a table that fits a laptop.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiTokens, createDocumentViaApi, myUuid, type CreatedDocument } from '../pages/api.ts';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { ListPage } from '../pages/list-page.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

const marker = `Readable ${Date.now()}`;
const longSummary = `${marker} the guard rail on the loading bay stairs is loose and could give way under anyone leaning on it at night`;

/** The cells of the table's column named `name`, one per row. */
async function columnCells(page: Page, name: string) {
  const headers = await page.getByTestId('list-table').locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === name);
  expect(index, `column ${name} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return page.getByTestId('list-row').locator(`td:nth-child(${index + 1})`);
}

/** Sorts the table by the column named `name`, descending (a click toggles the direction). */
async function sortDescending(page: Page, name: string) {
  const button = page.getByRole('button', { name: `Sort by ${name}` });
  const header = page.getByRole('columnheader').filter({ has: button });
  await button.click();
  await expect(header).toHaveAttribute('aria-sort', /ascending|descending/);
  if ((await header.getAttribute('aria-sort')) === 'ascending') await button.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
}

test.describe('lists people can read', () => {
  const created: CreatedDocument[] = [];

  test.beforeAll(async ({ request }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const me = await myUuid(request, access_token);
    // 17 documents, 16 of them Low: more than a page of 15 either way.
    for (let index = 0; index < 17; index++) {
      created.push(
        await createDocumentViaApi(request, access_token, 'action', {
          summary: index === 0 ? longSummary : `${marker} #${index}`,
          // The long one is due last of all, so sorting by Due (descending) puts it on the first page
          // whatever the demo's history holds.
          due_date: index === 0 ? '2031-02-02' : '2031-02-01',
          actionee_ids: [me],
          priority: index === 1 ? 5 : 2,
        }),
      );
    }
  });

  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test('the Created column is filled; a column chooser hides columns and remembers them', async ({ page }) => {
    const list = new ListPage(page);
    await list.goto('action');
    const createdCells = await columnCells(page, 'Created');
    await expect(createdCells.first()).toHaveText(/\d{1,2} \w{3} \d{4}/);

    await page.getByRole('button', { name: 'Options' }).click();
    const chooser = page.getByTestId('column-chooser');
    await chooser.getByRole('checkbox', { name: 'Priority' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('list-table').locator('thead th', { hasText: 'Priority' })).toHaveCount(0);
    await page.reload();
    await expect(list.rows.first()).toBeVisible();
    await expect(page.getByTestId('list-table').locator('thead th', { hasText: 'Due' })).toHaveCount(1);
    await expect(page.getByTestId('list-table').locator('thead th', { hasText: 'Priority' })).toHaveCount(0);
    await saveScreenshot(page, 'lists-readable-01-columns');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByTestId('column-chooser').getByRole('checkbox', { name: 'Priority' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('list-table').locator('thead th', { hasText: 'Priority' })).toHaveCount(1);
  });

  test('a long summary takes at most two lines, the full text on hover', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    const list = new ListPage(page);
    await list.goto('action');
    await sortDescending(page, 'Due');
    const cell = list.rows.filter({ hasText: marker }).getByTestId('text-cell').filter({ hasText: 'guard rail' }).first();
    await expect(cell).toBeVisible();
    await expect(cell).toHaveAttribute('title', longSummary);
    const box = await cell.boundingBox();
    const lineHeight = await cell.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight) || 20);
    expect(box!.height).toBeLessThanOrEqual(lineHeight * 2 + 2);
  });

  test('filter chips read as sentences, in English and in French', async ({ page }) => {
    const list = new ListPage(page);
    await list.goto('action');
    await expect(list.chips).toHaveText(['Created after 1 Jan 2023 (default filter)']);
    await page.evaluate(() => localStorage.setItem('docket.lang', 'fr'));
    await page.reload();
    await expect(list.chips).toHaveText(['Créé après le 1 janv. 2023 (filtre par défaut)']);
    await saveScreenshot(page, 'lists-readable-02-french-chip');
    await page.evaluate(() => localStorage.removeItem('docket.lang'));
  });

  test('the filter and the page are in the address: shared links and Back / Forward work', async ({ page, context }) => {
    const list = new ListPage(page);
    await list.goto('action');
    await list.filterButton.click();
    const form = new DocumentFormPage(page);
    await form.choose(form.combobox('Priority', list.filterDialog), 'Low');
    await list.filterDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(list.chips.filter({ hasText: 'Priority is Low' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]filter=/);
    const filtered = await list.total();
    expect(filtered).toBeGreaterThan(15);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const shared = page.url();

    // Back: the first page of the same filter; Back again: no filter of ours; Forward twice: page 2.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(list.chips.filter({ hasText: 'Priority is Low' })).toBeVisible();
    await page.goBack();
    await expect(list.chips.filter({ hasText: 'Priority is Low' })).toHaveCount(0);
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(/^16–\d+ of \d+$/)).toBeVisible();

    // Someone else opening the link sees the same filter and page.
    const other = await context.browser()!.newContext({ baseURL: new URL(shared).origin });
    const colleague = await other.newPage();
    await new SignInPage(colleague).signInAs(users.manager);
    await colleague.goto(shared);
    await expect(new ListPage(colleague).chips.filter({ hasText: 'Priority is Low' })).toBeVisible();
    await expect(colleague).toHaveURL(/[?&]page=2/);
    await other.close();
  });

  test('search results show each document’s type and display id; Recent Activity shows titles', async ({ page }) => {
    await page.goto(`/#/search?query=${encodeURIComponent(marker)}`);
    const card = page
      .getByTestId('document-card')
      .filter({ hasText: `${marker} #1` })
      .first();
    await expect(card.getByTestId('card-overline')).toHaveText(/^Action · ACT-\d+$/);
    await saveScreenshot(page, 'lists-readable-03-search');

    await page.goto('/#/docs/$$event');
    const link = page
      .getByTestId('recent-row-link')
      .filter({ hasText: `${marker} #15` })
      .first();
    await expect(link).toHaveText(new RegExp(`^on ${created[15]!.display_id} · ${marker} #15$`));
  });

  test('Recent Activity keeps a long unbroken title to two lines within the page, the full title its tooltip', async ({
    page,
    request,
  }) => {
    const { access_token } = await apiTokens(request, users.admin);
    const me = await myUuid(request, access_token);
    // One word of 160 characters: the page was 1780 px wide on a laptop and 1480 on a phone.
    const word = `Unbroken${Date.now()}_${'X'.repeat(140)}`;
    const action = await createDocumentViaApi(request, access_token, 'action', {
      summary: word,
      due_date: '2031-02-01',
      actionee_ids: [me],
      priority: 2,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/#/docs/$$event');
      const link = page
        .getByTestId('recent-row-link')
        .filter({ hasText: word.slice(0, 20) })
        .first();
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('title', `on ${action.display_id} · ${word}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
      const lines = await link.evaluate((node) => {
        const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 20;
        return Math.round(node.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `lines at ${width} px`).toBeLessThanOrEqual(2);
      if (width === 390) await saveScreenshot(page, 'lists-readable-07-recent-long-title-phone');
    }
  });

  test('Identities opens with a readable chip, and an empty list says a filter is hiding identities', async ({ page }) => {
    await page.goto('/#/administration');
    await page.getByRole('link', { name: /Identities/ }).click();
    const list = new ListPage(page);
    await expect(list.chips).toHaveText(['Federated is Yes (default filter)']);
    await expect(page.getByText('A filter is in force (see the chips above): remove it to see the others.')).toBeVisible();
    await saveScreenshot(page, 'lists-readable-05-identities');
    await list.chips.first().locator('.MuiChip-deleteIcon').click();
    await expect(list.rows.filter({ hasText: 'reader@demo.local' })).toBeVisible();
  });

  test('at 1366 px beside the pinned menu the incident table shows each status, summaries in two lines; sort arrows take no width', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const list = new ListPage(page);
    await list.goto('incident');
    await expect(list.rows.first()).toBeVisible();
    // Eleven columns leave the summary little room: a summary of a few words still takes two lines
    // at most, not one word a line (docs/product/forms-and-lists.md#columns).
    const summaries = (await columnCells(page, 'Summary')).getByTestId('text-cell');
    expect(await summaries.count()).toBeGreaterThan(5);
    for (const summary of await summaries.all()) {
      const lines = await summary.evaluate((node) => {
        const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 20;
        return Math.round(node.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `lines of '${await summary.textContent()}'`).toBeLessThanOrEqual(2);
    }
    const table = await page.getByTestId('list-table').boundingBox();
    const status = await columnCells(page, 'Status');
    const chip = await status.first().locator('.MuiChip-root').boundingBox();
    expect(chip, 'a status chip in the first row').not.toBeNull();
    expect(chip!.x + chip!.width, 'the status chip within the table, not beyond its scroll').toBeLessThanOrEqual(table!.x + table!.width);
    // The sort arrow sits in the gap between headers, taking no width of its column, sorted or not.
    const severity = page.getByRole('button', { name: 'Sort by Severity' });
    const widthBeyondLabel = () =>
      severity.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button.firstChild!);
        return Math.round(button.getBoundingClientRect().width - range.getBoundingClientRect().width);
      });
    expect(await widthBeyondLabel()).toBe(0);
    await sortDescending(page, 'Severity');
    expect(await widthBeyondLabel()).toBe(0);
    await saveScreenshot(page, 'lists-readable-06-laptop');
  });

  test('on a phone a list shows cards, and its header does not overlap', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const list = new ListPage(page);
    await list.goto('action');
    await expect(list.cards.first()).toBeVisible();
    await expect(list.rows).toHaveCount(0);
    const title = await page.getByRole('heading', { level: 1, name: 'Actions' }).boundingBox();
    const count = await list.count.boundingBox();
    const create = await page.getByRole('link', { name: 'Create' }).boundingBox();
    const overlaps = (a: typeof title, b: typeof title) =>
      !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(title, count)).toBe(false);
    expect(overlaps(title, create)).toBe(false);
    expect(overlaps(count, create)).toBe(false);
    expect(create!.x + create!.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'lists-readable-04-phone');
    // A mode the user picks on the phone is kept.
    await list.mode('Table').click();
    await expect(list.rows.first()).toBeVisible();
    await page.reload();
    await expect(list.rows.first()).toBeVisible();
  });
});
