import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from './ast.ts';
import { parseFilter } from './parser.ts';
import { printFilter } from './printer.ts';
import { filterTreeArb } from './test-arbitraries.ts';

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

describe('printFilter', () => {
  it.each([
    ["status = 'Closed' and site_id in (1,2)", "status = 'Closed' AND site_id IN (1, 2)"],
    ['a = 1 or b = 2 and c = 3', 'a = 1 OR b = 2 AND c = 3'],
    ['(a = 1 or b = 2) and c = 3', '(a = 1 OR b = 2) AND c = 3'],
    ['(a = 1 and b = 2) and c = 3', '(a = 1 AND b = 2) AND c = 3'],
    ['not (a = 1 and b = 2)', 'NOT (a = 1 AND b = 2)'],
    ["a = 'it''s' AND d >= TODAY(-30) AND e < now()", "a = 'it''s' AND d >= today(-30) AND e < now()"],
    ['d = today(0) and x not in () and y is not null', 'd = today() AND x NOT IN () AND y IS NOT NULL'],
    ['x starts with $USER or x between -1.5 and 2e21', 'x STARTS WITH $user OR x BETWEEN -1.5 AND 2e+21'],
  ])('%s → %s', (text, canonical) => {
    expect(printFilter(parseFilter(text))).toBe(canonical);
  });

  it('prints degenerate code-built and/or by meaning', () => {
    const a: FilterNode = { type: 'isNull', field: 'a', negated: false };
    const b: FilterNode = { type: 'isNull', field: 'b', negated: false };
    expect(printFilter({ type: 'and', children: [] })).toBe('TRUE');
    expect(printFilter({ type: 'or', children: [] })).toBe('FALSE');
    expect(printFilter({ type: 'and', children: [{ type: 'or', children: [{ type: 'or', children: [a, b] }] }, a] })).toBe(
      '(a IS NULL OR b IS NULL) AND a IS NULL',
    );
  });

  it('round-trips: parse(print(tree)) equals tree, and printing is stable', { timeout: 30_000 }, () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(filterTreeArb, (tree) => {
        const text = printFilter(tree);
        const parsed = parseFilter(text);
        expect(parsed).toEqual(tree);
        expect(printFilter(parsed)).toBe(text);
      }),
      { numRuns: 3000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
