/**
 * Learns which list shapes a type is asked for and how long their queries take (issue 18 item 2,
 * docs/product/forms-and-lists.md#list-indexes). Each list request adds its shape and database time to
 * this process's tally (a map update: nothing is written per request); at most every
 * `FLUSH_EVERY_MS` the tally is added to `list_shape_stats` with one upsert per shape, so every
 * server process contributes and all read the same counts and histogram. The p95 is read from the
 * histogram's fixed buckets (its upper bound: "≤ 20 ms").
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { SHAPE_BUCKET_BOUNDS_MS, SHAPE_BUCKET_COLUMNS } from '../db/migrations/012-list-shapes.ts';

/** How often a process adds its tally to the database. */
export const FLUSH_EVERY_MS = 5_000;
/** Shapes a process tallies at most between two flushes (a bound on memory, whatever callers send). */
const MAX_TALLIED_SHAPES = 2_000;

interface Tally {
  orgId: number;
  docType: string;
  shape: string;
  requests: number;
  totalMs: number;
  buckets: number[];
}

class ShapeTally {
  private tallies = new Map<string, Tally>();
  private lastFlush = Date.now();
  private flushing: Promise<void> | null = null;

  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  record(orgId: number, docType: string, shape: string, ms: number): void {
    const key = `${orgId}\u0000${docType}\u0000${shape}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      if (this.tallies.size >= MAX_TALLIED_SHAPES) return;
      tally = { orgId, docType, shape, requests: 0, totalMs: 0, buckets: SHAPE_BUCKET_COLUMNS.map(() => 0) };
      this.tallies.set(key, tally);
    }
    tally.requests += 1;
    tally.totalMs += ms;
    tally.buckets[bucketOf(ms)]! += 1;
    if (Date.now() - this.lastFlush >= FLUSH_EVERY_MS && !this.flushing) {
      // Not awaited by the request: a failed flush loses a few seconds of counts, never an answer.
      this.flush().catch(() => undefined);
    }
  }

  /** Adds this process's tally to the database (also called before reading the statistics). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.lastFlush = Date.now();
    const batch = [...this.tallies.values()];
    this.tallies = new Map();
    if (batch.length === 0) return;
    this.flushing = addTallies(this.database, batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }
}

function bucketOf(ms: number): number {
  const index = SHAPE_BUCKET_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? SHAPE_BUCKET_BOUNDS_MS.length : index;
}

async function addTallies(database: Database, batch: readonly Tally[]): Promise<void> {
  const now = new Date().toISOString();
  for (const tally of batch) {
    const bucketValues = Object.fromEntries(SHAPE_BUCKET_COLUMNS.map((column, index) => [column, tally.buckets[index]!]));
    await database.db
      .insertInto('list_shape_stats')
      .values({
        org_id: tally.orgId,
        doc_type: tally.docType,
        shape: tally.shape,
        requests: tally.requests,
        total_ms: tally.totalMs,
        last_seen: now,
        ...bucketValues,
      })
      .onConflict((oc) =>
        oc.columns(['org_id', 'doc_type', 'shape']).doUpdateSet({
          requests: sql`list_shape_stats.requests + excluded.requests`,
          total_ms: sql`list_shape_stats.total_ms + excluded.total_ms`,
          last_seen: sql`excluded.last_seen`,
          ...Object.fromEntries(
            SHAPE_BUCKET_COLUMNS.map((column) => [column, sql`list_shape_stats.${sql.ref(column)} + excluded.${sql.ref(column)}`]),
          ),
        }),
      )
      .execute();
  }
}

const talliesByDatabase = new WeakMap<Database, ShapeTally>();

function tallies(database: Database): ShapeTally {
  let tally = talliesByDatabase.get(database);
  if (!tally) {
    tally = new ShapeTally(database);
    talliesByDatabase.set(database, tally);
  }
  return tally;
}

/** Adds one list request's shape and database time to this process's tally. */
export function recordListShape(database: Database, orgId: number, docType: string, shape: string, ms: number): void {
  tallies(database).record(orgId, docType, shape, ms);
}

export interface LearnedShape {
  shape: string;
  requests: number;
  meanMs: number;
  /** Upper bound of the bucket holding the 95th percentile (null: slower than the last bound). */
  p95Ms: number | null;
  lastSeen: string;
}

/** The learned shapes of a type in an organisation, this process's latest counts included. */
export async function learnedShapes(database: Database, orgId: number, docType: string): Promise<LearnedShape[]> {
  await tallies(database).flush();
  const rows = await database.db
    .selectFrom('list_shape_stats')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .execute();
  return rows.map((row) => {
    const counts = SHAPE_BUCKET_COLUMNS.map((column) => Number((row as Record<string, unknown>)[column]));
    return {
      shape: row.shape,
      requests: Number(row.requests),
      meanMs: Number(row.requests) > 0 ? Number(row.total_ms) / Number(row.requests) : 0,
      p95Ms: percentileBound(counts, 0.95),
      lastSeen: row.last_seen,
    };
  });
}

/** The upper bound of the bucket where the cumulative count reaches `fraction` of all. */
export function percentileBound(counts: readonly number[], fraction: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i]!;
    if (seen >= fraction * total) return SHAPE_BUCKET_BOUNDS_MS[i] ?? null;
  }
  return null;
}
