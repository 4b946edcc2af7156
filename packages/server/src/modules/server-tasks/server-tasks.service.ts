/**
 * Runs a server task (docs/product/administration.md#server-tasks): administrators only, for their
 * own organisation. A press enqueues the task's durable job — or joins the one still waiting or
 * running, so two presses run it once — then waits a while for it, so a quick task answers its
 * outcome and a long one answers that it continues on the server.
 */
import { randomUUID } from 'node:crypto';
import type { ServerTaskAnswer, ServerTaskStatus } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { serverTaskNamed, serverTasks } from './task-registry.ts';

const POLL_MS = 200;

export function unknownTaskMessage(name: string): string {
  return `There is no server task named '${name}'. Tasks: ${serverTasks.map((t) => t.name).join(', ')}.`;
}

async function jobOf(ctx: AppContext, jobId: number) {
  return ctx.database.db.selectFrom('jobs').select(['id', 'status', 'result', 'last_error']).where('id', '=', jobId).executeTakeFirst();
}

async function currentJobId(ctx: AppContext, orgId: number, kind: string): Promise<number | undefined> {
  const row = await ctx.database.db
    .selectFrom('jobs')
    .select('id')
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function runServerTask(ctx: AppContext, principal: Principal, name: string): Promise<ServerTaskAnswer> {
  requireAdministrator(principal, adminTypes.tasks, 'update', 'server tasks');
  const task = serverTaskNamed(name);
  if (!task) throw new HttpError('not_found', unknownTaskMessage(name));
  const orgId = principal.org.id;
  let jobId = await currentJobId(ctx, orgId, task.jobKind);
  if (jobId === undefined) {
    await enqueueJob(ctx.database.db, {
      orgId,
      kind: task.jobKind,
      uniqueKey: `${task.jobKind}:${orgId}:${randomUUID()}`,
      payload: { actor: principal.uuid },
    });
    jobId = (await currentJobId(ctx, orgId, task.jobKind))!;
    await logAdministration(ctx.database, principal, { subject: 'Server task started', action: `started the server task ${task.name}` });
  }
  // Below the web's 30 s time-out (config.jobs.taskWaitMs, SERVER_TASK_WAIT_MS).
  const deadline = Date.now() + ctx.config.jobs.taskWaitMs;
  for (;;) {
    const job = await jobOf(ctx, jobId);
    const status: ServerTaskStatus = job?.status === 'done' ? 'done' : job?.status === 'failed' ? 'failed' : 'running';
    if (status !== 'running' || Date.now() >= deadline) {
      const result = status === 'done' ? (job?.result ?? null) : status === 'failed' ? `The task failed: ${job?.last_error ?? ''}` : null;
      return { data: { name: task.name, descrip: task.descrip, status, result, job_id: jobId } };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
