import { describe, expect, it } from 'vitest';
import { fts5Query, searchTerms, tsQuery } from './fts-query.ts';

describe('search terms', () => {
  it('keeps words of letters and digits only, lower-cased and unique', () => {
    expect(searchTerms('INC-00042')).toEqual(['inc', '00042']);
    expect(searchTerms('Chute de plain-pied, Café')).toEqual(['chute', 'de', 'plain', 'pied', 'café']);
    expect(searchTerms('forklift forklift')).toEqual(['forklift']);
  });

  it('drops every piece of query syntax', () => {
    for (const text of ['" OR 1=1 --', 'summary:secret', 'NEAR(a b)', "a' & !b | c:*", '*', '()']) {
      for (const term of searchTerms(text)) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
    }
    expect(searchTerms('*()":^')).toEqual([]);
    expect(searchTerms('a '.repeat(100)).length).toBe(1);
    expect(searchTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')).length).toBe(16);
  });

  it('builds prefix queries for both databases', () => {
    expect(fts5Query(['inc', '00042'])).toBe('"inc"* AND "00042"*');
    expect(tsQuery(['inc', '00042'])).toBe('inc:* & 00042:*');
  });
});
