/**
 * Lost updates, on both databases (docs/product/documents-and-schemas.md): every document answers
 * `meta.version`; an edit names the version it read (body or If-Match); without one it is refused
 * with 428, from a stale read with 409 carrying the document as it is now and who changed it when.
 * Of 50 edits made at once from one read, exactly one is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { VERSION_INVALID, VERSION_REQUIRED } from './edit-conflict.ts';

type Doc = { id: number; summary: string; meta: { version: number } } & Record<string, unknown>;

describe.each(testDialects)('edits name the version they read, on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  const put = (token: string, doc: Doc, changes: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.as(token, { method: 'PUT', url: `/v3/demo/incident/${doc.id}`, payload: { ...doc, ...changes }, headers });

  it('answers meta.version, one more after each edit', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    expect(doc.meta.version).toBe(1);
    const edited = await put(cast.tokens.editorA, doc, { summary: 'Edited once' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().meta.version).toBe(2);
    const read = await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/incident/${doc.id}` });
    expect(read.json().meta.version).toBe(2);
  });

  it('refuses an edit that names no version with 428, and a malformed one with 400, storing nothing', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    const { meta: _meta, ...withoutMeta } = doc;
    const missing = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      payload: { ...withoutMeta, summary: 'No version' },
    });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ error: true, code: 'precondition_required', error_description: VERSION_REQUIRED });
    const malformed = await put(cast.tokens.editorA, doc, { summary: 'Bad version', meta: { version: 'latest' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error_description).toBe(VERSION_INVALID);
    const stored = await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${doc.id}` });
    expect(stored.json()).toMatchObject({ summary: doc.summary, meta: { version: 1 } });
  });

  it('takes the version from If-Match as well', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    const { meta: _meta, ...withoutMeta } = doc;
    const edited = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      payload: { ...withoutMeta, summary: 'By header' },
      headers: { 'if-match': 'W/"1"' },
    });
    expect(edited.statusCode).toBe(200);
    const stale = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      payload: { ...withoutMeta, summary: 'Stale header' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a stale edit with 409, the current document and who changed it when; the first edit stays', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    expect((await put(cast.tokens.otherEditorA, doc, { summary: 'First edit' })).statusCode).toBe(200);
    const second = await put(cast.tokens.editorA, doc, { summary: 'Second edit' });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({
      error: true,
      code: 'conflict',
      current: { id: doc.id, summary: 'First edit', meta: { version: 2 } },
      changed_by: { uuid: cast.uuids.otherEditorA, display_name: expect.stringContaining('wf-editor2') },
    });
    expect(Date.parse(body.changed_date)).not.toBeNaN();
    expect(body.error_description).toContain(body.changed_by.display_name);
    expect(body.error_description).toContain('after you opened it');
    const stored = await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${doc.id}` });
    expect(stored.json()).toMatchObject({ summary: 'First edit', meta: { version: 2 } });
  });

  it('stores exactly one of 50 parallel edits made from one read; the other 49 get 409', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => put(i % 2 ? cast.tokens.editorA : cast.tokens.otherEditorA, doc, { summary: `Parallel ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const stored = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${doc.id}` })).json();
    expect(stored).toMatchObject({ summary: winner.summary, meta: { version: 2 } });
    const audit = await t.ctx.database.db
      .selectFrom('audit_trail')
      .select('action')
      .where('doc_id', '=', doc.id)
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('counts a workflow action as a change: an edit from before it is stale', async () => {
    const action = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: 'Fix the latch', due_date: '2030-01-01', actionee_ids: [cast.uuids.readerA], site_id: cast.siteA },
    });
    expect(action.statusCode).toBe(201);
    const before = action.json() as Doc;
    expect((await postEvent(t, cast.tokens.readerA, { doc_id: before.id, type: 'submit' })).statusCode).toBe(201);
    const after = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/action/${before.id}` })).json();
    expect(after.meta.version).toBeGreaterThan(before.meta.version);
    const stale = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/action/${before.id}`,
      payload: { ...before, summary: 'Edited after the submit' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().changed_by.uuid).toBe(cast.uuids.readerA);
  });

  it('checks access before the version: a reader gets 403 whatever version it names', async () => {
    const doc = (await createIncident(t, cast.tokens.editorA, cast.siteA)) as Doc;
    expect((await put(cast.tokens.readerA, doc, { summary: 'Reader edit' })).statusCode).toBe(403);
    expect((await put(cast.tokens.readerA, doc, { summary: 'Reader edit', meta: { version: 7 } })).statusCode).toBe(403);
  });

  it('answers concurrent deletes of one document with one 200 and 404s, never a refusal of access', async () => {
    const created = (
      await t.as(cast.tokens.admin, {
        method: 'POST',
        url: '/v3/demo/action',
        payload: { summary: 'Deleted twice', actionee_ids: [cast.uuids.editorA] },
      })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/action/${created.id}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 404)).toBe(true);
  });
});
