/**
 * The generic document operations (docs/engineering.md#habit-3): one exported function per operation, called
 * by routes, jobs, workflow steps and tests alike. Each asks `authorize()` first and hands the
 * resulting AccessScope to the repository. Reads live here; writes in document-writes.service.ts.
 */
import type { DocumentAnswer, DocumentSchema, FilterNode, GroupRow, ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';
import { notFound } from '../../http/http-error.ts';
import { findAnyDocument, findDocument, listChildRows } from '../../platform/records/documents.repository.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { groupDocuments } from '../../platform/records/document-groups.repository.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { resolveLabels } from '../../platform/records/document-labels.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { documentForOrThrow } from './readable-document.ts';
import { filterFieldsOf, shapeKey, shapeOf, type ListShape } from '../../platform/records/list-shapes.ts';
import { formerIndexOf, groupIndexOf, orderIndexOf } from '../../platform/records/shape-index-hints.ts';
import { documentsHeldPerType } from '../../platform/records/display-id.ts';
import type { DialectName } from '../../platform/db/database.ts';
import { recordListShape } from '../../platform/records/list-shape-stats.ts';
import { isQueryTimeout } from '../../platform/db/query-budget.ts';
import { answerFor, answersFor, answersForTyped } from './document-answers.ts';
import { catalogFor, type ListOptions } from './list-params.ts';
import { DOCUMENT_NOT_FOUND, readScope } from './read-scope.ts';

export { createDocument, updateDocument, deleteDocument } from './document-writes.service.ts';
export { DOCUMENT_NOT_FOUND, readScope, scopeOrThrow } from './read-scope.ts';

/** Children answered by `GET /doc/{id}/children` at most. */
export const MAX_CHILDREN = 500;

export async function listTypeDocuments(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  options: ListOptions,
): Promise<ListAnswer<DocumentAnswer>> {
  const scope = readScope(principal, type);
  // Learned shapes (docs/product/forms-and-lists.md#list-indexes): the shape of this list, and the index its page may name.
  const shape = shapeOf(scope.catalog, [scope.scope.rowFilter, options.filter], options.order);
  const began = performance.now();
  const learn = () => recordListShape(ctx.database, principal.org.id, type.type, shapeKey(shape), performance.now() - began);
  const result = await listDocuments(ctx.database, {
    ...scope,
    filter: options.filter,
    order: options.order,
    start: options.start,
    count: options.count,
    userId: principal.uuid,
    withEstimate: options.withEstimate,
    keyset: options.keyset,
    withCursors: true,
    shapeIndex: shapeIndexOf(type, ctx.database.dialect, shape),
  }).catch((error: unknown) => {
    // A list stopped at the query budget is the slowest shape of all: learned with its time, so
    // the Indexes tab suggests the index it lacks (it would never be, were only answers counted).
    if (isQueryTimeout(error)) learn();
    throw error;
  });
  learn();
  const dataAr = await answersFor(ctx, principal, type, result.rows);
  const cursors = result.cursors ? { cursors: result.cursors } : {};
  if (!result.totalIsEstimate) return { dataAr, total: result.total, ...cursors };
  return result.totalEstimate === undefined
    ? { dataAr, total: result.total, totalIsEstimate: true, ...cursors }
    : { dataAr, total: result.total, totalIsEstimate: true, totalEstimate: result.totalEstimate, ...cursors };
}

/** SQLite: the shape and the indexes its page may name (docs/architecture.md, list-shape indexes). */
function shapeIndexOf(type: DocumentSchema, dialect: DialectName, shape: ListShape) {
  return dialect === 'sqlite'
    ? {
        shape,
        indexOf: (named: ListShape) => orderIndexOf(type, dialect, named),
        formerOf: (index: string) => formerIndexOf(type, dialect, index),
      }
    : undefined;
}

/** `group_by`: `{dataAr: [{<field>: value, …, count, data_normalised}], total}` (total = documents counted). */
export async function groupTypeDocuments(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  options: ListOptions,
): Promise<ListAnswer<GroupRow>> {
  const scope = readScope(principal, type);
  const result = await groupDocuments(ctx.database, {
    ...scope,
    filter: options.filter,
    fields: options.groupBy,
    userId: principal.uuid,
    through: await groupThrough(ctx, type, options, scope.scope.rowFilter),
  });
  const registry = typeRegistryFor(ctx.database);
  const labels = await resolveLabels(
    { database: ctx.database, orgId: principal.org.id, principal, typeOf: (name) => registry.get(principal.org.id, name) },
    result.rows.map((values) => ({ type, values })),
  );
  const dataAr = result.rows.map((row, index) => {
    const { display_id: _id, types: _types, ...fieldLabels } = labels[index]!;
    return Object.keys(fieldLabels).length > 0 ? ({ ...row, data_normalised: fieldLabels } as GroupRow) : (row as GroupRow);
  });
  return result.truncated ? { dataAr, total: result.total, totalIsEstimate: true } : { dataAr, total: result.total };
}

/**
 * A row read through the table costs about as much as twenty entries of an index read alone
 * (1,000,000 incidents grouped by category: 2–3 s through the rows, 0.1 s through the category's
 * index; bench/README.md, thirty-sixth session): a group reads every entry of the type's index
 * once at least one document in this many matches.
 */
const INDEX_ENTRIES_PER_ROW_READ = 20;

/**
 * SQLite: the index a group may read instead of the rows (`throughIndex`,
 * document-groups.repository.ts) — the group mode's index for `<field>,status`, the field's own
 * for one field — when it holds every field the filter and the row filter read and the type has
 * its own indexes.
 */
async function groupThrough(ctx: AppContext, type: DocumentSchema, options: ListOptions, rowFilter: FilterNode | null) {
  const index = groupIndexOf(type, ctx.database.dialect, options.groupBy);
  if (!index) return undefined;
  const read = [...options.groupBy, ...filterFieldsOf(rowFilter), ...filterFieldsOf(options.filter)];
  if (!read.every((name) => name === 'id' || index.holds.has(name))) return undefined;
  const held = (await documentsHeldPerType(ctx.database.db, type.type)).get(type.type) ?? 0;
  if (held < ctx.config.indexBuilds.minDocuments) return undefined;
  return { index: index.name, minMatches: Math.max(1, Math.ceil(held / INDEX_ENTRIES_PER_ROW_READ)) };
}

export async function getDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, id: number): Promise<DocumentAnswer> {
  // Through the grants, or as a user named on the document's workflow (named-on-workflow.ts).
  const { row } = await documentForOrThrow(ctx, principal, type, id, 'read');
  return answerFor(ctx, principal, type, row);
}

