/**
 * Index builds off the request and off the start (issue 18 items 1–2, docs/product/forms-and-lists.md#list-indexes).
 * A type gets its own indexes (those derived from its definitions) once it has held
 * `config.indexBuilds.minDocuments` documents, every organisation's together (`documentsHeldPerType`):
 * until then its lists read through the indexes every type shares, which answer a few thousand
 * documents in milliseconds, while each index of the documents table, whatever its type, is opened
 * by every insert — the other types' ~160 partial indexes made an incident's insert cost about
 * twice what it did without them (bench/README.md, thirty-third session). A type that grows past
 * the threshold is found by a ticker of the jobs worker within a minute (`queueBuildsOfGrownTypes`).
 * A type's missing indexes are built at once while the type is small (at most
 * `config.indexBuilds.inlineMaxRows` documents: a build of that size stalls nothing noticeably), and beyond
 * that as a durable job — at start as after a schema save, so a server never waits for a build to
 * start serving. An index an administrator adds for a learned shape is always a job.
 *
 * The jobs are restart-safe (a build a crash interrupted is rolled back on SQLite, dropped as
 * invalid and built again on PostgreSQL, and the job is claimed again when its lock expires), run
 * one at a time across processes (index-build-lock.ts) and record their progress in their payload
 * (`built` of `total`, the index being built), which the Indexes tab shows. Neither database's
 * build holds writes for its length, so a build starts at once, whatever the hour: PostgreSQL
 * builds `CONCURRENTLY`; SQLite, whose `CREATE INDEX` holds the write lock to its end (3–14 s for a
 * type of 1,000,000 documents), builds the job's indexes in chunks off the event loop, writes
 * waiting for one chunk at a time (platform/db/sqlite-index-in-chunks.ts).
 */
