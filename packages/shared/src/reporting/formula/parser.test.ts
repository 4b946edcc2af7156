import { describe, expect, it } from 'vitest';
import { parseFormula, MAX_FORMULA_DEPTH } from './parser.ts';
import { FormulaError } from './formula-error.ts';

function errorOf(text: string): FormulaError {
  try {
    parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseFormula', () => {
  it('parses arithmetic with precedence, unary minus and parentheses', () => {
    expect(parseFormula('-a + 2 * (b - 3) / c')).toEqual({
      kind: 'binary',
      op: '+',
      pos: 0,
      left: { kind: 'negate', pos: 0, operand: { kind: 'metric', name: 'a', pos: 1 } },
      right: {
        kind: 'binary',
        op: '/',
        pos: 5,
        left: {
          kind: 'binary',
          op: '*',
          pos: 5,
          left: { kind: 'number', value: 2, pos: 5 },
          right: {
            kind: 'binary',
            op: '-',
            pos: 10,
            left: { kind: 'metric', name: 'b', pos: 10 },
            right: { kind: 'number', value: 3, pos: 14 },
          },
        },
        right: { kind: 'metric', name: 'c', pos: 19 },
      },
    });
  });

  it('is left-associative: 8 / 4 / 2 is (8 / 4) / 2', () => {
    const node = parseFormula('8 / 4 / 2');
    expect(node).toMatchObject({ op: '/', left: { op: '/' }, right: { value: 2 } });
  });

  it('parses count and sum with their arguments and quoted filters', () => {
    expect(parseFormula("count(incident, 'recordable = true')")).toMatchObject({
      kind: 'aggregate',
      aggregate: 'count',
      type: 'incident',
      filterText: 'recordable = true',
    });
    expect(parseFormula(`sum(incident, lost_days, "category = 'Injury'")`)).toMatchObject({
      aggregate: 'sum',
      type: 'incident',
      field: 'lost_days',
      filterText: "category = 'Injury'",
    });
    expect(parseFormula("count(incident, 'category = ''Injury''')")).toMatchObject({ filterText: "category = 'Injury'" });
    expect(parseFormula("count(action, '')")).toMatchObject({ filterText: '' });
  });

  it('reads numbers with decimals and exponents, and names in brackets', () => {
    expect(parseFormula('1.5e3')).toEqual({ kind: 'number', value: 1500, pos: 0 });
    expect(parseFormula('.25')).toEqual({ kind: 'number', value: 0.25, pos: 0 });
    expect(parseFormula('[Pending Completion] * 2')).toMatchObject({ left: { kind: 'metric', name: 'Pending Completion' } });
  });

  it.each([
    ['recordables * * 2', "Unexpected '*'; expected a number, a metric name, an aggregate or ( at position 14", 14],
    ['(a + b', "Unexpected end of formula; expected ')' at position 6", 6],
    ['a b', "Unexpected 'b'; expected an operator or the end of the formula at position 2", 2],
    ['a + 2 $', "Unexpected character '$' at position 6", 6],
    ["count(incident, 'open", 'Unterminated string at position 16', 16],
    ['[Pending', "Unterminated name: missing ']' at position 0", 0],
    ["avg(incident, '')", "Unknown function 'avg'; use count(type, 'filter') or sum(type, field, 'filter') at position 0", 0],
    ['count(incident)', "count takes 2 arguments: count(type, 'filter') at position 0", 0],
    ["count('incident', '')", "Argument 1 of count must be a type name: count(type, 'filter') at position 6", 6],
    [
      'sum(incident, lost_days, recordable)',
      "Argument 3 of sum must be a quoted filter ('' for all): sum(type, field, 'filter') at position 25",
      25,
    ],
    ['', 'Formula is empty', undefined],
  ])('refuses %j with the position and reason', (text, message, position) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error.code).toBe('invalid_formula');
  });

  it('bounds nesting and length instead of overflowing the stack', () => {
    expect(errorOf('('.repeat(MAX_FORMULA_DEPTH + 1) + '1' + ')'.repeat(MAX_FORMULA_DEPTH + 1)).reason).toBe(
      `Formula nests deeper than ${MAX_FORMULA_DEPTH} levels`,
    );
    expect(errorOf('-'.repeat(MAX_FORMULA_DEPTH + 1) + '1').reason).toBe(`Formula nests deeper than ${MAX_FORMULA_DEPTH} levels`);
    expect(errorOf('1+'.repeat(2100) + '1').reason).toBe('Formula is longer than 4000 characters');
  });
});
