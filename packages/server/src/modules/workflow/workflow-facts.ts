/** What the pure engine needs, read from a principal and a stored row. */
import {
  compileWorkflow,
  stateOrInitial,
  type ActorFacts,
  type CompiledWorkflow,
  type DocumentFacts,
  type DocumentSchema,
  type WorkflowState,
} from '@docket/shared';
import type { Kysely, Transaction } from 'kysely';
import { isAdministrator, type Principal } from '../../platform/access/principal.ts';
import { grantAppliesTo } from '../../platform/access/grant-rules.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { readJson } from '../../platform/db/json.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import type { DocumentRow } from '../../platform/db/tables.ts';
import { openChildCount, openChildCounts } from './workflow.repository.ts';

const compiled = new WeakMap<DocumentSchema, CompiledWorkflow | null>();

/** The type's compiled workflow (cached per definition object). */
export function workflowOf(type: DocumentSchema): CompiledWorkflow | null {
  if (!compiled.has(type)) compiled.set(type, compileWorkflow(type));
  return compiled.get(type) ?? null;
}

export function actorFacts(principal: Principal, type: DocumentSchema): ActorFacts {
  return {
    uuid: principal.uuid,
    isAdministrator: isAdministrator(principal),
    grants: principal.grants.filter((g) => grantAppliesTo(g, type)),
  };
}

export async function documentFacts(executor: Kysely<Tables> | Transaction<Tables>, row: DocumentRow): Promise<DocumentFacts> {
  return { doc: flatValues(row), openChildren: await openChildCount(executor, row.org_id, Number(row.id)) };
}

/** `documentFacts` of many rows of one organisation, their open children counted in one statement. */
export async function documentFactsOf(
  executor: Kysely<Tables> | Transaction<Tables>,
  orgId: number,
  rows: readonly DocumentRow[],
): Promise<DocumentFacts[]> {
  const children = await openChildCounts(
    executor,
    orgId,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({ doc: flatValues(row), openChildren: children.get(Number(row.id)) ?? 0 }));
}

export function storedState(workflow: CompiledWorkflow, row: DocumentRow, facts: DocumentFacts, now: Date): WorkflowState {
  return stateOrInitial(workflow, readJson<WorkflowState | null>(row.workflow, null), facts, now);
}
