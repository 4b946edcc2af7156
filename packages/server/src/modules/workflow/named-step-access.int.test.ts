/**
 * A user named on a workflow step reads the document and acts even outside their grants, on both
 * databases (docs/product/workflow-and-timeline.md#who-may-act): the line manager of another site
 * named as a safety visit's approver reads it, sees its timeline and approves it; a manager of the
 * same other site who is not named gets the same 404 as before; lists stay within the grants;
 * another organisation never reaches it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { postEvent, visitPlaceOf, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('named on a workflow step on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let unnamed: string;
  let acmeAdmin: string;
  let visitId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    const email = `named-other-${randomUUID().slice(0, 8)}@demo.local`;
    await addMember(t, cast.orgId, { email, level: 4, roles: ['manager'], scope: 3, siteId: cast.siteB, regionId: null });
    unnamed = (await t.signIn(email)).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const created = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/worksafe_safety_visit',
      payload: {
        ...(await visitPlaceOf(t, cast, cast.siteA)),
        visitor_ids: [cast.uuids.editorA],
        approver_ids: [cast.uuids.managerB],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    visitId = created.json().id;
  });
  afterAll(async () => t.close());

  it('lets the named line manager of another site read the visit and its timeline; the unnamed manager gets 404', async () => {
    const named = await t.as(cast.tokens.managerB, { method: 'GET', url: `/v3/demo/worksafe_safety_visit/${visitId}` });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().meta.access).toEqual({ editor: false, delete: false });
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/doc/${visitId}/events` })).statusCode).toBe(200);
    expect((await t.as(unnamed, { method: 'GET', url: `/v3/demo/worksafe_safety_visit/${visitId}` })).statusCode).toBe(404);
    expect((await t.as(unnamed, { method: 'GET', url: `/doc/${visitId}/events` })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/worksafe_safety_visit/${visitId}` })).statusCode).toBe(404);
  });

  it('keeps lists within the grants', async () => {
    const list = await t.as(cast.tokens.managerB, { method: 'GET', url: '/v3/demo/worksafe_safety_visit?count=500' });
    expect((list.json().dataAr as { id: number }[]).map((doc) => doc.id)).not.toContain(visitId);
  });

  it('lets the named approver approve once the visit is completed, and never edit it', async () => {
    expect((await postEvent(t, cast.tokens.editorA, { doc_id: visitId, type: 'submit' })).statusCode).toBe(201);
    const offered = await t.as(cast.tokens.managerB, { method: 'GET', url: `/doc/${visitId}/workflow` });
    expect(offered.statusCode, offered.body).toBe(200);
    expect((offered.json().actions as { type: string }[]).map((a) => a.type)).toContain('approve');
    expect((await postEvent(t, unnamed, { doc_id: visitId, type: 'approve' })).statusCode).toBe(404);
    const current = (await t.as(cast.tokens.managerB, { method: 'GET', url: `/v3/demo/worksafe_safety_visit/${visitId}` })).json();
    const edit = await t.as(cast.tokens.managerB, {
      method: 'PUT',
      url: `/v3/demo/worksafe_safety_visit/${visitId}`,
      payload: { ...current, descrip: 'Changed by the approver' },
    });
    expect([403, 404]).toContain(edit.statusCode);
    const approved = await postEvent(t, cast.tokens.managerB, { doc_id: visitId, type: 'approve' });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().meta.workflow).toMatchObject({ status: 'Closed' });
  });
});
