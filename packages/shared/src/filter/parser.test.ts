import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from './ast.ts';
import { FilterError } from './filter-error.ts';
import { parseFilter } from './parser.ts';
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH } from './limits.ts';

/**
 * Property runs stop after this long (the property holds for the runs made), so a loaded two-core
 * machine stays well inside the test's timeout.
 */
const PROPERTY_TIME_LIMIT_MS = 10_000;

const cmp = (field: string, op: string, value: unknown) => ({ type: 'compare', field, op, value });
const str = (value: string) => ({ kind: 'string', value });
const num = (value: number) => ({ kind: 'number', value });

function errorOf(text: string): FilterError {
  try {
    parseFilter(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return error as FilterError;
  }
  throw new Error(`expected ${text} to fail`);
}

describe('parseFilter: accepted input', () => {
  it('parses the example from the brief', () => {
    const text = "status = 'Closed' AND site_id IN (1, 2) AND actionee_ids CONTAINS $user AND created_date >= today(-30)";
    expect(parseFilter(text)).toEqual({
      type: 'and',
      children: [
        cmp('status', '=', str('Closed')),
        { type: 'in', field: 'site_id', values: [num(1), num(2)], negated: false },
        { type: 'contains', field: 'actionee_ids', value: { kind: 'user' } },
        cmp('created_date', '>=', { kind: 'today', days: -30 }),
      ],
    });
  });

  it.each([
    ['a = 1', cmp('a', '=', num(1))],
    ['a != -2.5', cmp('a', '!=', num(-2.5))],
    ['a <> 1e3', cmp('a', '!=', num(1000))],
    ['a < .5', cmp('a', '<', num(0.5))],
    ['a <= -0', cmp('a', '<=', num(0))],
    ['a > true', cmp('a', '>', { kind: 'boolean', value: true })],
    ['a >= FALSE', cmp('a', '>=', { kind: 'boolean', value: false })],
    ["a = 'it''s'", cmp('a', '=', str("it's"))],
    ["a = ''", cmp('a', '=', str(''))],
    ["a = 'multi\nline é 😀'", cmp('a', '=', str('multi\nline é 😀'))],
    ['scat.format = $USER', cmp('scat.format', '=', { kind: 'user' })],
    ['d = today()', cmp('d', '=', { kind: 'today', days: 0 })],
    ['d = TODAY(+7)', cmp('d', '=', { kind: 'today', days: 7 })],
    ['d < now()', cmp('d', '<', { kind: 'now' })],
    ['a IN ()', { type: 'in', field: 'a', values: [], negated: false }],
    ["a not in ('x')", { type: 'in', field: 'a', values: [str('x')], negated: true }],
    ["a Starts With 'x'", { type: 'startsWith', field: 'a', value: str('x') }],
    ['a IS NULL', { type: 'isNull', field: 'a', negated: false }],
    ['a is not null', { type: 'isNull', field: 'a', negated: true }],
    ['a BETWEEN 1 AND 2', { type: 'between', field: 'a', low: num(1), high: num(2) }],
    ["a NOT CONTAINS 'x'", { type: 'not', child: { type: 'contains', field: 'a', value: str('x') } }],
    ['a NOT BETWEEN 1 AND 2', { type: 'not', child: { type: 'between', field: 'a', low: num(1), high: num(2) } }],
    ["a not starts with 'x'", { type: 'not', child: { type: 'startsWith', field: 'a', value: str('x') } }],
    ['TRUE', { type: 'const', value: true }],
    ['  ( false )  ', { type: 'const', value: false }],
  ])('%s', (text, expected) => {
    expect(parseFilter(text)).toEqual(expected);
  });

  it('gives NOT precedence over AND, and AND over OR', () => {
    const a = cmp('a', '=', num(1));
    const b = cmp('b', '=', num(2));
    const c = cmp('c', '=', num(3));
    expect(parseFilter('a = 1 OR b = 2 AND c = 3')).toEqual({ type: 'or', children: [a, { type: 'and', children: [b, c] }] });
    expect(parseFilter('NOT a = 1 AND b = 2')).toEqual({ type: 'and', children: [{ type: 'not', child: a }, b] });
    expect(parseFilter('NOT (a = 1 OR b = 2)')).toEqual({ type: 'not', child: { type: 'or', children: [a, b] } });
    expect(parseFilter('(a = 1 OR b = 2) AND c = 3')).toEqual({ type: 'and', children: [{ type: 'or', children: [a, b] }, c] });
  });

  it('keeps parenthesised groups as their own node and BETWEEN binds its AND', () => {
    const tree = parseFilter('(a = 1 AND b = 2) AND x BETWEEN 1 AND 2 AND NOT NOT c IS NULL') as Extract<FilterNode, { type: 'and' }>;
    expect(tree.children.map((c) => c.type)).toEqual(['and', 'between', 'not']);
  });
});

describe('parseFilter: rejected input', () => {
  it.each([
    ['status = ', 'Unexpected end of filter; expected a value at position 9'],
    ['status = AND', "Unexpected token 'AND'; expected a value at position 9"],
    ["status = 'Closed' site_id = 1", "Unexpected token 'site_id' at position 18"],
    ["a = 'open", 'Unterminated string at position 4'],
    ['a = null', 'Use IS NULL or IS NOT NULL to test for null at position 4'],
    ['a$b = 1', "Invalid field name 'a$' at position 0"],
    ['a = $admin', "Unknown variable '$admin' at position 4"],
    ['"x" = 1', `Unexpected character '"' at position 0`],
    ['t1.__proto__ = 1', "Field name not allowed: 't1.__proto__' at position 0"],
    ['constructor = 1', "Field name not allowed: 'constructor' at position 0"],
    ['a.Prototype.b = 1', "Field name not allowed: 'a.Prototype.b' at position 0"],
    ['a. = 1', "Invalid field name 'a.' at position 0"],
    ['a = 1abc', "Invalid number '1a' at position 4"],
    ['a = 1e999', "Number out of range '1e999' at position 4"],
    ['a = today(1.5)', 'today() expects a whole number of days up to 100000 at position 10'],
    ['a = tomorrow()', "Unexpected token 'tomorrow'; expected a value at position 4"],
    ['a = now(1)', "Unexpected token '1'; expected ')' at position 8"],
    ['a IN (1,)', "Unexpected token ')'; expected a value at position 8"],
    ['a IN 1', "Unexpected token '1'; expected '(' at position 5"],
    ['a IS 1', "Unexpected token '1'; expected NULL at position 5"],
    ['a STARTS 1', "Unexpected token '1'; expected WITH at position 9"],
    ['a BETWEEN 1 OR 2', "Unexpected token 'OR'; expected AND at position 12"],
    ['a LIKE 1', "Unexpected token 'LIKE'; expected an operator at position 2"],
    ['(a = 1', "Unexpected end of filter; expected ')' at position 6"],
    ['a = 1)', "Unexpected token ')' at position 5"],
    ['AND = 1', "Unexpected token 'AND'; expected a field name at position 0"],
    ['a = 1 OR', 'Unexpected end of filter; expected a field name at position 8'],
    ['a = \u0000', 'Invalid character in filter at position 4'],
    ["a = '\uD800'", 'Invalid character in filter at position 5'],
    ['a ; DROP TABLE x', "Unexpected character ';' at position 2"],
  ])('%s', (text, message) => {
    expect(errorOf(text).message).toBe(message);
  });

  it('reports the position separately', () => {
    expect(errorOf('a = 1 AND AND').position).toBe(10);
  });

  it('refuses empty, too long and too deep input', () => {
    expect(errorOf('   ').message).toBe('Filter is empty');
    expect(errorOf(`a = '${'x'.repeat(MAX_FILTER_LENGTH)}'`).message).toMatch(/too long/);
    const deep = `${'('.repeat(MAX_FILTER_DEPTH + 1)}a = 1${')'.repeat(MAX_FILTER_DEPTH + 1)}`;
    // A size refusal names the bound, not a position (docs/filter-language.md, "Limits").
    expect(errorOf(deep).message).toBe('The filter is nested too deeply (at most 50 levels of parentheses and NOT).');
    expect(errorOf(`${'NOT '.repeat(2000)}a = 1`).message).toMatch(/nested too deeply/);
    const ok = `${'('.repeat(MAX_FILTER_DEPTH)}a = 1${')'.repeat(MAX_FILTER_DEPTH)}`;
    expect(parseFilter(ok)).toEqual(cmp('a', '=', num(1)));
  });

  it('throws only FilterError for arbitrary text and token soup', { timeout: 30_000 }, () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const word = fc.constantFrom(
      'a',
      'b.c',
      '__proto__',
      '=',
      '!=',
      '<',
      '>=',
      'AND',
      'OR',
      'NOT',
      'IN',
      'IS',
      'NULL',
      'BETWEEN',
      'CONTAINS',
      'STARTS',
      'WITH',
      '(',
      ')',
      ',',
      "'x'",
      "'",
      '1',
      '-2.5',
      '$user',
      '$',
      'today(',
      'now()',
      'true',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.array(word, { maxLength: 14 }).map((w) => w.join(' ')),
    );
    fc.assert(
      fc.property(text, (input) => {
        try {
          parseFilter(input);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
        }
      }),
      { numRuns: 3000, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
