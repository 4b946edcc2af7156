/**
 * The workflow's own writes to a document row: only the workflow columns (status, closed,
 * closed_date, due_date, status_date, workflow, workflow_version), through a workflow scope whose
 * row filter is ANDed into the UPDATE like every document query. The UPDATE names the workflow
 * version the caller read, so of two users acting on the same step at once exactly one changes
 * the row. Each change also adds one to the document's `version` (an edit opened before it is stale).
 */
import { type Kysely, type Transaction } from 'kysely';
import type { WorkflowState } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import type { DocumentsTable, Tables } from '../../platform/db/tables.ts';
import { writeJson } from '../../platform/db/json.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';
import type { AccessScope } from '../../platform/access/access-scope.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export function workflowColumns(state: WorkflowState) {
  return {
    status: state.status,
    closed: state.closed ? 1 : 0,
    closed_date: state.closed_date,
    due_date: state.due_date,
    status_date: state.status_date,
    workflow: writeJson(state),
    workflow_version: state.version,
  };
}

/**
 * A new document's workflow columns, inserted with its row. `workflow_version` keeps its column
 * default: an initial state is version 0.
 */
export function initialWorkflowColumns(state: WorkflowState): Partial<Omit<DocumentsTable, 'workflow_version'>> {
  const { workflow_version: _version, ...columns } = workflowColumns(state);
  return columns;
}

/** Applies `next` if the row still holds `expectedVersion` and the caller may still read it. */
export async function applyWorkflowState(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'workflow'>,
  id: number,
  expectedVersion: number,
  next: WorkflowState,
): Promise<boolean> {
  const result = await trx
    .updateTable('documents as d')
    .set((eb) => ({ ...workflowColumns(next), version: eb('d.version', '+', 1) }))
    .where('d.id', '=', id)
    .where('d.workflow_version', '=', expectedVersion)
    .where((eb) => eb.and(typeConditions(database, part, part.scope.principal?.uuid ?? '', null)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a state the system re-evaluated, inside the transaction of the write that caused it. */
export async function storeWorkflowState(
  trx: Transaction<Tables>,
  scope: AccessScope<'workflow'>,
  id: number,
  state: WorkflowState,
): Promise<void> {
  await trx
    .updateTable('documents')
    .set((eb) => ({ ...workflowColumns(state), version: eb('version', '+', 1) }))
    .where('org_id', '=', scope.orgId)
    .where('id', '=', id)
    .execute();
}

/** Child documents not yet closed (dependency blocks wait for them). */
export async function openChildCount(executor: Executor, orgId: number, id: number): Promise<number> {
  const row = await executor
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('parent_id', '=', id)
    .where('closed', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `openChildCount` of many documents in one statement (documents with none are absent). */
export async function openChildCounts(executor: Executor, orgId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('documents')
    .select((eb) => ['parent_id', eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('parent_id', 'in', ids)
    .where('closed', '=', 0)
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.parent_id), Number(row.n)]));
}
