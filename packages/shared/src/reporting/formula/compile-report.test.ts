import { describe, expect, it } from 'vitest';
import { checkMetricInReport, compileReport, type MetricDefinition } from './compile-report.ts';
import { FormulaError } from './formula-error.ts';
import { RECORDABLES_PART, TRIR_METRICS, TYPES } from '../test-fixtures.ts';

function refusal(metrics: MetricDefinition[]): FormulaError {
  try {
    compileReport(metrics, TYPES);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error('compiled');
}

describe('compileReport', () => {
  it('orders metrics after what they use and lists each additive part once', () => {
    const report = compileReport(
      [
        { name: 'trir', formula: 'recordables * 200000 / hours' },
        { name: 'recordables', formula: "count(incident, 'recordable = true')" },
        { name: 'hours' },
        { name: 'also_recordables', formula: "count(incident, 'recordable=true') + 0" },
        { name: 'lost_days', formula: "sum(incident, lost_days, '')" },
      ],
      TYPES,
    );
    expect(report.metrics.map((metric) => metric.name)).toEqual(['recordables', 'hours', 'trir', 'also_recordables', 'lost_days']);
    expect(report.parts).toEqual([
      { key: '[hours]', kind: 'manual', metric: 'hours' },
      {
        key: "count(incident, 'recordable = true')",
        kind: 'aggregate',
        aggregate: 'count',
        type: 'incident',
        filter: { type: 'compare', field: 'recordable', op: '=', value: { kind: 'boolean', value: true } },
      },
      { key: "sum(incident, lost_days, '')", kind: 'aggregate', aggregate: 'sum', type: 'incident', field: 'lost_days', filter: null },
    ]);
  });

  it.each([
    ['recordables * 200000 / hourz', "Metric 'trir': Unknown metric 'hourz' at position 23", 23],
    ["count(incidnt, '')", "Metric 'trir': Unknown type 'incidnt' at position 6", 6],
    ["sum(incident, lost_dayz, '')", "Metric 'trir': Unknown field 'lost_dayz' of type 'incident' at position 14", 14],
    ["sum(incident, secret_cost, '')", "Metric 'trir': Unknown field 'secret_cost' of type 'incident' at position 14", 14],
    ["sum(incident, category, '')", "Metric 'trir': Field 'category' is not numeric; sum needs a number field at position 14", 14],
    ["sum(incident, tags, '')", "Metric 'trir': Field 'tags' is not numeric; sum needs a number field at position 14", 14],
    ["sum(incident, constructor, '')", "Metric 'trir': Unknown field 'constructor' of type 'incident' at position 14", 14],
    ["count(toString, '')", "Metric 'trir': Unknown type 'toString' at position 6", 6],
    [
      "count(incident, 'recordable = ')",
      "Metric 'trir': Invalid filter for incident: Unexpected end of filter; expected a value at position 30",
      30,
    ],
    [
      "count(incident, 'recordable = = true')",
      "Metric 'trir': Invalid filter for incident: Unexpected token '='; expected a value at position 30",
      30,
    ],
    [`count(incident, "category = 'x' )) ")`, "Metric 'trir': Invalid filter for incident: Unexpected token ')' at position 32", 32],
    ["count(incident, 'category = ''x'' )) ')", "Metric 'trir': Invalid filter for incident: Unexpected token ')' at position 34", 34],
    ["count(incident, 'colour = 1')", "Metric 'trir': Invalid filter for incident: Unknown field: colour at position 16", 16],
    [
      'recordables * 200000 / ',
      "Metric 'trir': Unexpected end of formula; expected a number, a metric name, an aggregate or ( at position 23",
      23,
    ],
  ])('refuses %j naming the metric, the position and the reason', (formula, message, position) => {
    const error = refusal([...TRIR_METRICS.slice(0, 2), { name: 'trir', formula }]);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error.metric).toBe('trir');
  });

  it('refuses a metric that refers to itself', () => {
    const error = refusal([{ name: 'hours' }, { name: 'a', formula: 'hours + a' }]);
    expect(error.message).toBe("Metric 'a': Metric reference cycle: a → a at position 8");
  });

  it('refuses a cycle of three metrics with its path', () => {
    const error = refusal([
      { name: 'a', formula: 'b + 1' },
      { name: 'b', formula: 'c * 2' },
      { name: 'c', formula: '(1 + a) / 3' },
      { name: 'd', formula: 'a' },
    ]);
    expect(error.reason).toBe('Metric reference cycle: a → b → c → a');
    expect(error.metric).toBe('a');
    expect(error.position).toBe(0);
  });

  it('refuses duplicate names', () => {
    expect(refusal([{ name: 'hours' }, { name: 'hours' }]).message).toBe("Metric 'hours': Duplicate metric name 'hours'");
  });

  it('compiles a tolerated metric whose formula no longer checks as unavailable, the others as before', () => {
    const metrics = [
      ...TRIR_METRICS,
      { name: 'lost', formula: "sum(incident, lost_dayz, '')" },
      { name: 'per_hour', formula: 'lost / hours' },
    ];
    expect(() => compileReport(metrics, TYPES)).toThrow("Metric 'lost': Unknown field 'lost_dayz' of type 'incident' at position 14");
    const report = compileReport(metrics, TYPES, { tolerates: () => true });
    expect(report.metrics.find((metric) => metric.name === 'lost')).toEqual({
      name: 'lost',
      kind: 'unavailable',
      reason: "Unknown field 'lost_dayz' of type 'incident'",
    });
    expect(report.metrics.map((metric) => metric.kind)).toEqual(['computed', 'manual', 'computed', 'unavailable', 'computed']);
    expect(report.parts.map((part) => part.key)).toEqual(['[hours]', RECORDABLES_PART]);
    // Tolerating one metric does not tolerate the others.
    expect(() => compileReport([...metrics, { name: 'bad', formula: 'nope' }], TYPES, { tolerates: (name) => name === 'lost' })).toThrow(
      "Metric 'bad': Unknown metric 'nope'",
    );
  });

  it('treats an empty formula as a manual metric', () => {
    const report = compileReport([{ name: 'hours', formula: '  ' }], TYPES);
    expect(report.metrics).toEqual([{ name: 'hours', kind: 'manual', part: '[hours]' }]);
  });

  it('checks a saved metric among the stored ones, a rename included', () => {
    expect(() => checkMetricInReport({ name: 'trir', formula: 'recordables / hours' }, TRIR_METRICS, TYPES)).not.toThrow();
    expect(() => checkMetricInReport({ name: 'recordables', formula: 'trir * 2' }, TRIR_METRICS, TYPES)).toThrow(
      'Metric reference cycle: recordables → trir → recordables',
    );
    expect(() => checkMetricInReport({ name: 'worked_hours' }, TRIR_METRICS, TYPES, 'hours')).toThrow("Unknown metric 'hours'");
  });
});
