/**
 * Issue 18's learned list shapes (migration 012, modules/list-indexes/list-shape-stats.ts) and
 * which organisation added which list index (migration 029, modules/list-indexes/index-claims.ts),
 * and which field each type's stored order values hold (migration 032, PostgreSQL only,
 * platform/records/order-keys.ts).
 */
import type { Generated } from 'kysely';

/** Requests, total time and a latency histogram (one column per bucket, in ms) per list shape. */
export interface ListShapeStatsTable {
  org_id: number;
  doc_type: string;
  shape: string;
  requests: Generated<number>;
  total_ms: Generated<number>;
  last_seen: string;
  h1: Generated<number>;
  h2: Generated<number>;
  h5: Generated<number>;
  h10: Generated<number>;
  h20: Generated<number>;
  h50: Generated<number>;
  h100: Generated<number>;
  h200: Generated<number>;
  h500: Generated<number>;
  h1000: Generated<number>;
  h2000: Generated<number>;
  hmax: Generated<number>;
}

/** An organisation's claim on a list index it added (the index is dropped when no claim is left). */
export interface ListIndexClaimsTable {
  org_id: number;
  doc_type: string;
  name: string;
  shape: string;
  added_at: string;
}

/**
 * PostgreSQL only: the field of `data` whose values `documents.order_value` holds for one
 * organisation's type (`path`: its segments), and whether every row holds them yet.
 */
export interface DocumentOrderKeysTable {
  org_id: number;
  doc_type: string;
  field: string;
  path: string[];
  state: 'filling' | 'ready';
  changed_at: string;
}

export interface ListIndexTables {
  document_order_keys: DocumentOrderKeysTable;
  list_shape_stats: ListShapeStatsTable;
  list_index_claims: ListIndexClaimsTable;
}
