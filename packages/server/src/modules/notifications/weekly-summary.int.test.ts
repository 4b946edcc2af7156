/**
 * The member's mail preferences on both databases (docs/product/mail.md#weekly-summary,
 * #mail-alerts): the weekly summary reaches exactly the members who asked for it, once a week,
 * from Monday 07:00 in their organisation's time zone, each organisation on its own; a rule's
 * mail reaches a subscriber only with mail alerts on, only about documents they may read, and
 * only for what they starred in that organisation (docs/product/identities-and-sign-in.md#preferences).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeJson } from '../../platform/db/json.ts';
import { addMembership, uuidOf } from '../../test-support/access-fixtures.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { enqueueDueWeeklySummaries, WEEKLY_SUMMARY_RULE_ID, WEEKLY_SUMMARY_SUBJECT } from './weekly-summary.ts';

describe.each(testDialects)('mail preferences on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let acmeAdmin: string;

  const prefs = (token: string, payload: object) => t.as(token, { method: 'PUT', url: '/v2/identity/me/prefs', payload });
  const drain = async () => {
    for (let round = 0; round < 30; round++) if ((await runJobsOnce(t.ctx, 'worker-a')) === 0) return;
  };
  const summaries = () =>
    t.ctx.database.db
      .selectFrom('notification_deliveries')
      .select(['org_id', 'recipient_uuid', 'occurrence', 'subject', 'body'])
      .where('rule_id', '=', WEEKLY_SUMMARY_RULE_ID)
      .orderBy('id')
      .execute();

  /** A rule of Demo's mailing the followers of incidents when one is created; answers its id. */
  const subscriberRule = async (title: string): Promise<number> => {
    const rule = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: { title, doc_event_type: 'create', target_type: 'incident', recipient_config: { steps: [{ include_subscribers: true }] } },
    });
    expect(rule.statusCode).toBe(201);
    return Number(rule.json().id);
  };
  /** Who the rule's mail about the document reached, after the jobs ran. */
  const reachedBy = async (ruleId: number, docId: number): Promise<string[]> => {
    await drain();
    const rows = await t.ctx.database.db
      .selectFrom('notification_deliveries')
      .select('recipient_uuid')
      .where('rule_id', '=', ruleId)
      .where('doc_id', '=', docId)
      .execute();
    return rows.map((row) => row.recipient_uuid!);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  it('sends the weekly summary to the members who asked for it, once a week, in the organisation time zone', async () => {
    expect((await prefs(cast.tokens.editorA, { mailSummaryWeekly: true })).statusCode).toBe(200);
    expect((await prefs(acmeAdmin, { mailSummaryWeekly: true })).statusCode).toBe(200);
    await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Oil on the stairs' });
    // Demo keeps its clock in Auckland (already Monday 19:30 there), Acme in UTC (Monday 06:30, too early).
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson({ time_zone: 'Pacific/Auckland' }) })
      .where('app_id', '=', 'demo')
      .execute();
    const mondayEarly = new Date('2026-11-23T06:30:00Z');
    await enqueueDueWeeklySummaries(t.ctx, mondayEarly);
    await enqueueDueWeeklySummaries(t.ctx, new Date('2026-11-23T06:45:00Z'));
    await drain();
    const demoOnly = await summaries();
    expect(demoOnly.map((row) => row.recipient_uuid)).toEqual([cast.uuids.editorA]);
    expect(demoOnly[0]).toMatchObject({ occurrence: 'summary:W2026-11-23', subject: WEEKLY_SUMMARY_SUBJECT });
    expect(demoOnly[0]!.body).toContain('Oil on the stairs');
    const outbox = await t.ctx.database.db
      .selectFrom('outbox')
      .select('to_address')
      .where('subject', '=', WEEKLY_SUMMARY_SUBJECT)
      .execute();
    expect(outbox).toHaveLength(1);

    // Later that Monday Acme's summary goes too; Demo's is not sent twice.
    await enqueueDueWeeklySummaries(t.ctx, new Date('2026-11-23T09:00:00Z'));
    await drain();
    const both = await summaries();
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toBe('Nothing is waiting for you this week.');
    expect(both[1]!.org_id).not.toBe(both[0]!.org_id);
  });

  it('mails a subscriber only with mail alerts on', async () => {
    const rule = await subscriberRule('Incident reported');
    await prefs(cast.tokens.readerA, { starred: [{ type: 'incident' }], mailAlerts: true });
    await prefs(cast.tokens.managerA, { starred: [{ type: 'incident' }], mailAlerts: false });
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Ladder cracked' });
    expect(await reachedBy(rule, doc.id)).toEqual([cast.uuids.readerA]);
  });

  it('mails a subscriber only about documents they may read', async () => {
    const rule = await subscriberRule('Incident reported to followers');
    // Both follow incidents with mail alerts on; each may read only their own site's.
    await prefs(cast.tokens.readerA, { starred: [{ type: 'incident' }], mailAlerts: true });
    await prefs(cast.tokens.managerB, { starred: [{ type: 'incident' }], mailAlerts: true });
    const atA = await createIncident(t, cast.tokens.admin, cast.siteA, { summary: 'Spill at A' });
    const atB = await createIncident(t, cast.tokens.admin, cast.siteB, { summary: 'Spill at B' });
    expect(await reachedBy(rule, atA.id)).toEqual([cast.uuids.readerA]);
    expect(await reachedBy(rule, atB.id)).toEqual([cast.uuids.managerB]);
  });

  it('follows a type only in the organisation where it was starred', async () => {
    const rule = await subscriberRule("Incident reported to this organisation's followers");
    // Acme's administrator also belongs to Demo, where they may read every incident.
    const person = await uuidOf(t, 'admin@acme.local');
    await addMembership(t, cast.orgId, person, { level: 6 });
    const star = (app: string, payload: object) => t.as(acmeAdmin, { method: 'PUT', url: `/v2/identity/me/prefs?app=${app}`, payload });
    expect((await star('acme', { starred: [{ type: 'incident' }], mailAlerts: true })).statusCode).toBe(200);
    const reached = async (summary: string) => reachedBy(rule, (await createIncident(t, cast.tokens.admin, cast.siteA, { summary })).id);
    expect(await reached('Starred in Acme only')).not.toContain(person);
    expect((await star('demo', { starred: [{ type: 'incident' }] })).statusCode).toBe(200);
    expect(await reached('Starred in Demo too')).toContain(person);
  });
});
