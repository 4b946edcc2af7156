/**
 * Notifications have no routes of their own (rules are `notification` documents, edited through
 * the documents API): this registers their job handlers and the schedule ticker, and runs this
 * process's job worker while the app is up (DOCKET_JOBS=off leaves it to other processes).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerJobHandler, registerJobTicker, startJobWorker, type JobWorker } from '../../platform/jobs/job-worker.ts';
import { NOTIFY_DOCUMENT_JOB } from './notification-triggers.ts';
import { enqueueDueSchedules, SCHEDULED_JOB } from './notification-schedule.ts';
import { DELIVER_JOB } from './notifications.repository.ts';
import { handleDelivery, handleDocumentTrigger, handleScheduled } from './notifications.service.ts';

export function registerNotificationHandlers(): void {
  registerJobHandler(NOTIFY_DOCUMENT_JOB, { run: handleDocumentTrigger });
  registerJobHandler(SCHEDULED_JOB, { run: handleScheduled });
  registerJobHandler(DELIVER_JOB, { run: handleDelivery, maxAttempts: 12 });
  registerJobTicker(enqueueDueSchedules);
}

export function registerNotificationJobs(app: FastifyInstance, ctx: AppContext): void {
  registerNotificationHandlers();
  if (!ctx.config.jobs.enabled) return;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker(ctx, { intervalMs: ctx.config.jobs.intervalMs });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
