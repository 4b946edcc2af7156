/**
 * Finding one document for an operation, through the access choke point:
 * - `readableDocumentOrThrow`: by id alone (the timeline, attachment and workflow routes name no
 *   type): the row's type comes first, then `authorize()` for that type, then the row again
 *   through the repository with the caller's row filter. A document the caller may not read
 *   answers the same 404 as one that does not exist, so ids cannot be probed.
 * - `readDocumentForOrThrow` / `documentForOrThrow`: the same, then the scope of a write action
 *   (`update`, `delete`, `workflow`) for that row, or the refusal's 403. The scope it answers is
 *   the one the repository's write requires (`TypeScope<'update'>`, …), and the repository ANDs
 *   its row filter into the UPDATE or DELETE again, so the check here is the clear message and
 *   the SQL is the guard (docs/product/access.md).
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import {
  CANNOT_CREATE,
  CANNOT_DELETE,
  CANNOT_EDIT,
  NOT_AUTHORISED,
  authorize,
  documentAccess,
  rowAllows,
  type DocumentAction,
} from '../../platform/access/authorize.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { findDocument } from '../../platform/records/documents.repository.ts';
import { flatValues, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { namedOnWorkflow } from './named-on-workflow.ts';
import { catalogFor } from './list-params.ts';
import { DOCUMENT_NOT_FOUND, readScope } from './read-scope.ts';

export interface ReadableDocument {
  type: DocumentSchema;
  row: RowWithAuthor;
  part: TypeScope<'read'>;
}

/** A readable document and the caller's scope for `action` on it. */
export interface DocumentFor<A extends DocumentAction> extends ReadableDocument {
  scope: TypeScope<A>;
}

async function typeOfDocumentOrThrow(ctx: AppContext, principal: Principal, docId: number): Promise<DocumentSchema> {
  const found = await ctx.database.db
    .selectFrom('documents')
    .select('doc_type')
    .where('org_id', '=', principal.org.id)
    .where('id', '=', docId)
    .executeTakeFirst();
  if (!found) throw notFound(DOCUMENT_NOT_FOUND);
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, found.doc_type);
  if (!type) throw notFound(DOCUMENT_NOT_FOUND);
  return type;
}

export async function readableDocumentOrThrow(ctx: AppContext, principal: Principal, docId: number): Promise<ReadableDocument> {
  return orNamedOnWorkflow(readableByGrants(ctx, principal, docId), () => namedOnWorkflow(ctx, principal, docId, 'read'));
}

/**
 * The grants' answer, or — when they refuse (403 or 404) — the document for a user named on its
 * workflow (named-on-workflow.ts); otherwise the grants' refusal stands.
 */
async function orNamedOnWorkflow<T>(byGrants: Promise<T>, named: () => Promise<T | null>): Promise<T> {
  try {
    return await byGrants;
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status !== 403 && error.status !== 404)) throw error;
    const found = await named();
    if (!found) throw error;
    return found;
  }
}

async function readableByGrants(ctx: AppContext, principal: Principal, docId: number): Promise<ReadableDocument> {
  const type = await typeOfDocumentOrThrow(ctx, principal, docId);
  const decision = authorize(principal, type, 'read');
  if (!decision.allowed) throw notFound(DOCUMENT_NOT_FOUND);
  const part: TypeScope<'read'> = { docType: type.type, scope: decision.scope, catalog: catalogFor(principal, type) };
  const row = await findDocument(ctx.database, ctx.database.db, part, docId, principal.uuid);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return { type, row, part };
}

/** Whether `action` is allowed on this row: edits and deletes as `meta.access` answers them. */
function allowsOnRow(principal: Principal, type: DocumentSchema, action: DocumentAction, row: RowWithAuthor): boolean {
  // The flat values: access rules may read data fields (platform/access/type-row-rules.ts).
  const values = { ...flatValues(row), created_by: row.created_by, ref: row.ref };
  if (action === 'update') return documentAccess(principal, type, values).editor;
  if (action === 'delete') return documentAccess(principal, type, values).delete;
  return rowAllows(principal, type, action, values);
}

/**
 * A document of `type` the caller may read (404 otherwise) and may `action` (403 with the
 * refusal's message otherwise), with the scope the repository's write of that action requires.
 */
export async function documentForOrThrow<A extends DocumentAction>(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  docId: number,
  action: A,
): Promise<DocumentFor<A>> {
  const byGrants = (async () => {
    const part = readScope(principal, type);
    // A read takes the short-read connection (a reader thread while an index build holds the
    // main one); an action reads where it then writes.
    const executor = action === 'read' ? ctx.database.shortReads() : ctx.database.db;
    const row = await findDocument(ctx.database, executor, part, docId, principal.uuid);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    return forActionOrThrow({ type, row, part }, principal, action);
  })();
  if (action !== 'read' && action !== 'workflow') return byGrants;
  return orNamedOnWorkflow(
    byGrants,
    async () => (await namedOnWorkflow(ctx, principal, docId, action as 'read', type)) as DocumentFor<A> | null,
  );
}

/** `documentForOrThrow` for a document named by id alone. */
export async function readDocumentForOrThrow<A extends DocumentAction>(
  ctx: AppContext,
  principal: Principal,
  docId: number,
  action: A,
): Promise<DocumentFor<A>> {
  const byGrants = (async () => forActionOrThrow(await readableByGrants(ctx, principal, docId), principal, action))();
  if (action !== 'read' && action !== 'workflow') return byGrants;
  return orNamedOnWorkflow(byGrants, async () => (await namedOnWorkflow(ctx, principal, docId, action as 'read')) as DocumentFor<A> | null);
}

function forActionOrThrow<A extends DocumentAction>(doc: ReadableDocument, principal: Principal, action: A): DocumentFor<A> {
  const decision = authorize(principal, doc.type, action);
  if (!decision.allowed) throw new HttpError('forbidden', decision.reason);
  if (!allowsOnRow(principal, doc.type, action, doc.row)) throw new HttpError('forbidden', CANNOT_ON_ROW[action]);
  return { ...doc, scope: { docType: doc.type.type, scope: decision.scope, catalog: doc.part.catalog } };
}

const CANNOT_ON_ROW: Record<DocumentAction, string> = {
  read: NOT_AUTHORISED,
  create: CANNOT_CREATE,
  update: CANNOT_EDIT,
  delete: CANNOT_DELETE,
  workflow: NOT_AUTHORISED,
};
