import { expect, test } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { apiTokens, createPostViaApi } from '../pages/api.ts';
import { collectViolations } from '../pages/csp-violations.ts';
import { SignInPage, users } from '../pages/sign-in-page.ts';

/**
 * The web app runs under the server's Content-Security-Policy (docs/product/security.md): every
 * screen kind — sign-in, news with an HTML description and an inline image, a form, a list, the
 * schema editor (CodeMirror), the API docs UI — renders without a single policy violation.
 * Violations are collected from the page's `securitypolicyviolation` events and from the console.
 */

/** Waits for a screen to show; a policy violation fails at once, naming what was blocked. */
async function expectScreen(locator: Locator, violations: string[]): Promise<void> {
  await expect(async () => {
    expect(violations).toEqual([]);
    await expect(locator).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test.describe('content security policy', () => {
  test('the index page is served with the policy', async ({ request }) => {
    const answer = await request.get('/');
    expect(answer.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers()['x-frame-options']).toBe('DENY');
  });

  test('every kind of screen renders without a violation', async ({ page, request }) => {
    const violations = await collectViolations(page);
    const { access_token } = await apiTokens(request, users.admin);
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const { id } = await createPostViaApi(request, access_token, {
      summary: 'CSP check',
      descrip: `<p>Inline <b>image</b>: <img src="${pixel}" alt="pixel"></p>`,
    });

    await new SignInPage(page).signInAs(users.admin);
    await page.goto(`/#/docs/post/${id}`);
    await expectScreen(page.getByTestId('rich-text').locator('img[alt="pixel"]'), violations);
    expect(violations, 'sign-in and a post').toEqual([]);

    await page.goto('/#/docs/incident');
    await expectScreen(page.getByRole('heading', { level: 1 }), violations);
    await page.goto('/#/docs/risk_assessment/0?edit');
    await expectScreen(page.getByRole('button', { name: 'Save' }), violations);
    expect(violations, 'a list and a form').toEqual([]);

    await page.goto('/#/admin/schemas');
    await page.getByTestId('builtin-type-row').filter({ hasText: 'risk_assessment' }).getByRole('link', { name: 'Customise' }).click();
    await expectScreen(page.getByRole('heading', { level: 1, name: 'Schema risk_assessment' }), violations);
    await expectScreen(page.locator('.cm-editor').first(), violations);
    expect(violations, 'the schema editor').toEqual([]);

    await page.goto('/api/docs/');
    await expectScreen(page.getByRole('heading', { name: /Docket API/ }), violations);

    expect(violations).toEqual([]);
  });
});
