/**
 * The incident workflow through the real HTTP stack on both databases (issue 6 items 1, 8): the
 * happy path with its events and audit rows, refusals with their reasons, and two approvals at
 * once of which exactly one succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('incident workflow on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  it('goes Pending Completion → submitted by the editor → approved by the site manager → Closed → reopened with a comment', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    expect(doc.status).toBe('Pending Completion');
    expect(doc.meta).toMatchObject({ workflow: { status: 'Pending Completion', closed: false } });
    const view = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/workflow` })).json();
    expect(view.actions).toEqual([{ type: 'submit', label: 'Complete', commentRequired: false, invalid: false, onBehalfOf: [] }]);
    expect(view.due_date).not.toBeNull();

    const submitted = await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit', descrip: 'Done' });
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json()).toMatchObject({
      type: 'submit',
      descrip: 'Done',
      doc_id: doc.id,
      meta: { workflow: { status: 'Pending Approval', closed: false } },
    });

    const approved = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'approve', descrip: '' });
    expect(approved.statusCode).toBe(201);
    expect(approved.json().meta.workflow).toMatchObject({ status: 'Closed', closed: true });
    expect(approved.json().meta.workflow.closed_date).toEqual(expect.any(String));

    const noComment = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'reopen' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error_description).toBe('A comment is required to reopen this document.');
    const reopened = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'reopen', descrip: 'Witness statement missing' });
    expect(reopened.statusCode).toBe(201);
    expect(reopened.json().meta.workflow).toMatchObject({ status: 'Pending Completion', closed: false, closed_date: null });

    const fetched = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/incident/${doc.id}` })).json();
    expect(fetched.status).toBe('Pending Completion');
    const events = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/events?count=10&order=asc` })).json();
    expect(events.dataAr.map((e: { type: string }) => e.type)).toEqual(['create', 'submit', 'approve', 'reopen']);
    expect(events.total).toBe(4);
    const audit = await t.ctx.database.db.selectFrom('audit_trail').select('action').where('doc_id', '=', doc.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'workflow:submit', 'workflow:approve', 'workflow:reopen']);
  });

  it('refuses a reject without a comment (400), a manager of another site (403 with the reason) and a reader', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    expect((await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit' })).statusCode).toBe(201);
    const reject = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'reject', descrip: '   ' });
    expect(reject.statusCode).toBe(400);
    expect(reject.json()).toMatchObject({ error: true, error_description: 'A comment is required to reject this document.' });
    // The manager of another site cannot even read the document: it does not exist for them.
    expect((await postEvent(t, cast.tokens.managerB, { doc_id: doc.id, type: 'approve' })).statusCode).toBe(404);
    const reader = await postEvent(t, cast.tokens.readerA, { doc_id: doc.id, type: 'approve' });
    expect(reader.statusCode).toBe(403);
    expect(reader.json().error_description).toBe(
      "You are not allowed to approve this document: only the users of the current step (Site manager approval) or a manager of the document's site may approve it.",
    );
    const rejected = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'reject', descrip: 'Add the witness' });
    expect(rejected.json().meta.workflow.status).toBe('Rejected');
    const view = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/workflow` })).json();
    expect(view.actions.map((a: { label: string }) => a.label)).toEqual(['Resubmit']);
  });

  it('refuses a manager of another site who can read the document, with the reason', async () => {
    // A regional reader grant lets manager B read site A's documents without approving them.
    await t.ctx.database.db
      .insertInto('acl_entries')
      .values({
        org_id: cast.orgId,
        identity_uuid: cast.uuids.managerB,
        group_name: null,
        level: 2,
        can_create: 0,
        can_delete: 0,
        roles: JSON.stringify(['reader']),
        doc_types: null,
        module: null,
        scope: 2,
        region_id: cast.regionA,
        site_id: null,
        created_date: new Date().toISOString(),
      })
      .execute();
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit' });
    const denied = await postEvent(t, cast.tokens.managerB, { doc_id: doc.id, type: 'approve' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_description).toContain('a manager of the document');
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/v3/demo/incident/${doc.id}` })).json().status).toBe(
      'Pending Approval',
    );
  });

  it('blocks a submit on missing required fields and never takes status from a body', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { status: 'Closed', workflow: { status: 'Closed' } });
    expect(doc.status).toBe('Pending Completion');
    const update = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      payload: { ...doc, status: 'Closed', closed: true },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().status).toBe('Pending Completion');
  });

  it('records acting on behalf of an actionee, with a comment, as {uuid, display_name}', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { actionee_ids: [cast.uuids.readerA] });
    const view = (await t.as(cast.tokens.managerA, { method: 'GET', url: `/doc/${doc.id}/workflow` })).json();
    expect(view.actions[0]).toMatchObject({ type: 'submit', onBehalfOf: [cast.uuids.readerA] });
    expect(view.steps[0].users).toEqual([{ uuid: cast.uuids.readerA, display_name: expect.stringMatching(/^wf-reader/) }]);
    const noComment = await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'submit', on_behalf_of: cast.uuids.readerA });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error_description).toBe('A comment is required when acting on behalf of another user.');
    const stranger = await postEvent(t, cast.tokens.managerA, {
      doc_id: doc.id,
      type: 'submit',
      on_behalf_of: cast.uuids.managerB,
      descrip: 'x',
    });
    expect(stranger.statusCode).toBe(400);
    const done = await postEvent(t, cast.tokens.managerA, {
      doc_id: doc.id,
      type: 'submit',
      on_behalf_of: cast.uuids.readerA,
      descrip: 'Completed by phone',
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      on_behalf_of: { uuid: cast.uuids.readerA, display_name: expect.stringMatching(/^wf-reader/) },
      meta: { workflow: { status: 'Pending Approval' } },
    });
  });

  it('lets exactly one of two simultaneous approvals succeed', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit' });
    const [a, b] = await Promise.all([
      postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'approve', descrip: 'first' }),
      postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'approve', descrip: 'second' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(201);
    expect([409]).toContain(codes[1]);
    const approvals = await t.ctx.database.db
      .selectFrom('events')
      .select('id')
      .where('doc_id', '=', doc.id)
      .where('type', '=', 'approve')
      .execute();
    expect(approvals).toHaveLength(1);
  });

  it('lets administrators force close with a comment, and filters lists on overdue', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    expect((await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'close', descrip: 'x' })).statusCode).toBe(403);
    expect((await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'close' })).statusCode).toBe(400);
    const closed = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'close', descrip: 'Duplicate of another report' });
    expect(closed.json()).toMatchObject({ type: 'close', meta: { workflow: { status: 'Closed', closed: true } } });
    const far = encodeURIComponent('due_date < today(30) AND closed = false');
    const list = (await t.as(cast.tokens.admin, { method: 'GET', url: `/v3/demo/incident?count=100&filter=${far}` })).json();
    const ids = list.dataAr.map((d: { id: number }) => d.id);
    expect(ids).not.toContain(doc.id);
    expect(list.total).toBeGreaterThan(0);
  });
});
