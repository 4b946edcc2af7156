import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './json-schema.ts';
import { normaliseDateTimes } from './normalise-date-times.ts';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    incident_date: { type: 'string', format: 'date-time' },
    due_date: { type: 'string', format: 'date' },
    summary: { type: 'string' },
    visits: { type: 'array', items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } } },
  },
};

describe('date-times stored as UTC', () => {
  it('rewrites offsets to UTC, at every depth, and leaves the rest as sent', () => {
    const stored = normaliseDateTimes(schema, {
      incident_date: '2026-01-31T23:30:00+11:00',
      due_date: '2026-02-01',
      summary: '2026-01-31T23:30:00+11:00',
      visits: [{ at: '2026-03-01T08:00-05:00' }, { at: 'not a date' }],
      extra: 1,
    });
    expect(stored).toEqual({
      incident_date: '2026-01-31T12:30:00.000Z',
      due_date: '2026-02-01',
      summary: '2026-01-31T23:30:00+11:00',
      visits: [{ at: '2026-03-01T13:00:00.000Z' }, { at: 'not a date' }],
      extra: 1,
    });
  });

  it('keeps values that are already UTC and data without a schema', () => {
    expect(normaliseDateTimes(schema, { incident_date: '2026-01-31T12:30:00.000Z' })).toEqual({
      incident_date: '2026-01-31T12:30:00.000Z',
    });
    expect(normaliseDateTimes(undefined, { a: '2026-01-31T23:30:00+11:00' })).toEqual({ a: '2026-01-31T23:30:00+11:00' });
  });
});
