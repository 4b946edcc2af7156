/**
 * Explicit assembly: everything the modules plug into the shared registries, registered in one
 * place, in the order it runs, when the app context is built (`createAppContext`) — before any
 * seed, job or request. Routes only register routes; nothing registers as a side effect of being
 * imported or of a route module being listed. After this the registries are sealed: a write or a
 * job before the assembly is refused, a registration after it is an error.
 */
import { notificationRuleWriteHooks } from './modules/notifications/notification-rule-hooks.ts';
import { REPORT_DATA_TYPE, SCHEMA_TYPE } from '@docket/shared';
import { reportWriteHooks } from './modules/reporting/report-hooks.ts';
import { reportMetricWriteHooks } from './modules/reporting/report-metric-hooks.ts';
import { metricsBrokenBySchema } from './modules/reporting/metric-field-uses.ts';
import { reportDataWriteHooks } from './modules/reporting/report-data-hooks.ts';
import { REFRESH_PERIOD_JOB, refreshPeriodHandler } from './modules/reporting/refresh-job.ts';
import { WARM_FACTS_JOB, warmFactsHandler } from './modules/reporting/warm-facts-job.ts';
import { registerHooksForEveryType, registerTypeHooks, sealTypeHooks } from './modules/documents/type-hooks.ts';
import { schemaWriteHooks } from './modules/schemas/schema-hooks.ts';
import { inspectionHooks } from './modules/inspections/inspection-hooks.ts';
import { raisedActionsHooks } from './modules/tracked-actions/raised-actions.ts';
import { currencyWriteHooks } from './modules/reference-lists/currency-rules.ts';
import { keywordListWriteHooks } from './modules/reference-lists/keyword-list-rules.ts';
import { checklistWriteHooks } from './modules/reference-lists/checklist-rules.ts';
import { documentLifecycleHooks } from './modules/events/document-lifecycle.ts';
import { workflowWriteHooks } from './modules/workflow/workflow-hooks.ts';
import { fileCleanupHooks, PURGE_FILES_JOB, purgeFilesHandler } from './modules/files/file-cleanup.ts';
import { registerJobHandler, registerJobTicker, sealJobHandlers } from './platform/jobs/job-worker.ts';
import { NOTIFY_DOCUMENT_JOB } from './modules/notifications/notification-triggers.ts';
import { enqueueDueSchedules, SCHEDULED_JOB } from './modules/notifications/notification-schedule.ts';
import { DELIVER_JOB } from './modules/notifications/notifications.repository.ts';
import { handleDelivery, handleDocumentTrigger, handleScheduled } from './modules/notifications/notifications.service.ts';
import { enqueueDueWeeklySummaries, WEEKLY_SUMMARY_JOB, weeklySummaryHandler } from './modules/notifications/weekly-summary.ts';
import { enqueueDueMailPolls, MAIL_POLL_JOB, mailPollHandler } from './modules/mail/mail-rules.ts';
import { serverTasks } from './modules/server-tasks/task-registry.ts';
import {
  queueBuildsOfGrownTypes,
  SHAPE_INDEX_JOB,
  shapeIndexHandler,
  TYPE_INDEXES_JOB,
  typeIndexesHandler,
} from './modules/list-indexes/index-jobs.ts';
import { fullStatisticsHandler } from './modules/list-indexes/statistics-job.ts';
import { ORDER_KEY_JOB, orderKeyHandler, queueUnsettledOrderKeys } from './modules/list-indexes/order-key-jobs.ts';
import { queueRenewals } from './modules/list-indexes/added-index-renewal.ts';
import { upkeepTicker } from './platform/db/visibility-upkeep.ts';
import { FULL_STATISTICS_JOB } from './platform/db/planner-statistics.ts';

let isAssembled = false;

