/**
 * The Indexes tab's view of index build jobs (docs/product/forms-and-lists.md#list-indexes): read
 * from the jobs table, so every process answers the same — queued, waiting for its time (another process was building),
 * building (with the progress the job writes to its payload), or failed in the last day.
 */
import type { IndexBuildState, IndexBuildStatus } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';
import { RETIRES_AFTER_ORDER, SHAPE_INDEX_JOB, TYPE_INDEXES_JOB, type BuildProgress } from './index-jobs.ts';
import { ORDER_KEY_JOB, type OrderKeyPayload } from './order-key-jobs.ts';

const FAILED_SHOWN_MS = 24 * 3_600_000;

interface BuildPayload extends Partial<OrderKeyPayload> {
  docType?: string;
  shape?: string;
  /** A renewal's former index (added-index-renewal.ts). */
  replaces?: string;
  /** Set while a renewal's old index waits for the stored order values of this field. */
  [RETIRES_AFTER_ORDER]?: string;
  progress?: BuildProgress;
}

/**
 * A type's build jobs: the type's own (any organisation's schema: indexes are shared), this
 * organisation's added ones, and the filling of this organisation's stored order values (order-key-jobs.ts).
 */
export async function indexBuildsOf(database: Database, orgId: number, docType: string, now = new Date()): Promise<IndexBuildState[]> {
  const since = new Date(now.getTime() - FAILED_SHOWN_MS).toISOString();
  const rows = await database.db
    .selectFrom('jobs')
    .select(['kind', 'org_id', 'payload', 'status', 'run_after', 'locked_until', 'last_error'])
    .where('kind', 'in', [TYPE_INDEXES_JOB, SHAPE_INDEX_JOB, ORDER_KEY_JOB])
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'failed'), eb('created_date', '>=', since)])]))
    .orderBy('id')
    .execute();
  const at = now.toISOString();
  const builds: IndexBuildState[] = [];
  for (const row of rows) {
    const payload = readJson<BuildPayload>(row.payload, {});
    if (payload.docType !== docType) continue;
    if (row.kind !== TYPE_INDEXES_JOB && Number(row.org_id) !== orgId) continue;
    const isRunning = row.locked_until !== null && row.locked_until > at;
    const waitStatus = payload[RETIRES_AFTER_ORDER] ? 'retiring' : 'waiting';
    const status: IndexBuildStatus =
      row.status === 'failed' ? 'failed' : isRunning ? 'building' : row.run_after > at ? waitStatus : 'queued';
    if (row.kind === ORDER_KEY_JOB) {
      // A job that fills nothing (a key removed, or settled already) is not shown.
      if (!payload.field) continue;
      builds.push({
        shape: null,
        orderField: payload.field,
        renews: null,
        status,
        runAfter: row.run_after,
        built: payload.read ?? 0,
        total: payload.total ?? null,
        current: null,
        currentRead: null,
        error: row.status === 'failed' ? row.last_error : null,
      });
      continue;
    }
    builds.push({
      shape: row.kind === SHAPE_INDEX_JOB ? (payload.shape ?? null) : null,
      orderField: null,
      renews: row.kind === SHAPE_INDEX_JOB ? (payload.replaces ?? null) : null,
      status,
      runAfter: row.run_after,
      built: payload.progress?.built ?? 0,
      total: payload.progress?.total ?? null,
      current: isRunning ? (payload.progress?.current ?? null) : null,
      currentRead: isRunning ? (payload.progress?.currentRead ?? null) : null,
      error: row.status === 'failed' ? row.last_error : null,
    });
  }
  return builds;
}
