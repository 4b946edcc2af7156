/**
 * Property: for any formula over two manual metrics, a count and a sum, any monthly facts, any
 * report month, fiscal start and window, the figure computed from the facts cube equals a direct
 * recomputation: sum each part over the window's months by hand, then evaluate the formula tree
 * on those sums. Integer facts keep every sum exact, so the comparison is exact. Bounded so a busy
 * machine stays inside the test's timeout.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileReport } from './formula/compile-report.ts';
import { computeWindows } from './compute-windows.ts';
import { FactsCubeBuilder } from './facts-cube.ts';
import { TYPES } from './test-fixtures.ts';
import type { WindowKey } from './windows.ts';

const PROPERTY_TIME_LIMIT_MS = 10_000;
const MONTHS = 40;
const COUNT_PART = "count(incident, '')";
const SUM_PART = "sum(incident, lost_days, '')";

type Tree =
  | { leaf: 'a' | 'b' | 'incidents' | 'lost_days' }
  | { number: number }
  | { negate: Tree }
  | { op: '+' | '-' | '*' | '/'; left: Tree; right: Tree };

const treeArbitrary = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ leaf: fc.constantFrom('a' as const, 'b' as const, 'incidents' as const, 'lost_days' as const) }),
    fc.record({ number: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ negate: tie('tree') }),
    fc.record({ op: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const), left: tie('tree'), right: tie('tree') }),
  ),
})).tree;

function print(tree: Tree): string {
  if ('leaf' in tree) return tree.leaf;
  if ('number' in tree) return String(tree.number);
  if ('negate' in tree) return `-(${print(tree.negate)})`;
  return `(${print(tree.left)} ${tree.op} ${print(tree.right)})`;
}

type Sums = Record<'a' | 'b' | 'incidents' | 'lost_days', number | null>;

function evaluateDirectly(tree: Tree, sums: Sums): number | null {
  if ('leaf' in tree) return sums[tree.leaf];
  if ('number' in tree) return tree.number;
  if ('negate' in tree) {
    const value = evaluateDirectly(tree.negate, sums);
    return value === null ? null : -value;
  }
  const left = evaluateDirectly(tree.left, sums);
  const right = evaluateDirectly(tree.right, sums);
  if (left === null || right === null) return null;
  if (tree.op === '/' && right === 0) return null;
  const value = tree.op === '+' ? left + right : tree.op === '-' ? left - right : tree.op === '*' ? left * right : left / right;
  return Number.isFinite(value) ? value : null;
}

interface MonthFacts {
  a: number | null;
  b: number | null;
  incidents: number;
  lostDays: number;
}

const monthArbitrary = fc.record({
  a: fc.option(fc.integer({ min: -50, max: 5000 }), { nil: null }),
  b: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
  incidents: fc.nat({ max: 20 }),
  lostDays: fc.nat({ max: 300 }),
});

/** An independent reading of the windows: month indexes 0..MONTHS-1 start in January 2000. */
function windowMonths(window: WindowKey, month: number, fiscalStart: number): number[] {
  const all = Array.from({ length: month + 24 }, (_, index) => month - index);
  if (window === 'itm') return [month];
  if (window === 'roll12') return all.slice(0, 12);
  if (window === 'roll24') return all.slice(0, 24);
  // YTD: back from the report month up to and including the latest month that is the fiscal start.
  const startOffset = all.findIndex((candidate) => (((candidate % 12) + 12) % 12) + 1 === fiscalStart);
  return all.slice(0, startOffset + 1);
}

describe('window figures equal a direct recomputation', () => {
  it('for random formulas, facts, months, fiscal starts and windows', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        treeArbitrary,
        fc.array(monthArbitrary, { minLength: MONTHS, maxLength: MONTHS }),
        fc.integer({ min: 0, max: MONTHS + 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom<WindowKey>('itm', 'ytd', 'roll12', 'roll24'),
        (tree, facts, month, fiscalStart, window) => {
          const report = compileReport(
            [
              { name: 'a' },
              { name: 'b' },
              { name: 'incidents', formula: COUNT_PART },
              { name: 'lost_days', formula: SUM_PART },
              { name: 'f', formula: print(tree) },
            ],
            TYPES,
          );
          const cube = new FactsCubeBuilder();
          facts.forEach((values, index) => {
            if (values.a !== null) cube.set('site', index, '[a]', values.a);
            if (values.b !== null) cube.set('site', index, '[b]', values.b);
            if (values.incidents > 0) cube.add('site', index, COUNT_PART, values.incidents);
            if (values.lostDays > 0) cube.add('site', index, SUM_PART, values.lostDays);
          });
          const computed = computeWindows(report, cube.build().get('site'), month, { fiscalYearStartMonth: fiscalStart })[window];

          const inWindow = windowMonths(window, month, fiscalStart)
            .map((index) => facts[index])
            .filter((values): values is MonthFacts => values !== undefined);
          const manualSum = (key: 'a' | 'b'): number | null => {
            const entered = inWindow.map((values) => values[key]).filter((value): value is number => value !== null);
            return entered.length === 0 ? null : entered.reduce((total, value) => total + value, 0);
          };
          const sums: Sums = {
            a: manualSum('a'),
            b: manualSum('b'),
            incidents: inWindow.reduce((total, values) => total + values.incidents, 0),
            lost_days: inWindow.reduce((total, values) => total + values.lostDays, 0),
          };
          expect(computed.f).toBe(evaluateDirectly(tree, sums));
          expect(computed.a).toBe(sums.a);
          expect(computed.incidents).toBe(sums.incidents);
        },
      ),
      { numRuns: 500, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
  });
});
