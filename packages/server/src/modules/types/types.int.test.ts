/**
 * The client projections of the types (`GET /v3/{appId}/$$types`, `…/$$types/{type}`) on both
 * databases: an organisation's stored override reaches members who are not administrators, each
 * caller gets only the types `authorize()` lets them read or create, protected fields leave the
 * forms of callers who can never see their values, and organisations stay apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, type DocumentSchema, type UiSchemaElement } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';

const builtinIncident = builtinTypeByName('incident')!;

/** An administrator's override of the built-in `incident`: a new field, a protected one, a renamed list. */
function incidentOverride(): DocumentSchema {
  const form = builtinIncident.form!;
  const uiSchema = form.uiSchema!;
  const control = (field: string): UiSchemaElement => ({ type: 'Control', scope: `#/properties/${field}` });
  return {
    ...builtinIncident,
    form: {
      ...form,
      title: 'Site incident',
      schema: {
        ...form.schema,
        properties: {
          ...form.schema.properties,
          weather: { type: 'string', title: 'Weather', enum: ['Dry', 'Wet', 'Icy'] },
          witness_name: { type: 'string', title: 'Witness' },
        },
      },
      uiSchema: { ...uiSchema, elements: [...(uiSchema.elements ?? []), control('weather'), control('witness_name')] },
    },
    view: {
      ...builtinIncident.view!,
      title: 'Site incidents',
      table: {
        schema: [
          ...builtinIncident.view!.table.schema,
          { id: 'weather', label: 'Weather' },
          { id: 'witness_name', label: 'Witness', protected: true },
        ],
      },
    },
  };
}

const typeNames = (answer: { dataAr: DocumentSchema[] }) => answer.dataAr.map((type) => type.type);
const formFields = (type: DocumentSchema) => Object.keys(type.form?.schema.properties ?? {});
const scopesOf = (element: UiSchemaElement | undefined): string[] =>
  element ? [...(typeof element.scope === 'string' ? [element.scope] : []), ...(element.elements ?? []).flatMap(scopesOf)] : [];

describe.each(testDialects)('client type projections on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let reader: string;
  let incidentReader: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const places = await placesOf(t, 'demo');
    await addMember(t, places.orgId, {
      email: 'incident-reader@types.local',
      level: 2,
      roles: ['reader'],
      canCreate: false,
      docTypes: ['incident', 'action'],
    });
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    incidentReader = (await t.signIn('incident-reader@types.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const stored = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: incidentOverride() });
    expect(stored.statusCode, stored.body).toBe(201);
  }, 120_000);
  afterAll(async () => t.close());

  it("serves an organisation's override of a built-in type to an editor", async () => {
    const answer = await t.as(editor, { method: 'GET', url: '/v3/demo/$$types' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { dataAr: DocumentSchema[]; total: number };
    expect(body.total).toBe(body.dataAr.length);
    const incident = body.dataAr.find((type) => type.type === 'incident')!;
    expect(incident.form!.title).toBe('Site incident');
    expect(incident.view!.title).toBe('Site incidents');
    expect(incident.form!.schema.properties!.weather).toEqual({ type: 'string', title: 'Weather', enum: ['Dry', 'Wet', 'Icy'] });
    expect(formFields(incident)).toContain('witness_name');
    expect(scopesOf(incident.form!.uiSchema)).toEqual(expect.arrayContaining(['#/properties/weather', '#/properties/witness_name']));
    expect(incident.view!.table.schema.map((column) => column.id)).toEqual(expect.arrayContaining(['weather', 'witness_name']));
    // Server-only settings stay on the server.
    expect(incident).not.toHaveProperty('indexed');
    const one = await t.as(editor, { method: 'GET', url: '/v3/demo/$$types/incident' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(incident);
  });

  it('never answers administrator-only types to members, and every type to administrators', async () => {
    const forEditor = typeNames((await t.as(editor, { method: 'GET', url: '/v3/demo/$$types' })).json());
    expect(forEditor).not.toContain('$$schema');
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$types/$$schema' })).statusCode).toBe(403);
    const forAdmin = typeNames((await t.as(admin, { method: 'GET', url: '/v3/demo/$$types' })).json());
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$types/$$schema' })).statusCode).toBe(200);
    expect(forAdmin).toEqual(expect.arrayContaining(forEditor));
    expect(forAdmin).toEqual([...forAdmin].sort());
  });

  it('answers a reader restricted to some document types only those types', async () => {
    const answer = await t.as(incidentReader, { method: 'GET', url: '/v3/demo/$$types' });
    expect(answer.statusCode).toBe(200);
    expect(typeNames(answer.json())).toEqual(['action', 'incident']);
    expect(answer.json().dataAr[1].view.title).toBe('Site incidents');
    expect((await t.as(incidentReader, { method: 'GET', url: '/v3/demo/$$types/post' })).json()).toMatchObject({
      code: 'forbidden',
      error_description: 'You do not have sufficient access rights to view this page.',
    });
    expect((await t.as(incidentReader, { method: 'GET', url: '/v3/demo/$$types/post' })).statusCode).toBe(403);
    expect((await t.as(incidentReader, { method: 'GET', url: '/v3/demo/$$types/no_such_type' })).statusCode).toBe(404);
    // The same types the document lists allow.
    expect((await t.as(incidentReader, { method: 'GET', url: '/v3/demo/post' })).statusCode).toBe(403);
    expect((await t.as(incidentReader, { method: 'GET', url: '/v3/demo/incident' })).statusCode).toBe(200);
  });

  it('leaves protected fields out of the forms of callers who can never see their values', async () => {
    for (const token of [reader, incidentReader]) {
      const incident = (await t.as(token, { method: 'GET', url: '/v3/demo/$$types/incident' })).json() as DocumentSchema;
      expect(formFields(incident)).toContain('weather');
      expect(formFields(incident)).not.toContain('witness_name');
      expect(scopesOf(incident.form!.uiSchema)).not.toContain('#/properties/witness_name');
      // The column stays, marked protected: the list shows 'Hidden (Protected)' (docs/product/access.md#protected-fields).
      expect(incident.view!.table.schema.find((column) => column.id === 'witness_name')).toMatchObject({ protected: true });
    }
    const forAdmin = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$types/incident' })).json() as DocumentSchema;
    expect(formFields(forAdmin)).toContain('witness_name');
  });

  it('keeps organisations apart', async () => {
    const acmeIncident = await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$types/incident' });
    expect(acmeIncident.statusCode).toBe(200);
    expect(acmeIncident.json().view.title).toBe(builtinIncident.view!.title);
    expect(formFields(acmeIncident.json())).not.toContain('weather');
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/$$types' })).statusCode).toBe(403);
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/$$types/incident' })).statusCode).toBe(403);
    expect((await t.as(editor, { method: 'GET', url: '/v3/acme/$$types' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v3/demo/$$types' })).statusCode).toBe(401);
  });

  it('follows a schema change at once', async () => {
    const [row] = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema?filter=' + encodeURIComponent("type = 'incident'") })).json()
      .dataAr as { id: number; meta: { version: number } }[];
    const changed = incidentOverride();
    const updated = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$schema/${row!.id}`,
      payload: { ...changed, view: { ...changed.view!, title: 'Incidents on site' }, meta: { version: row!.meta.version } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const answer = await t.as(editor, { method: 'GET', url: '/v3/demo/$$types/incident' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().view.title).toBe('Incidents on site');
  });
});
