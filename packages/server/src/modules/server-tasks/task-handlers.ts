/**
 * What each server task does, as durable job handlers (docs/product/administration.md#server-tasks).
 * Each runs for one organisation (the job's `org_id`), is safe to run twice, and answers the
 * one-line outcome the task button shows.
 */
import { sql } from 'kysely';
import { andAll, eq, monthIndexOfText } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { runSchemaStatements } from '../../platform/db/database.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { syncDirectory } from '../directory-sync/directory-sync.service.ts';
import { removeOrphanFiles } from '../files/file-cleanup.ts';
import { REFRESH_PERIOD_JOB, type RefreshJobPayload } from '../reporting/refresh-job.ts';
import { listStored, reportDataType, systemReadScope, typeOrThrow } from '../reporting/reporting.repository.ts';

function orgOf(orgId: number | null): number {
  if (orgId === null) throw new Error('A server task runs for one organisation');
  return orgId;
}

/**
 * Directory sync (modules/directory-sync): users and groups of the organisation's federated
 * directory, when one is configured, then group members follow the organisation's membership.
 * One attempt: a directory that fails says why at once, and the administrator runs it again.
 */
export const directorySyncHandler: JobHandler = {
  maxAttempts: 1,
  async run(ctx: AppContext, job) {
    return syncDirectory(ctx, orgOf(job.orgId));
  },
};

/**
 * Recompute search index. SQLite's FTS5 table can only be rebuilt whole (its `rebuild` command
 * re-reads every row from `documents`); PostgreSQL's search vector is a generated column, so its
 * GIN index is rebuilt without blocking writes.
 */
export const searchIndexHandler: JobHandler = {
  async run(ctx: AppContext, job) {
    const orgId = orgOf(job.orgId);
    // Off the event loop on the embedded database (a rebuild reads every document).
    await runSchemaStatements(
      ctx.database,
      ctx.database.dialect === 'sqlite'
        ? // The rebuild indexes every document as it is: the changes noted for the next commit's
          // flush (migration 030) are in it, and are cleared with it, in one transaction.
          [
            sql`BEGIN IMMEDIATE`,
            sql`INSERT INTO documents_fts(documents_fts) VALUES ('rebuild')`,
            sql`DELETE FROM documents_fts_pending`,
            sql`COMMIT`,
          ]
        : [sql`REINDEX INDEX documents_search`],
      { offLoop: true },
    );
    const count = await ctx.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return `Search index recomputed: ${Number(count?.n ?? 0)} documents of this organisation indexed.`;
  },
};

/** Refresh all reporting periods: one period refresh job per open period of every report. */
export const refreshReportingHandler: JobHandler = {
  async run(ctx: AppContext, job) {
    const orgId = orgOf(job.orgId);
    const reportType = await typeOrThrow(ctx, orgId, 'report');
    const rdType = await reportDataType(ctx, orgId);
    const reports = await listStored(ctx, systemReadScope(orgId, reportType), null, []);
    const actor = typeof job.payload.actor === 'string' ? job.payload.actor : '';
    let periods = 0;
    for (const report of reports) {
      const masters = await listStored(ctx, systemReadScope(orgId, rdType), andAll([eq('report_id', report.id), eq('master', true)]), []);
      for (const master of masters) {
        const month = typeof master.values.report_date === 'string' ? monthIndexOfText(master.values.report_date) : undefined;
        if (month === undefined || master.values.closed === true) continue;
        const payload: RefreshJobPayload = {
          reportId: report.id,
          month,
          actor,
          updateTargets: false,
          reportMetricIds: [],
          startedAt: new Date().toISOString(),
        };
        const added = await enqueueJob(ctx.database.db, {
          orgId,
          kind: REFRESH_PERIOD_JOB,
          uniqueKey: `${REFRESH_PERIOD_JOB}:${orgId}:${report.id}:task:${job.id}:${month}`,
          payload: { ...payload },
        });
        if (added) periods += 1;
      }
    }
    return `Refresh of ${periods} reporting periods of ${reports.length} reports started.`;
  },
};

/** Purge deleted files: attachment rows of documents that no longer exist, then their bytes (the purge job). */
export const purgeDeletedFilesHandler: JobHandler = {
  async run(ctx: AppContext, job) {
    const orgId = orgOf(job.orgId);
    const removed = await writeQueueFor(ctx.database).run((trx) => removeOrphanFiles(trx, orgId));
    return `${removed} files of deleted documents purged.`;
  },
};
