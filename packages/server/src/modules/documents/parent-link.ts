/**
 * `parent_id` on a write must name a document of the caller's organisation that the caller may
 * read (400 otherwise: the same answer whether it is missing, foreign or unreadable), and may not
 * make a document its own ancestor. Adding a child needs edit rights on the parent and the
 * parent type's child rule (docs/product/access.md#document-access): a child can hold its
 * parent's workflow open, so hanging one under a document is changing that document.
 */
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { rowAllows } from '../../platform/access/authorize.ts';
import { HttpError } from '../../http/http-error.ts';
import { ancestorIds, findAnyDocument } from '../../platform/records/documents.repository.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { flatValues } from '../../platform/records/document-shape.ts';

export const PARENT_NOT_FOUND = 'The parent document cannot be found.';
export const PARENT_LOOP = 'A document cannot be its own parent or ancestor.';
export const PARENT_NOT_EDITABLE = 'You do not have sufficient access rights to add a child to this document.';
export const childTypeRefused = (parentType: string, allowed: readonly string[]) =>
  `A ${parentType} document takes only these child types: ${allowed.join(', ')}.`;

export async function checkParentOrThrow(
  ctx: AppContext,
  principal: Principal,
  parentId: number | null,
  child: { id: number | null; type: string },
): Promise<void> {
  const selfId = child.id;
  if (parentId === null) return;
  const parent = await findAnyDocument(ctx.database.db, principal.org.id, parentId);
  const parentType = parent ? await typeRegistryFor(ctx.database).get(principal.org.id, parent.doc_type) : undefined;
  if (!parent || !parentType || !rowAllows(principal, parentType, 'read', parent)) {
    throw new HttpError('bad_request', PARENT_NOT_FOUND, { details: [{ path: 'parent_id', message: PARENT_NOT_FOUND }] });
  }
  const allowed = parentType.childTypes;
  if (allowed && allowed.length > 0 && !allowed.includes(child.type)) {
    const message = childTypeRefused(parentType.type, allowed);
    throw new HttpError('bad_request', message, { details: [{ path: 'parent_id', message }] });
  }
  if (!rowAllows(principal, parentType, 'update', flatValues(parent))) throw new HttpError('forbidden', PARENT_NOT_EDITABLE);
  if (selfId !== null && (parentId === selfId || (await ancestorIds(ctx.database.db, principal.org.id, parentId)).includes(selfId))) {
    throw new HttpError('bad_request', PARENT_LOOP, { details: [{ path: 'parent_id', message: PARENT_LOOP }] });
  }
}
