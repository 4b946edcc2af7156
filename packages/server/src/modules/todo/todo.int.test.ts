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
});
