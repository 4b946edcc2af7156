/**
 * The server tasks (docs/product/administration.md#server-tasks): a name the button calls, the
 * description answered as `descrip`, and the durable job that does the work. Adding a task adds
 * one entry here; the assembly registers every entry's handler.
 */
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { directorySyncHandler, purgeDeletedFilesHandler, refreshReportingHandler, searchIndexHandler } from './task-handlers.ts';

export interface ServerTask {
  name: string;
  /** What the task does, in the words the button shows. */
  descrip: string;
  /** The durable job kind that runs it. */
  jobKind: string;
  handler: JobHandler;
}

function task(name: string, descrip: string, handler: JobHandler): ServerTask {
  return { name, descrip, jobKind: `task.${name}`, handler };
}

export const serverTasks: readonly ServerTask[] = [
  task(
    'directory-sync',
    'Directory sync: group members follow the directory; people no longer in the organisation or disabled leave every group.',
    directorySyncHandler,
  ),
  task('search-index', 'Recompute search index: every document is indexed again for search.', searchIndexHandler),
  task('reporting-refresh', 'Refresh all reporting periods: every open period of every report is computed again.', refreshReportingHandler),
  task('purge-files', 'Purge deleted files: the stored files of deleted documents are removed.', purgeDeletedFilesHandler),
];

const byName = new Map(serverTasks.map((entry) => [entry.name, entry]));

export function serverTaskNamed(name: string): ServerTask | undefined {
  return byName.get(name);
}
