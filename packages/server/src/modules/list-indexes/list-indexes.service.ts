/**
 * The schema admin's Indexes tab (issue 18 item 2, docs/product/forms-and-lists.md#list-indexes):
 * a type's indexes with their size, the learned list shapes that are slow and no index serves
 * (with the time an index would have saved), adding an index for a shape (a durable job) and
 * dropping one an administrator added. Administrators of type schemas only; an organisation sees
 * and drops only the indexes it added (index-claims.ts: they are on the table all share).
 */
import {
  fieldCatalogOf,
  INDEX_ARRAY_FIELD,
  INDEX_NOT_ADDED,
  INDEX_TEXT_FIELD,
  INDEX_UNKNOWN_FIELD,
  isArrayType,
  isValidFieldPath,
  lookupField,
  schemaDocumentType,
  type AddedListIndexes,
  type AddListIndexBody,
  type DocumentSchema,
  type ListIndexEntry,
  type ListIndexesAnswer,
  type SuggestedListIndex,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { BASE_INDEX_SHAPES, indexDefinitionsOf, shapeIndexDefinition, type IndexDefinition } from '../../platform/records/type-indexes.ts';
import { dropIndex } from '../../platform/records/type-index-builds.ts';
import { documentIndexes } from '../../platform/records/index-catalog.ts';
import { parseShapeKey, shapeKey, type ListShape } from '../../platform/records/list-shapes.ts';
import { learnedShapes } from '../../platform/records/list-shape-stats.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { documentsHeldPerType } from '../../platform/records/display-id.ts';
import { SHAPE_INDEX_JOB } from './index-jobs.ts';
import { indexBuildsOf } from './index-builds.ts';
import { claimIndex, claimsOf, releaseClaim } from './index-claims.ts';
import { ownDocuments, ownShare, WHOLE_TABLE_INDEX } from './index-shares.ts';
import { limitedAccessFields } from './limited-access.ts';

const WHAT = 'type schemas';

/**
 * A learned shape is worth an index when its p95 is above this (ms). Not higher: at 1,000,000
 * documents a two-field JSON filter without its index took 3–5 ms of database time per request,
 * under the 10 ms this once was, and its list answered 247 requests a second against 1,231 with
 * the index (bench/README.md).
 */
export const SLOW_SHAPE_P95_MS = 2;
/**
 * And asked at least this often, or slow enough to have cost `MIN_SAVED_MS` already: one request
 * is no pattern. A site manager's first list on a fresh server (its statements not yet prepared,
 * its pages cold) took 5–10 ms and was suggested, with "0 s" to save.
 */
export const MIN_SHAPE_REQUESTS = 20;
const MIN_SAVED_MS = 1_000;
/** What a list query served by one index range scan costs, for the time-saved estimate (ms). */
const INDEXED_QUERY_MS = 1;

async function typeOrThrow(ctx: AppContext, principal: Principal, typeName: string): Promise<DocumentSchema> {
  requireAdministrator(principal, schemaDocumentType, 'update', WHAT);
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, typeName);
  if (!type) throw notFound(`Unknown document type: ${typeName.slice(0, 64)}`);
  return type;
}

/** Refuses a shape naming a field an index cannot hold, with a message naming it. */
export function checkedShape(type: DocumentSchema, body: AddListIndexBody): ListShape {
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const fields = [...body.equality, body.order];
  for (const field of fields) {
    const info = isValidFieldPath(field) ? lookupField(catalog, field) : undefined;
    if (!info) throw new HttpError('bad_request', INDEX_UNKNOWN_FIELD(field.slice(0, 64), type.type));
    if (isArrayType(info.type)) throw new HttpError('bad_request', INDEX_ARRAY_FIELD(field));
    if (info.type === 'text') throw new HttpError('bad_request', INDEX_TEXT_FIELD(field));
  }
  const equality = [...new Set(body.equality)].filter((field) => field !== body.order).sort();
  return { equality, order: body.order };
}

/** No sizes asked: nothing to share out. */
const NO_DOCUMENTS = { all: 0, ofType: 0 };

