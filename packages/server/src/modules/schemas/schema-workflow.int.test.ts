/**
 * A stored type's workflow through the HTTP API on both databases: a `$$schema` body keeps its
 * `workflow` (server-controlled on every other document), the definition is validated (shape and
 * fit to the type, each problem named), and documents of the type follow the stored definition.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../platform/db/json.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const DAY_MS = 86_400_000;

const inspection = {
  type: 'site_inspection',
  idMask: 'SI-{seq:3}',
  hasWorkflow: true,
  ref: 'HSE-7',
  form: {
    title: 'Site inspection',
    schema: {
      type: 'object',
      required: ['summary'],
      properties: {
        summary: { type: 'string', minLength: 1 },
        score: { type: 'integer' },
        inspected_on: { type: 'string', format: 'date' },
      },
    },
  },
  workflow: {
    enabled: true,
    status_final: 'Approved',
    blocks: [
      {
        type: 'approve',
        status: 'Pending Review',
        days: 3,
        conditions: [{ condition: 'score >= 1', message: 'Please score the inspection' }],
        steps: [{ title: 'Manager review', roles: ['manager'], scope: 1 }],
      },
    ],
  },
};

describe.each(testDialects)('stored workflows on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let schemaId: number;
  const schemaVersion = async () =>
    String((await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}` })).json().meta.version as number);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
  });
  afterAll(async () => t.close());

  it('stores a type with its workflow, answers it back, and its documents follow it', async () => {
    const created = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: inspection });
    expect(created.statusCode).toBe(201);
    schemaId = created.json().id;
    expect(created.json()).toMatchObject({ workflow: inspection.workflow, ref: 'HSE-7', meta: { workflow: null, ref: null } });
    const read = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}` })).json();
    expect(read.workflow).toEqual(inspection.workflow);
    const row = await t.ctx.database.db
      .selectFrom('documents')
      .select(['data', 'ref'])
      .where('id', '=', schemaId)
      .executeTakeFirstOrThrow();
    expect(readJson<Record<string, unknown>>(row.data, {}).workflow).toEqual(inspection.workflow);
    expect(row.ref).toBeNull();

    const doc = await t.as(admin, { method: 'POST', url: '/v3/demo/site_inspection', payload: { summary: 'North yard', score: 2 } });
    expect(doc.statusCode).toBe(201);
    const { meta } = doc.json();
    expect(doc.json().status).toBe('Pending Review');
    expect(meta.workflow).toMatchObject({ status: 'Pending Review', closed: false });
    expect(Date.parse(meta.workflow.due_date) - Date.parse(meta.created_date)).toBe(3 * DAY_MS);
    // Created straight into its approval: its author submitted it, so an administrator's own approval is an override with a comment.
    const uncommented = await t.as(admin, { method: 'POST', url: '/v3/demo/$$event', payload: { doc_id: doc.json().id, type: 'approve' } });
    expect(uncommented.json().error_description).toBe('A comment is required when an administrator approves their own submission.');
    const approved = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$event',
      payload: { doc_id: doc.json().id, type: 'approve', descrip: 'Reviewed on site' },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/site_inspection/${doc.json().id}` })).json().meta.workflow).toMatchObject({
      status: 'Approved',
      closed: true,
    });
  });

  it('follows a changed workflow, and other documents still never take workflow, status or ref from a body', async () => {
    const changed = {
      ...inspection,
      workflow: { enabled: true, blocks: [{ type: 'approve', status: 'Pending Approval', due_date: 'inspected_on' }] },
    };
    const read = { 'if-match': await schemaVersion() };
    expect((await t.as(editor, { method: 'PUT', url: `/v3/demo/$$schema/${schemaId}`, payload: changed, headers: read })).statusCode).toBe(
      403,
    );
    const updated = await t.as(admin, { method: 'PUT', url: `/v3/demo/$$schema/${schemaId}`, payload: changed, headers: read });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().workflow).toEqual(changed.workflow);
    const versions = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}/versions` })).json();
    expect(versions.dataAr[0]).toMatchObject({ version: 2, changed: ['workflow'] });

    const doc = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/site_inspection',
      payload: { summary: 'South gate', inspected_on: '2030-01-02', status: 'Closed', ref: 'EXT-1', workflow: { status: 'Closed' } },
    });
    expect(doc.statusCode).toBe(201);
    expect(doc.json()).toMatchObject({
      status: 'Pending Approval',
      meta: { ref: null, workflow: { status: 'Pending Approval', closed: false, due_date: '2030-01-02T23:59:59.999Z' } },
    });
    expect(doc.json()).not.toHaveProperty('workflow');
    expect(doc.json()).not.toHaveProperty('ref');
  });

  it('refuses a malformed workflow with a 400 naming each problem, and keeps the stored one', async () => {
    const badShape = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: { ...inspection, type: 'bad_inspection', workflow: { enabled: true, blocks: [{ type: 'review', days: -2 }] } },
    });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().details.map((d: { path: string }) => d.path)).toEqual(['workflow.blocks.0.type', 'workflow.blocks.0.days']);
    expect(badShape.json().error_description).toContain('workflow.blocks.0.type: must be equal to one of the allowed values');

    const badFit = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$schema/${schemaId}`,
      headers: { 'if-match': await schemaVersion() },
      payload: {
        ...inspection,
        workflow: { enabled: true, blocks: [{ type: 'submit', required: ['scroe'], conditions: [{ condition: 'scroe >= 1' }] }] },
      },
    });
    expect(badFit.statusCode).toBe(400);
    expect(badFit.json()).toMatchObject({
      code: 'validation_failed',
      error_description:
        "workflow.blocks.0.required: Cannot require scroe: not a field of the form schema; workflow.blocks.0.conditions.0.condition: Invalid workflow condition 'scroe >= 1': Unknown field: scroe",
    });
    const stored = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}` })).json();
    expect(stored.workflow.blocks[0].status).toBe('Pending Approval');

    const reserved = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: {
        ...inspection,
        type: 'reserved_names',
        workflow: undefined,
        form: { title: 'x', schema: { type: 'object', properties: { doc_type: { type: 'string' } } } },
      },
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error_description).toBe(
      'form.schema.properties.doc_type: doc_type is set by the server: give this field another name',
    );
  });

  it('inserts a new document with its initial state: the answer is the stored row, and a workflow passed at once closes and notifies', async () => {
    const selfClosing = {
      ...inspection,
      type: 'toolbox_talk',
      idMask: 'TT-{seq:3}',
      hasEvents: true,
      workflow: { enabled: true, status_final: 'Done', blocks: [{ type: 'dependency', status: 'Pending Actions', enabled: true }] },
    };
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: selfClosing })).statusCode).toBe(201);
    const created = await t.as(editor, { method: 'POST', url: '/v3/demo/toolbox_talk', payload: { summary: 'Ladders' } });
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect(answer).toMatchObject({ status: 'Done', meta: { workflow: { status: 'Done', closed: true } } });
    const fetched = (await t.as(editor, { method: 'GET', url: `/v3/demo/toolbox_talk/${answer.id}` })).json();
    expect(fetched).toEqual(answer);
    const row = await t.ctx.database.db
      .selectFrom('documents')
      .select(['status', 'closed', 'closed_date'])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Done', closed: 1, closed_date: answer.meta.workflow.closed_date });
    const triggers = await t.ctx.database.db
      .selectFrom('jobs')
      .select('unique_key')
      .where('unique_key', 'like', `notify:%:${answer.id}:%`)
      .execute();
    expect(triggers.map((j) => j.unique_key.split(':').slice(3).join(':')).sort()).toEqual(['closed:auto-0', 'create:created']);

    // An open initial state is stored as answered too, with its version counter at 0.
    const open = (
      await t.as(admin, { method: 'POST', url: '/v3/demo/site_inspection', payload: { summary: 'East wall', inspected_on: '2030-03-04' } })
    ).json();
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/site_inspection/${open.id}` })).json()).toEqual(open);
    const version = await t.ctx.database.db
      .selectFrom('documents')
      .select(sql<number>`workflow_version`.as('v'))
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(Number(version.v)).toBe(0);
  });
});
