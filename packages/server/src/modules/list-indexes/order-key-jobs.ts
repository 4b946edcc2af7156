/**
 * The order-key job (PostgreSQL; platform/records/order-keys.ts, docs/architecture.md "Stored
 * order values"): moves one organisation's type's stored order values to what its definition
 * asks — filled for a default order on a date of `data`, none otherwise — in a durable job, since
 * filling a type of 1,000,000 documents writes each of them again. Queued after a schema save,
 * and by a ticker of the jobs worker (at most once a minute) for every organisation's type whose
 * key is not what its definition asks: a database from before the column, a new organisation,
 * a job that failed. Restart-safe: each step is idempotent and the job runs again from its start.
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { enqueueJob, setJobPayload, type ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import { allOrderKeys, isSettled, orderKeyName, settleOrderKey, storedOrderFieldOf } from '../../platform/records/order-keys.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';

/** Settles one organisation's type's stored order values. Payload: `OrderKeyPayload`. */
export const ORDER_KEY_JOB = 'list-indexes.order-key';

/** What the job is given (`docType`) and writes as it goes, for the Indexes tab (index-builds.ts). */
export interface OrderKeyPayload {
  docType: string;
  /** The field to fill in (the type's default order when queued, as the job found it once started); absent when there is none. */
  field?: string;
  /** The type's documents in the organisation when the job started, and how many it has read. */
  total?: number;
  read?: number;
}

/** Written to the job's payload at most this often while it fills. */
const PROGRESS_EVERY_MS = 1_000;

async function queueOrderKey(ctx: AppContext, orgId: number, type: DocumentSchema, uniquePart: string): Promise<boolean> {
  const wanted = storedOrderFieldOf(type, ctx.database.dialect);
  const payload: OrderKeyPayload = { docType: type.type, ...(wanted ? { field: wanted.field } : {}) };
  return enqueueJob(ctx.database.db, {
    orgId,
    kind: ORDER_KEY_JOB,
    uniqueKey: `${ORDER_KEY_JOB}:${orgId}:${type.type}:${uniquePart}`,
    payload: { ...payload },
  });
}

/** After a schema save (PostgreSQL): the type's key follows its new default order, by a job. */
export async function orderKeyAfterSchemaSave(ctx: AppContext, orgId: number, definition: DocumentSchema): Promise<void> {
  if (ctx.database.dialect !== 'postgres') return;
  await queueOrderKey(ctx, orgId, definition, `saved:${new Date().toISOString()}`);
}

/**
 * A ticker of the jobs worker: queues the job of each organisation's type whose key is not what
 * its definition asks, under a key of the hour (the workers of several processes queue it once;
 * a job that failed is tried again an hour later). Answers the `org:type` pairs queued.
 */
export async function queueUnsettledOrderKeys(ctx: AppContext, now: Date): Promise<string[]> {
  const database = ctx.database;
  if (database.dialect !== 'postgres') return [];
  const keys = await allOrderKeys(database);
  const organisations = await database.db.selectFrom('organisations').select('id').execute();
  const registry = typeRegistryFor(database);
  const hour = now.toISOString().slice(0, 13);
  const queued: string[] = [];
  for (const { id } of organisations) {
    const orgId = Number(id);
    for (const type of await registry.list(orgId)) {
      const key = keys.get(orderKeyName(orgId, type.type));
      if (isSettled(type, database.dialect, key)) continue;
      if (await queueOrderKey(ctx, orgId, type, `${key?.field ?? '-'}:${key?.state ?? '-'}:${hour}`)) queued.push(`${orgId}:${type.type}`);
    }
  }
  return queued;
}

async function documentsOfType(ctx: AppContext, orgId: number, docType: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// An administrator follows the filling on the Indexes tab.
export const orderKeyHandler: JobHandler = {
  async run(ctx: AppContext, job: ClaimedJob): Promise<void> {
    if (job.orgId === null) return;
    const registry = typeRegistryFor(ctx.database);
    // The definition as saved now, not as this process last cached it.
    await registry.reload(job.orgId);
    const type = await registry.get(job.orgId, String(job.payload.docType ?? ''));
    // A type no longer defined keeps its key: its rows' values harm nothing and cost no index.
    if (!type) return;
    const database = ctx.database;
    const wanted = storedOrderFieldOf(type, database.dialect);
    let payload: OrderKeyPayload = { docType: type.type };
    if (wanted && !isSettled(type, database.dialect, (await allOrderKeys(database, job.orgId)).get(orderKeyName(job.orgId, type.type))))
      payload = { ...payload, field: wanted.field, total: await documentsOfType(ctx, job.orgId, type.type), read: 0 };
    // What the Indexes tab shows: the field being filled and how far, or nothing when it fills nothing.
    await setJobPayload(database.db, job.id, { ...payload });
    let recordedAt = Date.now();
    await settleOrderKey(database, job.orgId, type, {
      onProgress: async (read) => {
        if (!payload.field || Date.now() - recordedAt < PROGRESS_EVERY_MS) return;
        recordedAt = Date.now();
        await setJobPayload(database.db, job.id, { ...payload, read });
      },
    });
  },
};
