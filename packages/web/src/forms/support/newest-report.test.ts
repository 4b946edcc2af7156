import { describe, expect, it } from 'vitest';
import { NewestReport } from './newest-report.ts';

type Data = Record<string, unknown>;

describe('the data a form draws while its caller catches up (newest-report.ts)', () => {
  it('keeps the newest report when the caller hands back an older one', () => {
    const reports = new NewestReport<Data>();
    const initial: Data = {};
    expect(reports.shown(initial)).toBe(initial);
    const title: Data = { title: 'Incident closed' };
    const message: Data = { title: 'Incident closed', message: '{{summary}} is closed.' };
    expect(reports.report(title)).toBe(true);
    expect(reports.report(message)).toBe(true);
    // The caller draws the first report after the second was made: the second stays drawn.
    expect(reports.shown(title)).toBe(message);
    // Then it catches up.
    expect(reports.shown(message)).toBe(message);
  });

  it('draws what the caller gave until a report arrives, and does not report the caller its own data', () => {
    const reports = new NewestReport<Data>();
    const loaded: Data = { title: 'Loaded' };
    expect(reports.shown(loaded)).toBe(loaded);
    expect(reports.report(loaded)).toBe(false);
    const typed: Data = { title: 'Loaded, then typed' };
    expect(reports.shown(loaded)).toBe(loaded);
    expect(reports.report(typed)).toBe(true);
    expect(reports.report(typed)).toBe(false);
    // A render of the caller that has not drawn the report yet keeps its own data drawn in JSON
    // Forms until it passes the report (JSON Forms already holds it).
    expect(reports.shown(loaded)).toBe(loaded);
  });

  it('draws data from elsewhere as given and forgets the reports before it', () => {
    const reports = new NewestReport<Data>();
    reports.shown({});
    const first: Data = { title: 'a' };
    const second: Data = { title: 'ab' };
    reports.report(first);
    reports.report(second);
    const reloaded: Data = { title: 'from the server' };
    expect(reports.shown(reloaded)).toBe(reloaded);
    // An older report handed back after the reload is the caller's choice now, drawn as given.
    expect(reports.shown(first)).toBe(first);
  });
});
