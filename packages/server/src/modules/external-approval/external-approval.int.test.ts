/**
 * External approvers act through a signed, expiring, single-use e-mailed link without an account
 * (docs/product/workflow-and-timeline.md#external-approvers), on both databases: the link reads a
 * safe summary and approves once through the workflow service (the timeline names the address);
 * a used, expired or tampered link, another organisation's address and a step that moved on are
 * refused with a clear message and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { LINK_EXPIRED, LINK_MOVED_ON, LINK_NOT_VALID, LINK_USED, COMMENT_REQUIRED } from './external-approval.service.ts';

const SUPPLIER = 'buyer@supplier.example';

const purchase = {
  type: 'supplier_check',
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
      { type: 'approve', status: 'Supplier approval', steps: [{ title: 'Supplier', ext: true, scope: 92, user_ids: [SUPPLIER] }] },
    ],
  },
};

describe.each(testDialects)('external approvers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const lastLink = async (): Promise<string> => {
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', SUPPLIER)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return decodeURIComponent(/#\/external-approval\?app=demo&token=([^\s]+)/.exec(mail.body ?? '')![1]!);
  };
  const lookup = (token: string, app = 'demo') =>
    t.app.inject({ method: 'POST', url: `/v3/${app}/external-approval/lookup`, payload: { token } });
  const act = (token: string, action: 'approve' | 'reject', comment: string, app = 'demo') =>
    t.app.inject({ method: 'POST', url: `/v3/${app}/external-approval/act`, payload: { token, action, comment } });
  const submitted = async (summary: string): Promise<{ id: number; token: string }> => {
    const doc = await t.as(admin, { method: 'POST', url: '/v3/demo/supplier_check', payload: { summary } });
    expect(doc.statusCode, doc.body).toBe(201);
    const id = doc.json().id as number;
    const submit = await t.as(admin, { method: 'POST', url: '/v3/demo/$$event', payload: { doc_id: id, type: 'submit' } });
    expect(submit.statusCode, submit.body).toBe(201);
    return { id, token: await lastLink() };
  };
  const statusOf = async (id: number) =>
    (await t.as(admin, { method: 'GET', url: `/v3/demo/supplier_check/${id}` })).json().meta.workflow.status as string;
  const eventCount = async (id: number) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('doc_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    const created = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: purchase });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => t.close());

  it('mails the external person a link that reads a summary and approves once, named on the timeline', async () => {
    const { id, token } = await submitted('Steel beams');
    const stored = await t.ctx.database.db.selectFrom('external_approval_links').selectAll().where('doc_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
    const read = await lookup(token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      company: 'Demo Co',
      title: 'Supplier check',
      summary: 'Steel beams',
      step: 'Supplier',
      email: SUPPLIER,
    });
    expect(Object.keys(read.json()).sort()).toEqual([
      'company',
      'display_id',
      'email',
      'expires_date',
      'status',
      'step',
      'summary',
      'title',
    ]);

    expect((await act(token, 'approve', '   ')).json().error_description).toBe(COMMENT_REQUIRED);
    const approved = await act(token, 'approve', 'Quantities confirmed');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(id)).toBe('Approved');
    const events = (await t.as(admin, { method: 'GET', url: `/doc/${id}/events` })).json();
    const lines = (events.dataAr ?? events) as { type: string; descrip: string; created_by?: unknown; meta?: { created_by?: unknown } }[];
    const approval = lines.find((e) => e.type === 'approve')!;
    expect(approval.descrip).toBe('Quantities confirmed');
    expect(JSON.stringify(approval)).toContain(SUPPLIER);

    const again = await act(token, 'approve', 'Twice');
    expect(again.statusCode).toBe(410);
    expect(again.json().error_description).toBe(LINK_USED);
    expect((await lookup(token)).json().error_description).toBe(LINK_USED);
  });

  it('mails the link when a document is created straight into the external stage', async () => {
    const direct = {
      ...purchase,
      type: 'supplier_direct',
      workflow: { ...purchase.workflow, blocks: [purchase.workflow.blocks[1]] },
    };
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: direct })).statusCode).toBe(201);
    const doc = await t.as(admin, { method: 'POST', url: '/v3/demo/supplier_direct', payload: { summary: 'Bricks' } });
    expect(doc.statusCode, doc.body).toBe(201);
    const read = await lookup(await lastLink());
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ summary: 'Bricks', status: 'Supplier approval' });
  });

  it('refuses an expired, a tampered and another organisation’s link, writing nothing', async () => {
    const { id, token } = await submitted('Cement');
    const before = await eventCount(id);
    const tampered = await act(`${token.slice(0, -2)}xx`, 'approve', 'Tampered');
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().error_description).toBe(LINK_NOT_VALID);
    const otherOrg = await act(token, 'approve', 'Wrong organisation', 'acme');
    expect(otherOrg.statusCode).toBe(404);
    expect(otherOrg.json().error_description).toBe(LINK_NOT_VALID);
    await t.ctx.database.db
      .updateTable('external_approval_links')
      .set({ expires_date: new Date(Date.now() - 1000).toISOString() })
      .where('doc_id', '=', id)
      .execute();
    const expired = await act(token, 'approve', 'Too late');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_description).toBe(LINK_EXPIRED);
    expect(await eventCount(id)).toBe(before);
    expect(await statusOf(id)).toBe('Supplier approval');
  });

  it('refuses a link whose step moved on (an administrator acted first), writing nothing', async () => {
    const { id, token } = await submitted('Glass');
    const rejected = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$event',
      payload: { doc_id: id, type: 'reject', descrip: 'Wrong supplier' },
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    const before = await eventCount(id);
    const late = await act(token, 'approve', 'Approved late');
    expect(late.statusCode).toBe(409);
    expect(late.json().error_description).toBe(LINK_MOVED_ON);
    expect(await eventCount(id)).toBe(before);
    const row = await t.ctx.database.db
      .selectFrom('external_approval_links')
      .select('used_date')
      .where('doc_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.used_date).toBeNull();
  });
});
