/** `GET /v2/identity/me/todo` on both databases: assignments, approvals waiting, overdue, recent activity. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('todo on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  it('lists the waiting approval for the site manager only, assignments and overdue items', async () => {
    const waiting = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Needs approval' });
    await postEvent(t, cast.tokens.editorA, { doc_id: waiting.id, type: 'submit' });
    const assigned = await createIncident(t, cast.tokens.editorA, cast.siteA, {
      summary: 'Assigned to reader',
      actionee_ids: [cast.uuids.readerA],
    });
    // Created long ago: 7 days to complete have passed.
    await t.ctx.database.db.updateTable('documents').set({ due_date: '2020-01-08T00:00:00.000Z' }).where('id', '=', assigned.id).execute();

    const manager = (await t.as(cast.tokens.managerA, { method: 'GET', url: '/v2/identity/me/todo' })).json();
    expect(manager.approvals.map((i: { id: number }) => i.id)).toContain(waiting.id);
    expect(manager.approvals.find((i: { id: number }) => i.id === waiting.id)).toMatchObject({
      display_id: waiting.display_id,
      status: 'Pending Approval',
    });
    expect(manager.recent.length).toBeGreaterThan(0);

    const otherManager = (await t.as(cast.tokens.managerB, { method: 'GET', url: '/v2/identity/me/todo' })).json();
    expect(otherManager.approvals.map((i: { id: number }) => i.id)).not.toContain(waiting.id);

    const reader = (await t.as(cast.tokens.readerA, { method: 'GET', url: '/v2/identity/me/todo' })).json();
    expect(reader.open.map((i: { id: number }) => i.id)).toEqual([assigned.id]);
    expect(reader.overdue.map((i: { id: number }) => i.id)).toEqual([assigned.id]);
    expect(reader.approvals.map((i: { id: number }) => i.id)).toEqual([assigned.id]);
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: '/v2/identity/me/todo?x=1' })).statusCode).toBe(400);
  });
});