import { sql } from 'kysely';
import { builtinTypes, fieldCatalogOf, schemaDocumentType, type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { enqueueJob, setJobPayload } from '../../platform/jobs/jobs.repository.ts';
import { afterIndexBuilds } from '../../platform/db/planner-statistics.ts';
import { indexDefinitionsOf, shapeIndexDefinition, type IndexDefinition } from '../../platform/records/type-indexes.ts';
import {
  buildMissingIndexes,
  definitionsAmong,
  definitionsNamed,
  dropObsoleteDerivedIndexes,
  storedDefinitions,
} from '../../platform/records/type-index-builds.ts';
import { documentIndexes, indexExists } from '../../platform/records/index-catalog.ts';
import { ensureFieldStatistics, statisticsOf } from '../../platform/records/field-statistics.ts';
import { parseShapeKey, shapeKey } from '../../platform/records/list-shapes.ts';
import { claimIndex, retireClaim } from './index-claims.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { storedOrderFieldOf } from '../../platform/records/order-keys.ts';
import { withIndexBuildLock } from '../../platform/records/index-build-lock.ts';
import { BUILD_LEFTOVERS_SQL, dropBuildLeftovers } from '../../platform/db/sqlite-index-in-chunks.ts';
import { documentsHeldPerType } from '../../platform/records/display-id.ts';
import type { Database } from '../../platform/db/database.ts';

/** Builds (and drops) the indexes a type's definitions ask for. Payload: `{ docType }` (+ progress). */
export const TYPE_INDEXES_JOB = 'list-indexes.type';
/**
 * Builds one administrator-added index of a learned shape. Payload: `{ docType, shape }` (+ progress),
 * and `replaces` when it renews an added index whose name the shape no longer gives (added-index-renewal.ts).
 */
export const SHAPE_INDEX_JOB = 'list-indexes.shape';

/** When another process is building: try again after this long. */
const BUSY_RETRY_MS = 30_000;

/** Where a build job is: written to its payload before each index and after the last. */
export interface BuildProgress {
  total: number;
  built: number;
  /** The index being built, or null when done. */
  current: string | null;
  /** How much of the table the current index's build has read, in whole percent (a build in chunks reports it). */
  currentRead?: number;
}

/** A build in chunks reports after each range of rows; the job's payload is written at most this often. */
const PROGRESS_EVERY_MS = 1_000;

async function rowsOfType(database: Database, docType: string, limit: number): Promise<number> {
  const rows = await database.db
    .selectFrom((eb) =>
      eb
        .selectFrom('documents')
        .select('id')
        .where('doc_type', '=', docType)
        .limit(limit + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

async function isLargeType(database: Database, docType: string, inlineMaxRows: number): Promise<boolean> {
  return (await rowsOfType(database, docType, inlineMaxRows)) > inlineMaxRows;
}

/** Queues a job of `kind` (a fresh key: a finished job of the same type must not hide a new one). */
async function queueBuild(ctx: AppContext, orgId: number | null, kind: string, payload: Record<string, unknown>, runAfter?: Date) {
  await enqueueJob(ctx.database.db, {
    orgId,
    kind,
    uniqueKey: `${kind}:${String(payload.docType)}:${String(payload.shape ?? '')}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
    payload,
    ...(runAfter ? { runAfter } : {}),
  });
}

/** Whether a type's index job is already waiting (set up by another process, or before a restart). */
async function hasPendingTypeJob(database: Database, docType: string): Promise<boolean> {
  const rows = await database.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', TYPE_INDEXES_JOB)
    .where('status', '=', 'pending')
    .execute();
  return rows.some((row) => {
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { docType?: string };
    return payload.docType === docType;
  });
}

async function missingOf(database: Database, definitions: readonly IndexDefinition[]): Promise<IndexDefinition[]> {
  const missing: IndexDefinition[] = [];
  for (const definition of definitions) if (!(await indexExists(database, definition.name))) missing.push(definition);
  return missing;
}

function wantedOf(database: Database, definitions: readonly DocumentSchema[]): IndexDefinition[] {
  const byName = new Map<string, IndexDefinition>();
  for (const definition of definitions) {
    for (const index of indexDefinitionsOf(definition, database.dialect)) byName.set(index.name, index);
  }
  return [...byName.values()];
}

/** Whether a type has held enough documents for its own indexes. */
function holdsEnough(ctx: AppContext, held: ReadonlyMap<string, number>, docType: string): boolean {
  return (held.get(docType) ?? 0) >= ctx.config.indexBuilds.minDocuments;
}

/**
 * The definitions whose indexes a type is to have: all of them once it has held enough documents,
 * none before (and its derived indexes from an earlier start are then dropped).
 */
async function owningDefinitions(ctx: AppContext, docType: string, held?: ReadonlyMap<string, number>): Promise<DocumentSchema[]> {
  const counts = held ?? (await documentsHeldPerType(ctx.database.db, docType));
  return holdsEnough(ctx, counts, docType) ? definitionsNamed(ctx.database, docType) : [];
}

/**
 * At start: every type's missing indexes — built now for small types, queued as one durable job
 * per large type (unless one waits already) — so the server serves at once, and the derived ones
 * no definition asks for any more dropped once nothing is missing. Answers the types queued.
 */
export async function scheduleStartIndexBuilds(ctx: AppContext): Promise<string[]> {
  const database = ctx.database;
  const { inlineMaxRows } = ctx.config.indexBuilds;
  const names = new Set([...builtinTypes, schemaDocumentType].map((type) => type.type));
  for (const type of await storedDefinitions(database)) names.add(type.type);
  const queued: string[] = [];
  const built: string[] = [];
  // Read once for every type: what this loop builds is wanted, so never among what it drops.
  const existing = await documentIndexes(database);
  const present = new Set(existing.map((index) => index.name));
  const held = await documentsHeldPerType(database.db);
  for (const docType of names) {
    let definitions: DocumentSchema[];
    let wanted: IndexDefinition[];
    let missing: IndexDefinition[];
    try {
      definitions = await owningDefinitions(ctx, docType, held);
      wanted = wantedOf(database, definitions);
      missing = await missingOf(database, wanted);
    } catch {
      continue; // A stored schema that no longer compiles is skipped here as it is by the type registry.
    }
    if (missing.length > 0 && (await isLargeType(database, docType, inlineMaxRows))) {
      // The job drops what the new indexes make obsolete once it has built them.
      if (!(await hasPendingTypeJob(database, docType))) await queueBuild(ctx, null, TYPE_INDEXES_JOB, { docType });
      queued.push(docType);
      continue;
    }
    if (missing.length > 0) built.push(...(await buildMissingIndexes(database, missing)).built);
    // Indexes built before their statistics existed (field-statistics.ts) get them now.
    built.push(...(await ensureFieldStatistics(database, statisticsOf(wanted.filter((index) => present.has(index.name))))));
    // A database from before a change of what the type derives keeps indexes nothing asks for.
    await dropObsoleteDerivedIndexes(database, docType, definitions, existing);
  }
  // One analysis for all of them (PostgreSQL analyses the table once, not once per index).
  if (built.length > 0) await afterIndexBuilds(database, built);
  await dropLeftoversOfStoppedBuilds(database);
  return queued;
}

/**
 * SQLite: what builds in chunks a crash stopped left (an entry table whose triggers cost every
 * write), dropped at start under the build lock — so never while another process builds; that
 * process's next start, or the stopped job's next try, drops them otherwise.
 */
async function dropLeftoversOfStoppedBuilds(database: Database): Promise<void> {
  const openSession = database.schemaSession;
  if (!openSession) return;
  // Nearly always none: a look on the main connection first spares the start a schema thread
  // (about 0.25 s of every start; docs/architecture.md#start-up).
  const leftovers = await sql.raw<{ names: string | null }>(BUILD_LEFTOVERS_SQL).execute(database.db);
  if (!leftovers.rows[0]?.names) return;
  await withIndexBuildLock(database, async () => {
    await dropBuildLeftovers(() => openSession(), 'documents');
  });
}

/** After a schema save: the type's indexes now (small type) or by a durable job (large type). */
export async function indexesAfterSchemaSave(ctx: AppContext, orgId: number, definition: DocumentSchema): Promise<void> {
  const database = ctx.database;
  if (!(await isLargeType(database, definition.type, ctx.config.indexBuilds.inlineMaxRows))) {
    const definitions = await owningDefinitions(ctx, definition.type);
    const built = (await buildMissingIndexes(database, await missingOf(database, wantedOf(database, definitions)))).built;
    if (built.length > 0) await afterIndexBuilds(database, built);
    await dropObsoleteDerivedIndexes(database, definition.type, definitions);
    return;
  }
  await queueBuild(ctx, orgId, TYPE_INDEXES_JOB, { docType: definition.type });
}

/**
 * A ticker of the jobs worker (at most once a minute): queues the index job of each type that has
 * held enough documents and lacks some of its own indexes — a type that just grew past the
 * threshold, mostly. Queued under a key of the hour, so the workers of several processes queue it
 * once, and a build that failed is tried again an hour later rather than every minute. Answers
 * the types queued.
 */
export async function queueBuildsOfGrownTypes(ctx: AppContext, now: Date): Promise<string[]> {
  const database = ctx.database;
  const held = await documentsHeldPerType(database.db);
  const grown = [...held.keys()].filter((docType) => holdsEnough(ctx, held, docType));
  if (grown.length === 0) return [];
  const present = new Set((await documentIndexes(database)).filter((index) => index.valid).map((index) => index.name));
  const stored = await storedDefinitions(database);
  const queued: string[] = [];
  for (const docType of grown) {
    const definitions = definitionsAmong(stored, docType);
    let wanted: IndexDefinition[];
    try {
      wanted = wantedOf(database, definitions);
    } catch {
      continue; // A stored schema that no longer compiles is skipped here as it is by the type registry.
    }
    if (wanted.every((index) => present.has(index.name)) || (await hasPendingTypeJob(database, docType))) continue;
    const hour = now.toISOString().slice(0, 13);
    const isNew = await enqueueJob(database.db, {
      orgId: null,
      kind: TYPE_INDEXES_JOB,
      uniqueKey: `${TYPE_INDEXES_JOB}:${docType}:grown:${hour}`,
      payload: { docType },
    });
    if (isNew) queued.push(docType);
  }
  return queued;
}

/** Builds `missing` one by one under the build lock, recording progress; false when another process builds. */
async function buildWithProgress(ctx: AppContext, job: ClaimedJob, missing: readonly IndexDefinition[]): Promise<boolean> {
  const database = ctx.database;
  const record = (progress: BuildProgress) => setJobPayload(database.db, job.id, { ...job.payload, progress });
  const built: string[] = [];
  const ran = await withIndexBuildLock(database, async () => {
    for (const [index, definition] of missing.entries()) {
      const progress = { total: missing.length, built: index, current: definition.name };
      await record(progress);
      let recordedAt = Date.now();
      const onProgress = async ({ done, total }: { done: number; total: number }) => {
        if (Date.now() - recordedAt < PROGRESS_EVERY_MS || total === 0) return;
        recordedAt = Date.now();
        await record({ ...progress, currentRead: Math.floor((100 * done) / total) });
      };
      built.push(...(await buildMissingIndexes(database, [definition], { concurrently: true, onProgress })).built);
    }
    await record({ total: missing.length, built: missing.length, current: null });
  });
  if (!ran) {
    await queueBuild(ctx, job.orgId, job.kind, { ...job.payload, progress: undefined }, new Date(Date.now() + BUSY_RETRY_MS));
    return false;
  }
  if (built.length > 0) await afterIndexBuilds(database, built, { offLoop: true });
  return true;
}

// An administrator watches a build's progress on the Indexes tab.
export const typeIndexesHandler: JobHandler = {
  isAwaited: true,
  async run(ctx: AppContext, job: ClaimedJob): Promise<void> {
    const docType = String(job.payload.docType ?? '');
    const database = ctx.database;
    const definitions = await owningDefinitions(ctx, docType);
    const missing = await missingOf(database, wantedOf(database, definitions));
    if (missing.length > 0) {
      if (!(await buildWithProgress(ctx, job, missing))) return;
    }
    await dropObsoleteDerivedIndexes(database, docType, definitions);
  },
};

/** While a type's stored order values fill, a renewal looks again this often before it retires the old index. */
const RETIRE_RETRY_MS = 60_000;
/** The payload key of a renewal whose new index is built and whose old one waits for the stored order values (shown as `retiring`). */
export const RETIRES_AFTER_ORDER = 'retiresAfterOrder';

/** Whether `field` is the type's stored order (order-keys.ts) and its values are not ready yet. */
async function isStoredOrderFilling(ctx: AppContext, orgId: number, type: DocumentSchema, field: string): Promise<boolean> {
  if (storedOrderFieldOf(type, ctx.database.dialect)?.field !== field) return false;
  return (await typeRegistryFor(ctx.database).readyOrderField(orgId, type.type)) !== field;
}

export const shapeIndexHandler: JobHandler = {
  isAwaited: true,
  async run(ctx: AppContext, job: ClaimedJob): Promise<void> {
    if (job.orgId === null) return;
    const type = await typeRegistryFor(ctx.database).get(job.orgId, String(job.payload.docType ?? ''));
    const shape = parseShapeKey(String(job.payload.shape ?? ''));
    if (!type || !shape) return;
    const definition = shapeIndexDefinition(type, ctx.database.dialect, shape, fieldCatalogOf(type, { canSeeProtected: true }), 'ux');
    // A renewal (added-index-renewal.ts) names the index its shape had before.
    const replaces = typeof job.payload.replaces === 'string' ? job.payload.replaces : null;
    if (definition) {
      if (!(await indexExists(ctx.database, definition.name)) && !(await buildWithProgress(ctx, job, [definition]))) return;
      // The index the shape names now is this organisation's (its definition may have changed since the claim).
      await claimIndex(ctx.database, job.orgId, type.type, { name: definition.name, shape: shapeKey(shape) });
    }
    if (!replaces || replaces === definition?.name) return;
    // The old one goes only once the new one serves: a list never loses both. An index of the
    // type's stored order (PostgreSQL, order-keys.ts) serves once the stored values are ready;
    // until then the lists order by the field itself, which the old index may hold.
    if (await isStoredOrderFilling(ctx, job.orgId, type, shape.order)) {
      const payload = { ...job.payload, progress: undefined, [RETIRES_AFTER_ORDER]: shape.order };
      await queueBuild(ctx, job.orgId, job.kind, payload, new Date(Date.now() + RETIRE_RETRY_MS));
      return;
    }
    await retireClaim(ctx.database, job.orgId, type.type, replaces);
  },
};
