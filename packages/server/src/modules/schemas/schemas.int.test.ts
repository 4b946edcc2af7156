/**
 * Stored type schemas through the HTTP API on both databases: validated CRUD of `$$schema`,
 * versions (who, when, compare), the type registry layering stored over built-in types and its
 * invalidation across processes, the built-in fallback, and administrators only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { newTypeRegistry } from '../../platform/records/type-registry.ts';

const finding = {
  type: 'audit_finding',
  description: 'Findings of internal audits',
  category: 'Quality',
  idMask: 'AF-{seq:3}',
  indexed: ['score'],
  form: {
    title: 'Audit finding',
    schema: {
      type: 'object',
      required: ['summary', 'score'],
      errorMessage: { required: { score: 'Please score the finding' } },
      properties: {
        summary: { type: 'string', minLength: 1 },
        score: { type: 'integer', minimum: 1, maximum: 5 },
        area: { type: 'string' },
      },
    },
  },
  view: { title: 'Audit findings', table: { schema: [{ id: 'summary', label: 'Summary' }] } },
};

describe.each(testDialects)('type schemas on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  it('creates a type that documents can then use, in its organisation only', async () => {
    const created = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: finding });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ doc_type: '$$schema', type: 'audit_finding', summary: 'audit_finding', version: 3 });
    const doc = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/audit_finding',
      payload: { summary: 'Fire door wedged open', score: 4 },
    });
    expect(doc.statusCode).toBe(201);
    expect(doc.json().display_id).toBe('AF-001');
    const missing = await t.as(admin, { method: 'POST', url: '/v3/demo/audit_finding', payload: { summary: 'x' } });
    expect(missing.json()).toMatchObject({ code: 'validation_failed', error_description: 'score: Please score the finding' });
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/audit_finding' })).statusCode).toBe(404);
    const list = await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema?filter=' + encodeURIComponent("type = 'audit_finding'") });
    expect(list.json().dataAr.map((d: { type: string }) => d.type)).toEqual(['audit_finding']);
  });

  it('names every problem of an invalid schema and stores nothing', async () => {
    const before = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema' })).json().total;
    const bad = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: {
        ...finding,
        type: 'audit finding',
        idMask: 'AF',
        form: { title: 'x', schema: { type: 'object', properties: { a: { type: 'strin' } } } },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['type', 'idMask', 'form.schema']);
    expect(bad.json().error_description).toContain('type: Schema type must contain no spaces (underscore advised)');
    const duplicate = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: { ...finding, type: 'Audit_Finding' } });
    expect(duplicate.json()).toMatchObject({
      code: 'validation_failed',
      error_description: 'type: Schema type must be unique: Audit_Finding already exists',
    });
    const noType = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: { description: 'x' } });
    expect(noType.json().error_description).toBe('type: Please enter the schema type');
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema' })).json().total).toBe(before);
  });

  it('refuses a type without a form, one naming fields it does not have, and a built-in type spelled otherwise', async () => {
    const before = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema' })).json().total;
    const save = (payload: object) => t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload });
    const { form: _form, ...formless } = finding;
    const noForm = await save({ ...formless, type: 'formless_finding' });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().error_description).toContain('form: A document type needs a form: form.schema with its fields.');
    const dangling = await save({
      ...finding,
      type: 'dangling_finding',
      form: {
        ...finding.form,
        schema: { ...finding.form.schema, required: ['summary', 'nosuch'] },
        uiSchema: { type: 'VerticalLayout', elements: [{ type: 'Control', scope: '#/properties/ghost' }] },
      },
      review: { schema: { type: 'object' }, condition: 'nosuch = 1' },
    });
    expect(dangling.statusCode).toBe(400);
    expect(dangling.json().details.map((d: { path: string }) => d.path)).toEqual([
      'form.schema.required',
      'form.uiSchema',
      'review.condition',
    ]);
    const spelled = await save({ ...finding, type: 'Incident' });
    expect(spelled.json().error_description).toBe('type: Schema type must be unique: Incident already exists');
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema' })).json().total).toBe(before);
  });

  it('keeps every version with who and when, listable and comparable', async () => {
    const [schema] = (
      await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema?filter=' + encodeURIComponent("type = 'audit_finding'") })
    ).json().dataAr;
    const changed = { ...finding, description: 'Internal and external audit findings', form: { ...finding.form, title: 'Finding' } };
    const version = schema.meta.version as number;
    expect(
      (await t.as(admin, { method: 'PUT', url: `/v3/demo/$$schema/${schema.id}`, payload: { ...changed, meta: { version } } })).statusCode,
    ).toBe(200);
    const renamed = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$schema/${schema.id}`,
      payload: { ...changed, type: 'finding', meta: { version: version + 1 } },
    });
    expect(renamed.json().error_description).toContain('Schema type cannot be changed');

    const versions = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schema.id}/versions` })).json();
    expect(versions.total).toBe(2);
    expect(versions.dataAr[0]).toMatchObject({
      version: 2,
      action: 'update',
      created_by: { display_name: 'Ada Admin' },
      changed: ['description', 'form'],
    });
    expect(versions.dataAr[1]).toMatchObject({ version: 1, action: 'create' });
    const first = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schema.id}/versions/1` })).json();
    expect(first.schema.description).toBe('Findings of internal audits');
    const diff = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schema.id}/diff?from=1&to=2` })).json();
    expect(diff.changes).toEqual([
      { path: '/description', before: 'Findings of internal audits', after: 'Internal and external audit findings' },
      { path: '/form/title', before: 'Audit finding', after: 'Finding' },
    ]);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schema.id}/versions/9` })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$schema/${schema.id}/versions` })).statusCode).toBe(404);
    expect((await t.as(editor, { method: 'GET', url: `/v3/demo/$$schema/${schema.id}/versions` })).statusCode).toBe(403);
  });

  it('lets administrators only read or write schemas', async () => {
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$schema' })).statusCode).toBe(403);
    expect((await t.as(editor, { method: 'POST', url: '/v3/demo/$$schema', payload: { ...finding, type: 'sneaky' } })).statusCode).toBe(
      403,
    );
    expect((await t.as(editor, { method: 'POST', url: '/api/$$schema', payload: { ...finding, type: 'sneaky' } })).statusCode).toBe(403);
  });

  it('overrides a built-in type and falls back to it when the override goes', async () => {
    const post = (await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=1' })).json().dataAr[0];
    expect(post).toBeDefined();
    const override = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: {
        type: 'post',
        idMask: 'NEWS-{seq:4}',
        form: {
          title: 'News',
          schema: { type: 'object', required: ['summary'], properties: { summary: { type: 'string' }, descrip: { type: 'string' } } },
        },
      },
    });
    expect(override.statusCode).toBe(201);
    const news = await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Overridden' } });
    expect(news.json().display_id).toMatch(/^NEWS-\d{4}$/);
    // Another process sees the change once its cache checks the counter (here: at once).
    const otherProcess = newTypeRegistry(t.ctx.database, { checkIntervalMs: 0 });
    const orgId = (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    expect((await otherProcess.get(orgId, 'post'))?.idMask).toBe('NEWS-{seq:4}');
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/$$schema/${override.json().id}` })).json()).toEqual({ error: false });
    // The other process answers from its cache while its check runs, then serves the built-in type.
    await vi.waitFor(async () => expect((await otherProcess.get(orgId, 'post'))?.idMask).toBe('POST-{seq:4}'));
    const again = await t.as(admin, { method: 'POST', url: '/v3/demo/post', payload: { summary: 'Back', descrip: 'to built-in' } });
    expect(again.json().display_id).toMatch(/^POST-\d{4}$/);
    const history = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${override.json().id}/versions` })).json();
    expect(history.dataAr.map((v: { action: string }) => v.action)).toEqual(['delete', 'create']);
  });

  it('refuses to delete a custom type that still has documents', async () => {
    const [schema] = (
      await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema?filter=' + encodeURIComponent("type = 'audit_finding'") })
    ).json().dataAr;
    const refused = await t.as(admin, { method: 'DELETE', url: `/v3/demo/$$schema/${schema.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe('Documents of type audit_finding exist (1): delete them before the schema');
  });

  it('serves the built-in types when stored schemas cannot be loaded', async () => {
    const orgId = (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const broken = newTypeRegistry(t.ctx.database, { checkIntervalMs: 0 });
    await t.ctx.database.db.schema.alterTable('cache_versions').renameTo('cache_versions_away').execute();
    try {
      expect((await broken.get(orgId, 'incident'))?.type).toBe('incident');
      expect(await broken.get(orgId, 'audit_finding')).toBeUndefined();
    } finally {
      await t.ctx.database.db.schema.alterTable('cache_versions_away').renameTo('cache_versions').execute();
    }
    await vi.waitFor(async () => expect((await broken.get(orgId, 'audit_finding'))?.type).toBe('audit_finding'));
  });
});
