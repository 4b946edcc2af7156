/**
 * Stored order values (docs/architecture.md, "Stored order values"; migration 032): on PostgreSQL
 * each organisation's type whose default order is a date of `data` gets its values in
 * `documents.order_value`, filled by a trigger on every write and, for the rows written before,
 * by the order-key job; the lists order and compare through the column only once it is `ready`,
 * and answer the same rows in the same order as through the field. Two organisations: one's key
 * never moves the other's. SQLite has none of it.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { runJobsOnce } from '../jobs/job-worker.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows } from './documents.repository.ts';
import { orderKeyTimings, settleOrderKey, storedOrderFieldOf } from './order-keys.ts';
import { ORDER_KEY_JOB, queueUnsettledOrderKeys } from '../../modules/list-indexes/order-key-jobs.ts';
import { enqueueJob } from '../jobs/jobs.repository.ts';
import { typeRegistryFor } from './type-registry.ts';

const q = encodeURIComponent;

/** A stored type with two dates of `data`, ordered by the first. */
const visit = {
  type: 'site_walk',
  description: 'Site walks',
  category: 'Safety',
  idMask: 'SW-{seq:4}',
  form: {
    title: 'Site walk',
    schema: {
      type: 'object',
      required: ['summary'],
      properties: {
        summary: { type: 'string', minLength: 1 },
        walked_on: { type: 'string', format: 'date' },
        signed_on: { type: 'string', format: 'date' },
      },
    },
  },
  view: { title: 'Site walks', defaultOrder: 'walked_on desc', table: { schema: [{ id: 'summary', label: 'Summary' }] } },
};

