/**
 * The server tasks (docs/product/administration.md#server-tasks): a name the button calls, the
 * description answered as `descrip`, and the durable job that does the work. Adding a task adds
 * one entry here; the assembly registers every entry's handler.
 */
import { SERVER_TASK_DESCRIPS, type ServerTaskName } from '@docket/shared';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { directorySyncHandler, purgeDeletedFilesHandler, refreshReportingHandler, searchIndexHandler } from './task-handlers.ts';

export interface ServerTask {
  name: ServerTaskName;
  /** What the task does, in the words the button shows (shared: the screen shows it before a run). */
  descrip: string;
  /** The durable job kind that runs it. */
  jobKind: string;
  handler: JobHandler;
}

function task(name: ServerTaskName, handler: JobHandler): ServerTask {
  // An administrator started it from the Server tasks screen and waits for its outcome.
  return { name, descrip: SERVER_TASK_DESCRIPS[name], jobKind: `task.${name}`, handler: { ...handler, isAwaited: true } };
}

export const serverTasks: readonly ServerTask[] = [
  task('directory-sync', directorySyncHandler),
  task('search-index', searchIndexHandler),
  task('reporting-refresh', refreshReportingHandler),
  task('purge-files', purgeDeletedFilesHandler),
];

const byName = new Map<string, ServerTask>(serverTasks.map((entry) => [entry.name, entry]));

export function serverTaskNamed(name: string): ServerTask | undefined {
  return byName.get(name);
}
