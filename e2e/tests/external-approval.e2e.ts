/**
 * An external approver in the browser (docs/product/workflow-and-timeline.md#external-approvers):
 * a document reaches an external step; the named address's e-mailed link (read from the outbox)
 * opens a page without sign-in showing a read-only summary; Approve asks for a comment, then
 * approves; the timeline names the address; the used link then says so.
 */
import { expect, test } from '@playwright/test';
import { apiTokens } from '../pages/api.ts';
import { users } from '../pages/sign-in-page.ts';

test('an external approver approves once through the e-mailed link, without an account', async ({ page, request }) => {
  const stamp = Date.now();
  const type = `supplier_check_${stamp}`;
  const supplier = `buyer-${stamp}@supplier.example`;
  const admin = (await apiTokens(request, users.admin)).access_token;
  const headers = { Authorization: `Bearer ${admin}` };
  const schema = await request.post('/v3/demo/$$schema', {
    headers,
    data: {
      type,
      idMask: 'SC-{seq:3}',
      hasWorkflow: true,
      form: {
        title: 'Supplier check',
        schema: { type: 'object', required: ['summary'], properties: { summary: { type: 'string', minLength: 1 } } },
      },
      workflow: {
        enabled: true,
        status_final: 'Approved',
        blocks: [
          { type: 'submit', status: 'Draft' },
          { type: 'approve', status: 'Supplier approval', steps: [{ title: 'Supplier', ext: true, scope: 92, user_ids: [supplier] }] },
        ],
      },
    },
  });
  expect(schema.status(), await schema.text()).toBe(201);
  const doc = await request.post(`/v3/demo/${type}`, { headers, data: { summary: 'Steel beams' } });
  expect(doc.status()).toBe(201);
  const docId = ((await doc.json()) as { id: number }).id;
  const submit = await request.post('/v3/demo/$$event', { headers, data: { doc_id: docId, type: 'submit' } });
  expect(submit.status()).toBe(201);

  const outbox = await request.get('/v3/demo/$$outbox', { headers, params: { count: 20, order: 'id desc' } });
  const mail = ((await outbox.json()) as { dataAr: { mail_to: string; content: string }[] }).dataAr.find((m) => m.mail_to === supplier);
  const link = /(#\/external-approval\?\S+)/.exec(mail?.content ?? '')?.[1];
  expect(link).toMatch(/^#\/external-approval\?app=demo&token=[A-Za-z0-9_%-]{20,}$/);

  await page.goto(`/${link!}`);
  await expect(page.getByRole('heading', { name: 'Demo Co asks for your approval' })).toBeVisible();
  await expect(page.getByTestId('external-approval-summary')).toContainText('Steel beams');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Please enter a comment.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Quantities confirmed');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('external-approval-done')).toHaveText('Thank you: you approved the document.');

  const read = await request.get(`/v3/demo/${type}/${docId}`, { headers });
  expect(((await read.json()) as { meta: { workflow: { status: string } } }).meta.workflow.status).toBe('Approved');
  const timeline = await request.get(`/doc/${docId}/events`, { headers });
  expect(await timeline.text()).toContain(supplier);

  await page.goto('about:blank');
  await page.goto(`/${link!}`);
  await expect(page.getByTestId('external-approval-refused')).toHaveText('This approval link has already been used.');
});