describe.each(testDialects)('stored order values on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let demoOrg: number;
  let acmeOrg: number;
  const timings = { ...orderKeyTimings };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    const db = t.ctx.database.db;
    demoOrg = (await demoOrgAndAuthor(db)).orgId;
    acmeOrg = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'acme').executeTakeFirstOrThrow()).id;
    Object.assign(orderKeyTimings, { graceMs: 0, olderTransactionsMs: 2_000 });
  }, 120_000);
  afterAll(async () => {
    Object.assign(orderKeyTimings, timings);
    await t.close();
  });

  /** Every queued job run (the worker is off in this app). */
  async function runJobs() {
    while ((await runJobsOnce(t.ctx, 'order-keys-test')) > 0);
  }

  /** Each row of a type: its id, the value of a data field and the stored column (null on SQLite). */
  async function storedValues(orgId: number, docType: string, field: string) {
    const column = dialect === 'postgres' ? sql`order_value` : sql`NULL`;
    // The field's value when it is a string (what the lists read), else null.
    const path =
      dialect === 'postgres'
        ? sql`CASE WHEN jsonb_typeof(data -> ${field}) = 'string' THEN data ->> ${field} END`
        : sql`json_extract(data, ${`$.${field}`})`;
    const { rows } = await sql<{ id: number; value: unknown; stored: string | null }>`
      SELECT id, ${path} AS value, ${column} AS stored FROM documents WHERE org_id = ${orgId} AND doc_type = ${docType} ORDER BY id`.execute(
      t.ctx.database.db,
    );
    return rows;
  }

  async function keyOf(orgId: number, docType: string) {
    if (dialect !== 'postgres') return undefined;
    return t.ctx.database.db
      .selectFrom('document_order_keys')
      .select(['field', 'state'])
      .where('org_id', '=', orgId)
      .where('doc_type', '=', docType)
      .executeTakeFirst();
  }

  async function listIds(url: string): Promise<number[]> {
    const response = await t.as(admin, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().dataAr.map((row: { id: number }) => row.id);
  }

  afterEach(() => {
    Object.assign(orderKeyTimings, { graceMs: 0, olderTransactionsMs: 2_000 });
  });

  it('fills the rows written before the key, readies it, and the list then reads the column in the same order', async () => {
    const { author } = await demoOrgAndAuthor(t.ctx.database.db);
    const rows = [0, 1, 2, 3, 4].map((index) =>
      incidentRow({
        orgId: demoOrg,
        index,
        prefix: 'K',
        summaryPrefix: 'Keyed',
        author,
        date: new Date(Date.UTC(2025, 4, 1 + index * 3)).toISOString(),
      }),
    );
    // A value of another JSON type in the date field: no order value, as the field reads NULL.
    rows.push({ ...rows[0]!, display_id: 'INC-K9', data: JSON.stringify({ category: 'Injury', incident_date: 20250101 }) });
    await t.ctx.database.db
      .transaction()
      .execute((trx) => insertDocumentRows(trx, AccessScope.system(demoOrg, 'create', 'order keys test'), rows));
    const url = `/v3/demo/incident?order=${q('incident_date desc')}&count=50`;
    const before = await listIds(url);
    if (dialect === 'sqlite') {
      expect(storedOrderFieldOf((await typeRegistryFor(t.ctx.database).get(demoOrg, 'incident'))!, dialect)).toBeNull();
      expect(await queueUnsettledOrderKeys(t.ctx, new Date())).toEqual([]);
      return;
    }
    expect((await storedValues(demoOrg, 'incident', 'incident_date')).every((row) => row.stored === null)).toBe(true);

    const queued = await queueUnsettledOrderKeys(t.ctx, new Date());
    expect(queued).toEqual(expect.arrayContaining([`${demoOrg}:incident`, `${acmeOrg}:incident`]));
    // Types ordered by a column (actions by due date, sites…) have no key.
    expect(queued.every((pair) => !pair.endsWith(':site'))).toBe(true);
    await runJobs();
    expect(await keyOf(demoOrg, 'incident')).toEqual({ field: 'incident_date', state: 'ready' });
    for (const row of await storedValues(demoOrg, 'incident', 'incident_date')) expect(row.stored, `row ${row.id}`).toBe(row.value);
    expect((await storedValues(demoOrg, 'incident', 'incident_date')).filter((row) => row.stored === null)).toHaveLength(1);
    expect(await typeRegistryFor(t.ctx.database).readyOrderField(demoOrg, 'incident')).toBe('incident_date');
    // Settled: the ticker queues nothing more.
    expect(await queueUnsettledOrderKeys(t.ctx, new Date(Date.now() + 3_600_000))).toEqual([]);

    const reads = recordReaderStatements(t.ctx.database);
    try {
      expect(await listIds(url)).toEqual(before);
      const range = "incident_date >= '2025-05-07' AND incident_date < '2025-06-01'";
      const since = await listIds(`/v3/demo/incident?filter=${q(range)}&order=${q('incident_date asc')}&count=50`);
      const expected = (await storedValues(demoOrg, 'incident', 'incident_date'))
        .filter((row) => typeof row.value === 'string' && row.value >= '2025-05-07' && row.value < '2025-06-01')
        .sort((a, b) => String(a.value).localeCompare(String(b.value)))
        .map((row) => row.id);
      expect(expected).toHaveLength(3);
      expect(since).toEqual(expected);
    } finally {
      reads.stop();
    }
    expect(reads.statements.some((text) => /"d"\."order_value"/.test(text))).toBe(true);
  });

  it('vacuums the table after writing many rows again, so an index-only scan reads no row it skips', async () => {
    if (dialect !== 'postgres') return;
    const db = t.ctx.database.db;
    const incident = (await typeRegistryFor(t.ctx.database).get(demoOrg, 'incident'))!;
    const vacuums = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'documents' AND schemaname = current_schema()`.execute(db)
        ).rows[0]!.n,
      );
    const before = await vacuums();
    // The key goes and comes back, the incidents' values lost meanwhile: each is written again.
    await settleOrderKey(t.ctx.database, demoOrg, { ...incident, view: { ...incident.view!, defaultOrder: 'updated_date desc' } });
    await sql`UPDATE documents SET order_value = NULL WHERE org_id = ${demoOrg} AND doc_type = 'incident'`.execute(db);
    expect(await settleOrderKey(t.ctx.database, demoOrg, incident, { vacuumAfterRows: 1 })).toBe('filled');
    expect(await keyOf(demoOrg, 'incident')).toEqual({ field: 'incident_date', state: 'ready' });
    // The statistics collector reports the vacuum within a moment.
    await expect.poll(vacuums, { timeout: 5_000 }).toBeGreaterThan(before);
  });

  it('waits for a write begun before the key named its field, so the fill does not pass its row before it commits', async () => {
    if (dialect !== 'postgres') return;
    const db = t.ctx.database.db;
    const incident = (await typeRegistryFor(t.ctx.database).get(acmeOrg, 'incident'))!;
    await settleOrderKey(t.ctx.database, acmeOrg, { ...incident, view: { ...incident.view!, defaultOrder: 'updated_date desc' } });
    const author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@acme.local').executeTakeFirstOrThrow())
      .uuid;
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const isInserted = new Promise<void>((resolve) => (inserted = resolve));
    // A write that read the key before it existed (its row without a value), still open.
    const writing = db.transaction().execute(async (trx) => {
      const row = incidentRow({ orgId: acmeOrg, index: 1, prefix: 'W', summaryPrefix: 'Late', author, date: '2025-07-07T07:00:00.000Z' });
      await insertDocumentRows(trx, AccessScope.system(acmeOrg, 'create', 'order keys test'), [row]);
      inserted();
      await committed;
    });
    await isInserted;
    let settled = false;
    const settling = settleOrderKey(t.ctx.database, acmeOrg, incident, { olderTransactionsMs: 20_000 }).then((outcome) => {
      settled = true;
      return outcome;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settled).toBe(false);
    commit();
    await writing;
    expect(await settling).toBe('filled');
    const late = (await storedValues(acmeOrg, 'incident', 'incident_date')).find((row) => row.value === '2025-07-07T07:00:00.000Z');
    expect(late?.stored).toBe('2025-07-07T07:00:00.000Z');
  });

  it('fills the column on every write path: create, edit and a merge into the data', async () => {
    if (dialect !== 'postgres') return;
    const site = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=1' })).json().dataAr[0];
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Keyed create', descrip: 'x', category: 'Injury', site_id: site.id, incident_date: '2025-08-01T10:00:00.000Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const document = created.json();
    const storedOf = async () => (await storedValues(demoOrg, 'incident', 'incident_date')).find((row) => row.id === document.id)?.stored;
    expect(await storedOf()).toBe('2025-08-01T10:00:00.000Z');
    const edited = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/incident/${document.id}`,
      payload: { ...document, incident_date: '2025-09-02T11:00:00.000Z' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedOf()).toBe('2025-09-02T11:00:00.000Z');
    await sql`UPDATE documents SET data = data || '{"incident_date": "2025-10-03T12:00:00.000Z"}'::jsonb WHERE id = ${document.id}`.execute(
      t.ctx.database.db,
    );
    expect(await storedOf()).toBe('2025-10-03T12:00:00.000Z');
  });

  it('follows a change of a type’s default order: back to filling first, then the new field’s values, and none for a column', async () => {
    if (dialect !== 'postgres') return;
    const saved = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: visit });
    expect(saved.statusCode, saved.body).toBe(201);
    const schemaId = saved.json().id;
    for (const [index, walked] of ['2025-03-04', '2025-01-02', '2025-02-03'].entries()) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/site_walk',
        payload: { summary: `Walk ${index}`, walked_on: walked, signed_on: `2025-0${index + 4}-01` },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    // The save queued the type's job, which the Indexes tab shows until it is done: filled and ready.
    const tab = async () => (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/site_walk' })).json().builds;
    expect(await tab()).toEqual([expect.objectContaining({ orderField: 'walked_on', shape: null, status: 'queued' })]);
    await runJobs();
    expect(await tab()).toEqual([]);
    expect(await keyOf(demoOrg, 'site_walk')).toEqual({ field: 'walked_on', state: 'ready' });
    expect((await storedValues(demoOrg, 'site_walk', 'walked_on')).map((row) => row.stored)).toEqual([
      '2025-03-04',
      '2025-01-02',
      '2025-02-03',
    ]);
    // The other organisation has no such type, and no key.
    expect(await keyOf(acmeOrg, 'site_walk')).toBeUndefined();

    const schema = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}` })).json();
    const resaved = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$schema/${schemaId}`,
      payload: { ...schema, view: { ...visit.view, defaultOrder: 'signed_on asc' } },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const registry = typeRegistryFor(t.ctx.database);
    await runJobs();
    expect(await keyOf(demoOrg, 'site_walk')).toEqual({ field: 'signed_on', state: 'ready' });
    expect((await storedValues(demoOrg, 'site_walk', 'signed_on')).map((row) => row.stored)).toEqual([
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
    ]);
    await registry.reload(demoOrg);
    expect(await registry.readyOrderField(demoOrg, 'site_walk')).toBe('signed_on');
    // A list by the former field reads it from `data`, in its own order.
    const byWalk = await listIds(`/v3/demo/site_walk?order=${q('walked_on desc')}`);
    const bySigned = await listIds(`/v3/demo/site_walk?order=${q('signed_on desc')}`);
    expect(byWalk).toEqual([bySigned[2], bySigned[0], bySigned[1]]);

    // Ordered by a column: the key goes, and the lists read the field from `data` again.
    const latest = (await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/${schemaId}` })).json();
    await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/$$schema/${schemaId}`,
      payload: { ...latest, view: { ...visit.view, defaultOrder: 'summary asc' } },
    });
    await runJobs();
    expect(await keyOf(demoOrg, 'site_walk')).toBeUndefined();
    await registry.reload(demoOrg);
    expect(await registry.readyOrderField(demoOrg, 'site_walk')).toBeUndefined();
    expect(await listIds(`/v3/demo/site_walk?order=${q('signed_on desc')}`)).toEqual(bySigned);
  });

  it('shows a filling on the Indexes tab with how many documents it has read, to its own organisation only', async () => {
    if (dialect !== 'postgres') return;
    const db = t.ctx.database.db;
    await enqueueJob(db, {
      orgId: demoOrg,
      kind: ORDER_KEY_JOB,
      uniqueKey: 'order-keys-test:progress',
      payload: { docType: 'incident', field: 'incident_date', total: 200_000, read: 45_000 },
    });
    const soon = new Date(Date.now() + 60_000).toISOString();
    await db
      .updateTable('jobs')
      .set({ locked_by: 'elsewhere', locked_until: soon })
      .where('unique_key', '=', 'order-keys-test:progress')
      .execute();
    try {
      const builds = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' })).json().builds;
      expect(builds).toContainEqual(
        expect.objectContaining({ orderField: 'incident_date', status: 'building', built: 45_000, total: 200_000 }),
      );
      const acmeAdmin = (await t.signIn('admin@acme.local')).access;
      const acmeBuilds = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/$$schema/indexes/incident' })).json().builds;
      expect(acmeBuilds.filter((build: { orderField: string | null }) => build.orderField !== null)).toEqual([]);
    } finally {
      await db.deleteFrom('jobs').where('unique_key', '=', 'order-keys-test:progress').execute();
    }
  });

  it('goes back to filling before it changes a ready key’s field, so no list orders by values of another field', async () => {
    if (dialect !== 'postgres') return;
    const registry = typeRegistryFor(t.ctx.database);
    const walk = (await registry.get(demoOrg, 'site_walk'))!;
    const orderedBy = (defaultOrder: string) => ({ ...walk, view: { ...walk.view!, defaultOrder } });
    expect(await settleOrderKey(t.ctx.database, demoOrg, orderedBy('walked_on desc'))).toBe('filled');
    expect(await settleOrderKey(t.ctx.database, demoOrg, orderedBy('walked_on asc'))).toBe('ready');
    orderKeyTimings.graceMs = 600;
    const settling = settleOrderKey(t.ctx.database, demoOrg, orderedBy('signed_on desc'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // During the grace: the former field, no longer ready, and no process's lists read the column.
    expect(await keyOf(demoOrg, 'site_walk')).toEqual({ field: 'walked_on', state: 'filling' });
    await registry.reload(demoOrg);
    expect(await registry.readyOrderField(demoOrg, 'site_walk')).toBeUndefined();
    expect((await storedValues(demoOrg, 'site_walk', 'walked_on')).map((row) => row.stored)).toEqual([
      '2025-03-04',
      '2025-01-02',
      '2025-02-03',
    ]);
    expect(await settling).toBe('filled');
    expect(await keyOf(demoOrg, 'site_walk')).toEqual({ field: 'signed_on', state: 'ready' });
  });
});
