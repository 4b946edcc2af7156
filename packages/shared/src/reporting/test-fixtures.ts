/** Shared fixtures of the reporting tests: an incident type and the TRIR report of the examples. */
import type { TypeCatalog } from './formula/checker.ts';
import type { MetricDefinition } from './formula/compile-report.ts';

export const TYPES: TypeCatalog = {
  incident: {
    recordable: { type: 'boolean' },
    lost_time: { type: 'boolean' },
    lost_days: { type: 'number' },
    category: { type: 'string' },
    incident_date: { type: 'datetime' },
    secret_cost: { type: 'number', readable: false },
    tags: { type: 'number[]' },
  },
  action: { status: { type: 'string' }, due_date: { type: 'date' } },
};

/** recordables (computed), hours (manual), trir = recordables * 200000 / hours. */
export const TRIR_METRICS: MetricDefinition[] = [
  { name: 'recordables', formula: "count(incident, 'recordable = true')" },
  { name: 'hours' },
  { name: 'trir', formula: 'recordables * 200000 / hours' },
];

export const RECORDABLES_PART = "count(incident, 'recordable = true')";
export const HOURS_PART = '[hours]';
