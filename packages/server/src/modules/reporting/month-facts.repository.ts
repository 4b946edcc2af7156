/**
 * The monthly facts cache in the database (docs/architecture.md "Reporting"; migration
 * 018-report-month-facts): which types are registered as fact sources and by which date, the
 * per-month change stamps the database's triggers keep, and the cached monthly values of each
 * aggregate. Everything is in the database, so every server process sees the same cache and the
 * same stamps.
 */
import { fieldSegments } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';

/** Where a type's documents keep the date they are counted by (a promoted column or a JSON path). */
export interface FactSource {
  dateColumn: string | null;
  datePath: string | null;
}

/** The promoted date columns the stamping triggers read (the migration's list). */
const STAMPED_COLUMNS: ReadonlySet<string> = new Set(['created_date', 'updated_date', 'closed_date', 'due_date', 'status_date']);

/** The source of a date field: undefined when the triggers cannot read it (then nothing is cached). */
export function factSourceOf(database: Database, field: { name: string; column?: string | undefined }): FactSource | undefined {
  if (field.column !== undefined) return STAMPED_COLUMNS.has(field.column) ? { dateColumn: field.column, datePath: null } : undefined;
  const segments = fieldSegments(field.name);
  return { dateColumn: null, datePath: database.dialect === 'postgres' ? `{${segments.join(',')}}` : `$.${segments.join('.')}` };
}

/**
 * Registers `docType` as a fact source dated by `source`. Answers whether it already was, as it
 * is: only then have the triggers stamped every write that a cached month could have missed.
 */
export async function ensureFactSource(database: Database, orgId: number, docType: string, source: FactSource): Promise<boolean> {
  const row = await database.db
    .selectFrom('report_fact_sources')
    .select(['date_column', 'date_path'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .executeTakeFirst();
  if (row && row.date_column === source.dateColumn && row.date_path === source.datePath) return true;
  await writeQueueFor(database).run((trx) =>
    trx
      .insertInto('report_fact_sources')
      .values({ org_id: orgId, doc_type: docType, date_column: source.dateColumn, date_path: source.datePath })
      .onConflict((c) => c.columns(['org_id', 'doc_type']).doUpdateSet({ date_column: source.dateColumn, date_path: source.datePath }))
      .execute(),
  );
  return false;
}

/** The change stamps of `docType`'s UTC months from `fromKey` to `toKey` (`YYYY-MM`); absent is 0. */
export async function monthStamps(
  database: Database,
  orgId: number,
  docType: string,
  fromKey: string,
  toKey: string,
): Promise<Map<string, number>> {
  const rows = await database.db
    .selectFrom('document_month_stamps')
    .select(['month_key', 'stamp'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .where('month_key', '>=', fromKey)
    .where('month_key', '<=', toKey)
    .execute();
  return new Map(rows.map((row) => [row.month_key, Number(row.stamp)]));
}

/** One cached month of one aggregate: its value per location key, and the stamp it was computed at. */
export interface CachedMonth {
  factKey: string;
  month: number;
  stamp: number;
  facts: Record<string, number>;
}

export async function cachedMonths(
  database: Database,
  orgId: number,
  docType: string,
  factKeys: readonly string[],
  from: number,
  to: number,
): Promise<CachedMonth[]> {
  if (factKeys.length === 0) return [];
  const rows = await database.db
    .selectFrom('report_month_facts')
    .select(['fact_key', 'month', 'stamp', 'facts'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .where('fact_key', 'in', [...factKeys])
    .where('month', '>=', from)
    .where('month', '<=', to)
    .execute();
  return rows.map((row) => ({
    factKey: row.fact_key,
    month: Number(row.month),
    stamp: Number(row.stamp),
    facts: readJson<Record<string, number>>(row.facts, {}),
  }));
}

/** Rows per INSERT: seven values each, well inside both databases' parameter limits. */
const ROWS_PER_STATEMENT = 250;

/** Cached months not recomputed for this long are dropped (a schema change leaves its old keys behind). */
const KEEP_DAYS = 400;

/** Stores computed months (replacing what was there) in one transaction. */
export async function storeMonths(database: Database, orgId: number, docType: string, months: readonly CachedMonth[]): Promise<void> {
  if (months.length === 0) return;
  const now = new Date();
  const computed = now.toISOString();
  const rows = months.map((m) => ({
    org_id: orgId,
    doc_type: docType,
    fact_key: m.factKey,
    month: m.month,
    stamp: m.stamp,
    facts: writeJson(m.facts),
    computed_date: computed,
  }));
  await writeQueueFor(database).run(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('report_month_facts')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((c) =>
          c.columns(['org_id', 'doc_type', 'fact_key', 'month']).doUpdateSet((eb) => ({
            stamp: eb.ref('excluded.stamp'),
            facts: eb.ref('excluded.facts'),
            computed_date: eb.ref('excluded.computed_date'),
          })),
        )
        .execute();
    }
    await trx
      .deleteFrom('report_month_facts')
      .where('org_id', '=', orgId)
      .where('doc_type', '=', docType)
      .where('computed_date', '<', new Date(now.getTime() - KEEP_DAYS * 86_400_000).toISOString())
      .execute();
  });
}
