/**
 * Attachments of deleted documents: their rows go in the delete's transaction (a hook for every
 * type), and a job removes the stored bytes after it committed (at least once; removing a missing
 * file is a no-op). Both are registered by the assembly (`assembly.ts`).
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';

export const PURGE_FILES_JOB = 'files.purge';

/** Answers how many attachment rows it removed (their bytes go with the purge job). */
export async function removeOrphanFiles(trx: Transaction<Tables>, orgId: number): Promise<number> {
  const orphans = await trx
    .selectFrom('files as f')
    .select(['f.id', 'f.storage_key', 'f.thumb_key'])
    .where('f.org_id', '=', orgId)
    .where('f.doc_id', 'is not', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('documents as d').select('d.id').whereRef('d.id', '=', 'f.doc_id').where('d.org_id', '=', orgId))),
    )
    .execute();
  if (orphans.length === 0) return 0;
  await trx
    .deleteFrom('files')
    .where(
      'id',
      'in',
      orphans.map((o) => o.id),
    )
    .execute();
  const keys = orphans.flatMap((o) => [o.storage_key, ...(o.thumb_key ? [o.thumb_key] : [])]);
  await enqueueJob(trx, { orgId, kind: PURGE_FILES_JOB, uniqueKey: `purge:${orgId}:${orphans[0]!.storage_key}`, payload: { keys } });
  return orphans.length;
}

/** On delete, inside its transaction: the attachment rows of documents that no longer exist. */
export const fileCleanupHooks: TypeWriteHooks = {
  async afterWrite({ principal }, trx, event) {
    if (event.action === 'delete') await removeOrphanFiles(trx, principal.org.id);
  },
};

/** The stored bytes of removed attachment rows, after the delete committed. */
export const purgeFilesHandler: JobHandler = {
  async run(ctx: AppContext, job) {
    for (const key of (job.payload.keys as string[] | undefined) ?? []) await ctx.fileStore.remove(key);
  },
};
