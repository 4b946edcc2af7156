/**
 * The action's own `due_date` field on both databases: stored and answered as written, filtered,
 * ordered and grouped as the date it is (not as the workflow's due-date column, which shares its
 * name), and followed by the legacy workflow's due date and overdue — also after it closes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../platform/db/json.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe.each(testDialects)("the action's due date on %s", (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  const createAction = async (summary: string, dueDate: string) => {
    const response = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary, due_date: dueDate, actionee_ids: [cast.uuids.readerA], site_id: cast.siteA },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; due_date: string; meta: { workflow: { due_date: string | null } } };
  };
  const ids = async (token: string, query: string) => {
    const response = await t.as(token, { method: 'GET', url: `/v3/demo/action?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().dataAr.map((d: { id: number }) => d.id) as number[];
  };
  const filtered = (token: string, filter: string, order = 'due_date asc') =>
    ids(token, `filter=${encodeURIComponent(filter)}&order=${encodeURIComponent(order)}&count=100`);

  it('stores, answers, filters, orders and groups by the due date written in the body', async () => {
    const late = await createAction('Replace the guard', '2020-02-01');
    const inAWeek = await createAction('Order gloves', inDays(7));
    const later = await createAction('Paint the rail', inDays(8));
    expect(inAWeek.due_date).toBe(inDays(7));
    expect(inAWeek.meta.workflow.due_date).toBe(`${inDays(7)}T23:59:59.999Z`);
    const row = await t.ctx.database.db.selectFrom('documents').select('data').where('id', '=', inAWeek.id).executeTakeFirstOrThrow();
    expect(readJson<Record<string, unknown>>(row.data, {}).due_date).toBe(inDays(7));
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/action/${inAWeek.id}` })).json().due_date).toBe(inDays(7));

    // Due on the seventh day counts as due within seven days.
    expect(await filtered(cast.tokens.editorA, 'due_date <= today(7)')).toEqual([late.id, inAWeek.id]);
    expect(await filtered(cast.tokens.editorA, `due_date = '${inDays(8)}'`)).toEqual([later.id]);
    expect(await filtered(cast.tokens.editorA, 'due_date >= today()', 'due_date desc')).toEqual([later.id, inAWeek.id]);
    // The row filter still applies: a manager of another site sees none of them.
    expect(await filtered(cast.tokens.managerB, 'due_date <= today(7)')).toEqual([]);

    const groups = await t.as(cast.tokens.editorA, {
      method: 'GET',
      url: `/v3/demo/action?group_by=due_date&filter=${encodeURIComponent(`id IN (${late.id}, ${inAWeek.id})`)}`,
    });
    expect(groups.json().dataAr.map((g: { due_date: string; count: number }) => [g.due_date, g.count])).toEqual(
      expect.arrayContaining([
        ['2020-02-01', 1],
        [inDays(7), 1],
      ]),
    );
  });

  it('moves the workflow due date and overdue with the field, and keeps filtering on it once closed', async () => {
    const action = await createAction('Fix the latch', inDays(3));
    const overdueIds = async () =>
      (await t.as(cast.tokens.readerA, { method: 'GET', url: '/v2/identity/me/todo' })).json().overdue.map((i: { id: number }) => i.id);
    expect(await overdueIds()).not.toContain(action.id);

    const moved = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/action/${action.id}`,
      payload: {
        summary: 'Fix the latch',
        due_date: '2021-05-04',
        actionee_ids: [cast.uuids.readerA],
        site_id: cast.siteA,
        meta: action.meta,
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      due_date: '2021-05-04',
      meta: { workflow: { due_date: '2021-05-04T23:59:59.999Z', closed: false } },
    });
    expect(await overdueIds()).toContain(action.id);

    // The actionee completes it (priority 3: no verification step), then the date changes again.
    expect((await postEvent(t, cast.tokens.readerA, { doc_id: action.id, type: 'submit' })).statusCode).toBe(201);
    const submitted = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/action/${action.id}` })).json();
    const reopenedDate = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/action/${action.id}`,
      payload: {
        summary: 'Fix the latch',
        due_date: inDays(1),
        actionee_ids: [cast.uuids.readerA],
        site_id: cast.siteA,
        meta: submitted.meta,
      },
    });
    expect(reopenedDate.json()).toMatchObject({ due_date: inDays(1), meta: { workflow: { status: 'Closed', closed: true } } });
    expect(await overdueIds()).not.toContain(action.id);
    expect(await filtered(cast.tokens.editorA, `due_date = '${inDays(1)}' AND closed = true`)).toEqual([action.id]);
  });
});