/** Fills and seals the registries; the registries are per process, so a second call does nothing. */
export function assembleModules(): void {
  if (isAssembled) return;

  // 1. Write hooks of one type: a `$$schema` write is checked, versioned and reindexed; a save
  //    or delete that breaks a KPI's formula is refused.
  registerTypeHooks(SCHEMA_TYPE, schemaWriteHooks([metricsBrokenBySchema]));
  //    Reporting: computed fields kept out of bodies, period rules, formula checks, refresh on save.
  registerTypeHooks('report', reportWriteHooks);
  registerTypeHooks('report_metric', reportMetricWriteHooks);
  registerTypeHooks(REPORT_DATA_TYPE, reportDataWriteHooks);
  //    An inspection copies its checklist's revision and stores its score; its Poor items and a
  //    safety visit's observations raise child actions when saved.
  registerTypeHooks('inspection', { ...inspectionHooks, ...raisedActionsHooks('items') });
  registerTypeHooks('worksafe_safety_visit', raisedActionsHooks('observations'));
  //    Reference lists: one base currency, unique keyword list keys, checklist revisions.
  registerTypeHooks('currency', currencyWriteHooks);
  registerTypeHooks('notification', notificationRuleWriteHooks);
  registerTypeHooks('keyword_list', keywordListWriteHooks);
  registerTypeHooks('survey', checklistWriteHooks);

  // 2. Write hooks of every type, run after the type's own, in this order, inside each write's
  //    transaction (all write paths: the v3 and legacy APIs, seeds, jobs).
  //    The timeline: a `create` event and notification trigger, an `update` event.
  registerHooksForEveryType(documentLifecycleHooks);
  //    The workflow: the initial state set on a new row before its insert, an automatic close,
  //    the state re-evaluated after an update.
  registerHooksForEveryType(workflowWriteHooks);
  //    Attachments: the rows of deleted documents' files.
  registerHooksForEveryType(fileCleanupHooks);
  sealTypeHooks();

  // 3. Job handlers by kind, and what every worker does on its poll.
  registerJobHandler(PURGE_FILES_JOB, purgeFilesHandler);
  registerJobHandler(NOTIFY_DOCUMENT_JOB, { run: handleDocumentTrigger });
  registerJobHandler(SCHEDULED_JOB, { run: handleScheduled });
  registerJobHandler(DELIVER_JOB, { run: handleDelivery, maxAttempts: 12 });
  registerJobHandler(REFRESH_PERIOD_JOB, refreshPeriodHandler);
  registerJobHandler(WARM_FACTS_JOB, warmFactsHandler);
  registerJobHandler(TYPE_INDEXES_JOB, typeIndexesHandler);
  registerJobHandler(SHAPE_INDEX_JOB, shapeIndexHandler);
  registerJobHandler(FULL_STATISTICS_JOB, fullStatisticsHandler);
  //    A type that grew past the size for its own indexes gets them within a minute.
  registerJobTicker(async (ctx, now) => void (await queueBuildsOfGrownTypes(ctx, now)));
  //    PostgreSQL: each type's stored order values follow its default order (order-keys.ts).
  registerJobHandler(ORDER_KEY_JOB, orderKeyHandler);
  registerJobTicker(async (ctx, now) => void (await queueUnsettledOrderKeys(ctx, now)));
  registerJobTicker(async (ctx, now) => void (await queueRenewals(ctx, now)));
  registerJobTicker(upkeepTicker);
  registerJobTicker(enqueueDueSchedules);
  registerJobHandler(WEEKLY_SUMMARY_JOB, weeklySummaryHandler);
  registerJobTicker(enqueueDueWeeklySummaries);
  registerJobHandler(MAIL_POLL_JOB, mailPollHandler);
  registerJobTicker(enqueueDueMailPolls);
  //    Server tasks an administrator runs from a button (directory sync, search index…).
  for (const task of serverTasks) registerJobHandler(task.jobKind, task.handler);
  sealJobHandlers();

  isAssembled = true;
}
