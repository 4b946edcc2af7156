/**
 * How much an organisation stores, by category (docs/product/administration.md#storage), summed
 * in SQL from the sizes recorded with each row, never by walking the file store: documents (their
 * stored data), attachments, thumbnails, imported mail (files brought by `import_mail` events)
 * and exports (streamed to the browser, never kept: always 0, shown so the chart names them).
 */
import { sql } from 'kysely';
import { STORAGE_CATEGORIES, STORAGE_LIMIT_MB, type StorageCategory, type StorageUsageAnswer } from '@docket/shared';
import type { Database } from '../db/database.ts';

const BYTES_PER_MB = 1024 * 1024;

async function documentBytes(database: Database, orgId: number): Promise<number> {
  // PostgreSQL: the jsonb value's stored size; SQLite: the JSON text's bytes.
  const size = database.dialect === 'postgres' ? sql<number>`pg_column_size(data)` : sql<number>`length(CAST(data AS BLOB))`;
  const row = await database.db
    .selectFrom('documents')
    .select(sql<number | string | null>`sum(${size})`.as('bytes'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function fileBytes(database: Database, orgId: number): Promise<{ attachments: number; thumbnails: number; mail: number }> {
  const rows = await database.db
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

/** Whether the organisation has reached its limit (uploads are then refused; nothing stored is touched). */
export async function isStorageFull(database: Database, orgId: number, limitMb = STORAGE_LIMIT_MB): Promise<boolean> {
  const bytes = await storageBytesOf(database, orgId);
  return STORAGE_CATEGORIES.reduce((sum, category) => sum + bytes[category], 0) >= limitMb * BYTES_PER_MB;
}
