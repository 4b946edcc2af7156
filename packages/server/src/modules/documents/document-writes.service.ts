/**
 * Create, update and delete of documents. Each write: authorize, validate against the type's
 * JSON Schema (Ajv from packages/shared, the same code as the web forms) and the type's hooks,
 * then one transaction through the write queue (group commit) holding the row, its display id,
 * its audit row and the hooks' own writes. The answer is sent only after that commit. Server
 * fields (ids, organisation, meta, labels, access, audit fields, `__proto__`) never come from a body.
 */
import {
  applyFormDefaults,
  compileDocumentValidator,
  describeProblems,
  normaliseDateTimes,
  type DocumentAnswer,
  type DocumentSchema,
  type FormDefinition,
  type ValidationProblem,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { filterContextOf, type Principal } from '../../platform/access/principal.ts';
import { CANNOT_CREATE, CANNOT_EDIT, mayCreateAt, rowAllows } from '../../platform/access/authorize.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import type { AccessScope } from '../../platform/access/access-scope.ts';
import type { Tables } from '../../platform/db/tables.ts';
import type { Transaction } from 'kysely';
import {
  flatValues,
  parsedData,
  splitBody,
  validationView,
  type DocumentWrite,
  type RowWithAuthor,
} from '../../platform/records/document-shape.ts';
import { formatDisplayId, nextSequence } from '../../platform/records/display-id.ts';
import {
  blankDocumentRow,
  deleteDocumentTree,
  findDocument,
  insertDocument,
  linkRaisedChildren,
  updateDocumentRow,
  type NewDocumentRow,
} from '../../platform/records/documents.repository.ts';
import { appendAudit, diffFields } from '../../platform/records/audit.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { answerFor } from './document-answers.ts';
import { logDocumentWrite } from './administration-log.ts';
import { derivedTexts } from './derived-text.ts';
import { resolveLocationOrThrow } from './location.ts';
import { checkParentOrThrow } from './parent-link.ts';
import { hooksOf, type HookContext, type WriteEvent } from './type-hooks.ts';
import { DOCUMENT_NOT_FOUND, readScope, scopeOrThrow } from './read-scope.ts';
import { documentForOrThrow } from './readable-document.ts';
import { checkModuleOrThrow, checkPeopleOrThrow, checkZoneOrThrow } from './document-references.ts';
import { checkLookupReferencesOrThrow } from './lookup-references.ts';
import { editConflict, versionReadOrThrow } from './edit-conflict.ts';

function formOrThrow(type: DocumentSchema): FormDefinition {
  if (!type.form) throw new HttpError('bad_request', `No form schema found for ${type.type}`);
  return type.form;
}

function problemsOrThrow(problems: ValidationProblem[]): void {
  if (problems.length === 0) return;
  throw new HttpError('validation_failed', describeProblems(problems), {
    details: problems.map((p) => ({ path: p.path, message: p.message })),
  });
}

const ID_COLUMNS = ['parent_id', 'site_id', 'region_id', 'zone_id', 'module_id'] as const;
/** 0 is "none" in some clients' pickers; it then finds no site, region, zone or module and says so. */
const LOWEST_ID = 0;

/**
 * The id columns a body sets are whole numbers or nothing: a string, a fraction or a number
 * past JSON's range (`1e400` parses as Infinity) would otherwise be stored as "none", clearing
 * the document's site or parent without a word. An empty text is nothing, as a cleared picker sends it.
 */
function idColumnProblems(write: DocumentWrite): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  for (const key of ID_COLUMNS) {
    const value = write.columns[key];
    if (value === null || value === undefined || value === '') continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      problems.push({ path: key, message: 'must be integer', keyword: 'type', params: { type: 'integer' } });
    } else if (value < LOWEST_ID) {
      const params = { comparison: '>=', limit: LOWEST_ID };
      problems.push({ path: key, message: `must be >= ${LOWEST_ID}`, keyword: 'minimum', params });
    }
  }
  return problems;
}

