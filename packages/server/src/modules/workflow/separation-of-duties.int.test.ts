/**
 * Separation of duties on both databases (docs/product/workflow-and-timeline.md#separation-of-duties):
 * the manager who completed an incident is neither offered Approve nor allowed it (403), another
 * manager of the site is; an administrator who submitted approves only with a comment, or on
 * behalf of a named approver; the todo lists the approval for the other manager only; and the
 * approval request reaches the other manager by e-mail (the outbox, no SMTP configured).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { addMember } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('separation of duties on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  /** A second manager of site A: the other approver. */
  let approver: { uuid: string; email: string; token: string };
  let submitterEmail: string;

  const actionsOf = async (token: string, docId: number) => {
    const response = await t.as(token, { method: 'GET', url: `/doc/${docId}/workflow` });
    expect(response.statusCode).toBe(200);
    return (response.json().actions as { type: string; commentRequired: boolean }[]).map((a) => a.type);
  };
  const approvalsOf = async (token: string) =>
    ((await t.as(token, { method: 'GET', url: '/v2/identity/me/todo' })).json().approvals as { id: number }[]).map((i) => i.id);
  const drain = async () => {
    for (let round = 0; round < 20; round++) if ((await runJobsOnce(t.ctx, 'worker-sod')) === 0) return;
  };
  const completedByManager = async (summary: string, extra: Record<string, unknown> = {}) => {
    const doc = await createIncident(t, cast.tokens.managerA, cast.siteA, { summary, ...extra });
    expect((await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'submit' })).statusCode).toBe(201);
    return doc;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    const email = `sod-approver-${randomUUID().slice(0, 8)}@demo.local`;
    const uuid = await addMember(t, cast.orgId, {
      email,
      level: 4,
      roles: ['manager'],
      scope: 3,
      siteId: cast.siteA,
      regionId: cast.regionA,
    });
    approver = { uuid, email, token: (await t.signIn(email)).access };
    const row = await t.ctx.database.db
      .selectFrom('identities')
      .select('email')
      .where('uuid', '=', cast.uuids.managerA)
      .executeTakeFirstOrThrow();
    submitterEmail = row.email;
  });
  afterAll(async () => t.close());

  it('offers Approve to another manager only, and refuses the completing manager with 403', async () => {
    const doc = await completedByManager('Completed by the site manager');
    expect(await actionsOf(cast.tokens.managerA, doc.id)).toEqual([]);
    expect(await actionsOf(approver.token, doc.id)).toEqual(['approve', 'reject']);

    const own = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: true, error_description: 'You cannot approve your own submission.' });
    const ownReject = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'reject', descrip: 'withdraw' });
    expect(ownReject.statusCode).toBe(403);
    // Nothing was written by the refusals: the other manager approves the same version.
    const approved = await postEvent(t, approver.token, { doc_id: doc.id, type: 'approve' });
    expect(approved.statusCode).toBe(201);
    expect(approved.json().meta.workflow).toMatchObject({ status: 'Closed' });
  });

  it("lists the approval in the other manager's todo only", async () => {
    const doc = await completedByManager('Waiting for the other manager');
    expect(await approvalsOf(approver.token)).toContain(doc.id);
    expect(await approvalsOf(cast.tokens.managerA)).not.toContain(doc.id);
  });

  it('lets an administrator who submitted approve only with a comment', async () => {
    const doc = await createIncident(t, cast.tokens.admin, cast.siteA, { summary: 'Completed by the administrator' });
    expect((await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'submit' })).statusCode).toBe(201);
    const silent = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'approve' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().error_description).toBe('A comment is required when an administrator approves their own submission.');
    expect(await approvalsOf(cast.tokens.admin)).not.toContain(doc.id);
    const withComment = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'approve', descrip: 'Site managers away this week' });
    expect(withComment.statusCode).toBe(201);
    expect(withComment.json().meta.workflow).toMatchObject({ status: 'Closed' });
  });

  it('lets an administrator approve on behalf of a named approver with a comment, never on behalf of the submitter', async () => {
    const doc = await completedByManager('Named approver', { approver_ids: [approver.uuid] });
    const forSubmitter = await postEvent(t, cast.tokens.admin, {
      doc_id: doc.id,
      type: 'approve',
      descrip: 'for them',
      on_behalf_of: cast.uuids.managerA,
    });
    expect(forSubmitter.statusCode).toBe(403);
    expect(forSubmitter.json().error_description).toBe('You cannot act on behalf of the user who submitted this document.');
    const noComment = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'approve', on_behalf_of: approver.uuid });
    expect(noComment.statusCode).toBe(400);
    const forApprover = await postEvent(t, cast.tokens.admin, {
      doc_id: doc.id,
      type: 'approve',
      descrip: 'Approved by phone',
      on_behalf_of: approver.uuid,
    });
    expect(forApprover.statusCode).toBe(201);
    expect(forApprover.json().on_behalf_of).toMatchObject({ uuid: approver.uuid });
  });

  it('e-mails the approval request to the other manager, not to the submitter (outbox without SMTP)', async () => {
    await drain();
    const doc = await completedByManager('Mail the approver');
    await drain();
    const mails = await t.ctx.database.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'body'])
      .where('subject', 'like', `%${String(doc.display_id)}%`)
      .execute();
    const toApprover = mails.filter((m) => m.to_address === approver.email.toLowerCase() || m.to_address === approver.email);
    expect(toApprover).toEqual([
      {
        to_address: expect.any(String),
        subject: `[${String(doc.display_id)}] Approval requested`,
        body: expect.stringContaining('waiting for your approval'),
      },
    ]);
    expect(mails.map((m) => m.to_address.toLowerCase())).not.toContain(submitterEmail.toLowerCase());
  });

  it('requests the approval of a document that starts waiting for one (a request) as it is created', async () => {
    const created = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/request',
      payload: {
        summary: 'New ladder for the store',
        reported_date: '2026-03-01T09:00:00.000Z',
        site_id: cast.siteA,
        region_id: cast.regionA,
      },
    });
    expect(created.statusCode).toBe(201);
    const request = created.json();
    expect(request.status).toBe('Pending Approval');
    await drain();
    const mails = await t.ctx.database.db
      .selectFrom('outbox')
      .select('to_address')
      .where('subject', '=', `[${String(request.display_id)}] Approval requested`)
      .execute();
    expect(mails.map((m) => m.to_address.toLowerCase())).toContain(approver.email.toLowerCase());
  });
});
