/** `GET /v2/identity/me/todo` on both databases: assignments, approvals waiting, overdue, recent activity. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName } from '@docket/shared';
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

  it("names each item's type by its title in the requested language, following the organisation's stored schema", async () => {
    const assigned = await createIncident(t, cast.tokens.editorA, cast.siteA, { actionee_ids: [cast.uuids.readerA] });
    const titleOf = async (query: string) => {
      const todo = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/v2/identity/me/todo${query}` })).json();
      return todo.open.find((i: { id: number }) => i.id === assigned.id).type_title;
    };
    expect(await titleOf('')).toBe('Incident');
    expect(await titleOf('?lang=es')).toBe('Incidente');
    expect(await titleOf('?lang=fr-CA')).toBe('Incident');
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: '/v2/identity/me/todo?lang=%3Cx%3E' })).statusCode).toBe(400);

    // An administrator renames the type; a reader (who cannot read $$schema) sees the new name.
    const incident = builtinTypeByName('incident')!;
    const renamed = {
      ...incident,
      form: { ...incident.form, title: 'Safety event' },
      i18n: { locales: ['es'], data: { es: { 'Safety event': 'Evento de seguridad' } } },
    };
    const stored = await t.as(cast.tokens.admin, { method: 'POST', url: '/v3/demo/$$schema', payload: renamed });
    expect(stored.statusCode).toBe(201);
    // The stored schema keeps the incident's workflow, so the type stays a todo type.
    expect(stored.json().workflow).toEqual(incident.workflow);
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: '/v3/demo/$$schema' })).statusCode).toBe(403);
    expect(await titleOf('?lang=en')).toBe('Safety event');
    expect(await titleOf('?lang=es')).toBe('Evento de seguridad');
  });

  it('lists an assignment, an own overdue document and a waiting approval older than the 300 most recently changed open documents, and follows reassignment and deletion', async () => {
    const old = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Old assignment', actionee_ids: [cast.uuids.readerA] });
    const oldApproval = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Approval requested long ago' });
    expect((await postEvent(t, cast.tokens.editorA, { doc_id: oldApproval.id, type: 'submit' })).statusCode).toBeLessThan(300);
    // Due long ago, as a workflow step's due date is stored (migration 027's index reads it).
    const ownLate = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Own and overdue' });
    await t.ctx.database.db.updateTable('documents').set({ due_date: '2020-01-01T00:00:00.000Z' }).where('id', '=', ownLate.id).execute();
    const elsewhere = await createIncident(t, cast.tokens.admin, cast.siteB, {
      summary: 'Not readable',
      actionee_ids: [cast.uuids.readerA],
    });
    for (let made = 0; made < 310; made += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => createIncident(t, cast.tokens.editorA, cast.siteA, { summary: `Newer ${made + i}` })),
      );
    }
    // The site manager may complete every one of the 310 newer drafts too: the approval comes first.
    const approvalsOf = async (token: string) =>
      ((await t.as(token, { method: 'GET', url: '/v2/identity/me/todo' })).json().approvals as { id: number; status: string }[]).map(
        (i) => [i.id, i.status] as const,
      );
    const managerA = await approvalsOf(cast.tokens.managerA);
    expect(managerA).toHaveLength(50);
    expect(managerA.filter(([, status]) => status === 'Pending Approval').map(([id]) => id)).toContain(oldApproval.id);
    const firstCompletion = managerA.findIndex(([, status]) => status === 'Pending Completion');
    expect(managerA.findIndex(([id]) => id === oldApproval.id)).toBeLessThan(firstCompletion);
    expect((await approvalsOf(cast.tokens.managerB)).map(([id]) => id)).not.toContain(oldApproval.id);
    // Its submitter, an editor, is not one of its approvers.
    expect((await approvalsOf(cast.tokens.editorA)).map(([id]) => id)).not.toContain(oldApproval.id);
    const openOf = async (token: string) =>
      ((await t.as(token, { method: 'GET', url: '/v2/identity/me/todo' })).json().open as { id: number }[]).map((i) => i.id);
    expect(await openOf(cast.tokens.readerA)).toContain(old.id);
    // Assigned, but at a site the reader may not read.
    expect(await openOf(cast.tokens.readerA)).not.toContain(elsewhere.id);
    const overdueOf = async (token: string) =>
      ((await t.as(token, { method: 'GET', url: '/v2/identity/me/todo' })).json().overdue as { id: number }[]).map((i) => i.id);
    expect(await overdueOf(cast.tokens.editorA)).toContain(ownLate.id);
    // Overdue, but neither theirs nor assigned to them.
    expect(await overdueOf(cast.tokens.otherEditorA)).not.toContain(ownLate.id);

    const stored = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${old.id}` })).json();
    const moved = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${old.id}`,
      payload: { ...stored, actionee_ids: [cast.uuids.otherEditorA] },
    });
    expect(moved.statusCode).toBe(200);
    expect(await openOf(cast.tokens.readerA)).not.toContain(old.id);
    expect(await openOf(cast.tokens.otherEditorA)).toContain(old.id);

    expect((await t.as(cast.tokens.otherEditorA, { method: 'DELETE', url: `/v3/demo/incident/${old.id}` })).statusCode).toBeLessThan(300);
    expect(await openOf(cast.tokens.otherEditorA)).not.toContain(old.id);
    const left = await t.ctx.database.db.selectFrom('document_assignees').select('person').where('doc_id', '=', old.id).execute();
    expect(left).toEqual([]);
  });
});