/**
 * The tab's answer. `withSizes: false` leaves every size null: on the embedded database a size is a
 * walk of each page of the index on a reader thread (index-catalog.ts, `documentIndexes`), seconds on
 * a million documents, and the tab follows a build by asking again every few seconds — it asks the
 * sizes apart, once per set of indexes.
 */
export async function listIndexesOf(
  ctx: AppContext,
  principal: Principal,
  typeName: string,
  options: { withSizes: boolean } = { withSizes: true },
): Promise<ListIndexesAnswer> {
  const type = await typeOrThrow(ctx, principal, typeName);
  const database = ctx.database;
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const learned = await learnedShapes(database, principal.org.id, type.type);
  // Which shape each named index serves: the type's own definitions, and added indexes of learned shapes.
  const shapeOfName = new Map<string, { kind: ListIndexEntry['kind']; shape: string | null }>();
  for (const definition of indexDefinitionsOf(type, database.dialect)) {
    shapeOfName.set(definition.name, kindOfDerived(definition));
  }
  // Added indexes: this organisation's own only (index-claims.ts), with the shape each was added for.
  const claimed = new Set<string>();
  for (const claim of await claimsOf(database, principal.org.id, type.type)) {
    claimed.add(claim.name);
    shapeOfName.set(claim.name, { kind: 'added', shape: claim.shape });
  }
  // The builds are read before the indexes: a build that ends between the two reads is then still
  // building in the one or built in the other. Read the other way round it was neither, and the tab
  // stopped following it with the index missing (seen in a browser test).
  const builds = await indexBuildsOf(database, principal.org.id, type.type);
  const existing: ListIndexEntry[] = [];
  const shown = (index: { docType: string | null }) => index.docType === null || index.docType === type.type;
  const [indexes, own] = await Promise.all([
    documentIndexes(database, options.withSizes ? { sizesOf: shown } : {}),
    options.withSizes ? ownDocuments(database, principal.org.id, type.type) : NO_DOCUMENTS,
  ]);
  // Sizes are this organisation's share of each index, never the whole (index-shares.ts).
  const tableRows = indexes.find((index) => index.name === WHOLE_TABLE_INDEX)?.entries ?? null;
  for (const index of indexes) {
    // What a failed concurrent build left serves nothing: its shape is still building or suggested.
    if (!index.valid) continue;
    if (index.docType === null) {
      existing.push({ name: index.name, kind: 'base', shape: null, bytes: ownShare(index.bytes, tableRows, own.all) });
    } else if (index.docType === type.type && (claimed.has(index.name) || !index.name.startsWith('ux_'))) {
      const known = shapeOfName.get(index.name);
      existing.push({
        name: index.name,
        kind: known?.kind ?? (index.name.startsWith('ux_') ? 'added' : 'field'),
        shape: known?.shape ?? null,
        bytes: ownShare(index.bytes, index.entries, own.ofType),
      });
    }
  }
  const served = new Set([...BASE_INDEX_SHAPES, ...existing.flatMap((entry) => (entry.shape ? [entry.shape] : []))]);
  const suggested: SuggestedListIndex[] = [];
  for (const entry of learned) {
    const shape = parseShapeKey(entry.shape);
    if (!shape || served.has(entry.shape)) continue;
    if (entry.p95Ms !== null && entry.p95Ms <= SLOW_SHAPE_P95_MS) continue;
    const savedMs = Math.max(0, Math.round(entry.requests * (entry.meanMs - INDEXED_QUERY_MS)));
    if (entry.requests < MIN_SHAPE_REQUESTS && savedMs < MIN_SAVED_MS) continue;
    if (!shapeIndexDefinition(type, database.dialect, shape, catalog, 'ux')) continue;
    suggested.push({
      shape: entry.shape,
      equality: shape.equality,
      order: shape.order,
      requests: entry.requests,
      meanMs: Math.round(entry.meanMs * 10) / 10,
      p95Ms: entry.p95Ms,
      savedMs,
    });
  }
  suggested.sort((a, b) => b.savedMs - a.savedMs);
  const building = builds.flatMap((build) => (build.shape && build.status !== 'failed' ? [build.shape] : []));
  // Whether the type is big enough for its own indexes yet: a yes or no, never the number of
  // documents it holds, which counts every organisation's.
  const { minDocuments } = ctx.config.indexBuilds;
  const held = (await documentsHeldPerType(database.db, type.type)).get(type.type) ?? 0;
  return {
    type: type.type,
    existing,
    suggested,
    building,
    builds,
    ownIndexesFrom: held < minDocuments ? minDocuments : null,
    limitedBy: await limitedAccessFields(database, principal.org.id, type),
  };
}

