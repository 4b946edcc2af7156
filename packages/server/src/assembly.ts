/**
 * Explicit assembly: everything the modules plug into the shared registries, registered in one
 * place, in the order it runs, when the app context is built (`createAppContext`) — before any
 * seed, job or request. Routes only register routes; nothing registers as a side effect of being
 * imported or of a route module being listed. After this the registries are sealed: a write or a
 * job before the assembly is refused, a registration after it is an error.
 */
import { SCHEMA_TYPE } from '@docket/shared';
import { registerHooksForEveryType, registerTypeHooks, sealTypeHooks } from './modules/documents/type-hooks.ts';
import { schemaWriteHooks } from './modules/schemas/schema-hooks.ts';
import { documentLifecycleHooks } from './modules/events/document-lifecycle.ts';
import { workflowWriteHooks } from './modules/workflow/workflow-hooks.ts';
import { fileCleanupHooks, PURGE_FILES_JOB, purgeFilesHandler } from './modules/files/file-cleanup.ts';
import { registerJobHandler, registerJobTicker, sealJobHandlers } from './platform/jobs/job-worker.ts';
import { NOTIFY_DOCUMENT_JOB } from './modules/notifications/notification-triggers.ts';
import { enqueueDueSchedules, SCHEDULED_JOB } from './modules/notifications/notification-schedule.ts';
import { DELIVER_JOB } from './modules/notifications/notifications.repository.ts';
import { handleDelivery, handleDocumentTrigger, handleScheduled } from './modules/notifications/notifications.service.ts';
import { SHAPE_INDEX_JOB, shapeIndexHandler, TYPE_INDEXES_JOB, typeIndexesHandler } from './modules/list-indexes/index-jobs.ts';

let isAssembled = false;

/** Fills and seals the registries; the registries are per process, so a second call does nothing. */
export function assembleModules(): void {
  if (isAssembled) return;

  // 1. Write hooks of one type: a `$$schema` write is checked, versioned and reindexed.
  registerTypeHooks(SCHEMA_TYPE, schemaWriteHooks);

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
  registerJobHandler(TYPE_INDEXES_JOB, typeIndexesHandler);
  registerJobHandler(SHAPE_INDEX_JOB, shapeIndexHandler);
  registerJobTicker(enqueueDueSchedules);
  sealJobHandlers();

  isAssembled = true;
}
