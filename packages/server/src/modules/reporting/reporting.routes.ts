/**
 * The reporting calls (docs/product/reporting.md#api): bearer authentication, the organisation from
 * the session (or `app`), thin adapters over the services.
 * - `POST /reporting/{reportId}?year&month[&rdid][&updateTargets][&report_metric_ids]`: refresh one
 *   item (answers `{[report_data_id]: {itm, ytd, roll12, roll24, target, last_updated}}`) or the
 *   period (answers `{refreshing, percentComplete}`; poll the report for progress);
 * - `GET /reporting/{reportId}?metric[&scope&region_id&site_id][&virtual][&date][&years]`: a
 *   metric's series `{metric: {label, format, targets}, dataAr}`;
 * - `GET /v3/reports/{reportId}/snapshot?date=YYYY-MM-DD`: the month's items.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { refreshReport } from './refresh.service.ts';
import { metricSeries } from './series.service.ts';
import { reportSnapshot } from './snapshot.service.ts';
import { refreshQuery, reportParams, seriesQuery, snapshotQuery } from './reporting.schema.ts';

export function registerReportingRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['reporting'];

  app.post(
    '/reporting/:reportId',
    {
      schema: {
        tags,
        summary: "Refresh one report data item, or the period's items as a job",
        params: reportParams,
        querystring: refreshQuery,
      },
    },
    async (request) => {
      const { year, month, rdid, updateTargets, report_metric_ids: ids } = request.query;
      return refreshReport(ctx, await resolvePrincipal(ctx, request), request.params.reportId, {
        year,
        month,
        rdid,
        updateTargets,
        reportMetricIds: ids ? ids.split(',').map(Number) : undefined,
      });
    },
  );

  app.get(
    '/reporting/:reportId',
    {
      schema: {
        tags,
        summary: "One metric's series over 12 months (or 5 years) for a scope",
        params: reportParams,
        querystring: seriesQuery,
      },
    },
    async (request) => metricSeries(ctx, await resolvePrincipal(ctx, request), request.params.reportId, request.query),
  );

  app.get(
    '/v3/reports/:reportId/snapshot',
    {
      schema: { tags, summary: 'Every report data item of a month the caller may read', params: reportParams, querystring: snapshotQuery },
    },
    async (request) => reportSnapshot(ctx, await resolvePrincipal(ctx, request), request.params.reportId, request.query.date),
  );
}
