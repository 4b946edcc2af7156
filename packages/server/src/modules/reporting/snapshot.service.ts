/**
 * `GET /v3/reports/{reportId}/snapshot?date=YYYY-MM-DD` (docs/product/reporting.md#api): every
 * report data item of that month the caller may read, as documents (with `meta.access`, which
 * Manage Period needs), in Manage Period's order (report-items.ts `compareItems`); for a report with
 * `user_scope`, personal items only the caller's own (docs/product/reporting.md#report-data).
 */
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { answersFor } from '../documents/document-answers.ts';
import { readScope } from '../documents/read-scope.ts';
import { compareItems, scopeOf, userOf } from './report-items.ts';
import { ITEM_SCOPE } from '@docket/shared';
import { isAdministrator } from '../../platform/access/principal.ts';
import { monthDate } from './report-facts.ts';
import { readableReportOrThrow } from './refresh.service.ts';
import { itemsInSpan, reportDataType } from './reporting.repository.ts';
import { monthOfDateOrThrow } from './series.service.ts';

/** A month holds at most this many items in one answer (docs/product/reporting.md#limits: a month's list is 500). */
export const SNAPSHOT_LIMIT = 500;

export async function reportSnapshot(ctx: AppContext, principal: Principal, reportId: number, date: string) {
  const { report } = await readableReportOrThrow(ctx, principal, reportId);
  const month = monthOfDateOrThrow(date);
  const rdType = await reportDataType(ctx, principal.org.id);
  const { rows } = await listDocuments(ctx.database, {
    ...readScope(principal, rdType),
    filter: itemsInSpan(report.id, { from: monthDate(month), to: monthDate(month + 1) }),
    order: [{ field: 'report_date', direction: 'asc' }],
    start: 0,
    count: SNAPSHOT_LIMIT,
    userId: principal.uuid,
    withTotal: false,
  });
  // For a report with user_scope, personal items are the caller's own (administrators see all).
  const ownOnly = Number(report.values.user_scope ?? 0) > 0 && !isAdministrator(principal);
  const visible = ownOnly
    ? rows.filter((row) => {
        const values = flatValues(row);
        return scopeOf(values) !== ITEM_SCOPE.manual || userOf(values) === principal.uuid;
      })
    : rows;
  const sorted = [...visible].sort((a, b) => compareItems(flatValues(a), flatValues(b)));
  const dataAr = await answersFor(ctx, principal, rdType, sorted);
  return { dataAr, total: dataAr.length };
}