/** Validates the flat view of a write; Ajv's defaults are carried back into data and columns. */
function validatedWrite(type: DocumentSchema, form: FormDefinition, write: DocumentWrite): DocumentWrite {
  problemsOrThrow(idColumnProblems(write));
  const view = validationView(write);
  const outcome = compileDocumentValidator(form.schema)(view);
  problemsOrThrow(outcome.problems);
  // Stored date-times are UTC text, so they compare with filter and month bounds as instants.
  const result = splitBody(normaliseDateTimes(form.schema, view) as Record<string, unknown>, type);
  return { columns: { ...write.columns, ...result.columns }, data: result.data };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The writable part of a stored row, in the shape of `validationView` (for audit diffs). */
function writableValues(row: RowWithAuthor): Record<string, unknown> {
  const values: Record<string, unknown> = { ...parsedData(row), summary: row.summary, descrip: row.descrip };
  for (const key of ['parent_id', 'site_id', 'region_id', 'zone_id', 'module_id'] as const) if (row[key] !== null) values[key] = row[key];
  return values;
}

async function afterCommit(hook: HookContext, event: WriteEvent): Promise<void> {
  const run = hooksOf(hook.type.type).afterCommit;
  if (!run) return;
  try {
    await run(hook, event);
  } catch (error) {
    await writeLog(hook.ctx.database, {
      orgId: hook.principal.org.id,
      type: 2,
      subject: `After ${event.action} of ${hook.type.type}`,
      summary: String(error),
    }).catch(() => undefined);
  }
}

/** A new document checked and ready to insert: validated, authorised where it is, its texts derived. */
export interface PreparedCreate {
  hook: HookContext;
  scope: AccessScope<'create'>;
  row: NewDocumentRow;
  values: Record<string, unknown>;
  location: { site_id: number | null; region_id: number | null };
}

/**
 * Everything a create checks before its transaction. `parentInSameWrite` is for a child raised by
 * its parent's write (docs/product/workflow-and-timeline.md#tracked-actions): the parent is the
 * document being written, so its link is set at the insert rather than checked here.
 */
export async function prepareCreate(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  body: Record<string, unknown>,
  now: Date,
  parentInSameWrite = false,
): Promise<PreparedCreate> {
  const scope = scopeOrThrow(principal, type, 'create');
  const form = formOrThrow(type);
  const hook: HookContext = { ctx, principal, type };
  const hooks = hooksOf(type.type);
  const writable = (await hooks.writableBody?.(hook, body, null)) ?? body;
  const prepared = hooks.prepareBody ? await hooks.prepareBody(hook, writable, null) : writable;
  const withDefaults = applyFormDefaults(form.defaults, validationView(splitBody(prepared, type)), { ...filterContextOf(principal), now });
  const write = validatedWrite(type, form, splitBody(withDefaults, type));
  const values = validationView(write);
  problemsOrThrow((await hooks.validate?.(hook, values, null)) ?? []);
  const location = await resolveLocationOrThrow(ctx.database.db, scope.orgId, {
    site_id: numberOrNull(write.columns.site_id),
    region_id: numberOrNull(write.columns.region_id),
  });
  if (!mayCreateAt(principal, type, location)) throw new HttpError('forbidden', CANNOT_CREATE);
  await checkReferencesOrThrow(ctx, principal, type, write, { location, before: null });
  const parentId = numberOrNull(write.columns.parent_id);
  if (!parentInSameWrite) await checkParentOrThrow(ctx, principal, parentId, { id: null, type: type.type });
  const texts = await derivedTexts(ctx, principal, type, values);
  const stamp = now.toISOString();
  const row: NewDocumentRow = {
    ...blankDocumentRow(scope.orgId, type.type, principal.uuid, stamp),
    ...texts,
    parent_id: parentId,
    ...location,
    zone_id: numberOrNull(write.columns.zone_id),
    module_id: numberOrNull(write.columns.module_id),
    data: writeJson(write.data),
  };
  return { hook, scope, row, values, location };
}

/** Inside a write's transaction: the display id, the type's columns, the row, its audit row and the hooks' writes. */
export async function insertPrepared(trx: Transaction<Tables>, prepared: PreparedCreate, now: Date): Promise<number> {
  const { hook, scope, row, values } = prepared;
  const { type } = hook;
  const hooks = hooksOf(type.type);
  const seq = await nextSequence(trx, scope.orgId, type.type);
  row.display_id = formatDisplayId(type.idMask, type.type, seq, now);
  Object.assign(row, hooks.prepareCreate?.(hook, row, now));
  const newId = await insertDocument(trx, scope, row);
  await appendAudit(trx, {
    orgId: scope.orgId,
    docId: newId,
    docType: type.type,
    action: 'create',
    actor: hook.principal.uuid,
    changes: diffFields({}, values),
  });
  await hooks.afterWrite?.(hook, trx, { action: 'create', id: newId, values, created: row });
  return newId;
}

/** After the commit of a create: the hooks' after-commit work and the administration log. */
export async function afterCreateCommitted(prepared: PreparedCreate, id: number): Promise<void> {
  const { hook, row, values } = prepared;
  await afterCommit(hook, { action: 'create', id, values, created: row });
  await logDocumentWrite(hook.ctx, hook.principal, hook.type, { action: 'create', id, displayId: row.display_id, values });
}

export async function createDocument(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  body: Record<string, unknown>,
): Promise<DocumentAnswer> {
  const now = new Date();
  const prepared = await prepareCreate(ctx, principal, type, body, now);
  const { hook, scope, row } = prepared;
  const plan = (await hooksOf(type.type).planChildren?.(hook, prepared.values, prepared.location)) ?? null;
  const id = await writeQueueFor(ctx.database).run(async (trx) => {
    const newId = await insertPrepared(trx, prepared, now);
    if (plan) {
      const linked = await plan.create(trx, newId, readJson<Record<string, unknown>>(row.data, {}));
      const data = writeJson(linked);
      row.data = data;
      await linkRaisedChildren(ctx.database, trx, { created: scope }, newId, data);
    }
    return newId;
  });
  await afterCreateCommitted(prepared, id);
  await plan?.afterCommit();
  // The row as inserted is the stored row: nothing else in the transaction changes a new document.
  return answerFor(ctx, principal, type, { ...row, id, created_by_name: principal.displayName, version: 1, workflow_version: 0 });
}

/**
 * Replaces a document's fields. The edit names the version it was made from (edit-conflict.ts);
 * the UPDATE holds that version and the update scope's row filter, so of two edits from the same
 * read exactly one is stored and the other answers 409 with the document as it is now.
 */
export async function updateDocument(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  id: number,
  body: Record<string, unknown>,
  ifMatch?: string,
): Promise<DocumentAnswer> {
  const { row: existing, scope: part } = await documentForOrThrow(ctx, principal, type, id, 'update');
  const expectedVersion = versionReadOrThrow(body, ifMatch);
  if (expectedVersion !== Number(existing.version)) throw await staleEdit(ctx, principal, type, existing);
  const form = formOrThrow(type);
  const hook: HookContext = { ctx, principal, type };
  const hooks = hooksOf(type.type);
  const before = writableValues(existing);
  const writable = (await hooks.writableBody?.(hook, body, { id, values: before })) ?? body;
  const prepared = hooks.prepareBody ? await hooks.prepareBody(hook, writable, { id, values: before }) : writable;
  const write = validatedWrite(type, form, splitBody(prepared, type));
  const values = validationView(write);
  problemsOrThrow((await hooks.validate?.(hook, values, { id, values: before })) ?? []);
  const orgId = part.scope.orgId;
  const location = await resolveLocationOrThrow(ctx.database.db, orgId, {
    site_id: numberOrNull(write.columns.site_id),
    region_id: numberOrNull(write.columns.region_id),
  });
  // Moving a document needs edit rights where it lands as well as where it was.
  if (
    !rowAllows(principal, type, 'update', {
      ...flatValues(existing),
      ...values,
      created_by: existing.created_by,
      ref: existing.ref,
      ...location,
    })
  )
    throw new HttpError('forbidden', CANNOT_EDIT);
  await checkReferencesOrThrow(ctx, principal, type, write, { location, before });
  const parentId = numberOrNull(write.columns.parent_id);
  if (parentId !== existing.parent_id) await checkParentOrThrow(ctx, principal, parentId, { id, type: type.type });
  const texts = await derivedTexts(ctx, principal, type, values);
  const plan = (await hooks.planChildren?.(hook, values, location)) ?? null;
  const applied = await writeQueueFor(ctx.database).run(async (trx) => {
    const updated = await updateDocumentRow(ctx.database, trx, part, id, expectedVersion, {
      ...texts,
      parent_id: parentId,
      ...location,
      zone_id: numberOrNull(write.columns.zone_id),
      module_id: numberOrNull(write.columns.module_id),
      updated_by: principal.uuid,
      updated_date: new Date().toISOString(),
      data: writeJson(write.data),
    });
    if (!updated) return false;
    if (plan) await linkRaisedChildren(ctx.database, trx, { edited: part }, id, writeJson(await plan.create(trx, id, write.data)));
    await appendAudit(trx, {
      orgId,
      docId: id,
      docType: type.type,
      action: 'update',
      actor: principal.uuid,
      changes: diffFields(before, values),
    });
    await hooksOf(type.type).afterWrite?.(hook, trx, { action: 'update', id, values });
    return true;
  });
  if (!applied) {
    // Nothing written: the version moved meanwhile, or the row left the caller's update scope.
    const current = await findDocument(ctx.database, ctx.database.db, readScope(principal, type), id, principal.uuid);
    if (!current) throw notFound(DOCUMENT_NOT_FOUND);
    if (Number(current.version) !== expectedVersion) throw await staleEdit(ctx, principal, type, current);
    throw new HttpError('forbidden', CANNOT_EDIT);
  }
  await afterCommit(hook, { action: 'update', id, values });
  await plan?.afterCommit();
  await logDocumentWrite(ctx, principal, type, { action: 'update', id, displayId: existing.display_id, values });
  const updated = await findDocument(ctx.database, ctx.database.db, readScope(principal, type), id, principal.uuid);
  if (!updated) throw notFound(DOCUMENT_NOT_FOUND);
  return answerFor(ctx, principal, type, updated);
}

function staleEdit(ctx: AppContext, principal: Principal, type: DocumentSchema, current: RowWithAuthor) {
  return editConflict(ctx, principal, current, (row) => answerFor(ctx, principal, type, row));
}

/**
 * The zone, module, person and lookup fields of a write name records of the document's
 * organisation (and site, for a zone) that the writer may read; `before` is the stored document
 * on an update, whose references are not checked again (lookup-references.ts).
 */
async function checkReferencesOrThrow(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  write: DocumentWrite,
  at: { location: { site_id: number | null }; before: Record<string, unknown> | null },
): Promise<void> {
  const orgId = principal.org.id;
  const values = validationView(write);
  await checkZoneOrThrow(ctx.database.db, orgId, numberOrNull(write.columns.zone_id), at.location.site_id);
  await checkModuleOrThrow(ctx.database.db, orgId, numberOrNull(write.columns.module_id));
  await checkPeopleOrThrow(ctx.database.db, orgId, type, values);
  // A located document's region is its site's (location.ts): the body's region_id is not stored.
  const named = at.location.site_id === null ? values : { ...values, region_id: undefined };
  await checkLookupReferencesOrThrow(ctx, principal, type, named, at.before);
}

/** Deletes a document with its child documents and all their events, in one transaction. */
export async function deleteDocument(ctx: AppContext, principal: Principal, type: DocumentSchema, id: number): Promise<void> {
  const { row: existing, scope: part } = await documentForOrThrow(ctx, principal, type, id, 'delete');
  const hook: HookContext = { ctx, principal, type };
  const values = writableValues(existing);
  await hooksOf(type.type).beforeDelete?.(hook, { id, values });
  await writeQueueFor(ctx.database).run(async (trx) => {
    const tree = await deleteDocumentTree(ctx.database, trx, part, id);
    // Allowed a moment ago (documentForOrThrow): nothing deleted means another request deleted it first.
    if (tree.length === 0) throw notFound(DOCUMENT_NOT_FOUND);
    for (const doc of tree) {
      await appendAudit(trx, {
        orgId: part.scope.orgId,
        docId: doc.id,
        docType: doc.doc_type,
        action: 'delete',
        actor: principal.uuid,
        changes: {},
      });
    }
    await hooksOf(type.type).afterWrite?.(hook, trx, { action: 'delete', id, values });
    return tree;
  });
  await afterCommit(hook, { action: 'delete', id, values });
  await logDocumentWrite(ctx, principal, type, { action: 'delete', id, displayId: existing.display_id, values });
}
