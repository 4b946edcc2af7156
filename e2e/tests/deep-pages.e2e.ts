import { expect, test, type Page } from '@playwright/test';
import { ListPage } from '../pages/list-page.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * Deep pages (docs/product/forms-and-lists.md#deep-pages): a page opened by its number in the
 * address is asked by offset; Next and Previous from it continue from the page's cursors, and
 * show the very rows their page numbers show. Oldest first, so documents other tests create
 * meanwhile land at the end of the list and never shift these pages.
 */
const address = (page: number) =>
  `/#/docs/incident?filter=${encodeURIComponent(JSON.stringify({ data: {}, order: 'created_date asc' }))}&page=${page}`;

/** The display ids of the rows shown. */
async function shownIds(list: ListPage): Promise<string[]> {
  return (await list.rows.allInnerTexts()).map((text) => /INC-\S+/.exec(text)?.[0] ?? text);
}

function listRequest(page: Page, has: string) {
  return page.waitForRequest((request) => /\/v3\/[^/]+\/incident\?/.test(request.url()) && request.url().includes(has));
}

test('next and previous continue from the page shown, and match the pages opened by number', async ({ page }) => {
  await new SignInPage(page).signInAs(users.admin);
  const list = new ListPage(page);
  const byNumber = listRequest(page, 'start=30');
  await page.goto(address(3));
  expect(new URL((await byNumber).url()).searchParams.has('after')).toBe(false);
  await expect(list.rows).toHaveCount(15);
  const third = await shownIds(list);

  const forward = listRequest(page, 'after=');
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await forward;
  await expect(page).toHaveURL(/page=4/);
  await expect.poll(async () => (await shownIds(list))[0]).not.toBe(third[0]);
  const fourth = await shownIds(list);
  expect(fourth).toHaveLength(15);
  expect(fourth.some((id) => third.includes(id))).toBe(false);

  const back = listRequest(page, 'before=');
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await back;
  await expect(page).toHaveURL(/page=3/);
  await expect.poll(() => shownIds(list)).toEqual(third);

  // The fourth page by its number (a shared link): the same rows as reached by Next.
  const fourthByNumber = listRequest(page, 'start=45');
  await page.goto('about:blank');
  await page.goto(address(4));
  expect(new URL((await fourthByNumber).url()).searchParams.has('after')).toBe(false);
  await expect.poll(() => shownIds(list)).toEqual(fourth);
});
