import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from './ast.ts';
import { checkFilter } from './checker.ts';
import { resolveValue } from './dates.ts';
import type { FieldCatalog } from './field-catalog.ts';
import { compareText, evaluateFilter, evaluateFilter3, readFieldPath } from './evaluator.ts';
import { parseFilter } from './parser.ts';
import { printFilter } from './printer.ts';
import { filterTreeArb } from './test-arbitraries.ts';

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

const ctx = { userId: 'u-1', now: new Date('2026-11-22T12:34:56.789Z') };
const catalog: FieldCatalog = {
  status: { type: 'string' },
  descrip: { type: 'text' },
  site_id: { type: 'integer' },
  closed: { type: 'boolean' },
  due: { type: 'date' },
  created_date: { type: 'datetime' },
  actionee_ids: { type: 'string[]' },
  nums: { type: 'number[]' },
  'scat.format': { type: 'string' },
  missing: { type: 'string' },
  nothing: { type: 'string' },
};
const doc = {
  status: 'Closed',
  descrip: 'Spill of 50% solvent_A',
  site_id: 2,
  closed: true,
  due: '2026-11-22',
  created_date: '2026-11-01T08:00:00.000Z',
  actionee_ids: ['u-1', 'u-2'],
  nums: [1, 2.5],
  scat: { format: 'pdf' },
  nothing: null,
};

const truth = (text: string, d: unknown = doc) => evaluateFilter3(checkFilter(parseFilter(text), catalog), d, ctx);

/** Reference order: code point by code point (what UTF-8 byte comparison gives). */
function codePointOrder(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return Math.sign((x[i] as number) - (y[i] as number));
  }
  return Math.sign(x.length - y.length);
}

describe('evaluateFilter', () => {
  it.each([
    ["status = 'Closed' AND site_id IN (1, 2) AND actionee_ids CONTAINS $user AND created_date >= today(-30)", true],
    ["status = 'closed'", false],
    ["status != 'Open'", true],
    ["status > 'C' AND status < 'D'", true],
    ["missing = 'x'", null],
    ["missing != 'x'", null],
    ["NOT missing = 'x'", null],
    ["missing = 'x' OR status = 'Closed'", true],
    ["missing = 'x' AND status = 'Open'", false],
    ['missing IS NULL AND nothing IS NULL AND status IS NOT NULL', true],
    ["missing IN ('a')", null],
    ['missing IN ()', false],
    ['missing NOT IN ()', true],
    ['site_id NOT IN (2, 3)', false],
    ['site_id BETWEEN 1 AND 2', true],
    ['site_id BETWEEN 3 AND 1', false],
    ['nums CONTAINS 2.5 AND NOT nums CONTAINS 2', true],
    ["actionee_ids CONTAINS 'U-1'", false],
    ["descrip CONTAINS 'SOLVENT_a' AND descrip CONTAINS '50%' AND descrip CONTAINS ''", true],
    ["descrip CONTAINS '50_'", false],
    ["descrip STARTS WITH 'spill' AND NOT descrip STARTS WITH 'of'", true],
    ['closed = true AND closed != false', true],
    ['due = today() AND due < today(1) AND due = now()', true],
    ['created_date < now() AND created_date > today(-22)', true],
    ["scat.format = 'pdf' AND scat.format STARTS WITH 'P'", true],
  ])('%s → %s', (text, expected) => {
    expect(truth(text)).toBe(expected);
  });

  it('treats a value of another type as NULL (UNKNOWN), like the guarded SQL', () => {
    const odd = { status: 5, site_id: '2', closed: 1, actionee_ids: 'u-1', descrip: ['x'], scat: 'pdf', due: 20261122 };
    for (const text of [
      "status = 'x'",
      'site_id = 2',
      'closed = true',
      "actionee_ids CONTAINS 'u-1'",
      "descrip CONTAINS 'x'",
      "scat.format = 'pdf'",
      'due = today()',
    ]) {
      expect(truth(text, odd)).toBeNull();
      expect(truth(`NOT ${text}`, odd)).toBeNull();
    }
    expect(truth('status IS NOT NULL AND site_id IS NOT NULL AND scat.format IS NULL', odd)).toBe(true);
  });

  it('matches only TRUE; NOT UNKNOWN does not match', () => {
    const node = checkFilter(parseFilter("missing = 'x'"), catalog);
    expect(evaluateFilter(node, doc, ctx)).toBe(false);
    expect(evaluateFilter({ type: 'not', child: node }, doc, ctx)).toBe(false);
  });

  it('never reads inherited properties, even from hostile documents', () => {
    const hostile = JSON.parse('{"__proto__": {"status": "Closed"}, "scat": {"__proto__": {"format": "pdf"}}}') as unknown;
    expect(readFieldPath(hostile, 'status')).toBeUndefined();
    expect(readFieldPath({}, 'toString')).toBeUndefined();
    expect(readFieldPath({ a: [{ b: 1 }] }, 'a.b')).toBeUndefined();
    expect(truth("status = 'Closed' OR scat.format = 'pdf'", hostile)).toBeNull();
  });

  it('orders text by code point, as UTF-8 bytes do in SQL', { timeout: 30_000 }, () => {
    expect(compareText('\uFFFD', '😀')).toBeLessThan(0); // JS '<' says the opposite
    expect(compareText('a', 'ab')).toBeLessThan(0);
    expect(compareText('B', 'a')).toBeLessThan(0);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareText(a, b))).toBe(codePointOrder(a, b));
      }),
      { interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
  });

  it('resolves $user, today() and now() from the context only', () => {
    expect(resolveValue({ kind: 'user' }, ctx)).toBe('u-1');
    expect(resolveValue({ kind: 'today', days: -30 }, ctx)).toBe('2026-10-23T00:00:00.000Z');
    expect(resolveValue({ kind: 'today', days: 1, precision: 'date' }, ctx)).toBe('2026-11-23');
    expect(resolveValue({ kind: 'now' }, ctx)).toBe('2026-11-22T12:34:56.789Z');
  });

  it('follows Kleene logic: NOT, De Morgan, and printing keep the truth value', { timeout: 30_000 }, () => {
    const docs = [doc, {}, { status: 'Open', site_id: 1, nums: [], actionee_ids: [] }, { descrip: 7 }];
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(filterTreeArb, fc.constantFrom(...docs), (tree, d) => {
        const t = evaluateFilter3(tree, d, ctx);
        const negated = evaluateFilter3({ type: 'not', child: tree }, d, ctx);
        expect(negated).toBe(t === null ? null : !t);
        expect(evaluateFilter3(parseFilter(printFilter(tree)), d, ctx)).toBe(t);
        if (tree.type === 'and') {
          const demorgan: FilterNode = {
            type: 'not',
            child: { type: 'or', children: tree.children.map((c) => ({ type: 'not', child: c })) },
          };
          expect(evaluateFilter3(demorgan, d, ctx)).toBe(t);
        }
      }),
      { numRuns: 2000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
