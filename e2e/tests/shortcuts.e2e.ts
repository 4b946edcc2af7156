/**
 * Keyboard shortcuts (docs/product/forms-and-lists.md#keyboard-shortcuts): '?' lists what the screen
 * offers and Esc closes it, '/' puts the cursor in the search box, 'g d' goes to the dashboard, 'c'
 * on a list opens Create, and Ctrl+S saves a form from inside a field, where a plain 'c' is typed.
 */
import { expect, test } from '@playwright/test';
import { DocumentFormPage } from '../pages/document-form-page.ts';
import { ListPage } from '../pages/list-page.ts';
import { PHONE, expectNoSidewaysScroll } from '../pages/phone.ts';
import { saveScreenshot } from '../pages/screenshots.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { ShortcutsHelp } from '../pages/shortcuts-help.ts';
import { LANDING_URL, SignInPage, users } from '../pages/sign-in-page.ts';

test.describe('keyboard shortcuts', () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs(users.admin);
  });

  test("'?' lists the screen's shortcuts and Esc closes it; '/' focuses search; 'g d' goes to the dashboard", async ({ page }) => {
    const list = new ListPage(page);
    const help = new ShortcutsHelp(page);
    await list.goto('incident');

    await page.keyboard.press('?');
    await expect(help.dialog).toBeVisible();
    await expect(help.groupTitles()).toHaveText(['General', 'Go to', 'Lists']);
    await expect(help.entry('Create a document').locator('kbd')).toHaveText(['c']);
    await expect(help.entry('Dashboard')).toContainText('then');
    await expect(help.entry('Dashboard').locator('kbd')).toHaveText(['g', 'd']);
    await expect(help.entry('Save')).toHaveCount(0); // no form on this screen
    await saveScreenshot(page, 'shortcuts-01-help-on-a-list');
    await page.keyboard.press('Escape');
    await expect(help.dialog).toBeHidden();

    const search = new ShellPage(page).header.getByRole('search').getByRole('searchbox');
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue(''); // the '/' itself is not typed
    await page.keyboard.type('gd'); // typing in the box is text, not a shortcut
    await expect(search).toHaveValue('gd');
    await expect(page).toHaveURL(/#\/docs\/incident/);
    await search.blur();

    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await page.waitForURL(LANDING_URL);
  });

  test("'c' on the incidents list opens Create; in the form 'c' is typed and Ctrl+S saves", async ({ page }) => {
    const list = new ListPage(page);
    const form = new DocumentFormPage(page);
    await list.goto('incident');
    await page.keyboard.press('c');
    await page.waitForURL(/#\/docs\/incident\/0\?edit$/);
    await form.form.waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'New Incident' })).toBeVisible();

    await form.textbox('Title').click();
    await page.keyboard.type('c');
    await expect(form.textbox('Title')).toHaveValue('c');
    await expect(page).toHaveURL(/\?edit$/);
    await page.keyboard.type('rane tipped near the dock');
    await form.textbox('Description').fill('A mobile crane tipped while lifting a pallet.');
    await form.choose(form.combobox('Category'), 'Near Miss');
    await form.choose(form.combobox('Region'), 'North');
    await form.choose(form.combobox('Site'), 'North Plant');

    // From inside a field, as one would after typing the last words.
    await form.textbox('Description').press('End');
    await form.textbox('Description').press('ControlOrMeta+s');
    await page.waitForURL(/#\/docs\/incident\/\d+$/);
    await expect(new ShellPage(page).messageBar).toContainText('Document saved');
    await expect(page.getByText('crane tipped near the dock').first()).toBeVisible();
  });

  test('Ctrl+S saves a schema from inside its JSON editor, with the key typed just before it', async ({ page }) => {
    const shell = new ShellPage(page);
    const type = page.getByRole('textbox', { name: 'Type', exact: true });
    await page.goto('/#/admin/schemas/new');
    await type.fill('shortcut_dril');
    await expect(page.getByRole('heading', { level: 1, name: 'Schema shortcut_dril' })).toBeVisible();
    // Into the JSON: line 3 is '  "type": "shortcut_dril",'; the cursor goes before its '",'.
    await page.getByTestId('json-code-editor').locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('l');
    await page.keyboard.press('ControlOrMeta+s');
    await page.waitForURL(/#\/admin\/schemas\/\d+$/);
    await expect(shell.messageBar).toContainText('Schema saved');
    await expect(page.getByRole('heading', { level: 1, name: 'Schema shortcut_drill' })).toBeVisible();
    await expect(type).toHaveValue('shortcut_drill');
  });

  test("on a phone in dark mode the help fits the screen; '/' opens the search screen, then puts the cursor in its field", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const help = new ShortcutsHelp(page);
    await new ListPage(page).goto('incident');
    await new ShellPage(page).darkModeToggle().click();
    await expect(page.locator('body')).toHaveCSS('background-color', /rgb\((\d|[1-5]\d), /); // dark
    await page.keyboard.press('?');
    await expect(help.dialog).toBeVisible();
    const box = await help.dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expectNoSidewaysScroll(page, 'the shortcuts help');
    await saveScreenshot(page, 'shortcuts-02-help-phone-dark');
    // Over the help, a shortcut closes it, then acts.
    await page.keyboard.press('/');
    await expect(help.dialog).toBeHidden();
    await page.waitForURL(/#\/search$/);
    const field = page.getByRole('searchbox', { name: 'Search', exact: true });
    await expect(field).toBeFocused();
    await page.keyboard.type('crane');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/search\?query=crane$/);
    await field.blur();
    // On the search screen itself, '/' goes back to its field, the search and its results kept.
    await page.keyboard.press('/');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('crane');
    await expect(page).toHaveURL(/#\/search\?query=crane$/);
  });
});
