/**
 * A user named on a step of a document's workflow — its users, its property (a safety visit's
 * line managers), the actionees or approvers — reads that document and acts on its workflow even
 * outside their grants (docs/product/workflow-and-timeline.md#who-may-act). This is the second
 * way to a single document, tried when the grants refuse it: the naming is read from the stored
 * row and the type's workflow, and the scope it answers (authorize.ts, `namedOnWorkflowScope`)
 * reaches that one row only. Lists and searches stay within the grants.
 */
import { isNamedOnWorkflow } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { namedOnWorkflowScope } from '../../platform/access/authorize.ts';
import { findAnyDocument, findDocument } from '../../platform/records/documents.repository.ts';
import type { RowWithAuthor } from '../../platform/records/document-shape.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { documentFacts, workflowOf } from '../workflow/workflow-facts.ts';
import { catalogFor } from './list-params.ts';
import type { DocumentSchema } from '@docket/shared';

export interface NamedDocument<A extends 'read' | 'workflow'> {
  type: DocumentSchema;
  row: RowWithAuthor;
  part: TypeScope<'read'>;
  scope: TypeScope<A>;
}

/** The document and its one-row scopes when the caller is named on its workflow, else null. */
export async function namedOnWorkflow<A extends 'read' | 'workflow'>(
  ctx: AppContext,
  principal: Principal,
  docId: number,
  action: A,
  expectedType?: DocumentSchema,
): Promise<NamedDocument<A> | null> {
  const stored = await findAnyDocument(ctx.database.db, principal.org.id, docId);
  if (!stored) return null;
  const type = expectedType ?? (await typeRegistryFor(ctx.database).get(principal.org.id, stored.doc_type));
  if (!type || type.type !== stored.doc_type) return null;
  const workflow = workflowOf(type);
  if (!workflow || !isNamedOnWorkflow(workflow, await documentFacts(ctx.database.db, stored), principal.uuid)) return null;
  const read = namedOnWorkflowScope(principal, type, 'read', docId);
  const acting = namedOnWorkflowScope(principal, type, action, docId);
  if (!read || !acting) return null;
  const catalog = catalogFor(principal, type);
  const part: TypeScope<'read'> = { docType: type.type, scope: read, catalog };
  const row = await findDocument(ctx.database, ctx.database.db, part, docId, principal.uuid);
  if (!row) return null;
  return { type, row, part, scope: { docType: type.type, scope: acting, catalog } };
}
