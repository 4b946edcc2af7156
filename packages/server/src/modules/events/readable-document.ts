/**
 * Finding a document by id alone (the timeline, attachment and workflow routes name no type):
 * the row's type comes first, then `authorize()` for that type, then the row again through the
 * repository with the caller's row filter. A document the caller may not read answers the same
 * 404 as one that does not exist, so ids cannot be probed.
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';
import { notFound } from '../../http/http-error.ts';
import { findDocument } from '../../platform/records/documents.repository.ts';
import type { RowWithAuthor } from '../../platform/records/document-shape.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { catalogFor } from '../documents/list-params.ts';
import { DOCUMENT_NOT_FOUND } from '../documents/read-scope.ts';

export interface ReadableDocument {
  type: DocumentSchema;
  row: RowWithAuthor;
  part: TypeScope;
}

export async function readableDocumentOrThrow(ctx: AppContext, principal: Principal, docId: number): Promise<ReadableDocument> {
  const found = await ctx.database.db
    .selectFrom('documents')
    .select('doc_type')
    .where('org_id', '=', principal.org.id)
    .where('id', '=', docId)
    .executeTakeFirst();
  if (!found) throw notFound(DOCUMENT_NOT_FOUND);
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, found.doc_type);
  if (!type) throw notFound(DOCUMENT_NOT_FOUND);
  const decision = authorize(principal, type, 'read');
  if (!decision.allowed) throw notFound(DOCUMENT_NOT_FOUND);
  const part: TypeScope = { docType: type.type, scope: decision.scope, catalog: catalogFor(principal, type) };
  const row = await findDocument(ctx.database, ctx.database.db, part, docId, principal.uuid);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return { type, row, part };
}
