// docs/product/reporting.md#user-drawer: starred metrics and the account badge.
import { describe, expect, it } from 'vitest';
import { countPending, isStarred, readMetricPreferences, withPreference, withoutPreference } from './metric-preferences.ts';

describe('metric preferences', () => {
  it('reads what it can and drops what it cannot', () => {
    expect(
      readMetricPreferences([
        { metric: 'trir', cat: 'ytd', report_id: 2 },
        { metric: 7, cat: 'bogus', report_id: 2, virtual: true },
        { metric: 'x' },
        null,
        'text',
      ]),
    ).toEqual([
      { metric: 'trir', cat: 'ytd', report_id: 2 },
      { metric: '7', cat: 'itm', report_id: 2, virtual: true },
    ]);
    expect(readMetricPreferences(undefined)).toEqual([]);
  });

  it('adds once and removes exactly the one named', () => {
    const trir = { metric: 'trir', cat: 'itm', report_id: 2 } as const;
    const ytd = { ...trir, cat: 'ytd' } as const;
    const list = withPreference(withPreference([], trir), trir);
    expect(list).toEqual([trir]);
    expect(withoutPreference(withPreference(list, ytd), trir)).toEqual([ytd]);
    expect(isStarred([ytd], 2, 'trir')).toBe(true);
    expect(isStarred([ytd], 3, 'trir')).toBe(false);
  });
});

describe('countPending', () => {
  it('counts each pending completion or approval once', () => {
    expect(
      countPending([
        { id: 1, doc_type: 'action', status: 'Pending Completion' },
        { id: 1, doc_type: 'action', status: 'Pending Completion' },
        { id: 2, doc_type: 'incident', status: 'Pending Approval' },
        { id: 2, doc_type: 'action', status: 'Closed' },
        { id: 3, doc_type: 'action', status: 'Pending Review' },
      ]),
    ).toBe(2);
  });
});
