/**
 * An audit trail nobody can erase (docs/product/workflow-and-timeline.md#event-history,
 * docs/product/administration.md#logs): an edit keeps every earlier version, a deletion leaves a
 * tombstone and the original in the audit trail, the organisation's lock (on by default) keeps
 * created and workflow events as they are, administration is logged, and Recent Activity offers no
 * Delete. Two organisations: demo (an administrator, editors, a reader) and acme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DELETED, EVENT_LOCKED } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, setEventLock, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

interface EventJson {
  id: number;
  type: string;
  descrip: string;
  meta: { access: { editor: boolean; delete: boolean }; deleted: { by: { uuid: string; display_name: string }; date: string } | null };
}

describe.each(testDialects)('event history on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  const events = async (token: string, docId: number) =>
    (await t.as(token, { method: 'GET', url: `/doc/${docId}/events?count=100` })).json().dataAr as EventJson[];
  const logs = async (token: string, app = 'demo') =>
    (await t.as(token, { method: 'GET', url: `/v3/${app}/$$log?count=500` })).json().dataAr as { subject: string; summary: string }[];

  it('keeps every earlier version of an edited comment, readable by whoever reads the event and no other organisation', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const comment = (await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'comment', descrip: 'Floor wet' })).json();
    for (const text of ['Floor wet near door', 'Floor wet near the east door'])
      expect(
        (await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/$$event/${comment.id}`, payload: { descrip: text } })).statusCode,
      ).toBe(200);
    const url = `/v3/demo/$$event/${comment.id}/versions`;
    const versions = (await t.as(cast.tokens.readerA, { method: 'GET', url })).json();
    expect(versions.total).toBe(3);
    expect(versions.dataAr).toMatchObject([
      { version: 1, descrip: 'Floor wet', written_by: { uuid: cast.uuids.editorA }, current: false },
      { version: 2, descrip: 'Floor wet near door', written_by: { uuid: cast.uuids.editorA }, current: false },
      { version: 3, descrip: 'Floor wet near the east door', current: true },
    ]);
    // An unedited comment has one version; a reader of another site and another organisation read none.
    const plain = (await postEvent(t, cast.tokens.readerA, { doc_id: doc.id, type: 'comment', descrip: 'Seen' })).json();
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/$$event/${plain.id}/versions` })).json().total).toBe(1);
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$event/${comment.id}/versions` })).statusCode).toBe(404);
  });

  it('leaves a tombstone when an event is deleted, with the original in the audit trail and the deletion in the logs', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const comment = (await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'comment', descrip: 'Photo of the spill' })).json();
    expect((await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/$$event/${comment.id}` })).json()).toEqual({ error: false });
    const tombstone = (await events(cast.tokens.editorA, doc.id)).find((e) => e.id === comment.id)!;
    expect(tombstone).toMatchObject({ type: 'comment', descrip: '', meta: { access: { editor: false, delete: false } } });
    expect(tombstone.meta.deleted).toEqual({
      by: { uuid: expect.any(String), display_name: expect.any(String) },
      date: expect.any(String),
    });
    expect(tombstone.meta.deleted!.by.display_name).not.toBe('');
    // A tombstone is neither edited, deleted again nor read for versions.
    const edit = await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/$$event/${comment.id}`, payload: { descrip: 'back' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error_description).toBe(EVENT_DELETED);
    expect((await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/$$event/${comment.id}` })).statusCode).toBe(409);
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/$$event/${comment.id}/versions` })).statusCode).toBe(409);

    const audit = (await t.as(cast.tokens.admin, { method: 'GET', url: `/v3/demo/$$audit?doc_id=${doc.id}&count=100` })).json().dataAr;
    const deletion = audit.find((row: { action: string }) => row.action === 'event-delete');
    expect(deletion.changes[`event ${comment.id}`].before).toMatchObject({
      type: 'comment',
      descrip: 'Photo of the spill',
      attachments: [],
      created_by: cast.uuids.editorA,
    });
    expect((await logs(cast.tokens.admin)).some((l) => l.subject === 'Event deleted' && l.summary.includes(`event ${comment.id}`))).toBe(
      true,
    );
    expect((await logs(acmeAdmin, 'acme')).some((l) => l.subject === 'Event deleted' && l.summary.includes(`event ${comment.id}`))).toBe(
      false,
    );
  });

  it('locks created and workflow events by default, for administrators too', async () => {
    const settings = (await t.as(cast.tokens.admin, { method: 'GET', url: '/v3/demo/$$directory' })).json();
    expect(settings.lock_workflow_events).toBe(true);
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    expect((await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit', descrip: 'done' })).statusCode).toBe(201);
    const list = await events(cast.tokens.admin, doc.id);
    const submitted = list.find((e) => e.type === 'submit')!;
    const created = list.find((e) => e.type === 'create')!;
    expect(submitted.meta.access).toEqual({ editor: false, delete: false });
    expect(created.meta.access).toEqual({ editor: false, delete: false });
    for (const [token, method, id] of [
      [cast.tokens.admin, 'DELETE', created.id],
      [cast.tokens.admin, 'PUT', created.id],
      [cast.tokens.editorA, 'PUT', submitted.id],
      [cast.tokens.admin, 'DELETE', submitted.id],
    ] as const) {
      const response = await t.as(token, {
        method,
        url: `/v3/demo/$$event/${id}`,
        ...(method === 'PUT' ? { payload: { descrip: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_description).toBe(EVENT_LOCKED);
    }
    expect((await events(cast.tokens.editorA, doc.id)).map((e) => e.type)).toEqual(['submit', 'create']);
  });

  it('with the lock off, follows the edit and delete rules again; the setting change is logged', async () => {
    await setEventLock(t, cast.tokens.admin, false);
    try {
      const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
      await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit', descrip: 'done' });
      const list = await events(cast.tokens.editorA, doc.id);
      const submitted = list.find((e) => e.type === 'submit')!;
      expect(submitted.meta.access).toEqual({ editor: true, delete: false });
      const created = (await events(cast.tokens.admin, doc.id)).find((e) => e.type === 'create')!;
      expect(created.meta.access).toEqual({ editor: false, delete: true });
      expect((await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/$$event/${created.id}` })).statusCode).toBe(200);
      // The timeline keeps the 'Created' event as a tombstone: it never reads 'No activity yet'.
      const after = await events(cast.tokens.editorA, doc.id);
      expect(after.map((e) => [e.type, e.meta.deleted !== null])).toEqual([
        ['submit', false],
        ['create', true],
      ]);
      // The other organisation's lock is its own.
      expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$directory' })).json().lock_workflow_events).toBe(true);
    } finally {
      await setEventLock(t, cast.tokens.admin, true);
    }
    const lines = (await logs(cast.tokens.admin)).filter((l) => l.subject === 'Directory settings updated');
    expect(lines.some((l) => l.summary.includes('created and workflow events locked off'))).toBe(true);
    expect(lines.some((l) => l.summary.includes('created and workflow events locked on'))).toBe(true);
  });

  it('logs administration: grants, schema saves and document deletions', async () => {
    const acl = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/acl',
      payload: { group: 'History auditors', members: [{ uuid: cast.uuids.readerA }], level: 2, roles: ['auditor'], scope: 1 },
    });
    expect(acl.statusCode).toBe(201);
    const schema = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: {
        type: 'history_check',
        idMask: 'HC-{seq:3}',
        form: { title: 'History check', schema: { type: 'object', properties: { summary: { type: 'string' } } } },
      },
    });
    expect(schema.statusCode).toBe(201);
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    expect((await t.as(cast.tokens.managerA, { method: 'DELETE', url: `/v3/demo/incident/${doc.id}` })).statusCode).toBe(200);
    const lines = await logs(cast.tokens.admin);
    expect(lines.some((l) => l.subject === 'Access control entry created' && l.summary.includes(`entry ${acl.json().id}`))).toBe(true);
    expect(lines.some((l) => l.subject === 'Document schema created' && l.summary.includes('(type history_check)'))).toBe(true);
    expect(lines.some((l) => l.subject === 'Document deleted' && l.summary.includes(String(doc.display_id)))).toBe(true);
    // An editor's own document writes are no administration: creating an incident is not logged.
    expect(lines.some((l) => l.subject === 'Document created' && l.summary.includes(String(doc.display_id)))).toBe(false);
    // Logs stay in their organisation and with administrators.
    expect((await logs(acmeAdmin, 'acme')).some((l) => l.summary.includes('(type history_check)'))).toBe(false);
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: '/v3/demo/$$log' })).statusCode).toBe(403);
  });

  it('offers no Delete in Recent Activity, even to the author and administrators', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const comment = (await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'comment', descrip: 'recent, mine' })).json();
    expect(comment.meta.access.delete).toBe(true);
    for (const token of [cast.tokens.editorA, cast.tokens.admin]) {
      const recent = (await t.as(token, { method: 'GET', url: '/v3/demo/$$event?type=comment&count=50' })).json().dataAr as EventJson[];
      const row = recent.find((e) => e.id === comment.id)!;
      expect(row.meta.access.delete).toBe(false);
    }
  });
});
