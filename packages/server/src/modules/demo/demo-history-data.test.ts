/** The demo's safety history (docs/product/reporting.md#overview): seeded, two years, plausible rates. */
import { describe, expect, it } from 'vitest';
import { DEMO_SITE_PROFILES, generateSafetyHistory, HISTORY_MONTHS } from './demo-history-data.ts';

const now = new Date('2026-11-25T17:00:00.000Z');

describe('generateSafetyHistory', () => {
  const history = generateSafetyHistory(20_260_101, now, DEMO_SITE_PROFILES, 4);

  it('is the same for the same seed and day, and different for another seed', () => {
    expect(generateSafetyHistory(20_260_101, now, DEMO_SITE_PROFILES, 4)).toEqual(history);
    expect(generateSafetyHistory(7, now, DEMO_SITE_PROFILES, 4).incidents).not.toEqual(history.incidents);
  });

  it('covers the 24 months ending with the current one, with hours for every site and month', () => {
    expect(history.months.to - history.months.from + 1).toBe(HISTORY_MONTHS);
    expect(history.hours).toHaveLength(HISTORY_MONTHS * DEMO_SITE_PROFILES.length);
    const first = history.incidents[0]!.incident_date;
    expect(first >= '2024-12-01' && first < '2025-01-01').toBe(true);
    expect(history.incidents.every((incident) => incident.incident_date < now.toISOString())).toBe(true);
    // The current month so far: about 25 of its 30 days' hours.
    const current = history.hours.find((h) => h.site === 'NPL' && h.month === history.months.to)!.hours;
    expect(current).toBeGreaterThan(30_000);
    expect(current).toBeLessThan(38_000);
  });

  it('gives industrial rates: TRIR near 3, lost days only with lost time, some actions overdue', () => {
    const hours = history.hours.reduce((sum, h) => sum + h.hours, 0);
    const recordables = history.incidents.filter((i) => i.recordable).length;
    const trir = (recordables * 200_000) / hours;
    expect(trir).toBeGreaterThan(1.5);
    expect(trir).toBeLessThan(5);
    expect(history.incidents.every((i) => (i.lost_days !== undefined) === i.lost_time)).toBe(true);
    expect(history.incidents.every((i) => !i.lost_time || i.recordable)).toBe(true);
    const categories = new Set(history.incidents.map((i) => i.category));
    expect(categories.size).toBe(5);
    const overdue = history.incidents.flatMap((i) => i.actions).filter((a) => !a.closed_date && a.due_date < '2026-11-25');
    expect(overdue.length).toBeGreaterThan(0);
    // Recent incidents are still open; old ones are closed.
    expect(history.incidents.filter((i) => !i.closed_date).every((i) => i.created_date > '2026-10-01')).toBe(true);
  });
});
