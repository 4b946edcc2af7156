/**
 * Reviews (docs/product/workflow-and-timeline.md#reviews): a reviewer writes one review of a document, saved with
 * `PUT /v3/{appId}/~{type}/{id}` and validated against the type's review schema; only its author
 * edits or deletes it. A new review needs the type's review condition (a filter-language
 * expression on the document, with the caller's `editor`, `admin` and `reviewer` flags). The
 * review is stored as a `review` event; `showInEventList` decides whether others see it there.
 */
import {
  checkFilter,
  compileDocumentValidator,
  describeProblems,
  evaluateFilter,
  fieldCatalogOf,
  forbiddenKeys,
  noReviewSchemaMessage,
  parseFilter,
  type DocumentSchema,
  type EventAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { filterContextOf, isAdministrator, type Principal } from '../../platform/access/principal.ts';
import { documentAccess } from '../../platform/access/authorize.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { appendAudit } from '../../platform/records/audit.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { DOCUMENT_NOT_FOUND } from '../documents/read-scope.ts';
import { deleteEventTree, insertEvent, updateEventDescrip } from '../events/events.repository.ts';
import { getDocumentEvent } from '../events/event-reads.ts';
import { readableDocumentOrThrow, type ReadableDocument } from '../documents/readable-document.ts';
import { findOwnReview } from './reviews.repository.ts';

export const CANNOT_REVIEW = 'You cannot review this document.';
export const NO_REVIEW = 'You have not reviewed this document.';

async function reviewTarget(
  ctx: AppContext,
  principal: Principal,
  typeName: string,
  docId: number,
): Promise<{ type: DocumentSchema; doc: ReadableDocument }> {
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, typeName);
  if (!type) throw notFound(`Unknown document type: ${typeName}`);
  if (!type.review?.schema) throw new HttpError('bad_request', noReviewSchemaMessage(typeName));
  const doc = await readableDocumentOrThrow(ctx, principal, docId);
  if (doc.type.type !== type.type) throw notFound(DOCUMENT_NOT_FOUND);
  return { type, doc };
}

/** The review condition with the caller's flags; a broken condition allows nobody. */
export function mayReview(principal: Principal, type: DocumentSchema, doc: ReadableDocument): boolean {
  const condition = type.review?.condition?.trim();
  if (!condition) return true;
  const values = flatValues(doc.row);
  const reviewerIds = Array.isArray(values.reviewer_ids) ? values.reviewer_ids : [];
  const flags = {
    editor: documentAccess(principal, type, doc.row).editor,
    admin: isAdministrator(principal),
    reviewer: principal.roles.has('reviewer') || reviewerIds.includes(principal.uuid),
  };
  const catalog = {
    ...fieldCatalogOf(type, { canSeeProtected: true }),
    editor: { type: 'boolean' as const },
    admin: { type: 'boolean' as const },
    reviewer: { type: 'boolean' as const },
  };
  try {
    return evaluateFilter(checkFilter(parseFilter(condition), catalog), { ...values, ...flags }, filterContextOf(principal));
  } catch {
    return false;
  }
}

export async function saveReview(
  ctx: AppContext,
  principal: Principal,
  typeName: string,
  docId: number,
  body: Record<string, unknown>,
): Promise<EventAnswer> {
  const { type, doc } = await reviewTarget(ctx, principal, typeName, docId);
  const existing = await findOwnReview(ctx.database.db, principal.org.id, docId, principal.uuid);
  if (existing === undefined && !mayReview(principal, type, doc)) throw new HttpError('forbidden', CANNOT_REVIEW);
  // Only the review schema's own fields are kept: the reviewer and the flags come from the server.
  const known = new Set(Object.keys(type.review!.schema.properties ?? {}));
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (known.has(key) && !forbiddenKeys.includes(key) && !['showInEventList', 'reviewer_id', 'reviewer'].includes(key))
      fields[key] = value;
  }
  const outcome = compileDocumentValidator(type.review!.schema)(fields);
  if (!outcome.valid)
    throw new HttpError('validation_failed', describeProblems(outcome.problems), {
      details: outcome.problems.map((p) => ({ path: p.path, message: p.message })),
    });
  const data = { ...fields, reviewer_id: principal.uuid, reviewer: principal.displayName, showInEventList: body.showInEventList === true };
  const descrip = typeof fields.notes === 'string' ? fields.notes : '';
  const orgId = principal.org.id;
  const id = await writeQueueFor(ctx.database).run(async (trx) => {
    const date = new Date().toISOString();
    const eventId =
      existing ??
      (await insertEvent(trx, {
        orgId,
        docId,
        parentId: null,
        type: 'review',
        subject: null,
        descrip,
        onBehalfOf: null,
        attachments: [],
        data,
        createdBy: principal.uuid,
        date,
      }));
    if (existing !== undefined) await updateEventDescrip(trx, orgId, existing, descrip, data, date);
    await appendAudit(trx, {
      orgId,
      docId,
      docType: type.type,
      action: existing === undefined ? 'review' : 'review-edit',
      actor: principal.uuid,
      changes: { review: { before: null, after: eventId } },
    });
    return eventId;
  });
  return getDocumentEvent(ctx, principal, docId, id);
}

export async function deleteReview(ctx: AppContext, principal: Principal, typeName: string, docId: number): Promise<void> {
  const { type } = await reviewTarget(ctx, principal, typeName, docId);
  const existing = await findOwnReview(ctx.database.db, principal.org.id, docId, principal.uuid);
  if (existing === undefined) throw notFound(NO_REVIEW);
  await writeQueueFor(ctx.database).run(async (trx) => {
    await deleteEventTree(trx, principal.org.id, existing);
    await appendAudit(trx, {
      orgId: principal.org.id,
      docId,
      docType: type.type,
      action: 'review-delete',
      actor: principal.uuid,
      changes: { review: { before: existing, after: null } },
    });
  });
}
