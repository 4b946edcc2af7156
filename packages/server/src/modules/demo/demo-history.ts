/**
 * Writes the demo's safety history (demo-history-data.ts) in bulk: a few hundred incidents and
 * their actions in one transaction, 500 rows per INSERT through the repository's bulk path, so a
 * first start stays quick (docs/product/reporting.md#overview). Each row is what the API would have
 * stored: its display id from the type's sequence, summary and description, and its workflow
 * state — closed for the older documents, the workflow's first stage for the recent ones. These
 * rows are history imported at once, so they get no timeline `create` events.
 */
import { builtinTypeByName, initialState, type DocumentSchema, type WorkflowState } from '@docket/shared';
import type { Transaction } from 'kysely';
import { AccessScope } from '../../platform/access/access-scope.ts';
import type { Database } from '../../platform/db/database.ts';
import { writeJson } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { formatDisplayId } from '../../platform/records/display-id.ts';
import { blankDocumentRow, insertDocumentRows, type NewDocumentRow } from '../../platform/records/documents.repository.ts';
import { initialWorkflowColumns } from '../workflow/workflow.repository.ts';
import { workflowOf } from '../workflow/workflow-facts.ts';
import type { SafetyHistory } from './demo-history-data.ts';

export interface HistoryPlaces {
  orgId: number;
  /** Site id and its region id, by site code. */
  sites: ReadonlyMap<string, { id: number; regionId: number }>;
  /** Who reports the incidents (the demo's administrator). */
  author: string;
  /** Whom actions are given to. */
  actionees: readonly string[];
}

function typeOrThrow(name: string): DocumentSchema {
  const type = builtinTypeByName(name);
  if (!type) throw new Error(`The built-in ${name} type is missing`);
  return type;
}

/** The workflow columns of a document created at `created` and closed at `closed` (if it is). */
function workflowColumnsOf(type: DocumentSchema, values: Record<string, unknown>, created: string, closed: string | undefined) {
  const workflow = workflowOf(type);
  if (!workflow) return {};
  const initial = initialState(workflow, { doc: values, openChildren: 0 }, new Date(created));
  const state: WorkflowState = closed
    ? {
        ...initial,
        status: type.workflow?.status_final ?? type.legacyWorkflow?.status_final ?? 'Closed',
        stage: null,
        closed: true,
        closed_date: closed,
        status_date: closed,
        due_date: null,
      }
    : initial;
  return initialWorkflowColumns(state);
}

async function nextSequence(trx: Transaction<Tables>, orgId: number, docType: string): Promise<number> {
  const row = await trx
    .selectFrom('document_sequences')
    .select('last_seq')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .executeTakeFirst();
  return Number(row?.last_seq ?? 0);
}

async function storeSequence(trx: Transaction<Tables>, orgId: number, docType: string, seq: number): Promise<void> {
  await trx
    .insertInto('document_sequences')
    .values({ org_id: orgId, doc_type: docType, last_seq: seq })
    .onConflict((oc) => oc.columns(['org_id', 'doc_type']).doUpdateSet({ last_seq: seq }))
    .execute();
}

function rowOf(
  type: DocumentSchema,
  seq: number,
  places: HistoryPlaces,
  site: { id: number; regionId: number },
  fields: { summary: string; descrip: string; created: string; closed?: string | undefined; parentId?: number },
  data: Record<string, unknown>,
): NewDocumentRow {
  const values = {
    ...data,
    summary: fields.summary,
    descrip: fields.descrip,
    site_id: site.id,
    region_id: site.regionId,
    created_date: fields.created,
  };
  return {
    ...blankDocumentRow(places.orgId, type.type, places.author, fields.created),
    display_id: formatDisplayId(type.idMask, type.type, seq, new Date(fields.created)),
    summary: fields.summary,
    descrip: fields.descrip,
    parent_id: fields.parentId ?? null,
    site_id: site.id,
    region_id: site.regionId,
    updated_date: fields.closed ?? fields.created,
    data: writeJson(data),
    ...workflowColumnsOf(type, values, fields.created, fields.closed),
  };
}

/** Inserts the history's incidents, then their actions as children; answers how many of each. */
export async function writeSafetyHistory(
  database: Database,
  history: SafetyHistory,
  places: HistoryPlaces,
): Promise<{ incidents: number; actions: number }> {
  const incidentType = typeOrThrow('incident');
  const actionType = typeOrThrow('action');
  const scope = AccessScope.system(places.orgId, 'create', 'demo safety history');
  const siteOf = (code: string) => {
    const site = places.sites.get(code);
    if (!site) throw new Error(`The demo site ${code} is missing`);
    return site;
  };
  return database.db.transaction().execute(async (trx) => {
    let incidentSeq = await nextSequence(trx, places.orgId, 'incident');
    const incidentRows = history.incidents.map((incident) => {
      incidentSeq += 1;
      const data: Record<string, unknown> = {
        incident_date: incident.incident_date,
        category: incident.category,
        severity: incident.severity,
        priority: incident.priority,
        reporter_id: places.author,
        lost_time: incident.lost_time,
        recordable: incident.recordable,
      };
      if (incident.lost_days !== undefined) data.lost_days = incident.lost_days;
      return rowOf(
        incidentType,
        incidentSeq,
        places,
        siteOf(incident.site),
        { summary: incident.summary, descrip: incident.descrip, created: incident.created_date, closed: incident.closed_date },
        data,
      );
    });
    await insertDocumentRows(trx, scope, incidentRows);
    await storeSequence(trx, places.orgId, 'incident', incidentSeq);

    // The incidents' ids, by display id, for their actions' parent links.
    const inserted = await trx
      .selectFrom('documents')
      .select(['id', 'display_id'])
      .where('org_id', '=', places.orgId)
      .where('doc_type', '=', 'incident')
      .where('display_id', 'in', incidentRows.length > 0 ? incidentRows.map((row) => row.display_id) : [''])
      .execute();
    const idOf = new Map(inserted.map((row) => [row.display_id, Number(row.id)]));

    let actionSeq = await nextSequence(trx, places.orgId, 'action');
    const actionRows: NewDocumentRow[] = [];
    history.incidents.forEach((incident, index) => {
      const parentId = idOf.get(incidentRows[index]!.display_id);
      for (const action of incident.actions) {
        actionSeq += 1;
        const data: Record<string, unknown> = {
          due_date: action.due_date,
          actionee_ids: [places.actionees[action.actionee % places.actionees.length]!],
          priority: action.priority,
        };
        if (action.completed_date) data.completed_date = action.completed_date;
        actionRows.push(
          rowOf(
            actionType,
            actionSeq,
            places,
            siteOf(incident.site),
            {
              summary: action.summary,
              descrip: action.descrip,
              created: action.created_date,
              closed: action.closed_date,
              ...(parentId ? { parentId } : {}),
            },
            data,
          ),
        );
      }
    });
    await insertDocumentRows(trx, scope, actionRows);
    await storeSequence(trx, places.orgId, 'action', actionSeq);
    return { incidents: incidentRows.length, actions: actionRows.length };
  });
}
