/**
 * Incident rows written straight to the documents table, for tests that need more rows than the
 * API could create in reasonable time (list pages, plans, capped totals): every column a row has,
 * with the values such tests vary passed in and the rest as a new, open incident has them.
 */
import type { Kysely } from 'kysely';
import { writeJson } from '../platform/db/json.ts';
import type { Tables } from '../platform/db/tables.ts';
import { blankDocumentRow, type NewDocumentRow } from '../platform/records/documents.repository.ts';

const INCIDENT_CATEGORIES = ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'];

export interface IncidentRowValues {
  orgId: number;
  /** The row's number: the display id, summary, status, site and data follow from it. */
  index: number;
  /** Display id prefix and summary wording, so two tests' rows tell apart (`INC-{prefix}{index}`). */
  prefix: string;
  summaryPrefix: string;
  author: string;
  /** Created, updated and incident date. */
  date: string;
  /** Extra fields of the incident's data (beside category, priority and incident_date). */
  data?: Record<string, unknown>;
}

export function incidentRow(values: IncidentRowValues): NewDocumentRow {
  const { orgId, index, author, date } = values;
  return {
    ...blankDocumentRow(orgId, 'incident', author, date),
    display_id: `INC-${values.prefix}${index}`,
    status: index % 3 === 0 ? 'Closed' : 'Pending Approval',
    summary: `${values.summaryPrefix} ${index}`,
    descrip: 'x',
    site_id: 1 + (index % 7),
    data: writeJson({
      category: INCIDENT_CATEGORIES[index % INCIDENT_CATEGORIES.length],
      priority: 1 + (index % 5),
      incident_date: date,
      ...values.data,
    }),
  };
}

/** The demo organisation's id and its administrator's uuid: whose rows such tests write. */
export async function demoOrgAndAuthor(db: Kysely<Tables>): Promise<{ orgId: number; author: string }> {
  const org = await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow();
  const author = await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
  return { orgId: org.id, author: author.uuid };
}
