/**
 * Stored order values on PostgreSQL (docs/architecture.md, "Stored order values"; migration 032):
 * `documents.order_value` holds, for each organisation's type whose default order is a date or
 * date-time field of `data`, that field's value, so its list indexes hold a plain column and a deep
 * page is read from the index alone. PostgreSQL cannot read an expression index without the rows
 * its entries point at: page 1,000 by number in the incident list's own order fetched each of the
 * 15,000 rows it skipped (bench/README.md, fifty-ninth session).
 *
 * What the column holds is the database's to say, never a process's memory: a trigger fills it on
 * every write from the type's row in `document_order_keys`, and the lists use it only while that
 * row says `ready` (read with the type registry's stored schemas, under the same cache version,
 * so every process sees a change within the registry's check interval). `settleOrderKey` moves a
 * type's key to what its definition asks, one step at a time:
 *   1. a key that is `ready` for another field goes back to `filling` first, and the step waits
 *      `graceMs` so that every process has stopped ordering by the column before its values change;
 *   2. the key names the wanted field (`filling`), and the step waits for every transaction begun
 *      before that commit (a write of theirs may have read the old key);
 *   3. the rows whose column differs from their field are written again in batches of ids (the
 *      trigger fills them), each batch its own short transaction, so no write waits for more than
 *      one batch;
 *   4. the table is vacuumed when many rows were written (an index-only scan needs their pages
 *      marked all-visible), else the column analysed;
 *   5. the key becomes `ready` and the schemas' cache version moves on.
 * A type whose default order is anything else (a column, a number, text) has no key: its lists
 * read the expression, as before. SQLite reads its expression indexes without the rows: nothing
 * here runs there.
 */
import { sql, type Transaction } from 'kysely';
import { fieldCatalogOf, fieldSegments, isDateType, lookupField, type DocumentSchema, type FieldCatalog } from '@docket/shared';
import type { Database, DialectName } from '../db/database.ts';
import type { DocumentOrderKeysTable, Tables } from '../db/tables.ts';
import { bumpCacheVersion, schemasCacheName } from './cache-versions.ts';
import { AccessScope } from '../access/access-scope.ts';
import { refillOrderValues } from './documents-maintenance.repository.ts';
import { jsonScalarSql } from './field-sql.ts';
import { defaultOrderFieldOf } from './list-shapes.ts';
import { vacuumWithoutBudget } from '../db/visibility-upkeep.ts';

/** The column that holds each row's value of its type's default order (PostgreSQL). */
export const ORDER_VALUE_COLUMN = 'order_value';

/** The field a type's stored order values hold, with its path in `data`: none but on PostgreSQL, for a date of `data`. */
export function storedOrderFieldOf(type: DocumentSchema, dialect: DialectName): { field: string; path: string[] } | null {
  if (dialect !== 'postgres') return null;
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const field = defaultOrderFieldOf(type, catalog);
  const info = lookupField(catalog, field);
  if (!info || info.column !== undefined || !isDateType(info.type)) return null;
  return { field, path: fieldSegments(field) };
}

/**
 * The catalog a list of an organisation's type is read with: the field whose stored values are
 * `ready` (`readyField`) ordered and compared through the column (field-sql.ts, filter-sql.ts),
 * every other field as it was.
 */
export function withStoredOrder(catalog: FieldCatalog, readyField: string | undefined): FieldCatalog {
  const info = readyField === undefined ? undefined : lookupField(catalog, readyField);
  if (!info || info.column !== undefined) return catalog;
  return { ...catalog, [readyField!]: { ...info, orderColumn: ORDER_VALUE_COLUMN } };
}

/** The organisation's types whose stored order values are `ready`, each with its field (PostgreSQL; none elsewhere). */
export async function readyOrderFields(database: Database, orgId: number): Promise<Map<string, string>> {
  if (database.dialect !== 'postgres') return new Map();
  const rows = await database.db
    .selectFrom('document_order_keys')
    .select(['doc_type', 'field'])
    .where('org_id', '=', orgId)
    .where('state', '=', 'ready')
    .execute();
  return new Map(rows.map((row) => [row.doc_type, row.field]));
}

export type OrderKey = Pick<DocumentOrderKeysTable, 'field' | 'state' | 'changed_at'>;

/** Every organisation's keys, or one organisation's (the job ticker and the job compare them with the definitions). */
export async function allOrderKeys(database: Database, orgId?: number): Promise<Map<string, OrderKey>> {
  if (database.dialect !== 'postgres') return new Map();
  let query = database.db.selectFrom('document_order_keys').select(['org_id', 'doc_type', 'field', 'state', 'changed_at']);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [orderKeyName(row.org_id, row.doc_type), row]));
}

export function orderKeyName(orgId: number, docType: string): string {
  return `${orgId}\u0000${docType}`;
}

/** Whether a type's key already is what its definition asks. */
export function isSettled(type: DocumentSchema, dialect: DialectName, key: OrderKey | undefined): boolean {
  const wanted = storedOrderFieldOf(type, dialect);
  return wanted ? key?.field === wanted.field && key.state === 'ready' : key === undefined;
}

export interface SettleOptions {
  /** How long a key that stops being `ready` waits before its values change (every process's registry check, and a list in flight). */
  graceMs?: number;
  /** How long to wait at most for the transactions begun before the key's change. */
  olderTransactionsMs?: number;
  /** Rows written again per transaction. */
  batch?: number;
  /** Rows written again from which the table is vacuumed (`VACUUM_AFTER_ROWS`). */
  vacuumAfterRows?: number;
  /** Told after each batch: the rows read so far. */
  onProgress?: (read: number) => void | Promise<void>;
}

