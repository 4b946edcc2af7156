/**
 * The caller's todo (`GET /v2/identity/me/todo`, docs/product/workflow-and-timeline.md#todo): open documents assigned to them
 * (actionees), approvals and completions waiting for them (the workflow engine's offers, without
 * the administrator override, so administrators see what is theirs rather than everything),
 * overdue documents among those and their own, and recent activity. The candidates are, among the
 * open documents of workflow types the caller may read, every one assigned to them (by the
 * `document_assignees` index, however long unchanged; the 300 newest), their own already due (by
 * `documents_own_open_due`, however long unchanged; the 300 due earliest), those waiting at an
 * approval stage of their type (by type and status, however long unchanged; the 300 most recently
 * changed) and the 300 most recently changed of all (where completions and submissions waiting for
 * them are found). Who may act is the workflow's rule, not a stored field: the engine decides it
 * for each candidate. Approvals come before completions in 'Waiting for my approval', so the
 * drafts a manager may also complete never push an approval off its 50 items.
 * Each item names its type by the organisation's registry (stored schemas override built-in
 * ones), translated into `lang`: members who are not administrators cannot read `$$schema`
 * documents, so the browser could not find an overridden type's title itself.
 */
import {
  isOverdue,
  offeredActions,
  typeTitleOf,
  type CompiledWorkflow,
  type DocumentSchema,
  type TodoAnswer,
  type TodoItem,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { readJson } from '../../platform/db/json.ts';
import type { RowWithAuthor } from '../../platform/records/document-shape.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { readableParts, recentEvents } from '../events/events.service.ts';
import { actorFacts, documentFactsOf, storedState, workflowOf } from '../workflow/workflow-facts.ts';
import {
  assignedOpenRows,
  awaitingApprovalRows,
  lastChangedFirst,
  openWorkflowRows,
  ownOverdueRows,
  type ApprovalScope,
} from './todo.repository.ts';

const CANDIDATES = 300;
const LIST_MAX = 50;

function item(row: RowWithAuthor, type: DocumentSchema, lang: string | undefined, overdue: boolean): TodoItem {
  return {
    id: Number(row.id),
    doc_type: row.doc_type,
    type_title: typeTitleOf(type, lang),
    display_id: row.display_id,
    summary: row.summary,
    status: row.status,
    due_date: row.due_date,
    overdue,
  };
}

/** The statuses of a workflow's approval stages (where an approve offer can be made to anyone). */
function approvalStatuses(workflow: CompiledWorkflow): string[] {
  return [...new Set(workflow.stages.filter((stage) => stage.kind === 'approve').map((stage) => stage.status))];
}

/** The candidate sets as one, each document once, most recently changed first. */
function candidatesOf(...sets: RowWithAuthor[][]): RowWithAuthor[] {
  const byId = new Map<number, RowWithAuthor>();
  for (const row of sets.flat()) byId.set(Number(row.id), row);
  return [...byId.values()].sort(lastChangedFirst);
}

export async function todoFor(ctx: AppContext, principal: Principal, lang?: string): Promise<TodoAnswer> {
  const now = new Date();
  const registry = typeRegistryFor(ctx.database);
  const parts = (await readableParts(ctx, principal)).filter((part) => part.docType !== '$$schema');
  const workflowParts: ApprovalScope[] = [];
  for (const part of parts) {
    const type = await registry.get(principal.org.id, part.docType);
    const workflow = type ? workflowOf(type) : null;
    if (workflow) workflowParts.push({ ...part, statuses: approvalStatuses(workflow) });
  }
  // Side by side: on PostgreSQL each on a connection of the pool, on the embedded database queued
  // on the reader threads without a round trip through the event loop between them.
  const rows = candidatesOf(
    ...(await Promise.all(
      [assignedOpenRows, awaitingApprovalRows, openWorkflowRows, ownOverdueRows].map((candidates) =>
        candidates(ctx.database, principal.org.id, workflowParts, principal.uuid, CANDIDATES),
      ),
    )),
  );
  const open: TodoItem[] = [];
  const approvals: TodoItem[] = [];
  const completions: TodoItem[] = [];
  const overdue: TodoItem[] = [];
  // Read on a reader connection, every candidate's open children in one statement.
  const factsOfRows = await documentFactsOf(ctx.database.reader, principal.org.id, rows);
  for (const [index, row] of rows.entries()) {
    const type = await registry.get(principal.org.id, row.doc_type);
    const workflow = type ? workflowOf(type) : null;
    if (!type || !workflow) continue;
    const facts = factsOfRows[index]!;
    const state = storedState(workflow, row, facts, now);
    const late = isOverdue({ closed: row.closed === 1, due_date: row.due_date ?? state.due_date }, now);
    const assigned = readJson<unknown[]>(facts.doc.actionee_ids, []).includes(principal.uuid);
    const actor = { ...actorFacts(principal, type), isAdministrator: false };
    const offers = offeredActions(workflow, state, facts, actor, now);
    const approving = offers.some((o) => o.type === 'approve');
    const waiting = approving || offers.some((o) => o.type === 'submit');
    const entry = item(row, type, lang, late);
    if (assigned) open.push(entry);
    if (approving) approvals.push(entry);
    else if (waiting) completions.push(entry);
    if (late && (assigned || waiting || row.created_by === principal.uuid)) overdue.push(entry);
  }
  const recent = await recentEvents(ctx, principal, { start: 0, count: 10, types: null });
  return {
    open: open.slice(0, LIST_MAX),
    overdue: overdue.slice(0, LIST_MAX),
    approvals: [...approvals, ...completions].slice(0, LIST_MAX),
    recent,
  };
}
