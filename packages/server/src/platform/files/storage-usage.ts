/**
 * How much an organisation stores, by category (docs/product/administration.md#storage), summed
 * in SQL from the sizes recorded with each row, never by walking the file store: documents (their
 * stored data), attachments, thumbnails, imported mail (files brought by `import_mail` events)
 * and exports (streamed to the browser, never kept: always 0, shown so the chart names them).
 */
import { sql } from 'kysely';
import { STORAGE_CATEGORIES, STORAGE_LIMIT_MB, type StorageCategory, type StorageUsageAnswer } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/json.ts';

const BYTES_PER_MB = 1024 * 1024;

async function documentBytes(database: Database, orgId: number): Promise<number> {
  // PostgreSQL: the jsonb value's stored size; SQLite: the JSON text's bytes.
  const size = database.dialect === 'postgres' ? sql<number>`pg_column_size(data)` : sql<number>`length(CAST(data AS BLOB))`;
  const row = await database.bulkReader
    .selectFrom('documents')
    .select(sql<number | string | null>`sum(${size})`.as('bytes'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function fileBytes(database: Database, orgId: number): Promise<{ attachments: number; thumbnails: number; mail: number }> {
  const rows = await database.bulkReader
    .selectFrom('files')
    .leftJoin('events', 'events.id', 'files.event_id')
    .select(sql<number>`CASE WHEN events.type = 'import_mail' THEN 1 ELSE 0 END`.as('is_mail'))
    .select(sql<number | string | null>`sum(files.size)`.as('bytes'))
    .select(sql<number | string | null>`sum(files.thumb_size)`.as('thumb_bytes'))
    .where('files.org_id', '=', orgId)
    .groupBy(sql`CASE WHEN events.type = 'import_mail' THEN 1 ELSE 0 END`)
    .execute();
  const sums = { attachments: 0, thumbnails: 0, mail: 0 };
  for (const row of rows) {
    sums[Number(row.is_mail) === 1 ? 'mail' : 'attachments'] += Number(row.bytes ?? 0);
    sums.thumbnails += Number(row.thumb_bytes ?? 0);
  }
  return sums;
}

/** Bytes per category, in the chart's order. */
export async function storageBytesOf(database: Database, orgId: number): Promise<Record<StorageCategory, number>> {
  const [documents, files] = await Promise.all([documentBytes(database, orgId), fileBytes(database, orgId)]);
  return { documents, ...files, exports: 0 };
}

export function storageUsageAnswer(bytes: Record<StorageCategory, number>): StorageUsageAnswer {
  const total = STORAGE_CATEGORIES.reduce((sum, category) => sum + bytes[category], 0);
  const usedMb = total / BYTES_PER_MB;
  return {
    dataAr: STORAGE_CATEGORIES.map((category) => ({ category, sizekb: Math.round(bytes[category] / 1024) })),
    total: STORAGE_CATEGORIES.length,
    limit_mb: STORAGE_LIMIT_MB,
    used_mb: Math.round(usedMb * 100) / 100,
    over_limit: usedMb >= STORAGE_LIMIT_MB,
  };
}

/**
 * How old the last measure may be before an upload measures again. Between measures, files uploaded
 * since are added to it (one short index range, files_org_created); documents written since are
 * not, so the limit may let through up to this long's worth of document growth. Summing every
 * document's data on each upload instead took 0.3–0.7 s on 1,000,000 documents (PostgreSQL), and
 * held the embedded database's one connection for as long.
 */
export const STORAGE_MEASURE_MAX_AGE_MS = 15 * 60 * 1000;

/** Every category together, measured now (on the reader connections) and kept as the organisation's last measure. */
async function measureStorage(database: Database, orgId: number): Promise<number> {
  const measuredAt = nowIso();
  const bytes = await storageBytesOf(database, orgId);
  const total = STORAGE_CATEGORIES.reduce((sum, category) => sum + bytes[category], 0);
  await database.db
    .insertInto('storage_measures')
    .values({ org_id: orgId, bytes: total, measured_at: measuredAt })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ bytes: total, measured_at: measuredAt }))
    .execute();
  return total;
}

/** Bytes of the files (and their thumbnails) stored since `since`, the same instant included. */
async function fileBytesSince(database: Database, orgId: number, since: string): Promise<number> {
  const row = await database.bulkReader
    .selectFrom('files')
    .select(sql<number | string | null>`sum(size + coalesce(thumb_size, 0))`.as('bytes'))
    .where('org_id', '=', orgId)
    .where('created_date', '>=', since)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The organisation's usage for the limit: its last measure (if recent) plus the files stored since. */
export async function storageForLimit(database: Database, orgId: number, now = Date.now()): Promise<number> {
  const last = await database.db
    .selectFrom('storage_measures')
    .select(['bytes', 'measured_at'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!last || now - Date.parse(last.measured_at) > STORAGE_MEASURE_MAX_AGE_MS) return measureStorage(database, orgId);
  return Number(last.bytes) + (await fileBytesSince(database, orgId, last.measured_at));
}

/** Whether the organisation has reached its limit (uploads are then refused; nothing stored is touched). */
export async function isStorageFull(database: Database, orgId: number, limitMb = STORAGE_LIMIT_MB): Promise<boolean> {
  return (await storageForLimit(database, orgId)) >= limitMb * BYTES_PER_MB;
}
