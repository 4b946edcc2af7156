/**
 * Stored rows → the API's flat answers: data beside the promoted fields, `meta` (access from the
 * same rules as `authorize()`), `data_normalised` labels resolved for the whole page at once, and
 * protected fields removed where the caller may not edit the row (issue 3's redaction, applied to
 * the labels of those fields too).
 */
import type { DocumentAnswer, DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { documentAccess, rowAllows } from '../../platform/access/authorize.ts';
import { redactProtectedFields } from '../../platform/access/protected-fields.ts';
import { flatValues, parsedData, toAnswer, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { resolveLabels } from '../../platform/records/document-labels.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';

export interface TypedRow {
  type: DocumentSchema;
  row: RowWithAuthor;
}

export async function answersForTyped(ctx: AppContext, principal: Principal, items: readonly TypedRow[]): Promise<DocumentAnswer[]> {
  if (items.length === 0) return [];
  const registry = typeRegistryFor(ctx.database);
  const parsed = items.map(({ type, row }) => {
    const data = parsedData(row);
    return { type, row, data, values: flatValues(row, data) };
  });
  // Both read on the reader threads where there are some (sqlite-readers.ts), so side by side.
  const [labels, parents] = await Promise.all([
    resolveLabels(
      { database: ctx.database, orgId: principal.org.id, principal, typeOf: (name) => registry.get(principal.org.id, name) },
      parsed.map(({ type, values }) => ({ type, values })),
    ),
    readableParents(ctx, principal, items),
  ]);
  return parsed.map(({ type, row, data, values }, index) => {
    const normalised = { ...labels[index], created_by: row.created_by_name ?? '' };
    // Access rules may read data fields (a report data item's scope: platform/access/type-row-rules.ts).
    const answer = toAnswer(
      row,
      documentAccess(principal, type, { ...values, created_by: row.created_by, ref: row.ref }),
      normalised,
      data,
    );
    const parent = row.parent_id === null ? undefined : parents.get(Number(row.parent_id));
    if (parent) answer.meta.parent = { doc_id: Number(row.parent_id), ...parent };
    const redacted = redactProtectedFields(principal, type, answer);
    if (redacted === answer) return answer;
    // Fields the redaction removed lose their labels too.
    const kept = Object.fromEntries(Object.entries(normalised).filter(([field]) => !(field in answer) || field in redacted));
    return { ...redacted, data_normalised: kept };
  });
}

/**
 * The parents of a page of rows the caller may read, by id: type, display id and summary
 * (docs/product/workflow-and-timeline.md#tracked-actions: an action shows its parent by display id).
 */
async function readableParents(
  ctx: AppContext,
  principal: Principal,
  items: readonly TypedRow[],
): Promise<Map<number, { doc_type: string; display_id: string; summary: string }>> {
  const ids = [
    ...new Set(
      items
        .map(({ row }) => row.parent_id)
        .filter((id): id is number => id !== null)
        .map(Number),
    ),
  ];
  const found = new Map<number, { doc_type: string; display_id: string; summary: string }>();
  if (ids.length === 0) return found;
  const registry = typeRegistryFor(ctx.database);
  const rows = await ctx.database.reader
    .selectFrom('documents')
    .select(['id', 'doc_type', 'display_id', 'summary', 'created_by', 'site_id', 'region_id', 'ref'])
    .where('org_id', '=', principal.org.id)
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    const type = await registry.get(principal.org.id, row.doc_type);
    if (!type || !rowAllows(principal, type, 'read', row)) continue;
    found.set(Number(row.id), { doc_type: row.doc_type, display_id: row.display_id, summary: row.summary });
  }
  return found;
}

export function answersFor(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  rows: readonly RowWithAuthor[],
): Promise<DocumentAnswer[]> {
  return answersForTyped(
    ctx,
    principal,
    rows.map((row) => ({ type, row })),
  );
}

export async function answerFor(ctx: AppContext, principal: Principal, type: DocumentSchema, row: RowWithAuthor): Promise<DocumentAnswer> {
  const [answer] = await answersFor(ctx, principal, type, [row]);
  return answer!;
}
