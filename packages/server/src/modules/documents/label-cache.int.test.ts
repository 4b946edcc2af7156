/**
 * The rows labels are made from, kept in memory (platform/records/label-cache.ts; docs/architecture.md,
 * "Labels from memory"), on both databases: a second page that refers to the same sites, people and
 * documents asks the database for none of them; a label changed through the API or straight in the
 * database shows on the next list; a caller who may not read a referenced document gets no label for
 * it after one who may has filled the cache; two organisations never share an entry; off
 * (LABEL_CACHE_MS=0), every page reads its labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, placesOf, uuidOf, type Places } from '../../test-support/access-fixtures.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

/** A type whose documents refer to an incident, a site and a person. */
const followUp = {
  type: 'follow_up',
  idMask: 'FU-{seq:3}',
  form: {
    title: 'Follow-up',
    schema: {
      type: 'object',
      required: ['summary'],
      properties: {
        summary: { type: 'string', minLength: 1 },
        site_id: { type: 'integer', title: 'Site', 'x-lookup': { doc_type: 'site' } },
        incident_ref: { type: 'integer', title: 'Incident', 'x-lookup': { doc_type: 'incident' } },
        owner_id: { type: 'string', format: 'uuid', title: 'Owner', 'x-lookup': { identity: true } },
      },
    },
  },
};

type Row = { summary: string; data_normalised: Record<string, unknown> };
type Listed = { dataAr: Row[] };

/** The statements that read labels' rows: referenced documents and people (document-labels.ts). */
const labelReads = (statements: string[]) => statements.filter((text) => /'d' AS kind|'i' AS kind/.test(text));