/**
 * The waits of `settleOrderKey` when its options name none: 5 s for every process's registry
 * (checked each second) and a list in flight; a minute at most for older transactions.
 */
export const orderKeyTimings = { graceMs: 5_000, olderTransactionsMs: 60_000 };

export type SettleOutcome = 'none' | 'ready' | 'filled' | 'removed';

/** Moves one organisation's type's key to what `type` asks (see the steps above). */
export async function settleOrderKey(
  database: Database,
  orgId: number,
  type: DocumentSchema,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  if (database.dialect !== 'postgres') return 'none';
  const wanted = storedOrderFieldOf(type, database.dialect);
  const key = await database.db
    .selectFrom('document_order_keys')
    .select(['field', 'state'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', type.type)
    .executeTakeFirst();
  if (!wanted) {
    if (!key) return 'none';
    await changeKey(database, orgId, async (trx) => {
      await trx.deleteFrom('document_order_keys').where('org_id', '=', orgId).where('doc_type', '=', type.type).execute();
    });
    return 'removed';
  }
  if (key?.field === wanted.field && key.state === 'ready') return 'ready';
  if (key && key.field !== wanted.field && key.state === 'ready') {
    await setState(database, orgId, type.type, key.field, 'filling');
    await sleep(options.graceMs ?? orderKeyTimings.graceMs);
  }
  const changedAt = new Date().toISOString();
  await changeKey(database, orgId, async (trx) => {
    await trx
      .insertInto('document_order_keys')
      .values({ org_id: orgId, doc_type: type.type, field: wanted.field, path: wanted.path, state: 'filling', changed_at: changedAt })
      .onConflict((oc) =>
        oc.columns(['org_id', 'doc_type']).doUpdateSet({ field: wanted.field, path: wanted.path, state: 'filling', changed_at: changedAt }),
      )
      .execute();
  });
  await olderTransactionsEnded(database, options.olderTransactionsMs ?? orderKeyTimings.olderTransactionsMs);
  await fillOrderValues(database, orgId, type.type, wanted.path, options);
  // Sure to hold by now only if the key still names this field (a later save may have changed it).
  await setState(database, orgId, type.type, wanted.field, 'ready');
  return 'filled';
}

/** A change of a key, and the schemas' cache version moved on in the same transaction (type-registry.ts reads both). */
async function changeKey(database: Database, orgId: number, change: (trx: Transaction<Tables>) => Promise<void>): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await change(trx);
    await bumpCacheVersion(trx, schemasCacheName(orgId));
  });
}

async function setState(database: Database, orgId: number, docType: string, field: string, state: OrderKey['state']): Promise<void> {
  await changeKey(database, orgId, async (trx) => {
    await trx
      .updateTable('document_order_keys')
      .set({ state })
      .where('org_id', '=', orgId)
      .where('doc_type', '=', docType)
      .where('field', '=', field)
      .execute();
  });
}

/**
 * Waits until no transaction of this database that began before now and has written, or is
 * running a statement, is still open (at most `maxMs`): a write of one of them may have read the
 * key as it was, and committed after the fill passed its row. As `CREATE INDEX CONCURRENTLY`
 * waits for older transactions; an idle reader (no transaction id, no statement) writes nothing
 * the fill could miss, so it is not waited for. Sessions of other roles show no `xact_start`
 * without `pg_read_all_stats`: the server's role is the one that writes documents.
 */
async function olderTransactionsEnded(database: Database, maxMs: number): Promise<void> {
  const { rows } = await sql<{ now: string }>`SELECT clock_timestamp()::text AS now`.execute(database.db);
  const since = rows[0]!.now;
  const until = Date.now() + maxMs;
  for (;;) {
    const open = await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < cast(${since} as timestamptz)
        AND (backend_xid IS NOT NULL OR state = 'active')`.execute(database.db);
    if (Number(open.rows[0]!.n) === 0 || Date.now() >= until) return;
    await sleep(100);
  }
}

/**
 * Writes again, batch by batch in id order, the rows of the type whose column differs from their
 * field's value; `data = data` wakes the trigger, which fills the column from the key as it is
 * now. Each batch is its own statement (and transaction): writes to those rows wait for it only.
 */
async function fillOrderValues(
  database: Database,
  orgId: number,
  docType: string,
  path: readonly string[],
  options: SettleOptions,
): Promise<void> {
  const scope = AccessScope.system(orgId, 'update', 'stored order values');
  const value = jsonScalarSql('postgres', sql.ref('d.data'), path, 'string');
  let after = 0;
  let read = 0;
  let written = 0;
  for (;;) {
    const done = await refillOrderValues(database.db, scope, docType, after, options.batch ?? 1_000, value);
    if (done.last === null) break;
    after = done.last;
    read += done.read;
    written += done.written;
    await options.onProgress?.(read);
  }
  if (written >= (options.vacuumAfterRows ?? VACUUM_AFTER_ROWS)) await vacuumWithoutBudget(database, [sql`VACUUM (ANALYZE) documents`]);
  // The planner's view of the column the lists now order by.
  else await sql`ANALYZE documents (order_value)`.execute(database.db);
}

/**
 * Rows written again from which the fill vacuums the table. Each leaves its former version behind,
 * and until VACUUM marks their pages all-visible an index-only scan reads the table for every entry
 * on them: just after the fill of 200,000 incidents, on a server whose autovacuum was off, page
 * 1,000's statement fetched its 15,000 skipped rows (36 ms instead of 4.8; through the API p95
 * 64–68 ms instead of 28–29: bench/README.md, sixtieth session).
 */
const VACUUM_AFTER_ROWS = 10_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
