/**
 * Reviews (issue 6 item 4) through `PUT /v3/{appId}/~{type}/{id}` on both databases: the review
 * condition, schema validation, edit and delete by the author only, showInEventList, and the
 * spec's message for a type without a review schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('reviews on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  it('lets a reviewer of a closed incident review it; only the author edits or deletes the review', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { reviewer_ids: [cast.uuids.readerA] });
    const review = { review_date: '2026-03-05T10:00:00.000Z', rating: 4, notes: 'Good follow-up' };
    const early = await t.as(cast.tokens.readerA, { method: 'PUT', url: `/v3/demo/~incident/${doc.id}`, payload: review });
    expect(early.statusCode).toBe(403);
    expect(early.json().error_description).toBe('You cannot review this document.');
    await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit' });
    await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'approve' });

    const invalid = await t.as(cast.tokens.readerA, { method: 'PUT', url: `/v3/demo/~incident/${doc.id}`, payload: { rating: 9 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_description).toContain('Please enter the review date');
    expect((await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/~incident/${doc.id}`, payload: review })).statusCode).toBe(403);

    const saved = await t.as(cast.tokens.readerA, {
      method: 'PUT',
      url: `/v3/demo/~incident/${doc.id}`,
      payload: { ...review, showInEventList: false, reviewer_id: cast.uuids.managerA, extra: 'dropped' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ type: 'review', data: { rating: 4, reviewer_id: cast.uuids.readerA, showInEventList: false } });
    expect(saved.json().data.extra).toBeUndefined();
    const hidden = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?type=review` })).json();
    expect(hidden.total).toBe(0);
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/events?type=review` })).json().total).toBe(1);

    const edited = await t.as(cast.tokens.readerA, {
      method: 'PUT',
      url: `/v3/demo/~incident/${doc.id}`,
      payload: { ...review, rating: 5, showInEventList: true },
    });
    expect(edited.json()).toMatchObject({ id: saved.json().id, data: { rating: 5, showInEventList: true } });
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?type=review` })).json().total).toBe(1);

    expect((await t.as(cast.tokens.editorA, { method: 'DELETE', url: `/v3/demo/~incident/${doc.id}` })).statusCode).toBe(404);
    expect((await t.as(cast.tokens.readerA, { method: 'DELETE', url: `/v3/demo/~incident/${doc.id}` })).json()).toEqual({ error: false });
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/events?type=review` })).json().total).toBe(0);
  });

  it("answers the spec's message for a type without a review schema, and 404 for unknown types", async () => {
    const action = await t.as(cast.tokens.admin, { method: 'PUT', url: '/v3/demo/~action/1', payload: {} });
    expect(action.statusCode).toBe(400);
    expect(action.json().error_description).toBe('No review schema found for action.  Please check your schema.');
    expect((await t.as(cast.tokens.admin, { method: 'PUT', url: '/v3/demo/~nosuch/1', payload: {} })).statusCode).toBe(404);
  });
});
