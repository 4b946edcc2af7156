/**
 * Server tasks (docs/product/administration.md#server-tasks): administrators run named tasks of
 * their own organisation as durable jobs and get the task's descrip and outcome; others are Not
 * Authorised, an unknown name is a 404, and one organisation's task touches nothing of another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TASK_RUNNING_MESSAGE, type ServerTaskAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { insertGroupEntry } from '../../test-support/access-fixtures.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { serverTasks } from './task-registry.ts';

describe.each(testDialects)('server tasks on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let acmeAdmin: string;
  const orgIdOf = async (appId: string) =>
    Number((await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    // No worker: the test runs the jobs; a press waits at most 300 ms for its job.
    t = await startTestApp(dialect, { jobs: false, config: { jobs: { enabled: false, intervalMs: 2000, taskWaitMs: 300 } } });
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses non-administrators with the Not Authorised text, on both paths', async () => {
    for (const url of ['/v3/demo/task/search-index?flag=true', '/v3/account/task/search-index?flag=true&app=demo']) {
      const response = await t.as(reader, { method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error_description).toBe(
        'You do not have sufficient access rights to administer server tasks for your organisation.',
      );
    }
    expect(await t.ctx.database.db.selectFrom('jobs').select('id').where('kind', 'like', 'task.%').execute()).toEqual([]);
  });

  it('answers 404 naming the tasks for an unknown name', async () => {
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/task/format-disk?flag=true' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_description).toBe(
      "There is no server task named 'format-disk'. Tasks: directory-sync, search-index, reporting-refresh, purge-files.",
    );
  });

  it('enqueues a durable job, answers running while it waits, and two presses run it once', async () => {
    const first = await t.as(admin, { method: 'GET', url: '/v3/demo/task/search-index?flag=true' });
    // The test app runs no worker: the press waits its time and answers that the task is running.
    expect(first.statusCode).toBe(200);
    const body = first.json() as ServerTaskAnswer;
    expect(body.data).toMatchObject({ name: 'search-index', status: 'running', result: null });
    expect(body.data.descrip).toBe(serverTasks.find((task) => task.name === 'search-index')!.descrip);
    const second = (await t.as(admin, { method: 'GET', url: '/v3/account/task/search-index?app=demo' })).json() as ServerTaskAnswer;
    expect(second.data.job_id).toBe(body.data.job_id);
    const jobs = await t.ctx.database.db.selectFrom('jobs').select(['org_id', 'status']).where('kind', '=', 'task.search-index').execute();
    expect(jobs).toEqual([{ org_id: await orgIdOf('demo'), status: 'pending' }]);
    expect(SERVER_TASK_RUNNING_MESSAGE).toContain('Allow 5 minutes before running twice.');
  }, 60_000);

  it('answers the outcome once the job ran', async () => {
    await runJobsOnce(t.ctx, 'test-worker');
    const answer = (await t.as(admin, { method: 'GET', url: '/v3/demo/task/search-index?flag=true' })).json() as ServerTaskAnswer;
    // The previous job is done: this press starts a new one; run it and ask through the service.
    expect(answer.data.status).toBe('running');
    await runJobsOnce(t.ctx, 'test-worker');
    const done = await t.ctx.database.db
      .selectFrom('jobs')
      .select(['status', 'result'])
      .where('id', '=', answer.data.job_id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    expect(done.result).toMatch(/^Search index recomputed: \d+ documents of this organisation indexed\.$/);
    const search = await t.as(admin, { method: 'GET', url: '/v3/demo/search?s=1&searchTerm=forklift' });
    expect(search.statusCode).toBeLessThan(500);
  }, 60_000);

  it('directory sync takes people who left the organisation out of its groups only', async () => {
    const demoId = await orgIdOf('demo');
    const acmeId = await orgIdOf('acme');
    const db = t.ctx.database.db;
    const groupEntry = (orgId: number, name: string) => insertGroupEntry(t, orgId, name);
    const demoGroup = await groupEntry(demoId, 'Leavers');
    const acmeGroup = await groupEntry(acmeId, 'Leavers');
    const acmeMember = await db.selectFrom('memberships').select('identity_uuid').where('org_id', '=', acmeId).executeTakeFirstOrThrow();
    const demoMember = await db.selectFrom('memberships').select('identity_uuid').where('org_id', '=', demoId).executeTakeFirstOrThrow();
    // An acme member listed in a demo group (not a demo member), a demo member in it, and the
    // same acme member in acme's own group: only the first row goes.
    await db
      .insertInto('acl_members')
      .values([
        { acl_id: demoGroup, org_id: demoId, identity_uuid: acmeMember.identity_uuid },
        { acl_id: demoGroup, org_id: demoId, identity_uuid: demoMember.identity_uuid },
        { acl_id: acmeGroup, org_id: acmeId, identity_uuid: acmeMember.identity_uuid },
      ])
      .execute();
    const started = (await t.as(admin, { method: 'GET', url: '/v3/demo/task/directory-sync?flag=true' })).json() as ServerTaskAnswer;
    await runJobsOnce(t.ctx, 'test-worker');
    const job = await db.selectFrom('jobs').select(['status', 'result']).where('id', '=', started.data.job_id).executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect(job.result).toMatch(/^Directory sync done: \d+ groups checked, 1 memberships of people no longer in the directory removed\.$/);
    const left = await db
      .selectFrom('acl_members')
      .select(['acl_id', 'identity_uuid'])
      .where('acl_id', 'in', [demoGroup, acmeGroup])
      .orderBy('acl_id')
      .execute();
    expect(left).toEqual([
      { acl_id: demoGroup, identity_uuid: demoMember.identity_uuid },
      { acl_id: acmeGroup, identity_uuid: acmeMember.identity_uuid },
    ]);
  }, 60_000);

  it("runs in the caller's organisation only: acme's administrator starts acme's job", async () => {
    const answer = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/account/task/purge-files?flag=true' })).json() as ServerTaskAnswer;
    const job = await t.ctx.database.db.selectFrom('jobs').select('org_id').where('id', '=', answer.data.job_id).executeTakeFirstOrThrow();
    expect(Number(job.org_id)).toBe(await orgIdOf('acme'));
    const refused = await t.as(acmeAdmin, { method: 'GET', url: '/v3/demo/task/purge-files?flag=true' });
    expect(refused.statusCode).toBe(403);
  }, 60_000);

  it('answers done with the outcome when the job finishes while the press waits', async () => {
    // Earlier tests' jobs first, so the worker below has only this press's job to find.
    await runJobsOnce(t.ctx, 'test-worker');
    const isRefreshDone = async () =>
      (
        await t.ctx.database.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'task.reporting-refresh')
          .where('status', '=', 'done')
          .execute()
      ).length > 0;
    const worker = (async () => {
      // Runs the job the press below enqueues, as a worker process would.
      for (let i = 0; i < 300 && !(await isRefreshDone()); i++) {
        await runJobsOnce(t.ctx, 'test-worker');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    t.ctx.config.jobs.taskWaitMs = 20_000;
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/task/reporting-refresh?flag=true' });
    t.ctx.config.jobs.taskWaitMs = 300;
    await worker;
    const body = response.json() as ServerTaskAnswer;
    expect(body.data.status).toBe('done');
    expect(body.data.result).toMatch(/^Refresh of \d+ reporting periods of \d+ reports started\.$/);
  }, 60_000);
});
