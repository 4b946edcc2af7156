/**
 * Authorization-matrix rows of the reporting calls (docs/product/reporting.md#api), spread into
 * `matrixRows` (platform/access/authorization-matrix.test-rows.ts). Members read reports; only
 * administrators refresh a period. The depositor reads only what it created, so the report does
 * not exist for it (404), nor for the other organisation's administrator.
 */
import type { Fixtures } from '../platform/access/authorization-matrix.test-fixtures.ts';
import type { MatrixRow } from '../platform/access/authorization-matrix.test-rows.ts';

const reports = new WeakMap<Fixtures, Promise<number>>();

/** One report with one manual metric per matrix run, created by the administrator. */
function matrixReport(f: Fixtures): Promise<number> {
  let report = reports.get(f);
  if (!report) {
    report = (async () => {
      const created = await f.as('admin', {
        method: 'POST',
        url: '/v3/demo/report',
        payload: { title: 'Matrix report', data_frequency: 3 },
      });
      if (created.statusCode !== 201) throw new Error(`matrix report: ${created.body}`);
      const id = Number(created.json().id);
      const metric = { report_id: id, name: 'hours', label: 'Hours', descrip: 'Hours', unit: '#', type: 0 };
      const made = await f.as('admin', { method: 'POST', url: '/v3/demo/report_metric', payload: metric });
      if (made.statusCode !== 201) throw new Error(`matrix metric: ${made.body}`);
      return id;
    })();
    reports.set(f, report);
  }
  return report;
}

const hidden = { depositor: 404, acmeAdmin: 404 };

export const reportingMatrixRows: MatrixRow[] = [
  {
    route: 'POST /reporting/:reportId',
    request: async (f) => ({ method: 'POST', url: `/reporting/${await matrixReport(f)}?year=2025&month=3` }),
    expect: { admin: 200, members: 403, ...hidden },
  },
  {
    route: 'GET /reporting/:reportId',
    request: async (f) => ({ method: 'GET', url: `/reporting/${await matrixReport(f)}?metric=hours&date=2025-03-01` }),
    expect: { members: 200, ...hidden },
  },
  {
    route: 'GET /v3/reports/:reportId/snapshot',
    request: async (f) => ({ method: 'GET', url: `/v3/reports/${await matrixReport(f)}/snapshot?date=2025-03-01` }),
    expect: { members: 200, ...hidden },
  },
];