describe.each(testDialects)('label cache on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let restricted: string;
  let acme: string;
  let places: Places;
  let adminUuid: string;
  let hbrIncident: number;

  const list = async (token: string, filter: string, app = 'demo'): Promise<Row[]> => {
    const url = `/v3/${app}/follow_up?filter=${encodeURIComponent(filter)}&order=${encodeURIComponent('id asc')}`;
    const response = await t.as(token, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Listed).dataAr;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    places = await placesOf(t, 'demo');
    await addMember(t, places.orgId, {
      email: 'labels-restricted@demo.local',
      level: 3,
      roles: ['editor'],
      scope: 3,
      siteId: places.sites.get('NPL')!,
    });
    admin = (await t.signIn('admin@demo.local')).access;
    restricted = (await t.signIn('labels-restricted@demo.local')).access;
    acme = (await t.signIn('admin@acme.local')).access;
    adminUuid = await uuidOf(t, 'admin@demo.local');
    for (const token of [admin, acme]) {
      const stored = await t.as(token, { method: 'POST', url: `/v3/${token === admin ? 'demo' : 'acme'}/$$schema`, payload: followUp });
      expect(stored.statusCode, stored.body).toBe(201);
    }
    const incident = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Forklift at the harbour', descrip: 'x', category: 'Near Miss', site_id: places.sites.get('HBR') },
    });
    expect(incident.statusCode, incident.body).toBe(201);
    hbrIncident = (incident.json() as { id: number }).id;
    for (const summary of ['Labels one', 'Labels two', 'Labels three']) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/follow_up',
        payload: { summary, site_id: places.sites.get('NPL'), incident_ref: hbrIncident, owner_id: adminUuid },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('reads the rows behind a page’s labels once, then labels the next page from memory', async () => {
    const first = recordReaderStatements(t.ctx.database);
    const one = await list(admin, "summary = 'Labels one'");
    first.stop();
    expect(one[0]!.data_normalised).toMatchObject({
      site_id: 'North Plant',
      incident_ref: 'Forklift at the harbour',
      owner_id: 'Ada Admin',
    });

    const second = recordReaderStatements(t.ctx.database);
    const rest = await list(admin, "summary STARTS WITH 'Labels t'");
    second.stop();
    expect(rest.map((row) => row.data_normalised)).toEqual([
      expect.objectContaining({ site_id: 'North Plant', incident_ref: 'Forklift at the harbour', owner_id: 'Ada Admin' }),
      expect.objectContaining({ site_id: 'North Plant', incident_ref: 'Forklift at the harbour', owner_id: 'Ada Admin' }),
    ]);
    // The page itself was read (the list's own statement), its labels were not.
    expect(second.statements.length).toBeGreaterThan(0);
    expect(labelReads(second.statements)).toEqual([]);
  });

  it('never labels a document for a caller who may not read it, whoever filled the cache', async () => {
    expect((await list(admin, "summary = 'Labels two'"))[0]!.data_normalised).toMatchObject({ incident_ref: 'Forklift at the harbour' });
    const seen = await list(restricted, "summary = 'Labels two'");
    expect(seen.map((row) => row.summary)).toEqual(['Labels two']);
    expect(seen[0]!.data_normalised).toMatchObject({ site_id: 'North Plant' });
    expect(seen[0]!.data_normalised).not.toHaveProperty('incident_ref');
    expect(JSON.stringify(seen)).not.toContain('Forklift');
  });

  it('keeps organisations apart: another organisation’s id is no label, however recently read', async () => {
    const note = (payload: object) => t.as(acme, { method: 'POST', url: '/v3/acme/follow_up', payload });
    // A write may not name another organisation's document (docs/product/documents-and-schemas.md#references);
    // one stored before that check still holds such an id.
    expect((await note({ summary: 'Acme note', incident_ref: hbrIncident })).statusCode).toBe(400);
    const created = await note({ summary: 'Acme note' });
    expect(created.statusCode, created.body).toBe(201);
    const stored = await t.ctx.database.db
      .selectFrom('documents')
      .select('data')
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    await t.ctx.database.db
      .updateTable('documents')
      .set({ data: writeJson({ ...readJson<object>(stored.data, {}), incident_ref: hbrIncident }) })
      .where('id', '=', created.json().id)
      .execute();
    // Read by its own organisation after the last write: the entry the other organisation's list would find.
    expect((await list(admin, "summary = 'Labels three'"))[0]!.data_normalised).toMatchObject({ incident_ref: 'Forklift at the harbour' });
    const rows = await list(acme, "summary = 'Acme note'", 'acme');
    expect(rows.map((row) => row.summary)).toEqual(['Acme note']);
    expect(rows[0]!.data_normalised).not.toHaveProperty('incident_ref');
    expect(JSON.stringify(rows)).not.toContain('Forklift');
  });

  it('shows a label changed through the API on the next list', async () => {
    expect((await list(admin, "summary = 'Labels one'"))[0]!.data_normalised).toMatchObject({ incident_ref: 'Forklift at the harbour' });
    const current = (await t.as(admin, { method: 'GET', url: `/v3/demo/incident/${hbrIncident}` })).json() as Record<string, unknown> & {
      meta: { version?: number };
    };
    const { meta: _meta, ...body } = current;
    const edited = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/incident/${hbrIncident}`,
      headers: { 'if-match': `W/"${String(current.meta.version ?? 1)}"` },
      payload: { ...body, summary: 'Forklift at the quay' },
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    expect((await list(admin, "summary = 'Labels one'"))[0]!.data_normalised).toMatchObject({ incident_ref: 'Forklift at the quay' });
  });

  it('shows a site and a person renamed straight in the database on the next list', async () => {
    expect((await list(admin, "summary = 'Labels two'"))[0]!.data_normalised).toMatchObject({
      site_id: 'North Plant',
      owner_id: 'Ada Admin',
    });
    await t.ctx.database.db.updateTable('documents').set({ summary: 'North Works' }).where('id', '=', places.sites.get('NPL')!).execute();
    await t.ctx.database.db.updateTable('identities').set({ display_name: 'Ada Admin-Lovelace' }).where('uuid', '=', adminUuid).execute();
    try {
      expect((await list(admin, "summary = 'Labels two'"))[0]!.data_normalised).toMatchObject({
        site_id: 'North Works',
        owner_id: 'Ada Admin-Lovelace',
      });
    } finally {
      await t.ctx.database.db.updateTable('documents').set({ summary: 'North Plant' }).where('id', '=', places.sites.get('NPL')!).execute();
      await t.ctx.database.db.updateTable('identities').set({ display_name: 'Ada Admin' }).where('uuid', '=', adminUuid).execute();
    }
  });
});

describe.each(testDialects)('label cache switched off on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { cache: { principalMs: 5000, listMs: 0, countMs: 0, labelMs: 0 } } });
  });
  afterAll(async () => t.close());

  it('reads every page’s labels (LABEL_CACHE_MS=0)', async () => {
    const admin = (await t.signIn('admin@demo.local')).access;
    const places = await placesOf(t, 'demo');
    for (const summary of ['Off one', 'Off two']) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { summary, descrip: 'x', category: 'Near Miss', site_id: places.sites.get('NPL') },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    for (let round = 0; round < 2; round++) {
      const recorded = recordReaderStatements(t.ctx.database);
      const response = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?start=${round}&count=1` });
      recorded.stop();
      expect(response.statusCode, response.body).toBe(200);
      expect(labelReads(recorded.statements)).toHaveLength(1);
    }
  });
});
