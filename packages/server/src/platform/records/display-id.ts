/**
 * Display ids from a type's idMask (e.g. `INC-{seq:5}` → INC-00042, `{yyyy}` → year). The
 * sequence is one row per organisation and type, bumped inside the creating transaction, so
 * concurrent creates never share a number on either database.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';

export async function nextSequence(trx: Transaction<Tables>, orgId: number, docType: string): Promise<number> {
  const row = await trx
    .insertInto('document_sequences')
    .values({ org_id: orgId, doc_type: docType, last_seq: 1 })
    .onConflict((oc) => oc.columns(['org_id', 'doc_type']).doUpdateSet({ last_seq: sql`document_sequences.last_seq + 1` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export function formatDisplayId(mask: string | undefined, docType: string, seq: number, now = new Date()): string {
  const template = mask ?? `${docType.toUpperCase()}-{seq:5}`;
  return template
    .replace(/\{seq(?::(\d+))?\}/g, (_m, width: string | undefined) => String(seq).padStart(Number(width ?? 1), '0'))
    .replace(/\{yyyy\}/g, String(now.getUTCFullYear()));
}

/**
 * How many documents each type has held, every organisation's together: the sum of its sequences
 * (each create takes the next number and a deletion gives none back, so the figure only grows).
 * Read from the sequences' few rows (organisations × types), never by counting documents: a type
 * with none would otherwise be a walk of the whole table. It decides when a type's own indexes are
 * built (modules/list-indexes/index-jobs.ts).
 */
export async function documentsHeldPerType(db: Kysely<Tables>, docType?: string): Promise<Map<string, number>> {
  let query = db
    .selectFrom('document_sequences')
    .select((eb) => ['doc_type', eb.fn.sum<number | string>('last_seq').as('held')])
    .groupBy('doc_type');
  if (docType !== undefined) query = query.where('doc_type', '=', docType);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.doc_type, Number(row.held)]));
}
