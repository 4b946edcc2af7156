import { DatabaseSync } from 'node:sqlite';
import { testServerDatabase } from '../pages/test-server-data.ts';
import { expect, test, type Page } from '@playwright/test';
import type { ListIndexesAnswer } from '@docket/shared';
import { apiTokens } from '../pages/api.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * The schema editor's Indexes tab (docs/product/forms-and-lists.md#list-indexes): a stored type's
 * indexes with their size, a slow list shape suggested with its requests, an index added from it
 * (built in the background, then listed as added here) with the same shape for the members limited
 * to their sites, and dropped again.
 */

/**
 * A list shape as the server records it after slow lists (list-shape-stats.ts): the test server's
 * lists are too quick on its few documents to be slow, so the tally is written straight into its
 * embedded database, as setDemoSettings does for settings.
 */
function recordSlowShape(docType: string, shape: string, requests: number): void {
  const path = testServerDatabase;
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const org = db.prepare(`SELECT id FROM organisations WHERE app_id = 'demo'`).get() as { id: number };
    // Every request in the 200–500 ms bucket: a 95th percentile of at most 500 ms, 300 ms each.
    db.prepare(
      // Replaced, not added: a retry of the test records the same shape again.
      `INSERT OR REPLACE INTO list_shape_stats (org_id, doc_type, shape, requests, total_ms, last_seen, h500) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(org.id, docType, shape, requests, requests * 300, new Date().toISOString(), requests);
  } finally {
    db.close();
  }
}

test('an administrator sees a type’s indexes, adds the suggested one for a slow list and drops it', async ({ page, request }) => {
  const { access_token: token } = await apiTokens(request, users.admin);
  const created = await request.post('/v3/demo/$$schema', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      type: 'site_walk',
      idMask: 'SW-{seq:3}',
      form: {
        title: 'Site walks',
        schema: {
          type: 'object',
          required: ['summary'],
          properties: {
            summary: { type: 'string', minLength: 1 },
            area: { type: 'string', enum: ['Yard', 'Office'] },
            walked_at: { type: 'string', format: 'date-time' },
            // Located: the demo's site manager and editor read it for their one site each.
            site_id: { type: 'integer' },
          },
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const schemaId = ((await created.json()) as { id: number }).id;
  recordSlowShape('site_walk', 'area|walked_at', 40);
  try {
    await addAndDrop(page, schemaId);
  } finally {
    const headers = { Authorization: `Bearer ${token}` };
    // An index the test added and did not get to drop would hide the suggestion from a retry.
    const tab = (await (await request.get('/v3/demo/$$schema/indexes/site_walk', { headers })).json()) as ListIndexesAnswer;
    for (const index of tab.existing.filter((entry) => entry.kind === 'added'))
      await request.delete(`/v3/demo/$$schema/indexes/site_walk/${index.name}`, { headers });
    // The tests after this one see the demo organisation's types as they were (its Forms menu).
    const removed = await request.delete(`/v3/demo/$$schema/${schemaId}`, { headers });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
  }
});

async function addAndDrop(page: Page, schemaId: number): Promise<void> {
  // The tab's reads: the list (sizes=false, which follows a build) and its sizes, asked apart.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes('/$$schema/indexes/site_walk'))
      reads.push(new URL(request.url()).searchParams.get('sizes') ?? 'default');
  });
  await new SignInPage(page).signInToDashboard(users.admin);
  await page.goto(`/#/admin/schemas/${schemaId}`);
  await page.getByRole('tab', { name: 'Indexes' }).click();
  const existing = page.getByTestId('existing-indexes');
  const suggested = page.getByTestId('suggested-indexes');
  // The indexes every type shares, each with its size.
  await expect(existing.getByRole('row').filter({ hasText: 'Every type' }).first()).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
  const suggestion = suggested.getByRole('row').filter({ hasText: 'area → walked_at' });
  await expect(suggestion).toContainText('40');
  await expect(suggestion).toContainText('≤ 500 ms');
  await suggestion.scrollIntoViewIfNeeded();
  await saveScreenshot(page, '49-schema-indexes');

  // Ticked by default: the members limited to their sites get the shape with `site_id` too.
  await expect(page.getByRole('checkbox', { name: 'Also for members limited to their sites' })).toBeChecked();
  await suggestion.getByRole('button', { name: 'Add index' }).click();
  await expect(page.getByText('Index builds started (2 with those for limited members); they run in the background.')).toBeVisible();
  // A small type builds at once; the tab follows the builds and then lists the indexes as added here.
  const added = existing.getByRole('row').filter({ hasText: 'area → walked_at' });
  await expect(added).toContainText('Added here', { timeout: 30_000 });
  const forLimited = existing.getByRole('row').filter({ hasText: 'area, site_id → walked_at' });
  await expect(forLimited).toContainText('Added here', { timeout: 30_000 });
  // The new set of indexes is measured again: the added one gets its size too.
  await expect(added).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
  expect(reads).toContain('false');
  expect(reads).toContain('true');
  expect(reads).not.toContain('default');
  await expect(page.getByTestId('suggested-indexes')).toHaveCount(0);
  await expect(page.getByText('No slow list shapes: every list of this type is served by an index.')).toBeVisible();

  await added.getByRole('button', { name: 'Drop' }).click();
  await expect(page.getByText('Index dropped')).toBeVisible();
  await expect(existing.getByRole('row').filter({ hasText: 'area → walked_at' })).toHaveCount(0);
  // Dropped, the shape is slow again and suggested again.
  await expect(suggested.getByRole('row').filter({ hasText: 'area → walked_at' })).toBeVisible();

  // On a phone both tables fit the screen: a suggestion's Add index button and an added index's
  // Drop button are in view without scrolling sideways (the estimate's figures and the origin hide).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(suggested.getByRole('button', { name: 'Add index' })).toBeVisible();
  await expect(forLimited.getByRole('button', { name: 'Drop' })).toBeVisible();
  await forLimited.scrollIntoViewIfNeeded();
  await saveScreenshot(page, '49-schema-indexes-phone');
  for (const table of [suggested, existing]) {
    const sideways = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(sideways).toBe(0);
  }
}

test('a built-in type’s indexes are one click from the schemas list, before anyone customises it', async ({ page }) => {
  await new SignInPage(page).signInToDashboard(users.admin);
  await page.goto('/#/admin/schemas');
  const incident = page.getByTestId('builtin-type-row').filter({ has: page.getByText('incident', { exact: true }) });
  await incident.getByRole('link', { name: 'Indexes of incident' }).click();
  await expect(page).toHaveURL(/from=incident&tab=indexes/);
  // Nothing is saved yet: the Indexes tab alone, selected, with the indexes the type's lists use.
  await expect(page.getByRole('tab', { name: 'Indexes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Versions' })).toHaveCount(0);
  // Below the form's preview, scrolled into view.
  await expect(page.getByRole('tab', { name: 'Indexes' })).toBeInViewport();
  const existing = page.getByTestId('existing-indexes');
  await expect(existing.getByRole('row').filter({ hasText: 'Every type' }).first()).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
  // The demo's few incidents: the type has none of its own indexes yet, and the tab says when it will.
  await expect(page.getByTestId('own-indexes-from')).toContainText(
    'This type gets its own indexes once this server holds 2,000 of its documents',
  );
  await expect(existing.getByRole('row').filter({ hasText: 'From the type' })).toHaveCount(0);
  await saveScreenshot(page, '50-builtin-type-indexes');
});