/**
 * `GET /doc/{id}/children`: the parent must be readable; its children are answered among the
 * types the caller may read (each with its own row filter), oldest first.
 */
export async function listChildren(ctx: AppContext, principal: Principal, parentId: number): Promise<ListAnswer<DocumentAnswer>> {
  const registry = typeRegistryFor(ctx.database);
  const orgId = principal.org.id;
  const parent = await findAnyDocument(ctx.database.db, orgId, parentId);
  const parentType = parent ? await registry.get(orgId, parent.doc_type) : undefined;
  if (!parent || !parentType) throw notFound(DOCUMENT_NOT_FOUND);
  const visible = await findDocument(ctx.database, ctx.database.db, readScope(principal, parentType), parentId, principal.uuid).catch(
    () => undefined,
  );
  if (!visible) throw notFound(DOCUMENT_NOT_FOUND);
  const types = await registry.list(orgId);
  const parts: TypeScope[] = [];
  const byName = new Map<string, DocumentSchema>();
  for (const type of types) {
    const decision = authorize(principal, type, 'read');
    if (!decision.allowed) continue;
    parts.push({ docType: type.type, scope: decision.scope, catalog: catalogFor(principal, type) });
    byName.set(type.type, type);
  }
  const rows = await listChildRows(ctx.database, orgId, parentId, parts, principal.uuid, MAX_CHILDREN);
  const dataAr = await answersForTyped(
    ctx,
    principal,
    rows.map((row) => ({ type: byName.get(row.doc_type)!, row })),
  );
  return { dataAr, total: dataAr.length };
}
