/**
 * Notifications on both databases (issue 6 item 7): a rule fires on an approval; each
 * notification is recorded exactly once — with two workers (on PostgreSQL, two connection pools
 * as two server processes would have) polling at the same time, and when a job runs again after
 * a simulated crash — and delivered through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { runJobsOnce, runTickers } from '../../platform/jobs/job-worker.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, postEvent, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { currentPeriod } from './notification-schedule.ts';

describe.each(testDialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let second: AppContext;

  const count = async (table: 'notification_deliveries' | 'outbox', where?: [string, string]) => {
    let query = t.ctx.database.db.selectFrom(table as 'outbox').select((eb) => eb.fn.countAll<number>().as('n'));
    if (where) query = query.where(where[0] as 'subject', 'like', where[1]);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  /** The deliveries a rule made for a document. */
  const deliveries = (ruleId: number, docId: number) =>
    t.ctx.database.db
      .selectFrom('notification_deliveries')
      .select(['id', 'recipient_uuid'])
      .where('rule_id', '=', ruleId)
      .where('doc_id', '=', docId)
      .execute();
  const drain = async () => {
    for (let round = 0; round < 20; round++) {
      const ran = await Promise.all([runJobsOnce(t.ctx, 'worker-a'), runJobsOnce(second, 'worker-b')]);
      if (ran[0] + ran[1] === 0) return;
    }
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    second =
      dialect === 'postgres'
        ? {
            ...t.ctx,
            database: await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: t.ctx.database.pgSchema!, poolSize: 4 }),
          }
        : t.ctx;
    const rule = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: {
        title: 'Incident approved',
        doc_event_type: 'approve',
        target_type: 'incident',
        message: 'Approved {{display_id}}: {{summary}}',
        recipient_config: {
          steps: [
            { condition: "category = 'Fire'", to: [cast.uuids.readerA] },
            { condition: 'true', to: [cast.uuids.editorA], include_managers: true },
          ],
        },
      },
    });
    expect(rule.statusCode).toBe(201);
  });
  afterAll(async () => {
    if (second.database !== t.ctx.database) await second.database.close();
    await t.close();
  });

  it('records each notification exactly once with two workers, and delivers it', async () => {
    const docs = [];
    for (let i = 0; i < 6; i++) docs.push(await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: `Spill <${i}>` }));
    for (const doc of docs) {
      await postEvent(t, cast.tokens.editorA, { doc_id: doc.id, type: 'submit' });
      expect((await postEvent(t, cast.tokens.managerA, { doc_id: doc.id, type: 'approve' })).statusCode).toBe(201);
    }
    await drain();
    // Recipients: the editor (to) and every manager whose grants reach site A (include_managers);
    // no address outside the organisation (a rule that is not external names none: refused on save, below).
    const first = await t.ctx.database.db
      .selectFrom('notification_deliveries')
      .select('recipient_uuid')
      .where('doc_id', '=', docs[0]!.id)
      .execute();
    const uuids = first.map((d) => d.recipient_uuid);
    expect(uuids).toEqual(expect.arrayContaining([cast.uuids.editorA, cast.uuids.managerA]));
    expect(uuids).not.toContain(cast.uuids.managerB);
    expect(uuids).not.toContain(null);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(await count('notification_deliveries')).toBe(docs.length * uuids.length);
    expect(await count('outbox', ['subject', '%Incident approved'])).toBe(docs.length * uuids.length);
    const mail = await t.ctx.database.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'body'])
      .where('subject', 'like', '%Incident approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(mail.body).toMatch(/^Approved INC-\d+: Spill &lt;\d&gt;$/);
    const jobs = await t.ctx.database.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(jobs.every((j) => j.status === 'done' && Number(j.attempts) === 1)).toBe(true);
  });

  it('records nothing twice when a job runs again after a crash', async () => {
    const before = await count('notification_deliveries');
    const outboxBefore = await count('outbox');
    await t.ctx.database.db
      .updateTable('jobs')
      .set({ status: 'pending', locked_until: null })
      .where('kind', '=', 'notify.document')
      .execute();
    await drain();
    expect(await count('notification_deliveries')).toBe(before);
    expect(await count('outbox')).toBe(outboxBefore);
  });

  it('runs a scheduled rule once per period however many workers tick', async () => {
    await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: {
        title: 'Daily open incidents',
        doc_event_type: 'scheduled',
        scheduling: { freq: 'daily' },
        target_type: 'incident',
        doc_status: 'Pending Completion',
        recipient_config: { steps: [{ to: [cast.uuids.managerA] }] },
      },
    });
    await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Still open' });
    await Promise.all([runTickers(t.ctx), runTickers(second), runTickers(t.ctx)]);
    await drain();
    const digests = await t.ctx.database.db.selectFrom('outbox').select('body').where('subject', '=', 'Daily open incidents').execute();
    expect(digests).toHaveLength(1);
    expect(digests[0]!.body).toContain('Still open');
    expect(currentPeriod('weekly', '08:30', new Date('2026-11-26T12:00:00Z'))).toEqual({
      key: 'W2026-11-23',
      startsAt: new Date('2026-11-23T08:30:00Z'),
    });
  });

  it('keeps the target type of a rule and fires it for documents of that type only', async () => {
    const created = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: {
        title: 'New action',
        doc_event_type: 'create',
        target_type: 'action',
        message: 'New {{display_id}}',
        recipient_config: { steps: [{ to: [cast.uuids.managerA] }] },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ doc_type: 'notification', target_type: 'action' });
    const rule = created.json().id as number;
    expect((await t.as(cast.tokens.admin, { method: 'GET', url: `/v3/demo/notification/${rule}` })).json().target_type).toBe('action');
    const listed = await t.as(cast.tokens.admin, {
      method: 'GET',
      url: '/v3/demo/notification?filter=' + encodeURIComponent("target_type = 'action'"),
    });
    expect(listed.json().dataAr.map((r: { id: number }) => r.id)).toEqual([rule]);
    // Notification rules are administrators' business.
    expect((await t.as(cast.tokens.managerA, { method: 'GET', url: `/v3/demo/notification/${rule}` })).statusCode).toBe(403);

    const action = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: 'Mop the hall', due_date: '2030-01-01', actionee_ids: [cast.uuids.readerA], site_id: cast.siteA },
    });
    expect(action.statusCode).toBe(201);
    const incident = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Not an action' });
    await drain();
    expect((await deliveries(rule, action.json().id)).map((d) => d.recipient_uuid)).toEqual([cast.uuids.managerA]);
    expect(await deliveries(rule, incident.id)).toEqual([]);
  });

  it('refuses an e-mail address among the recipients of a rule that is not external', async () => {
    const rule = (external: boolean) => ({
      title: 'Outside reader',
      doc_event_type: 'create',
      target_type: 'incident',
      external,
      recipient_config: { steps: [{ to: [cast.uuids.managerA], cc: ['auditor@outside.example'] }] },
    });
    const refused = await t.as(cast.tokens.admin, { method: 'POST', url: '/v3/demo/notification', payload: rule(false) });
    expect([refused.statusCode, refused.json().error_description]).toEqual([
      400,
      'recipient_config.steps.0.cc.0: auditor@outside.example is an e-mail address: a rule sends to addresses outside the organisation only when it is external',
    ]);
    expect((await t.as(cast.tokens.admin, { method: 'POST', url: '/v3/demo/notification', payload: rule(true) })).statusCode).toBe(201);
  });

  it("reads a rule stored before the rename with the target type under 'doc_type'", async () => {
    const created = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: { title: 'Old incident rule', doc_event_type: 'create', recipient_config: { steps: [{ to: [cast.uuids.managerA] }] } },
    });
    const rule = created.json().id as number;
    const row = await t.ctx.database.db.selectFrom('documents').select('data').where('id', '=', rule).executeTakeFirstOrThrow();
    const { target_type: _dropped, ...data } = readJson<Record<string, unknown>>(row.data, {});
    await t.ctx.database.db
      .updateTable('documents')
      .set({ data: writeJson({ ...data, doc_type: 'incident' }) })
      .where('id', '=', rule)
      .execute();
    const action = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: 'Not an incident', due_date: '2030-01-01', actionee_ids: [cast.uuids.readerA], site_id: cast.siteA },
    });
    const incident = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Old rule still fires' });
    await drain();
    expect(await deliveries(rule, incident.id)).toHaveLength(1);
    expect(await deliveries(rule, action.json().id)).toEqual([]);
  });
});
