/**
 * Issue 18's learned list shapes (migration 012, modules/list-indexes/list-shape-stats.ts) and
 * which organisation added which list index (migration 029, modules/list-indexes/index-claims.ts).
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

export interface ListIndexTables {
  list_shape_stats: ListShapeStatsTable;
  list_index_claims: ListIndexClaimsTable;
}
