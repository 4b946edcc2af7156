/**
 * Added indexes follow their type (docs/product/forms-and-lists.md#list-indexes). An index an
 * administrator added is named after its shape's definition (`shapeIndexDefinition`: the fields it
 * holds, the access and default-filter fields it covers, on PostgreSQL the stored order column of
 * order-keys.ts). A schema save that changes those (a new default filter field, another default
 * order), or a release that changes how a shape is indexed (migration 032's stored order values),
 * gives the shape's index a new name; the lists then name the new one (`INDEXED BY` on SQLite) or
 * order by what only the new one holds (PostgreSQL), and the old one serves nothing while every
 * write still pays for it. So a claim whose name is no longer its shape's is renewed: the new name
 * is built and claimed by the shape job (index-jobs.ts), which then gives up the old claim and drops
 * the old index once no organisation claims it. A shape no index can hold any more (its field gone
 * or made a list) only loses its claim, and its index with the last one. Queued after a schema save
 * and by a ticker of the jobs worker (a release's new names, another process's save).
 */
import { fieldCatalogOf, type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { parseShapeKey } from '../../platform/records/list-shapes.ts';
import { shapeIndexDefinition } from '../../platform/records/type-indexes.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { DialectName } from '../../platform/db/database.ts';
import { allClaims, type IndexClaim } from './index-claims.ts';
import { SHAPE_INDEX_JOB } from './index-jobs.ts';

/** A claim whose shape's index is now named `renewed` (null: no index can hold the shape any more). */
export interface StaleClaim extends IndexClaim {
  orgId: number;
  docType: string;
  renewed: string | null;
}

/** The name `shape` gives its added index under `type` as defined now (null: none can hold it). */
function currentName(type: DocumentSchema, dialect: DialectName, shape: string): string | null {
  const parsed = parseShapeKey(shape);
  if (!parsed) return null;
  return shapeIndexDefinition(type, dialect, parsed, fieldCatalogOf(type, { canSeeProtected: true }), 'ux')?.name ?? null;
}

/**
 * The claims (of one organisation, or all) whose name is not what their shape names now. A claim
 * on a type its organisation no longer defines is left alone: nothing lists that type to be served.
 * `definition` stands for the type of that name as just saved (the registry of another process may
 * not have it yet).
 */
export async function staleClaims(ctx: AppContext, scope?: { orgId: number; definition?: DocumentSchema }): Promise<StaleClaim[]> {
  const database = ctx.database;
  const registry = typeRegistryFor(database);
  const stale: StaleClaim[] = [];
  for (const claim of await allClaims(database, scope?.orgId)) {
    const type =
      scope?.definition && scope.definition.type === claim.docType ? scope.definition : await registry.get(claim.orgId, claim.docType);
    if (!type) continue;
    let renewed: string | null;
    try {
      renewed = currentName(type, database.dialect, claim.shape);
    } catch {
      continue; // A stored schema that no longer compiles is skipped here as it is by the type registry.
    }
    if (renewed !== claim.name) stale.push({ ...claim, renewed });
  }
  return stale;
}

/**
 * Queues, for each stale claim, the shape job that builds the new index, claims it and retires the
 * old one, under a key of the hour (the workers of several processes queue it once; a failed build is
 * tried again an hour later). Answers the claims queued.
 */
export async function queueRenewals(
  ctx: AppContext,
  now: Date,
  scope?: { orgId: number; definition?: DocumentSchema },
): Promise<StaleClaim[]> {
  const hour = now.toISOString().slice(0, 13);
  const queued: StaleClaim[] = [];
  for (const claim of await staleClaims(ctx, scope)) {
    const isNew = await enqueueJob(ctx.database.db, {
      orgId: claim.orgId,
      kind: SHAPE_INDEX_JOB,
      uniqueKey: `${SHAPE_INDEX_JOB}:${claim.orgId}:${claim.docType}:${claim.shape}:renews:${claim.name}:${hour}`,
      payload: { docType: claim.docType, shape: claim.shape, replaces: claim.name },
    });
    if (isNew) queued.push(claim);
  }
  return queued;
}

/** After a schema save: the saving organisation's added indexes of that type follow its new definition. */
export async function renewAddedIndexesAfterSchemaSave(ctx: AppContext, orgId: number, definition: DocumentSchema): Promise<void> {
  await queueRenewals(ctx, new Date(), { orgId, definition });
}
