import { describe, expect, it } from 'vitest';
import { dateTimeLines, formatDateTime } from './format-date.ts';

describe('dateTimeLines', () => {
  it('cuts a date and time before the time, the same text as formatDateTime', () => {
    const value = '2026-11-26T10:57:00';
    for (const language of ['en', 'fr', 'es']) {
      const lines = dateTimeLines(value, language);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^\d{1,2}:\d{2}/);
      expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(formatDateTime(value, language).replace(/\s+/g, ' '));
    }
    expect(dateTimeLines(value, 'en')).toEqual(['26 Nov 2026,', '10:57']);
  });

  it('keeps a date-only value, an empty value and text that is not a date whole', () => {
    expect(dateTimeLines('2026-11-26', 'en')).toEqual(['26 Nov 2026']);
    expect(dateTimeLines('', 'en')).toEqual(['']);
    expect(dateTimeLines('soon', 'en')).toEqual(['soon']);
  });
});