/**
 * Queues the build of an index for a shape, and with `forLimited` one for the same shape with each
 * access field some members are limited by (limited-access.ts); answers the indexes' names.
 */
export async function addListIndex(
  ctx: AppContext,
  principal: Principal,
  typeName: string,
  body: AddListIndexBody,
): Promise<AddedListIndexes> {
  const type = await typeOrThrow(ctx, principal, typeName);
  const shape = checkedShape(type, body);
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const definition = shapeIndexDefinition(type, ctx.database.dialect, shape, catalog, 'ux');
  if (!definition) throw new HttpError('bad_request', INDEX_UNKNOWN_FIELD(shape.order, type.type));
  const added = await queueShapeIndex(ctx, principal.org.id, type.type, definition.name, shape);
  const alsoFor: AddedListIndexes['alsoFor'] = [];
  const limitedBy = body.forLimited ? await limitedAccessFields(ctx.database, principal.org.id, type) : [];
  for (const field of limitedBy) {
    if (shape.equality.includes(field) || shape.order === field) continue;
    const limited = { equality: [...shape.equality, field].sort(), order: shape.order };
    const limitedDefinition = shapeIndexDefinition(type, ctx.database.dialect, limited, catalog, 'ux');
    if (limitedDefinition) alsoFor.push(await queueShapeIndex(ctx, principal.org.id, type.type, limitedDefinition.name, limited));
  }
  return { ...added, alsoFor };
}

/** Claims the index for this organisation and queues its build (a durable job). */
async function queueShapeIndex(
  ctx: AppContext,
  orgId: number,
  docType: string,
  name: string,
  shape: ListShape,
): Promise<{ name: string; shape: string }> {
  const key = shapeKey(shape);
  await claimIndex(ctx.database, orgId, docType, { name, shape: key });
  await enqueueJob(ctx.database.db, {
    orgId,
    kind: SHAPE_INDEX_JOB,
    uniqueKey: `${SHAPE_INDEX_JOB}:${orgId}:${docType}:${key}:${Date.now()}`,
    payload: { docType, shape: key },
  });
  return { name, shape: key };
}

/**
 * Drops an index this organisation's administrators added (`ux_…`) for this type: its claim goes,
 * and the index with it unless another organisation claims it too (index-claims.ts). Another
 * organisation's index is refused as any index not added here is. The lists answer the same without it.
 */
export async function dropListIndex(ctx: AppContext, principal: Principal, typeName: string, name: string): Promise<void> {
  const type = await typeOrThrow(ctx, principal, typeName);
  const index = (await documentIndexes(ctx.database)).find((entry) => entry.name === name && entry.docType === type.type);
  if (!index || !name.startsWith('ux_')) throw new HttpError('bad_request', INDEX_NOT_ADDED);
  const { held, unclaimed } = await releaseClaim(ctx.database, principal.org.id, type.type, name);
  if (!held) throw new HttpError('bad_request', INDEX_NOT_ADDED);
  if (unclaimed) await dropIndex(ctx.database, name);
}

/** What a derived index serves: a list shape (`sx_`), the group mode's counts (`gx_`), or a list sorted by its field (`dx_`). */
function kindOfDerived(definition: IndexDefinition): { kind: ListIndexEntry['kind']; shape: string | null } {
  if (definition.name.startsWith('sx_')) return { kind: 'derived', shape: definition.field };
  if (definition.name.startsWith('gx_')) return { kind: 'group', shape: definition.field };
  return { kind: 'field', shape: `|${definition.field}` };
}
