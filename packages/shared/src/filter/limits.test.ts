/**
 * The filter language's size limits (docs/filter-language.md, "Limits"): each one refused with
 * a message naming its bound, before the rest of the filter is read; filters of the size the
 * web's filter forms build pass.
 */
import { describe, expect, it } from 'vitest';
import { FilterError } from './filter-error.ts';
import { parseFilter } from './parser.ts';
import {
  FILTER_LIMITS,
  filterLimitMessage,
  MAX_FILTER_CONTAINS_TERMS,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERMS,
  type FilterLimit,
} from './limits.ts';

function refusal(text: string): FilterError {
  try {
    parseFilter(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return error as FilterError;
  }
  throw new Error(`accepted: ${text.slice(0, 80)}`);
}

const orOf = (count: number, term: (i: number) => string) => Array.from({ length: count }, (_, i) => term(i)).join(' OR ');

describe('filter limits', () => {
  it('words every refusal with its bound', () => {
    expect(filterLimitMessage('length')).toBe('The filter is too long (at most 10,000 characters).');
    expect(filterLimitMessage('terms')).toBe('The filter has too many conditions (at most 200).');
    expect(filterLimitMessage('containsTerms')).toBe('The filter has too many CONTAINS or STARTS WITH conditions (at most 50).');
    expect(filterLimitMessage('depth')).toBe('The filter is nested too deeply (at most 50 levels of parentheses and NOT).');
    expect(FILTER_LIMITS).toEqual({ length: 10_000, terms: 200, containsTerms: 50, depth: 50 });
  });

  it('refuses the 374 OR-ed CONTAINS terms that once stalled the server', () => {
    const hostile = orOf(374, (i) => `summary CONTAINS 'x${i}'`);
    expect(hostile.length).toBeLessThan(MAX_FILTER_LENGTH);
    const error = refusal(hostile);
    expect(error.limit).toBe<FilterLimit>('containsTerms');
    expect(error.message).toBe(filterLimitMessage('containsTerms'));
    expect(error.position).toBeUndefined();
  });

  it('counts CONTAINS and STARTS WITH, negated or not, against one bound', () => {
    const mixed = (n: number) =>
      orOf(n, (i) => [`a CONTAINS 'v'`, `a NOT CONTAINS 'v'`, `a STARTS WITH 'v'`, `NOT a NOT STARTS WITH 'v'`][i % 4] as string);
    expect(() => parseFilter(mixed(MAX_FILTER_CONTAINS_TERMS))).not.toThrow();
    expect(refusal(mixed(MAX_FILTER_CONTAINS_TERMS + 1)).limit).toBe('containsTerms');
  });

  it('bounds the number of conditions of any kind', () => {
    expect(() => parseFilter(orOf(MAX_FILTER_TERMS, (i) => `n = ${i}`))).not.toThrow();
    const error = refusal(orOf(MAX_FILTER_TERMS + 1, (i) => `n = ${i}`));
    expect(error.limit).toBe('terms');
    expect(error.message).toBe('The filter has too many conditions (at most 200).');
    // An IN list is one condition, however many values it holds.
    expect(() => parseFilter(`n IN (${Array.from({ length: 1000 }, (_, i) => i).join(', ')})`)).not.toThrow();
  });

  it('bounds the length before reading the text', () => {
    const long = `a = '${'x'.repeat(MAX_FILTER_LENGTH)}'`;
    expect(refusal(long).limit).toBe('length');
    // Past the bound even text that would not tokenize gets the length message.
    expect(refusal(`'${'\u0000'.repeat(MAX_FILTER_LENGTH + 1)}`).message).toBe('The filter is too long (at most 10,000 characters).');
  });

  it('bounds nesting of parentheses and NOT', () => {
    const deep = (n: number) => `${'('.repeat(n)}a = 1${')'.repeat(n)}`;
    expect(() => parseFilter(deep(MAX_FILTER_DEPTH))).not.toThrow();
    expect(refusal(deep(MAX_FILTER_DEPTH + 1)).limit).toBe('depth');
    expect(refusal(`${'NOT '.repeat(MAX_FILTER_DEPTH + 1)}a = 1`).limit).toBe('depth');
  });

  it('passes what a filled-in filter form builds', () => {
    // Twelve text fields, fifteen values picked on a list field, a site list, a date range and a group.
    const form = [
      ...Array.from({ length: 12 }, (_, i) => `f${i} CONTAINS 'some words typed'`),
      `(${orOf(15, (i) => `tags CONTAINS 'tag-${i}'`)})`,
      `site_id IN (${Array.from({ length: 300 }, (_, i) => i + 1).join(', ')})`,
      `created_date >= '2026-01-01' AND created_date <= '2026-12-31T23:59:59.999Z'`,
      `status = 'Open'`,
    ].join(' AND ');
    expect(() => parseFilter(`(${form}) AND (closed = false)`)).not.toThrow();
  });
});
