/**
 * The timeline (issue 6 item 3): comments, replies, paging (5 at a time), the event-type filter,
 * update events listing changed fields, the edit and delete rules of docs/product/workflow-and-timeline.md#event-rules with several
 * principals, replies to replies (nested up to MAX_REPLY_DEPTH), and Recent Activity limited to
 * documents the caller may read and paged with start/count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPLY_DEPTH, TOTAL_COUNT_WINDOW } from '@docket/shared';
import { insertEvent } from './events.repository.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, setEventLock, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

describe.each(testDialects)('events on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
  });
  afterAll(async () => t.close());

  it('pages comments 5 at a time, nests replies and filters by type', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    for (let i = 1; i <= 6; i++)
      expect((await postEvent(t, cast.tokens.readerA, { doc_id: doc.id, type: 'comment', descrip: `note ${i}` })).statusCode).toBe(201);
    const first = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events` })).json();
    expect(first.total).toBe(7);
    expect(first.dataAr.map((e: { descrip: string }) => e.descrip)).toEqual(['note 6', 'note 5', 'note 4', 'note 3', 'note 2']);
    const more = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?start=5` })).json();
    expect(more.dataAr.map((e: { type: string }) => e.type)).toEqual(['comment', 'create']);
    const parent = first.dataAr[0];
    const reply = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/api/events/',
      payload: { doc_id: doc.id, type: 'comment', descrip: 'reply', parent_id: parent.id },
    });
    expect(reply.statusCode).toBe(201);
    const nested = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?parent_id=${parent.id}` })).json();
    expect(nested.dataAr.map((e: { descrip: string }) => e.descrip)).toEqual(['reply']);
    const again = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/event/${parent.id}` })).json();
    expect(again.meta.events).toEqual({ total: 1, attachments: 0 });
    const onlyCreate = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?type=create` })).json();
    expect(onlyCreate.dataAr.map((e: { type: string }) => e.type)).toEqual(['create']);
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?type=bogus` })).statusCode).toBe(400);
    expect((await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?user=x` })).statusCode).toBe(400);
    expect((await postEvent(t, cast.tokens.readerA, { doc_id: doc.id, type: 'comment', descrip: '  ' })).json().error_description).toBe(
      'Please enter a comment.',
    );
  });

  it('records update events listing the changed fields', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const put = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      payload: { ...doc, summary: 'Slip (updated)', location: 'Hall B' },
    });
    expect(put.statusCode).toBe(200);
    const events = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events?type=update` })).json();
    expect(events.dataAr[0]).toMatchObject({ type: 'update', data: { fields: ['location', 'summary'] } });
  });

  // With the organisation's lock off; the lock itself (on by default) is tested in event-history.int.test.ts.
  it('applies the edit and delete rules of docs/product/workflow-and-timeline.md#event-rules per principal', async () => {
    await setEventLock(t, cast.tokens.admin, false);
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const comment = (await postEvent(t, cast.tokens.readerA, { doc_id: doc.id, type: 'comment', descrip: 'mine' })).json();
    expect(comment.meta.access).toEqual({ editor: true, delete: true });
    // Another user sees the comment without edit rights; the editor without delete access neither deletes.
    const seenByEditor = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/event/${comment.id}` })).json();
    expect(seenByEditor.meta.access).toEqual({ editor: false, delete: false });
    const edit = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/$$event/${comment.id}`,
      payload: { descrip: 'hijacked' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error_description).toBe('You do not have access to edit this event.');
    expect((await t.as(cast.tokens.editorA, { method: 'DELETE', url: `/v3/demo/$$event/${comment.id}` })).statusCode).toBe(403);
    const own = await t.as(cast.tokens.readerA, {
      method: 'PUT',
      url: `/v3/demo/$$event/${comment.id}`,
      payload: { descrip: 'mine, edited' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ descrip: 'mine, edited', meta: { updated_date: expect.any(String) } });
    expect(
      (
        await t.as(cast.tokens.readerA, {
          method: 'PUT',
          url: `/v3/demo/$$event/${comment.id}`,
          payload: { descrip: 'x', type: 'approve' },
        })
      ).statusCode,
    ).toBe(400);
    // Whoever may delete the document may delete its comments; the create event too, but not workflow events.
    expect((await t.as(cast.tokens.otherEditorA, { method: 'DELETE', url: `/v3/demo/$$event/${comment.id}` })).json()).toEqual({
      error: false,
    });
    await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit', descrip: 'done' });
    const events = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/events` })).json().dataAr as {
      id: number;
      type: string;
      meta: { access: { editor: boolean; delete: boolean } };
    }[];
    const submit = events.find((e) => e.type === 'submit')!;
    expect(submit.meta.access).toEqual({ editor: true, delete: false });
    expect((await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/$$event/${submit.id}` })).statusCode).toBe(403);
    expect(
      (await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/$$event/${submit.id}`, payload: { descrip: 'done, with photos' } }))
        .statusCode,
    ).toBe(200);
    const create = events.find((e) => e.type === 'create')!;
    expect(create.meta.access).toEqual({ editor: false, delete: true });
    expect(
      (await t.as(cast.tokens.managerA, { method: 'PUT', url: `/v3/demo/$$event/${create.id}`, payload: { descrip: 'x' } })).statusCode,
    ).toBe(403);
    await setEventLock(t, cast.tokens.admin, true);
  });

  it('keeps events of unreadable documents hidden, in Recent Activity too', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'comment', descrip: 'site A only' });
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/doc/${doc.id}/events` })).statusCode).toBe(404);
    expect((await postEvent(t, cast.tokens.managerB, { doc_id: doc.id, type: 'comment', descrip: 'x' })).statusCode).toBe(404);
    const mine = (await t.as(cast.tokens.managerA, { method: 'GET', url: '/v3/demo/$$event?count=100' })).json();
    expect(mine.dataAr.some((e: { descrip: string }) => e.descrip === 'site A only')).toBe(true);
    const theirs = (await t.as(cast.tokens.managerB, { method: 'GET', url: '/v3/demo/$$event?count=100' })).json();
    expect(theirs.dataAr.some((e: { doc_id: number }) => e.doc_id === doc.id)).toBe(false);
    const acme = await t.signIn('admin@acme.local');
    const foreign = (await t.as(acme.access, { method: 'GET', url: '/v3/acme/$$event?count=100' })).json();
    expect(foreign.dataAr.some((e: { doc_id: number }) => e.doc_id === doc.id)).toBe(false);
    expect((await t.as(acme.access, { method: 'GET', url: `/doc/${doc.id}/events?app=acme` })).statusCode).toBe(404);
  });

  it('accepts replies to replies, nesting them up to MAX_REPLY_DEPTH, then joining the deepest thread', async () => {
    expect(MAX_REPLY_DEPTH).toBe(3);
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const reply = async (token: string, parentId: number | undefined, descrip: string) => {
      const response = await postEvent(t, token, {
        doc_id: doc.id,
        type: 'comment',
        descrip,
        ...(parentId ? { parent_id: parentId } : {}),
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; parent_id: number | null };
    };
    const top = await reply(cast.tokens.editorA, undefined, 'top');
    const depth1 = await reply(cast.tokens.readerA, top.id, 'depth 1');
    const depth2 = await reply(cast.tokens.editorA, depth1.id, 'depth 2');
    const depth3 = await reply(cast.tokens.readerA, depth2.id, 'depth 3');
    expect([depth1.parent_id, depth2.parent_id, depth3.parent_id]).toEqual([top.id, depth1.id, depth2.id]);
    // Replying to the deepest reply is accepted and lands beside it, in the same thread.
    const beside = await reply(cast.tokens.editorA, depth3.id, 'reply to depth 3');
    expect(beside.parent_id).toBe(depth2.id);
    const thread = (
      await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/events?parent_id=${depth2.id}&order=asc&count=100` })
    ).json();
    expect(thread.dataAr.map((e: { descrip: string }) => e.descrip)).toEqual(['depth 3', 'reply to depth 3']);
    const middle = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/event/${depth1.id}` })).json();
    expect(middle.meta.events.total).toBe(1);
    // Top-level paging still counts only top-level events.
    const topLevel = (await t.as(cast.tokens.readerA, { method: 'GET', url: `/doc/${doc.id}/events?type=comment` })).json();
    expect(topLevel.dataAr.map((e: { descrip: string }) => e.descrip)).toEqual(['top']);

    // A parent on another document is refused, for replies at any depth.
    const other = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const foreign = await postEvent(t, cast.tokens.editorA, { doc_id: other.id, type: 'comment', descrip: 'x', parent_id: depth2.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toBe('parent_id must name an event of the same document.');

    // Deleting a reply deletes every event nested under it, at every depth, leaving tombstones.
    expect((await t.as(cast.tokens.readerA, { method: 'DELETE', url: `/v3/demo/$$event/${depth1.id}` })).json()).toEqual({ error: false });
    for (const gone of [depth1, depth2, depth3, beside]) {
      const tombstone = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/event/${gone.id}` })).json();
      expect(tombstone).toMatchObject({ descrip: '', meta: { deleted: { by: { uuid: cast.uuids.readerA } } } });
    }
    const left = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/doc/${doc.id}/event/${top.id}` })).json();
    expect(left).toMatchObject({ descrip: 'top', meta: { deleted: null, events: { total: 1 } } });
  });

  it('refuses comments on a type without a timeline, and replies to a deleted event', async () => {
    const site = (await t.as(cast.tokens.admin, { method: 'GET', url: '/v3/demo/site?count=1' })).json().dataAr[0];
    const onSite = await postEvent(t, cast.tokens.admin, { doc_id: site.id, type: 'comment', descrip: 'Gate broken' });
    expect([onSite.statusCode, onSite.json().error_description]).toEqual([
      400,
      'This type of document has no timeline: it takes no comments or events.',
    ]);
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const comment = (await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'comment', descrip: 'First' })).json();
    expect((await t.as(cast.tokens.admin, { method: 'DELETE', url: `/v3/demo/$$event/${comment.id}` })).statusCode).toBe(200);
    const reply = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'comment', descrip: 'Late reply', parent_id: comment.id });
    expect(reply.statusCode).toBe(409);
    const forSomeone = await postEvent(t, cast.tokens.admin, { doc_id: doc.id, type: 'comment', descrip: 'Hi', on_behalf_of: 'garbage' });
    expect([forSomeone.statusCode, forSomeone.json().error_description]).toEqual([
      400,
      'A comment is written in your own name: on_behalf_of applies to workflow actions only.',
    ]);
  });

  it('pages Recent Activity with start and count, newest first and without overlap', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    for (let i = 1; i <= 4; i++) await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'comment', descrip: `paged ${i}` });
    const page = async (start: number) =>
      (await t.as(cast.tokens.managerA, { method: 'GET', url: `/v3/demo/$$event?type=comment&start=${start}&count=2` })).json() as {
        dataAr: { id: number; descrip: string }[];
        total: number;
      };
    const [first, second] = [await page(0), await page(2)];
    expect(first.dataAr.map((e) => e.descrip)).toEqual(['paged 4', 'paged 3']);
    expect(second.dataAr.map((e) => e.descrip)).toEqual(['paged 2', 'paged 1']);
    expect(second.total).toBe(first.total);
    const all = (await t.as(cast.tokens.managerA, { method: 'GET', url: `/v3/demo/$$event?type=comment&count=${first.total}` })).json();
    expect([...first.dataAr, ...second.dataAr].map((e) => e.id)).toEqual(all.dataAr.slice(0, 4).map((e: { id: number }) => e.id));
    expect((await page(first.total)).dataAr).toEqual([]);
    expect((await t.as(cast.tokens.managerA, { method: 'GET', url: '/v3/demo/$$event?start=-1' })).statusCode).toBe(400);
    // docs/product/workflow-and-timeline.md#events: Recent Activity names each event's document by its title too.
    const named = (await page(0)).dataAr as unknown as { meta: { parent: { display_id: string; summary?: string } } }[];
    expect(named[0]!.meta.parent).toMatchObject({ display_id: doc.display_id, summary: 'Slip in the hall' });
  });

  // Last: its thousand events would change the totals the tests above expect.
  it('counts Recent Activity up to a thousand events past the page, and says when its total is a lower bound', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const author = cast.uuids.editorA;
    await t.ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < TOTAL_COUNT_WINDOW + 20; i++) {
        // Long ago, so the other tests' events stay the newest.
        const date = new Date(Date.UTC(2001, 0, 1) + i * 1000).toISOString();
        await insertEvent(trx, {
          orgId: cast.orgId,
          docId: doc.id,
          parentId: null,
          type: 'comment',
          subject: null,
          descrip: `bulk ${i}`,
          onBehalfOf: null,
          attachments: [],
          data: null,
          createdBy: author,
          date,
        });
      }
    });
    const first = (await t.as(cast.tokens.managerA, { method: 'GET', url: '/v3/demo/$$event?count=10' })).json();
    expect(first).toMatchObject({ total: TOTAL_COUNT_WINDOW, totalIsEstimate: true });
    // Further on, the window moves with the page and reaches the end: exact again.
    const far = (await t.as(cast.tokens.managerA, { method: 'GET', url: `/v3/demo/$$event?count=10&start=${TOTAL_COUNT_WINDOW}` })).json();
    expect(far.dataAr).toHaveLength(10);
    expect(far.dataAr.every((e: { descrip: string }) => e.descrip.startsWith('bulk '))).toBe(true);
    expect(far.totalIsEstimate).toBeUndefined();
    expect(far.total).toBeGreaterThan(TOTAL_COUNT_WINDOW + 20);
    expect(far.total).toBeLessThan(2 * TOTAL_COUNT_WINDOW);
    // A reader of another site sees none of them and an exact total.
    const theirs = (await t.as(cast.tokens.managerB, { method: 'GET', url: '/v3/demo/$$event?count=10' })).json();
    expect(theirs.totalIsEstimate).toBeUndefined();
    expect(theirs.dataAr.some((e: { doc_id: number }) => e.doc_id === doc.id)).toBe(false);
  });
});
