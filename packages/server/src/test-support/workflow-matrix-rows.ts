/**
 * Authorization-matrix rows of issue 6's routes (timeline, workflow, reviews, attachments, todo),
 * spread into `matrixRows` (platform/access/authorization-matrix.test-rows.ts). Targets are the owner's
 * incidents at North Plant: the site-scoped editor (Harbour Depot) and the depositor cannot see
 * them (404); who may edit or delete follows the documents' rows.
 */
import type { InjectOptions } from 'fastify';
import type { Fixtures } from '../platform/access/authorization-matrix.test-fixtures.ts';
import type { MatrixRow } from '../platform/access/authorization-matrix.test-rows.ts';
import { multipart } from './multipart.ts';

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const hidden = { editorSite: 404, depositor: 404 };
const readDoc = { members: 200, ...hidden };
const commentDoc = { members: 201, ...hidden };
const editDoc = {
  admin: 200,
  editorRegion: 200,
  editorGroup: 200,
  managerSite: 200,
  managerRegion: 200,
  managerGroup: 200,
  owner: 200,
  members: 403,
  ...hidden,
};
const textFile = () => multipart([{ name: 'matrix.txt', data: 'matrix' }], { descrip: 'matrix' });

function upload(url: string): InjectOptions {
  const body = textFile();
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
}

async function ownerEvent(f: Fixtures, type: 'create' | 'comment'): Promise<number> {
  const doc = await f.ownerIncident();
  if (type === 'comment') {
    const posted = await f.as('owner', {
      method: 'POST',
      url: '/v3/demo/$$event',
      payload: { doc_id: doc, type: 'comment', descrip: 'by the owner' },
    });
    return posted.json().id as number;
  }
  const row = await f.t.ctx.database.db
    .selectFrom('events')
    .select('id')
    .where('doc_id', '=', doc)
    .where('type', '=', 'create')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function ownerUpload(f: Fixtures): Promise<{ doc: number; event: number }> {
  const doc = await f.ownerIncident();
  const uploaded = await f.as('owner', upload(`/files/doc/${doc}/uploadAttWithEvent?app=demo`));
  return { doc, event: uploaded.json().event.id as number };
}

export const workflowMatrixRows: MatrixRow[] = [
  { route: 'GET /doc/:docId/events', request: async (f) => get(`/doc/${await f.ownerIncident()}/events?app=demo`), expect: readDoc },
  {
    route: 'GET /doc/:docId/event/:eventId',
    request: async (f) =>
      get(
        `/doc/${
          (
            await f.t.ctx.database.db
              .selectFrom('events')
              .select('doc_id')
              .where('id', '=', await ownerEvent(f, 'create'))
              .executeTakeFirstOrThrow()
          ).doc_id
        }/event/${await ownerEvent(f, 'create')}?app=demo`,
      ),
    expect: { members: [200, 404], ...hidden },
  },
  { route: 'GET /doc/:docId/workflow', request: async (f) => get(`/doc/${await f.ownerIncident()}/workflow?app=demo`), expect: readDoc },
  {
    route: 'POST /api/events',
    request: async (f) => ({
      method: 'POST',
      url: '/api/events?app=demo',
      payload: { doc_id: await f.ownerIncident(), type: 'comment', descrip: 'x' },
    }),
    expect: commentDoc,
  },
  {
    route: 'POST /api/events/',
    request: async (f) => ({
      method: 'POST',
      url: '/api/events/?app=demo',
      payload: { doc_id: await f.ownerIncident(), type: 'comment', descrip: 'x' },
    }),
    expect: commentDoc,
  },
  {
    route: 'POST /v3/:appId/$$event',
    request: async (f) => ({
      method: 'POST',
      url: '/v3/demo/$$event',
      payload: { doc_id: await f.ownerIncident(), type: 'comment', descrip: 'x' },
    }),
    expect: commentDoc,
  },
  { route: 'GET /v3/:appId/$$event', request: () => get('/v3/demo/$$event'), expect: { members: 200 } },
  { route: 'GET /v3/:appId/$$event/:id', request: async (f) => get(`/v3/demo/$$event/${await ownerEvent(f, 'create')}`), expect: readDoc },
  // An event's versions read as the event does (docs/product/workflow-and-timeline.md#event-history).
  {
    route: 'GET /v3/:appId/$$event/:id/versions',
    request: async (f) => get(`/v3/demo/$$event/${await ownerEvent(f, 'comment')}/versions`),
    expect: readDoc,
  },
  // Only the author (or an administrator) edits a comment.
  {
    route: 'PUT /v3/:appId/$$event/:id',
    request: async (f) => ({ method: 'PUT', url: `/v3/demo/$$event/${await ownerEvent(f, 'comment')}`, payload: { descrip: 'edited' } }),
    expect: { admin: 200, owner: 200, members: 403, ...hidden },
  },
  // The author, whoever may delete the document, or an administrator deletes a comment.
  {
    route: 'DELETE /v3/:appId/$$event/:id',
    request: async (f) => ({ method: 'DELETE', url: `/v3/demo/$$event/${await ownerEvent(f, 'comment')}` }),
    expect: { admin: 200, owner: 200, managerSite: 200, managerRegion: 200, managerGroup: 200, members: 403, ...hidden },
  },
  // The incident is open: its review condition (Closed, and reviewer or admin) holds for nobody.
  {
    route: 'PUT /v3/:appId/~:type/:id',
    request: async (f) => ({
      method: 'PUT',
      url: `/v3/demo/~incident/${await f.ownerIncident()}`,
      payload: { review_date: '2026-03-05T10:00:00.000Z' },
    }),
    expect: { members: 403, ...hidden },
  },
  {
    route: 'DELETE /v3/:appId/~:type/:id',
    request: async (f) => ({ method: 'DELETE', url: `/v3/demo/~incident/${await f.ownerIncident()}` }),
    expect: { members: 404 },
  },
  {
    route: 'POST /files/doc/:id/uploadAtt',
    request: async (f) => upload(`/files/doc/${await f.ownerIncident()}/uploadAtt?app=demo`),
    expect: editDoc,
  },
  {
    route: 'POST /files/doc/:id/uploadAttWithEvent',
    request: async (f) => upload(`/files/doc/${await f.ownerIncident()}/uploadAttWithEvent?app=demo`),
    expect: editDoc,
  },
  {
    route: 'GET /file/doc/:docId/:file',
    request: async (f) => get(`/file/doc/${(await ownerUpload(f)).doc}/matrix.txt?app=demo`),
    expect: readDoc,
  },
  {
    route: 'GET /file/event/:eventId/:file',
    request: async (f) => get(`/file/event/${(await ownerUpload(f)).event}/matrix.txt?app=demo`),
    expect: readDoc,
  },
  {
    route: 'POST /files/user/me',
    request: () => {
      const body = multipart([{ name: 'me.txt', data: 'not a picture' }]);
      return { method: 'POST', url: '/files/user/me?app=demo', payload: body.payload, headers: body.headers };
    },
    expect: { members: 415 },
  },
  {
    route: 'GET /file/user/:uuid',
    request: async (f) =>
      get(
        `/file/user/${(await f.t.ctx.database.db.selectFrom('memberships').select('identity_uuid').where('org_id', '=', f.places.orgId).executeTakeFirstOrThrow()).identity_uuid}?app=demo`,
      ),
    expect: { members: 404 },
  },
  { route: 'GET /v2/identity/me/todo', request: () => get('/v2/identity/me/todo?app=demo'), expect: { members: 200 } },
];
