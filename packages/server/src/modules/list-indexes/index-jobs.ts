/**
 * Index builds off the request (issue 18 items 1–2, docs/product/forms-and-lists.md#list-indexes).
 * A saved schema's indexes are built inline while its type is small, and as a durable job beyond
 * `INLINE_BUILD_MAX_ROWS` documents; an index an administrator adds for a learned shape is always
 * a job. On PostgreSQL the job builds `CONCURRENTLY`, so writes go on during the build; SQLite
 * has no concurrent build and holds its write lock for the build (bench/README.md measures it).
 */
import { fieldCatalogOf, type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { afterIndexBuilds } from '../../platform/db/planner-statistics.ts';
import {
  buildMissingIndexes,
  definitionsNamed,
  dropObsoleteShapeIndexes,
  ensureTypeIndexes,
  indexDefinitionsOf,
  shapeIndexDefinition,
} from '../../platform/records/type-indexes.ts';
import { parseShapeKey } from '../../platform/records/list-shapes.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { Database } from '../../platform/db/database.ts';

/** Builds (and drops) the indexes a type's definitions ask for. Payload: `{ docType }`. */
export const TYPE_INDEXES_JOB = 'list-indexes.type';
/** Builds one administrator-added index of a learned shape. Payload: `{ docType, shape }`. */
export const SHAPE_INDEX_JOB = 'list-indexes.shape';

/** Documents of a type (all organisations: indexes are per table) above which builds leave the request. */
export const INLINE_BUILD_MAX_ROWS = 20_000;

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

/** After a schema save: the type's indexes now (small type) or by a durable job (large type). */
export async function indexesAfterSchemaSave(ctx: AppContext, orgId: number, definition: DocumentSchema): Promise<void> {
  const database = ctx.database;
  if ((await rowsOfType(database, definition.type, INLINE_BUILD_MAX_ROWS)) <= INLINE_BUILD_MAX_ROWS) {
    await ensureTypeIndexes(database, definition);
    await dropObsoleteShapeIndexes(database, definition.type, await definitionsNamed(database, definition.type));
    return;
  }
  await enqueueJob(database.db, {
    orgId,
    kind: TYPE_INDEXES_JOB,
    uniqueKey: `${TYPE_INDEXES_JOB}:${definition.type}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
    payload: { docType: definition.type },
  });
}

export const typeIndexesHandler = {
  async run(ctx: AppContext, job: ClaimedJob): Promise<void> {
    const docType = String(job.payload.docType ?? '');
    const database = ctx.database;
    const definitions = await definitionsNamed(database, docType);
    const built: string[] = [];
    for (const definition of definitions) {
      built.push(...(await buildMissingIndexes(database, indexDefinitionsOf(definition, database.dialect), { concurrently: true })).built);
    }
    await dropObsoleteShapeIndexes(database, docType, definitions);
    if (built.length > 0) await afterIndexBuilds(database, built);
  },
};

export const shapeIndexHandler = {
  async run(ctx: AppContext, job: ClaimedJob): Promise<void> {
    if (job.orgId === null) return;
    const type = await typeRegistryFor(ctx.database).get(job.orgId, String(job.payload.docType ?? ''));
    const shape = parseShapeKey(String(job.payload.shape ?? ''));
    if (!type || !shape) return;
    const definition = shapeIndexDefinition(type, ctx.database.dialect, shape, fieldCatalogOf(type, { canSeeProtected: true }), 'ux');
    if (!definition) return;
    const { built } = await buildMissingIndexes(ctx.database, [definition], { concurrently: true });
    if (built.length > 0) await afterIndexBuilds(ctx.database, built);
  },
};
