import { describe, expect, it } from 'vitest';
import { summaryWeek } from './summary-week.ts';
import { summaryText } from './weekly-summary.ts';

describe('summaryWeek', () => {
  it('is due from Monday 07:00 in the organisation time zone', () => {
    // Monday 23 November 2026, 06:30 UTC: 06:30 in London, 17:30 in Sydney, still Sunday 22:30 in Los Angeles.
    const now = new Date('2026-11-23T06:30:00Z');
    expect(summaryWeek(now, 'Europe/London')).toEqual({ key: 'W2026-11-23', isDue: false });
    expect(summaryWeek(now, 'Australia/Sydney')).toEqual({ key: 'W2026-11-23', isDue: true });
    expect(summaryWeek(now, 'America/Los_Angeles')).toEqual({ key: 'W2026-11-16', isDue: true });
    expect(summaryWeek(new Date('2026-11-23T07:00:00Z'), 'UTC')).toEqual({ key: 'W2026-11-23', isDue: true });
  });

  it('keeps one key for the whole week, across a month end', () => {
    expect(summaryWeek(new Date('2026-12-06T22:00:00Z'), 'UTC').key).toBe('W2026-11-30');
    expect(summaryWeek(new Date('2026-12-07T06:59:00Z'), 'UTC')).toEqual({ key: 'W2026-12-07', isDue: false });
  });
});

describe('summaryText', () => {
  const item = {
    id: 1,
    doc_type: 'incident',
    type_title: 'Incident',
    display_id: 'INC-1',
    summary: 'Spill',
    status: 'Open',
    due_date: null,
    overdue: true,
  };

  it('lists each part of the todo with its count, or says nothing waits', () => {
    expect(summaryText({ open: [item], approvals: [], overdue: [item], recent: [] })).toBe(
      'Assigned to you (1)\n- INC-1 Spill (Incident, Open)\n\nOverdue (1)\n- INC-1 Spill (Incident, Open)',
    );
    expect(summaryText({ open: [], approvals: [], overdue: [], recent: [] })).toBe('Nothing is waiting for you this week.');
  });

  it("writes the member's language, built-in statuses included", () => {
    const pending = { ...item, status: 'Pending Approval' };
    expect(summaryText({ open: [], approvals: [pending], overdue: [], recent: [] }, 'fr')).toBe(
      "En attente de votre approbation (1)\n- INC-1 Spill (Incident, En attente d'approbation)",
    );
    expect(summaryText({ open: [], approvals: [], overdue: [], recent: [] }, 'es')).toBe('Nada le espera esta semana.');
    expect(summaryText({ open: [], approvals: [], overdue: [], recent: [] }, 'de')).toBe('Nothing is waiting for you this week.');
  });
});
