/**
 * The generic document operations (GUIDE habit 3): one exported function per operation, called
 * by routes, jobs, workflow steps and tests alike. Each asks `authorize()` first and hands the
 * resulting AccessScope to the repository; each write is one transaction with its audit row.
 */
import {
  compileDocumentValidator,
  describeProblems,
  fieldCatalogOf,
  type DocumentAnswer,
  type DocumentSchema,
  type FilterNode,
  type ListAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize, documentAccess, type DocumentAction } from '../../platform/access/authorize.ts';
import type { AccessScope } from '../../platform/access/access-scope.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import { splitBody, toAnswer, validationView, type DocumentWrite, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { formatDisplayId, nextSequence } from '../../platform/records/display-id.ts';
import {
  deleteDocumentTree,
  findDocument,
  insertDocument,
  listDocuments,
  updateDocumentRow,
  type OrderTerm,
} from '../../platform/records/documents.repository.ts';
import { appendAudit, diffFields } from '../../platform/records/audit.ts';

export interface ListOptions {
  filter: FilterNode | null;
  order: OrderTerm[];
  start: number;
  count: number;
}

function scopeOrThrow(principal: Principal, type: DocumentSchema, action: DocumentAction): AccessScope {
  const decision = authorize(principal, type, action);
  if (!decision.allowed) throw new HttpError('forbidden', decision.reason);
  return decision.scope;
}

function catalogFor(principal: Principal, type: DocumentSchema) {
  return fieldCatalogOf(type, { canSeeProtected: documentAccessForType(principal, type) });
}

/** Protected columns are visible to those who may edit the type (issue 3 completes this per row). */
function documentAccessForType(principal: Principal, type: DocumentSchema): boolean {
  return authorize(principal, type, 'update').allowed;
}

function answer(principal: Principal, type: DocumentSchema, row: RowWithAuthor): DocumentAnswer {
  return toAnswer(row, documentAccess(principal, type, row));
}

export async function listTypeDocuments(ctx: AppContext, principal: Principal, type: DocumentSchema, options: ListOptions): Promise<ListAnswer<DocumentAnswer>> {
  const scope = scopeOrThrow(principal, type, 'read');
  const result = await listDocuments(ctx.database, scope, {
    docType: type.type,
    filter: options.filter,
    catalog: catalogFor(principal, type),
    order: options.order,
    start: options.start,
    count: options.count,
    userId: principal.uuid,
  });
  return { dataAr: result.rows.map((row) => answer(principal, type, row)), total: result.total };
}

export async function getDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, id: number): Promise<DocumentAnswer> {
  const scope = scopeOrThrow(principal, type, 'read');
  const row = await findDocument(ctx.database, ctx.database.db, scope, type.type, id, catalogFor(principal, type), principal.uuid);
  if (!row) throw notFound('No document with that reference can be found.');
  return answer(principal, type, row);
}

export async function createDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, body: Record<string, unknown>): Promise<DocumentAnswer> {
  const scope = scopeOrThrow(principal, type, 'create');
  const write = validatedWrite(type, splitBody(body));
  const now = nowIso();
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const seq = await nextSequence(trx, scope.orgId, type.type);
    const newId = await insertDocument(trx, scope, {
      org_id: scope.orgId,
      doc_type: type.type,
      display_id: formatDisplayId(type.idMask, type.type, seq),
      status: '',
      summary: String(write.columns.summary ?? ''),
      descrip: String(write.columns.descrip ?? ''),
      parent_id: numberOrNull(write.columns.parent_id),
      site_id: numberOrNull(write.columns.site_id),
      region_id: numberOrNull(write.columns.region_id),
      zone_id: numberOrNull(write.columns.zone_id),
      module_id: numberOrNull(write.columns.module_id),
      ref: null,
      created_by: principal.uuid,
      created_date: now,
      updated_by: principal.uuid,
      updated_date: now,
      closed: 0,
      closed_date: null,
      due_date: null,
      status_date: null,
      workflow: null,
      attachments: writeJson([]),
      data: writeJson(write.data),
    });
    await appendAudit(trx, { orgId: scope.orgId, docId: newId, docType: type.type, action: 'create', actor: principal.uuid, changes: diffFields({}, validationView(write)) });
    return newId;
  });
  return getDocument(ctx, principal, type, id);
}

export async function updateDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, id: number, body: Record<string, unknown>): Promise<DocumentAnswer> {
  const readScope = scopeOrThrow(principal, type, 'read');
  const existing = await findDocument(ctx.database, ctx.database.db, readScope, type.type, id, catalogFor(principal, type), principal.uuid);
  if (!existing) throw notFound('No document with that reference can be found.');
  if (!documentAccess(principal, type, existing).editor) throw new HttpError('forbidden', 'You do not have sufficient access rights to edit this document.');
  const before = answer(principal, type, existing);
  const write = validatedWrite(type, splitBody(body));
  const after = validationView(write);
  await ctx.database.db.transaction().execute(async (trx) => {
    await updateDocumentRow(trx, readScope, id, {
      summary: String(write.columns.summary ?? ''),
      descrip: String(write.columns.descrip ?? ''),
      parent_id: numberOrNull(write.columns.parent_id),
      site_id: numberOrNull(write.columns.site_id),
      region_id: numberOrNull(write.columns.region_id),
      zone_id: numberOrNull(write.columns.zone_id),
      module_id: numberOrNull(write.columns.module_id),
      updated_by: principal.uuid,
      updated_date: nowIso(),
      data: writeJson(write.data),
    });
    await appendAudit(trx, { orgId: readScope.orgId, docId: id, docType: type.type, action: 'update', actor: principal.uuid, changes: diffFields(before, after) });
  });
  return getDocument(ctx, principal, type, id);
}

export async function deleteDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, id: number): Promise<void> {
  const readScope = scopeOrThrow(principal, type, 'read');
  const existing = await findDocument(ctx.database, ctx.database.db, readScope, type.type, id, catalogFor(principal, type), principal.uuid);
  if (!existing) throw notFound('No document with that reference can be found.');
  if (!documentAccess(principal, type, existing).delete) throw new HttpError('forbidden', 'You do not have access to delete this document!');
  await ctx.database.db.transaction().execute(async (trx) => {
    const removed = await deleteDocumentTree(trx, readScope, id);
    for (const docId of removed) {
      await appendAudit(trx, { orgId: readScope.orgId, docId, docType: docId === id ? type.type : 'child', action: 'delete', actor: principal.uuid, changes: {} });
    }
  });
}

function validatedWrite(type: DocumentSchema, write: DocumentWrite): DocumentWrite {
  if (!type.form) throw new HttpError('bad_request', `No form schema found for ${type.type}`);
  const view = validationView(write);
  const outcome = compileDocumentValidator(type.form.schema)(view);
  if (!outcome.valid) {
    throw new HttpError('validation_failed', describeProblems(outcome.problems), {
      details: outcome.problems.map((p) => ({ path: p.path, message: p.message })),
    });
  }
  // Ajv applied defaults to the view; carry them back into data and columns.
  const result = splitBody(view);
  return { columns: { ...write.columns, ...result.columns }, data: result.data };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
