import { describe, expect, it } from 'vitest';
import { incidentColumnsOf } from './incident-columns.ts';
import type { ReportMetric } from '../../reporting-api/types.ts';

const metric = (id: number, name: string, label?: string): ReportMetric => ({ id, report_id: 2, name, label });
const metrics = [
  metric(1, 'trir', 'TRIR'),
  metric(2, 'hours', 'Hours worked'),
  metric(3, 'ltifr', 'LTIFR'),
  metric(4, 'recordables', 'Recordable incidents'),
  metric(5, 'lost_time', 'Lost time incidents'),
  metric(6, 'severity'),
];

// docs/product/reporting.md#cards: the incident summary table (TRIR/LTIR).
describe('incident summary columns', () => {
  it('finds hours, recordables, TRIR, lost time and LTIR/LTIFR in that order', () => {
    expect(incidentColumnsOf(metrics, undefined).map((entry) => entry.name)).toEqual([
      'hours',
      'recordables',
      'trir',
      'lost_time',
      'ltifr',
    ]);
  });

  it("uses the card's own list when it has one, dropping metrics that are gone", () => {
    expect(incidentColumnsOf(metrics, ['severity', 'trir', 'gone']).map((entry) => entry.name)).toEqual(['severity', 'trir']);
  });
});
