import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
async function session(user, width, height) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base + '/#/login');
  await page.getByLabel('Email', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill('docket-demo-1');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL(/#\/dashboard/);
  return page;
}
async function timed(page, label, route, ready) {
  const t0 = Date.now();
  await page.goto(base + route);
  await ready(page);
  console.log(label, Date.now() - t0, 'ms');
}
for (const [user, tag] of []) {
  const page = await session(user, 1366, 860);
  await timed(page, `${tag} incident list`, '/#/docs/incident', (p) => p.getByRole('row').nth(5).waitFor({ timeout: 30000 }));
  await page.screenshot({ path: `/tmp/shots/${tag}-incidents.png` });
  // next page by the pager
  const t0 = Date.now();
  const next = page.getByRole('button', { name: /next page/i });
  if (await next.count()) { await next.first().click(); await page.waitForTimeout(50); await page.getByRole('row').nth(5).waitFor(); console.log(tag, 'next page', Date.now() - t0, 'ms'); }
  await page.screenshot({ path: `/tmp/shots/${tag}-incidents-p2.png` });
  if (tag === 'admin') {
    await timed(page, 'admin indexes tab (list)', '/#/admin/schemas/new?from=incident&tab=indexes', (p) => p.getByTestId('existing-indexes').waitFor({ timeout: 60000 }));
    await page.screenshot({ path: `/tmp/shots/admin-indexes-measuring.png` });
    const t1 = Date.now();
    await page.getByTestId('existing-indexes').getByText(/\d (KB|MB|GB)/).first().waitFor({ timeout: 60000 });
    console.log('admin indexes sizes shown after', Date.now() - t1, 'ms more');
    await page.screenshot({ path: `/tmp/shots/admin-indexes.png`, fullPage: true });
  }
  await page.close();
}
const phone = await session('restricted@demo.local', 390, 844);
await phone.goto(base + '/#/docs/incident'); await phone.waitForTimeout(6000);
await phone.screenshot({ path: `/tmp/shots/phone-incidents.png` });
await browser.close();
